#!/usr/bin/env bash
# `make mutants`: prove the guest tests can fail. Each mutants/NAME.patch
# breaks the series on purpose (it is never part of it); the tests its
# "Expect-fail:" line names must fail on a kernel built with it, and a
# mutant with "Expect-splat: soak" must make a one-minute soak on the debug
# kernel (host/soak.sh) report a splat and fail, in one of three tries.
# Usage: host/mutants.sh [NAME...]   (default: every mutant)
. "$(dirname "$0")/lib/lib.sh"
. "$TOP/host/lib/tap.sh"
. "$TOP/host/lib/guest.sh"

names=("$@")
if [ ${#names[@]} -eq 0 ]; then
	for m in "$TOP"/mutants/*.patch; do names+=("$(basename "$m" .patch)"); done
fi
plan=0
for name in "${names[@]}"; do
	file=$TOP/mutants/$name.patch
	[ -f "$file" ] || die "no mutant named '$name' in mutants/"
	n=$(sed -n 's/^Expect-\(fail\|splat\): *//p' "$file" | wc -w)
	[ "$n" -gt 0 ] || die "mutants/$name.patch has no 'Expect-fail:' or 'Expect-splat:' line"
	plan=$((plan + n))
done
echo "1..$plan"
guest_image test
runs=$BUILD/runs/mutants-$(date +%Y%m%d-%H%M%S)
for name in "${names[@]}"; do
	for t in $(sed -n 's/^Expect-splat: *//p' "$TOP/mutants/$name.patch"); do
		[ "$t" = soak ] || die "mutants/$name.patch: only the soak can expect a splat, not '$t'"
		# A race shows only if the soak happens to drive reclaim down the
		# broken path within the minute: up to three one-minute soaks.
		for try in 1 2 3; do
			rm -f "$runs-$name.result"
			"$TOP/host/soak.sh" --minutes 1 --cpus 1 --tree "mutant-$name" \
				--result "$runs-$name.result" > "$runs-$name.soak" 2>&1 || true
			found=$(sed -n 's/^splats //p' "$runs-$name.result" 2> /dev/null || true)
			[ "${found:-0}" -gt 0 ] && break
		done
		grep -E "^# .*($SPLAT_RE)" "$runs-$name.soak" | head -n 3 || true
		[ "${found:-0}" -gt 0 ] && rc=0 || rc=1
		tap_ok "$rc" "mutant $name: the soak reports a splat (${found:-no} found, soak $try of at most 3)"
	done
	tests=$(sed -n 's/^Expect-fail: *//p' "$TOP/mutants/$name.patch")
	[ -n "$tests" ] || continue
	guest_kernel "mutant-$name" guest
	for t in $tests; do
		out=$runs/$name-$t
		guest_boot "$out" 900 "tests/$t" || true
		verdict=$VERDICT
		grep -h '^not ok' "$out/output.txt" | sed 's/^/# /' || true
		[ "${verdict%% *}" = fail ] && rc=0 || rc=1
		tap_ok "$rc" "mutant $name: $t fails ($verdict)"
	done
done
tap_summary
[ "$TAP_FAIL" = 0 ]
