#!/usr/bin/env bash
# host/lib/tree.sh on a tiny stand-in for linux-source-6.12: the series is
# applied; a mutant is applied on top of it in the same tree and taken off
# for the next one, touching nothing else; a changed patch re-applies only
# from itself on; a patch that does not apply stops the run, names itself
# and leaves no half-patched tree behind.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# A copy of host/ beside a patches/ and mutants/ of our own.
top=$tmp/top
mkdir -p "$top/patches" "$top/mutants" "$tmp/src/linux-source-6.12/mm"
cp -r "$here/.." "$top/host"
cp -r "$here/../../common" "$top/common"
src=$tmp/src/linux-source-6.12
printf 'VERSION = 6\nPATCHLEVEL = 12\nSUBLEVEL = 0\n' > "$src/Makefile"
printf 'one\ntwo\nthree\n' > "$src/mm/a.c"
printf 'alpha\nbeta\ngamma\n' > "$src/mm/b.c"
tar -C "$tmp/src" -cJf "$tmp/linux.tar.xz" linux-source-6.12

# mkpatch NAME FILE OLD NEW [DIR]: a patch replacing line OLD with NEW.
mkpatch() {
	local dir=${5:-patches}
	{
		echo "Subject: $1"
		echo "--- a/$2"
		echo "+++ b/$2"
		{ diff -U1 "$src/$2" <(sed "s/^$3\$/$4/" "$src/$2") || true; } | tail -n +3
	} > "$top/$dir/$1.patch"
}
mkpatch 0001-a mm/a.c two TWO
mkpatch 0002-b mm/b.c beta BETA
mkpatch m1 mm/b.c alpha ALPHA mutants
mkpatch m2 mm/a.c one ONE mutants
printf '# test series\n0001-a.patch\n0002-b.patch\n' > "$top/patches/series"

tree() { BUILD=$tmp/build EXECFIRST_TARBALL=$tmp/linux.tar.xz "$top/host/lib/tree.sh" "$@"; }
t=$tmp/build/linux
. "$here/../lib/tap.sh"
check() {	# check DESC COMMAND...
	if "${@:2}"; then tap_ok 0 "$1"; else tap_ok 1 "$1"; fi
}
has() { grep -qx "$2" "$t/mm/$1"; }

tap_plan 10
tree patched > "$tmp/out" 2>&1
check "the series is applied" eval 'has a.c TWO && has b.c BETA'
tree mutant-m1 > "$tmp/out" 2>&1
check "a mutant goes on top of the series in the same tree" \
	eval 'has b.c ALPHA && has b.c BETA && has a.c TWO'
touch -d '2000-01-01' "$t/mm/a.c"
tree mutant-m2 > "$tmp/out" 2>&1
check "the next mutant: the last one is taken off, this one put on" \
	eval 'has b.c alpha && has a.c ONE && has a.c TWO'
check "only the two mutants were reversed or applied" \
	eval '[ "$(grep -c "^Reversed\|^Applied" "$tmp/out")" = 2 ]'
tree mutant-m2 > "$tmp/out" 2>&1
check "an up-to-date tree is left alone" \
	eval '! grep -q "^Reversed\|^Applied\|^Unpacking" "$tmp/out"'
tree patched > "$tmp/out" 2>&1
touch -d '2000-01-01' "$t/mm/a.c"
mkpatch 0002-b mm/b.c gamma GAMMA
tree patched > "$tmp/out" 2>&1
check "a changed patch is re-applied from itself on, not the ones before" \
	eval 'has b.c beta && has b.c GAMMA && [ "$(stat -c %Y "$t/mm/a.c")" = "$(date -d 2000-01-01 +%s)" ]'
printf 'Subject: broken\n--- a/mm/a.c\n+++ b/mm/a.c\n@@ -1,1 +1,1 @@\n-nothing like it\n+x\n' \
	> "$top/patches/0003-bad.patch"
echo 0003-bad.patch >> "$top/patches/series"
rc=0
tree patched > "$tmp/out" 2>&1 || rc=$?
check "a patch that does not apply fails the run" [ "$rc" != 0 ]
check "... naming the patch" grep -q "patches/0003-bad.patch does not apply" "$tmp/out"
check "... and leaves no half-patched tree to build on" [ ! -e "$t/.execfirst" ]
sed -i '/0003-bad/d' "$top/patches/series"
tree patched > "$tmp/out" 2>&1
check "the next run starts from a fresh unpack" \
	eval 'grep -q "^Unpacking" "$tmp/out" && has a.c TWO && has b.c GAMMA'
