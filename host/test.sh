#!/usr/bin/env bash
# `make test`: the host checks and checkpatch, the patched kernel built,
# booted in QEMU and tested, the short soak and the mutants, as jobs of a
# pool (host/lib/pool.sh), JOBS at a time (default: one per host core;
# each boot is one vCPU under single-threaded TCG): the guest boots run
# side by side while the debug and mutant kernels build on the slots they
# leave free. Results are reported in a fixed order, whichever job ends first.
# Appends a record of the run to results/ci/make-test.txt, then ends with
# one line "N passed, N failed, N skipped".
# Usage: host/test.sh [GUEST_TEST...]   (default: every guest test)
#   JOBS=N      jobs at a time (default: the host's cores, nproc; JOBS=1:
#               serial, each build on every core)
#   MUTANTS="a b"  only these mutants (default: all); MUTANTS=none: none
#   SERIES=v2   the v2 series being built (patches/v2/README.md): its
#               kernel, the tests of guest/tests/list-v2 and the mutants
#               of mutants/v2/; no soak yet
. "$(dirname "$0")/lib/lib.sh"
[ "$SERIES" = v1 ] || TEST_LIST=${TEST_LIST:-$TOP/guest/tests/list-v2}
. "$TOP/host/lib/tap.sh"
. "$TOP/host/lib/guest.sh"
. "$TOP/host/lib/pool.sh"
. "$TOP/host/lib/mutant.sh"
. "$TOP/host/lib/suite.sh"

t_start=$(now)
flavour=${FLAVOUR:-guest}
case "$flavour" in guest|debug) ;; *) die "FLAVOUR must be guest or debug, not '$flavour'" ;; esac
# As many at a time as the host has cores: each boot is one vCPU under
# single-threaded TCG, one host core. A number given, even empty, must be
# a number.
jobs=${JOBS-$(nproc)}
[[ "$jobs" =~ ^[1-9][0-9]*$ ]] || die "JOBS must be a whole number from 1, not '$jobs'"
[[ "${SOAK_MINUTES-2}" =~ ^[1-9][0-9]*$ ]] ||
	die "SOAK_MINUTES must be a whole number from 1, not '${SOAK_MINUTES:-}'"

# Every guest test is in guest/tests/list (or list-v2, v2's), and every
# name there is a test. (grep reads the files itself: cat piped into a
# quiet grep fails under pipefail when grep stops before cat is done.)
for c in "$TOP"/guest/tests/*.c; do
	grep -qx "$(basename "$c" .c)" "$TOP/guest/tests/list" "$TOP/guest/tests/list-v2" ||
		die "guest/tests/$(basename "$c") is not in guest/tests/list (or list-v2): add it there"
done
mapfile -t all_tests < <(grep -v '^\(#\|$\)' "$TEST_LIST")
for t in "${all_tests[@]}"; do
	[ -f "$TOP/guest/tests/$t.c" ] || die "guest/tests/${TEST_LIST##*/} names '$t', which has no guest/tests/$t.c"
done
# The tests and mutants asked for, checked before anything is installed or
# built.
guest_tests=("$@")
[ ${#guest_tests[@]} -gt 0 ] || guest_tests=("${all_tests[@]}")
for t in "${guest_tests[@]}"; do
	grep -qx -- "$t" "$TEST_LIST" ||
		die "no guest test named '$t' (TESTS=; the tests are listed in guest/tests/${TEST_LIST##*/})"
done
MUTANT_LIST=()
# The mutants on the guest kernel of either series (v2's in mutants/v2/);
# the soak and the debug kernel's mutants for v1 alone.
with_mutants=0
[ "$flavour" != guest ] || [ "${MUTANTS:-}" = none ] || with_mutants=1
full=0
[ "$flavour" != guest ] || [ "$SERIES" != v1 ] || full=1
if [ "$with_mutants" = 1 ]; then
	# shellcheck disable=SC2086
	mutant_check ${MUTANTS:-}
fi

# Whether this run starts from nothing (a fresh machine or clone), for
# its record.
[ -d "$BUILD/linux" ] && build_state=warm || build_state=cold
"$TOP/host/lib/deps.sh" test

# The tree is unpacked and patched before anything runs on it.
kind=patched
[ "$SERIES" = v1 ] || kind=$SERIES
tree=$("$TOP/host/lib/tree.sh" "$kind")

# Everything else is a job of the pool, in the order they should start
# as far as their prerequisites allow. The kernels build one after
# another in the one tree (CHAIN): the tested kernel, the debug kernels
# for the soaks (the long build, so that it runs beside the guest tests
# rather than alone at the end), then the mutants' (small rebuilds). The host checks, the
# images and the boots run beside them: the soaks first, as soon as
# their kernels are there (they are long and would otherwise come last),
# then the guest tests, longest first, then the mutants' boots.
runs=$BUILD/runs/test-$(date +%Y%m%d-%H%M%S)
pool_init "$runs/jobs"
KERNEL=$BUILD/kernels/$kind-$flavour.bzImage
CHAIN=
mutant_build_job kernel "$kind" "$flavour"
if [ "$SERIES" != v1 ]; then
	# v2 adds nothing to struct inode, address_space or lruvec: the
	# unpatched kernel, built beside it, says how big they were.
	mutant_build_job kernel-vanilla vanilla "$flavour"
	pool_job sizes "kernel kernel-vanilla" "$TOP/host/tools/struct-sizes.sh" \
		"$BUILD/linux-vanilla" "$tree"
	# ... and leaves the per-folio paths under lru_lock and
	# sc->nr_scanned as they are.
	pool_job hot-paths "kernel kernel-vanilla" "$TOP/host/tools/hot-paths.sh" \
		"$BUILD/linux-vanilla" "$tree"
fi
# The debug kernel (the long build) right after the tested one, so that
# it builds beside the guests: make starts the guests' boots before a
# build that becomes ready later, and with the mutants' small rebuilds
# first the debug kernel started only after every guest test had (make
# test of fae4091, stopped).
if [ "$full" = 1 ]; then
	mutant_build_job kernel-debug patched debug
	mutant_builds debug
fi
[ "$with_mutants" = 0 ] || mutant_builds guest
# Host checks (make check: result parsers on recorded logs, report code,
# the job pool, the docs), and every patch checkpatch-clean.
# The host checks test the harness itself, whichever series this run is of.
pool_job host-checks "" env -u SERIES "$TOP/host/check.sh"
pool_job checkpatch "" "$TOP/host/lib/checkpatch.sh" "$tree"
pool_job image-test "" "$TOP/host/lib/image.sh" test
# The accelerator is picked once (a short probe boot): every boot waits
# for it and for the test image (POOL_BOOT_DEPS).
pool_job accel "kernel image-test" "$TOP/host/lib/accel.sh" "$KERNEL"
POOL_BOOT_DEPS="image-test accel"
if [ "$full" = 1 ]; then
	# make soak runs the long soak; this one has one vCPU, as the tests,
	# so that TCG's own races stay out of CI.
	pool_job image-soak image-test "$TOP/host/lib/image.sh" soak
	pool_job soak "kernel-debug image-soak" "$TOP/host/soak.sh" --prebuilt \
		--minutes "${SOAK_MINUTES:-2}" --cpus 1
	mutant_soaks "$runs"
fi
# The debug kernel under TCG runs several times slower: stretch the time
# limits, and the tests' intervals so that their pressure keeps pace.
scale=1
[ "$flavour" = guest ] || scale=4
export BOOT_APPEND="execfirst.scale=$scale"
suite_jobs "$runs" "$scale" "${guest_tests[@]}"
[ "$with_mutants" = 0 ] || mutant_boots "$runs"

pool_run "$jobs"
ACCEL=$(cat "$POOL_DIR/accel.out" 2> /dev/null || echo unknown)

echo "TAP version 13"
for j in host-checks checkpatch; do
	tap_merge "" "$POOL_DIR/$j.out" ||
		tap_ok 1 "$j: did not complete (${POOL_DIR#"$TOP"/}/$j.log)"
done
for j in "kernel:the $kind $flavour kernel" "image-test:the test image"; do
	[ "$(pool_rc "${j%%:*}")" = 0 ] && rc=0 || rc=1
	[ "$rc" = 0 ] || tail -n 20 "$POOL_DIR/${j%%:*}.log" | sed 's/^/# /'
	tap_ok "$rc" "${j#*:} builds (${POOL_DIR#"$TOP"/}/${j%%:*}.log)"
done
if [ "$SERIES" != v1 ]; then
	[ "$(pool_rc sizes)" = 0 ] && rc=0 || rc=1
	sed 's/^/# /' "$POOL_DIR/sizes.out" 2> /dev/null || true
	tap_ok "$rc" "struct sizes: $SERIES grows no struct of the unpatched kernel's (${POOL_DIR#"$TOP"/}/sizes.log)"
	[ "$(pool_rc hot-paths)" = 0 ] && rc=0 || rc=1
	sed 's/^/# /' "$POOL_DIR/hot-paths.out" 2> /dev/null || true
	tap_ok "$rc" "hot paths: $SERIES changes no per-folio function under lru_lock and no sc->nr_scanned line (${POOL_DIR#"$TOP"/}/hot-paths.log)"
fi
# The results, in a fixed order whichever job ended first.
suite_report "$runs" "${guest_tests[@]}"
if [ "$full" = 1 ]; then
	tap_merge soak "$POOL_DIR/soak.out" ||
		tap_ok 1 "soak: did not complete (${POOL_DIR#"$TOP"/}/soak.log)"
fi
[ "$with_mutants" = 0 ] || mutant_report

secs=$(elapsed "$t_start")
log "Elapsed time: ${secs}s in all; guests ran under ${ACCEL^^}, $jobs at a time"
# The record first, so that the summary stays the last line.
if [ -z "${MUTANTS:-}" ] && [ "$with_mutants" = 1 ]; then mutants=all
elif [ ${#MUTANT_LIST[@]} -eq 0 ]; then mutants=none
else mutants=$(IFS=,; echo "${MUTANT_LIST[*]}"); fi
record_run make-test "accel=$ACCEL cores=$(nproc) jobs=$jobs flavour=$flavour tests=$([ $# -gt 0 ] && echo "$*" | tr ' ' , || echo all) mutants=$mutants passed=$TAP_PASS failed=$TAP_FAIL skipped=$TAP_SKIP seconds=${secs%.*} build=$build_state"
tap_summary
[ "$TAP_FAIL" = 0 ]
