#!/usr/bin/env bash
# Write the companion patch that puts the sysctl test under
# tools/testing/selftests/mm/ (linux-mm's place for it), beside the series:
# patches/selftests/0001-*.patch, made with git format-patch from
# guest/tests/exec_protect_sysctl.c and exec_protect_knobs.h as they are,
# plus the Makefile, .gitignore and run_vmtests.sh lines that build and
# run it. host/tests/selftests.t checks the committed patch carries those
# files unchanged; make test checks it applies to the patched tree.
# With SERIES=v2, the v2 series' companion (patches/v2/selftests/): its
# sysctl test, exec_protect_modes.c, which is exec_protect_sysctl.c on
# v2's knob table (exec_protect_knobs_v2.h).
# Usage: host/tools/selftests-patch.sh   (needs the unpacked tree: make
# kernel, or for v2 make test SERIES=v2)
. "$(dirname "$0")/../lib/lib.sh"

[ $# -eq 0 ] || die "selftests-patch.sh: takes no arguments, not '$*'"
if [ "$SERIES" = v1 ]; then
	tree=$BUILD/linux test=exec_protect_sysctl out=$TOP/patches/selftests
	files=(exec_protect_sysctl.c exec_protect_knobs.h)
	values="vm.exec_protect, vm.exec_protect_max and vm.exec_protect_ms take one
decimal number in their range and nothing else"
else
	tree=$BUILD/linux-$SERIES test=exec_protect_modes
	out=$TOP/$(series_dir "$SERIES")/selftests
	files=(exec_protect_modes.c exec_protect_sysctl.c exec_protect_knobs.h
	       exec_protect_knobs_v2.h)
	values="vm.exec_protect (0-2), vm.exec_protect_max (0-100) and
vm.exec_protect_ms (1000-600000) take one decimal number in their range
and nothing else"
fi
mm=tools/testing/selftests/mm
[ -r "$tree/$mm/Makefile" ] || die "no $tree/$mm: unpack the tree first (make kernel)"
repo=$(mktemp -d)
trap 'rm -rf "$repo"' EXIT
git -C "$repo" init -q
for f in Makefile .gitignore run_vmtests.sh; do
	mkdir -p "$repo/$mm"
	cp "$tree/$mm/$f" "$repo/$mm/$f"
done
git -C "$repo" add -A
git -C "$repo" -c user.name=execfirst -c user.email=execfirst@example.org \
	commit -q -m base
for f in "${files[@]}"; do cp "$TOP/guest/tests/$f" "$repo/$mm/"; done
sed -i "s/^TEST_GEN_FILES += compaction_test\$/&\nTEST_GEN_FILES += $test/" "$repo/$mm/Makefile"
echo "$test" >> "$repo/$mm/.gitignore"
sed -i 's/^- mdwe$/- exec_protect\n\ttest the vm.exec_protect sysctls\n&/' "$repo/$mm/run_vmtests.sh"
sed -i "s|^CATEGORY=\"mdwe\" run_test ./mdwe_test\$|CATEGORY=\"exec_protect\" run_test ./$test\n\n&|" "$repo/$mm/run_vmtests.sh"
for f in Makefile .gitignore run_vmtests.sh; do
	! git -C "$repo" diff --quiet -- "$mm/$f" || die "selftests-patch.sh: $mm/$f did not change: its anchor line moved"
done
git -C "$repo" add -A
git -C "$repo" -c user.name=execfirst -c user.email=execfirst@example.org \
	commit -q -F - <<MSG
selftests/mm: test the exec_protect sysctls

$values: test their defaults,
both ends of each range, and that each kind of bad write (out of range,
hex, two values, a sign, an embedded NUL, empty, blank, binary) fails
with EINVAL and leaves the value as it was. The test restores each
value it changed; on a kernel without the sysctls it skips.

Run it with ./run_vmtests.sh -t exec_protect.

Signed-off-by: execfirst <execfirst@example.org>
MSG
mkdir -p "$out"
rm -f "$out"/*.patch
git -C "$repo" format-patch -q --zero-commit --no-signature -o "$out" HEAD~1
log "Wrote $(cd "$out" && ls -- *.patch)"
