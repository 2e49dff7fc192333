#!/usr/bin/env bash
# `make test`: host-side checks, then the patched kernel built, booted in
# QEMU and tested. Ends with one line "N passed, N failed[, N skipped]".
# Usage: host/test.sh [GUEST_TEST...]   (default: every guest test)
. "$(dirname "$0")/lib/lib.sh"
. "$TOP/host/lib/tap.sh"
. "$TOP/host/lib/guest.sh"

t_start=$(now)
"$TOP/host/lib/deps.sh" test

# Every guest test is in guest/tests/list, and every name there is a test.
for c in "$TOP"/guest/tests/*.c; do
	grep -qx "$(basename "$c" .c)" "$TOP/guest/tests/list" ||
		die "guest/tests/$(basename "$c") is not in guest/tests/list: add it there"
done
while read -r t; do
	[ -f "$TOP/guest/tests/$t.c" ] || die "guest/tests/list names '$t', which has no guest/tests/$t.c"
done < <(grep -v '^\(#\|$\)' "$TOP/guest/tests/list")

echo "TAP version 13"

# Host-side tests: result parsers on recorded logs, report code.
for t in "$TOP"/host/tests/*.t; do
	[ -e "$t" ] || continue
	out=$(mktemp)
	bash "$t" > "$out" 2>&1 && rc=0 || rc=$?
	tap_merge "host/$(basename "$t" .t)" "$out" || tap_ok 1 "host/$(basename "$t" .t): plan not met (exit $rc)"
	rm -f "$out"
done

# Every patch is checkpatch-clean (strict) against the tree it applies to.
tree=$("$TOP/host/lib/tree.sh" patched)
while read -r p; do
	case "$p" in ''|\#*) continue ;; esac
	out=$(perl "$tree/scripts/checkpatch.pl" --strict --no-tree -q \
		"$TOP/patches/$p" 2>&1) && rc=0 || rc=$?
	[ "$rc" = 0 ] || printf '%s\n' "$out" | sed 's/^/# /'
	tap_ok "$rc" "checkpatch --strict: $p"
done < "$TOP/patches/series"
# The selftests companion patch (beside the series): checkpatch-clean but
# for FILE_PATH_CHANGES (MAINTAINERS already covers selftests/mm), and it
# applies to the patched tree.
for p in "$TOP"/patches/selftests/*.patch; do
	out=$(perl "$tree/scripts/checkpatch.pl" --strict --no-tree -q \
		--ignore FILE_PATH_CHANGES "$p" 2>&1) && rc=0 || rc=$?
	[ "$rc" = 0 ] || printf '%s\n' "$out" | sed 's/^/# /'
	tap_ok "$rc" "checkpatch --strict: selftests/$(basename "$p")"
	out=$(cd "$tree" && patch -p1 --dry-run -s < "$p" 2>&1) && rc=0 || rc=1
	[ "$rc" = 0 ] || printf '%s\n' "$out" | sed 's/^/# /'
	tap_ok "$rc" "selftests/$(basename "$p") applies to the patched tree"
done

t_build=$(now)
# FLAVOUR=debug runs everything on the debug kernel (DEBUG_VM, lockdep,
# KASAN): a warning or report in the console fails the boot.
guest_kernel patched "${FLAVOUR:-guest}"
guest_image test
log "Elapsed time: $(elapsed "$t_build")s building kernel and images"

guest_accel
log "Guests run under ${ACCEL^^} on this machine"

# The debug kernel under TCG runs several times slower: stretch the time
# limits, and the tests' intervals so that their pressure keeps pace.
scale=1
[ "${FLAVOUR:-guest}" = guest ] || scale=4

BOOT_APPEND="execfirst.scale=$scale"
boot() {	# boot OUT TIMEOUT TASK [ARGS...]
	local out=$1 limit=$(($2 * scale))
	shift 2
	guest_boot "$out" "$limit" "$@"
}

# The runner itself, on real boots: a failing task, a kernel crash and a
# hang are each reported for what they are.
runs=$BUILD/runs/test-$(date +%Y%m%d-%H%M%S)
for c in "fail:30:fail 3" "crash:30:panic" "hang:8:timeout"; do
	IFS=: read -r task limit want <<< "$c"
	boot "$runs/runner-$task" "$limit" "tasks/$task" > /dev/null 2>&1 || true
	got=$VERDICT
	[ "$got" = "$want" ] && rc=0 || rc=1
	tap_ok "$rc" "runner: tasks/$task is reported as '$want' (got '$got')"
done

# Guest tests, one boot each, in the order of guest/tests/list.
guest_tests=("$@")
[ ${#guest_tests[@]} -gt 0 ] ||
	mapfile -t guest_tests < <(grep -v '^\(#\|$\)' "$TOP/guest/tests/list")
for t in "${guest_tests[@]}"; do
	[ -x "$BUILD/guest/tests/$t" ] || die "no guest test named '$t'"
	out=$runs/$t
	boot "$out" 900 "tests/$t" || true
	verdict=$VERDICT
	if ! tap_merge "$t" "$out/output.txt"; then
		tap_ok 1 "$t: did not complete its plan ($verdict; console: ${out#"$TOP"/}/console.log)"
	elif [ "$verdict" != pass ] && [ "${verdict%% *}" != fail ]; then
		tap_ok 1 "$t: $verdict (console: ${out#"$TOP"/}/console.log)"
	fi
done

# A short soak on the debug kernel (make soak runs the long one): one
# vCPU, as for the tests, so that TCG's own races stay out of CI.
if [ "${FLAVOUR:-guest}" = guest ]; then
	out=$(mktemp)
	"$TOP/host/soak.sh" --minutes "${SOAK_MINUTES:-2}" --cpus 1 > "$out" 2>&1 || true
	tap_merge soak "$out" || tap_ok 1 "soak: did not complete (see above)"
	rm -f "$out"
fi

# The tests above can fail: each deliberately broken kernel in mutants/
# must make the tests it names fail.
if [ "${FLAVOUR:-guest}" = guest ]; then
	out=$(mktemp)
	"$TOP/host/mutants.sh" > "$out" || true
	tap_merge mutants "$out" || tap_ok 1 "mutants: did not complete (see above)"
	rm -f "$out"
fi

log "Elapsed time: $(elapsed "$t_start")s in all; guests ran under ${ACCEL^^}"
tap_summary
[ "$TAP_FAIL" = 0 ]
