#!/usr/bin/env bash
# `make test`: host-side checks, then the patched kernel built, booted in
# QEMU and tested, the short soak and the mutants. The guest boots run side
# by side, JOBS at a time (default: one per core; each boot is one vCPU
# under single-threaded TCG), while the debug and mutant kernels build on
# the slots the boots leave free (host/lib/pool.sh). Results are reported
# in a fixed order, whichever boot ends first. Ends with one line
# "N passed, N failed[, N skipped]", and appends a record of the run to
# results/ci/make-test.txt.
# Usage: host/test.sh [GUEST_TEST...]   (default: every guest test)
#   JOBS=N      boots (and compile jobs) at a time; JOBS=1 is serial
#   MUTANTS="a b"  only these mutants (default: all); MUTANTS=none: none
. "$(dirname "$0")/lib/lib.sh"
. "$TOP/host/lib/tap.sh"
. "$TOP/host/lib/guest.sh"
. "$TOP/host/lib/pool.sh"
. "$TOP/host/lib/mutant.sh"
. "$TOP/host/lib/suite.sh"
. "$TOP/host/check.sh"

t_start=$(now)
flavour=${FLAVOUR:-guest}
case "$flavour" in guest|debug) ;; *) die "FLAVOUR must be guest or debug, not '$flavour'" ;; esac
jobs=${JOBS:-$(nproc)}
[[ "$jobs" =~ ^[1-9][0-9]*$ ]] || die "JOBS must be a whole number from 1, not '$jobs'"
[[ "${SOAK_MINUTES:-2}" =~ ^[1-9][0-9]*$ ]] ||
	die "SOAK_MINUTES must be a whole number from 1, not '${SOAK_MINUTES:-}'"

# Every guest test is in guest/tests/list, and every name there is a test.
for c in "$TOP"/guest/tests/*.c; do
	grep -qx "$(basename "$c" .c)" "$TOP/guest/tests/list" ||
		die "guest/tests/$(basename "$c") is not in guest/tests/list: add it there"
done
mapfile -t all_tests < <(grep -v '^\(#\|$\)' "$TOP/guest/tests/list")
for t in "${all_tests[@]}"; do
	[ -f "$TOP/guest/tests/$t.c" ] || die "guest/tests/list names '$t', which has no guest/tests/$t.c"
done
# The tests and mutants asked for, checked before anything is installed or
# built.
guest_tests=("$@")
[ ${#guest_tests[@]} -gt 0 ] || guest_tests=("${all_tests[@]}")
for t in "${guest_tests[@]}"; do
	grep -qx -- "$t" "$TOP/guest/tests/list" ||
		die "no guest test named '$t' (TESTS=; the tests are listed in guest/tests/list)"
done
MUTANT_LIST=()
if [ "$flavour" = guest ] && [ "${MUTANTS:-}" != none ]; then
	# shellcheck disable=SC2086
	mutant_check ${MUTANTS:-}
fi

# Whether this run starts from nothing (a fresh machine or clone), for
# its record.
[ -d "$BUILD/linux" ] && build_state=warm || build_state=cold
"$TOP/host/lib/deps.sh" test

echo "TAP version 13"

# Host-side tests (make check): result parsers on recorded logs, report
# code, the job pool.
host_checks

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
guest_kernel patched "$flavour"
guest_image test
log "Elapsed time: $(elapsed "$t_build")s building kernel and images"

guest_accel
export ACCEL
log "Guests run under ${ACCEL^^} on this machine"

# The debug kernel under TCG runs several times slower: stretch the time
# limits, and the tests' intervals so that their pressure keeps pace.
scale=1
[ "$flavour" = guest ] || scale=4
export BOOT_APPEND="execfirst.scale=$scale"

runs=$BUILD/runs/test-$(date +%Y%m%d-%H%M%S)
pool_init "$runs/jobs"
# The kernels to build while guests run, one after another in the one
# tree (CHAIN): the debug kernel and soak image for the short soak (make
# soak runs the long one; one vCPU, as for the tests, so that TCG's own
# races stay out of CI), then the mutants. They go first, so that the
# boots that need them are not left for last.
CHAIN=
if [ "$flavour" = guest ]; then
	pool_job kernel-debug "" "$TOP/host/lib/kernel.sh" patched debug
	pool_job image-soak "" "$TOP/host/lib/image.sh" soak
	CHAIN=kernel-debug
	pool_job soak "kernel-debug image-soak" "$TOP/host/soak.sh" --prebuilt \
		--minutes "${SOAK_MINUTES:-2}" --cpus 1
	mutant_jobs "$runs"
fi
suite_jobs "$runs" "$scale" "${guest_tests[@]}"

pool_run "$jobs"

# The results, in a fixed order whichever job ended first.
suite_report "$runs" "${guest_tests[@]}"
if [ "$flavour" = guest ]; then
	tap_merge soak "$POOL_DIR/soak.out" ||
		tap_ok 1 "soak: did not complete (${POOL_DIR#"$TOP"/}/soak.log)"
	mutant_report
fi

secs=$(elapsed "$t_start")
log "Elapsed time: ${secs}s in all; guests ran under ${ACCEL^^}, $jobs at a time"
tap_summary
record_run make-test "accel=$ACCEL cores=$(nproc) jobs=$jobs flavour=$flavour tests=$([ $# -gt 0 ] && echo "$*" | tr ' ' , || echo all) mutants=${#MUTANT_LIST[@]} passed=$TAP_PASS failed=$TAP_FAIL skipped=$TAP_SKIP seconds=${secs%.*} build=$build_state"
[ "$TAP_FAIL" = 0 ]
