# The mutants (mutants/NAME.patch: the series broken on purpose; v2's in
# mutants/v2/, against patches/v2) as jobs of host/lib/pool.sh, for make
# test and make mutants. A mutant's
# "Expect-fail: TEST..." names guest tests that must fail on a kernel built
# with it; TEST@N,M runs only those cases of the test (1-based, in the
# order of its cases; the test honours execfirst.cases, guest/lib/util.h),
# so that a mutant caught by a late case does not wait for the ones
# before it. "Expect-splat: soak" asks that a one-minute soak on the debug
# kernel report a splat, in one of three tries. Source it after lib.sh,
# tap.sh, guest.sh and pool.sh; do not run it.
#
#   mutant_check [NAME...]   check the mutants named (default: all) and
#                            set MUTANT_LIST; dies on a bad name or line,
#                            before anything is built
#   mutant_build_job JOB TREE FLAVOUR  add a kernel build after CHAIN,
#                            the last build job in the pool (if set): the
#                            builds share one tree, one after another
#   mutant_builds FLAVOUR    add their kernel builds (guest or debug)
#   mutant_soaks RUNS, mutant_boots RUNS  add their boots, after the builds
#   mutant_report            print a TAP line for each expectation, in
#                            mutants/ order
# shellcheck shell=bash

# Where the mutants and the test names are (a host test points elsewhere),
# for the series being tested (SERIES, lib.sh). A mutant's tree and kernel
# are named MUTANT_KIND + its name (host/lib/tree.sh), and its kernel is
# compared with the series' own, SERIES_KERNEL.
if [ "$SERIES" = v1 ]; then
	MUTANT_DIR=${MUTANT_DIR:-$TOP/mutants}
	MUTANT_KIND=mutant-
	SERIES_KERNEL=patched-guest.bzImage
	TEST_LIST=${TEST_LIST:-$TOP/guest/tests/list}
else
	MUTANT_DIR=${MUTANT_DIR:-$TOP/mutants/$SERIES}
	MUTANT_KIND=$SERIES-mutant-
	SERIES_KERNEL=$SERIES-guest.bzImage
	TEST_LIST=${TEST_LIST:-$TOP/guest/tests/list-$SERIES}
fi
TEST_DIR=${TEST_DIR:-$(dirname "$TEST_LIST")}
# The mutants' folder and the test list as the messages name them.
mutant_where=${MUTANT_DIR#"$TOP"/}
list_where=${TEST_LIST#"$TOP"/}

mutant_expect() {	# mutant_expect NAME fail|splat: the words of that line
	sed -n "s/^Expect-$2: *//p" "$MUTANT_DIR/$1.patch"
}

mutant_check() {
	local name file t
	MUTANT_LIST=("$@")
	if [ ${#MUTANT_LIST[@]} -eq 0 ]; then
		for file in "$MUTANT_DIR"/*.patch; do MUTANT_LIST+=("$(basename "$file" .patch)"); done
	fi
	for name in "${MUTANT_LIST[@]}"; do
		file=$MUTANT_DIR/$name.patch
		[ -f "$file" ] || die "no mutant named '$name' in $mutant_where/"
		[ -n "$(mutant_expect "$name" fail)$(mutant_expect "$name" splat)" ] ||
			die "$mutant_where/$name.patch has no 'Expect-fail:' or 'Expect-splat:' line"
		for t in $(mutant_expect "$name" fail); do
			grep -qx -- "${t%%@*}" "$TEST_LIST" ||
				die "$mutant_where/$name.patch: Expect-fail names '${t%%@*}', which is not a test in $list_where"
			[ "$t" = "${t%%@*}" ] && continue
			[[ "${t#*@}" =~ ^[1-9][0-9]*(,[1-9][0-9]*)*$ ]] ||
				die "$mutant_where/$name.patch: Expect-fail '$t': the cases after @ must be numbers from 1, separated by commas"
			# (case_wanted() directly, or through the twin case
			# runners of twin_cases.h or knobs.h's protect_case())
			grep -qs 'case_wanted\|twin_cases_main\|twin_case_run\|protect_case' "$TEST_DIR/${t%%@*}.c" ||
				die "$mutant_where/$name.patch: Expect-fail '$t': ${t%%@*} runs every case whatever execfirst.cases says (no case_wanted())"
		done
		for t in $(mutant_expect "$name" splat); do
			[ "$SERIES" = v1 ] || die "$mutant_where/$name.patch: SERIES=$SERIES has no soak yet: no Expect-splat"
			[ "$t" = soak ] || die "$mutant_where/$name.patch: only the soak can expect a splat, not '$t'"
		done
	done
}

# The build jobs share one kernel tree (host/lib/tree.sh puts each mutant
# on top of the series in turn): each waits for the one before, CHAIN.
mutant_build_job() {	# mutant_build_job JOB TREE FLAVOUR
	pool_job "$1" "${CHAIN:-}" "$TOP/host/lib/kernel.sh" "$2" "$3"
	CHAIN=$1
}

# mutant_builds FLAVOUR: the build jobs of the mutants that need a kernel
# of that flavour (guest: those with tests to fail; debug: those with a
# soak to splat), one after another, after CHAIN.
mutant_builds() {
	local name
	for name in "${MUTANT_LIST[@]}"; do
		case "$1" in
		guest) [ -n "$(mutant_expect "$name" fail)" ] || continue
			mutant_build_job "kernel-mutant-$name" "$MUTANT_KIND$name" guest ;;
		debug) [ -n "$(mutant_expect "$name" splat)" ] || continue
			mutant_build_job "kernel-mutant-$name-debug" "$MUTANT_KIND$name" debug ;;
		esac
	done
}

# mutant_soaks RUNS, mutant_boots RUNS: the jobs that boot the mutants'
# kernels, each after its build (added by mutant_builds first). The soaks
# need the soak image, made by a job named image-soak, which the caller
# adds.
mutant_soaks() {
	local name
	MUTANT_RUNS=$1
	for name in "${MUTANT_LIST[@]}"; do
		[ -n "$(mutant_expect "$name" splat)" ] || continue
		pool_job "mutant-$name-soak" "kernel-mutant-$name-debug image-soak $POOL_BOOT_DEPS" \
			"$TOP/host/lib/mutant-soak.sh" "$name" "$1/mutant-$name-soak"
	done
}

mutant_boots() {
	local name t cases
	MUTANT_RUNS=$1
	for name in "${MUTANT_LIST[@]}"; do
		for t in $(mutant_expect "$name" fail); do
			# The test stops at its first failure (guest/lib/util.h):
			# that is all a mutant must show.
			cases=
			[ "$t" = "${t%%@*}" ] || cases=" execfirst.cases=${t#*@}"
			pool_job "mutant-$name-${t%%@*}" "kernel-mutant-$name $POOL_BOOT_DEPS" env \
				"BOOT_APPEND=${BOOT_APPEND:-} execfirst.failfast=1$cases" "$POOL_BOOT" \
				"$BUILD/kernels/$MUTANT_KIND$name-guest.bzImage" test \
				"$1/mutant-$name-${t%%@*}" 900 "tests/${t%%@*}"
		done
	done
}

mutant_report() {
	local name t out found rc lines
	for name in "${MUTANT_LIST[@]}"; do
		for t in $(mutant_expect "$name" splat); do
			out=$MUTANT_RUNS/mutant-$name-soak
			found=$(sed -n 's/^splats //p' "$out/result" 2> /dev/null || true)
			grep -h -E "^# .*($SPLAT_RE)" "$out"/soak-* 2> /dev/null | head -n 3 || true
			[ "${found:-0}" -gt 0 ] && rc=0 || rc=1
			[ "$(pool_rc "mutant-$name-soak")" != skipped ] ||
				found="not run: its kernel did not build; no"
			tap_ok "$rc" "mutant $name: the soak reports a splat (${found:-no} found, $(cat "$out/tries" 2> /dev/null || echo 0) soak(s) of at most 3)"
		done
		for t in $(mutant_expect "$name" fail); do
			out=$MUTANT_RUNS/mutant-$name-${t%%@*}
			[ "$t" = "${t%%@*}" ] || t="${t%%@*} (case ${t#*@})"
			if [ "$(pool_rc "kernel-mutant-$name")" != 0 ]; then
				tail -n 5 "$POOL_DIR/kernel-mutant-$name.log" 2> /dev/null | sed 's/^/# /' || true
				tap_ok 1 "mutant $name: $t fails (its kernel did not build: ${POOL_DIR#"$TOP"/}/kernel-mutant-$name.log)"
				continue
			fi
			# A build that did not take the mutant proves nothing
			# either way (ccache's depend mode once handed back the
			# series' bzImage: host/lib/kernel.sh).
			if cmp -s "$BUILD/kernels/$MUTANT_KIND$name-guest.bzImage" "$BUILD/kernels/$SERIES_KERNEL"; then
				tap_ok 1 "mutant $name: $t fails (its kernel is the series' own, byte for byte: the build did not take the mutant)"
				continue
			fi
			# Caught only if the test itself says 'not ok': a guest
			# that crashed, timed out or had no such test proves
			# nothing about the test.
			lines=$(tr -d '\r' < "$out/output.txt" 2> /dev/null | grep '^not ok' || true)
			[ -n "$lines" ] && rc=0 || rc=1
			[ -z "$lines" ] || sed 's/^/# /' <<< "$lines"
			tap_ok "$rc" "mutant $name: $t fails ($(cat "$out/verdict" 2> /dev/null || echo 'did not boot'))"
		done
	done
}
