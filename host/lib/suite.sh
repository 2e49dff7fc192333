# make test's own boots as jobs of host/lib/pool.sh: the runner's checks
# of itself and the guest tests, one boot each, on KERNEL; their results
# in a fixed order. Source it after lib.sh, tap.sh and pool.sh.
#
#   suite_jobs RUNS SCALE TEST...   add the boots (time limits x SCALE),
#                                   each after POOL_BOOT_DEPS
#   suite_report RUNS TEST...       a TAP line for each runner check and
#                                   each test's own lines, in the order
#                                   of guest/tests/list
# The boots are POOL_BOOT's (host/lib/pool.sh).
# shellcheck shell=bash

# The runner itself, on real boots: a failing task, a kernel crash and a
# hang are each reported for what they are.
SUITE_RUNNER=("fail:30:fail 3" "crash:30:panic" "hang:8:timeout")
TEST_LIST=${TEST_LIST:-$TOP/guest/tests/list}

suite_boot() {	# suite_boot RUNS SCALE NAME TIMEOUT TASK
	pool_job "$3" "$POOL_BOOT_DEPS" "$POOL_BOOT" "$KERNEL" test \
		"$1/$3" $(($4 * $2)) "$5"
}

suite_jobs() {
	local runs=$1 scale=$2 c task limit want t durations
	shift 2
	for c in "${SUITE_RUNNER[@]}"; do
		IFS=: read -r task limit want <<< "$c"
		suite_boot "$runs" "$scale" "runner-$task" "$limit" "tasks/$task"
	done
	# The longest first (as long as they took the last time here, in
	# $BUILD/test-durations), so that none is left alone at the end.
	durations=$BUILD/test-durations
	for t in "$@"; do
		echo "$(awk -v t="$t" '$1 == t { d = $2 } END { print d + 0 }' "$durations" 2> /dev/null || echo 0) $t"
	done | sort -s -k1,1nr | while read -r _ t; do echo "$t"; done > "$runs/order"
	while read -r t; do
		suite_boot "$runs" "$scale" "$t" 900 "tests/$t"
	done < "$runs/order"
}

suite_report() {
	local runs=$1 c task limit want got t out verdict
	shift
	for c in "${SUITE_RUNNER[@]}"; do
		IFS=: read -r task limit want <<< "$c"
		got=$(cat "$runs/runner-$task/verdict" 2> /dev/null || echo 'did not boot')
		[ "$got" = "$want" ] && rc=0 || rc=1
		tap_ok "$rc" "runner: tasks/$task is reported as '$want' (got '$got')"
	done
	while read -r t; do
		[[ " $* " == *" $t "* ]] || continue
		out=$runs/$t
		verdict=$(cat "$out/verdict" 2> /dev/null || echo 'did not boot')
		if ! tap_merge "$t" "$out/output.txt" 2> /dev/null; then
			tap_ok 1 "$t: did not complete its plan ($verdict; console: ${out#"$TOP"/}/console.log)"
		elif [ "$verdict" != pass ] && [ "${verdict%% *}" != fail ]; then
			tap_ok 1 "$t: $verdict (console: ${out#"$TOP"/}/console.log)"
		fi
	done < <(grep -v '^\(#\|$\)' "$TEST_LIST")
	# How long each boot took, for the order of the next run.
	for t in "$@"; do
		echo "$t $(cat "$POOL_DIR/$t.secs" 2> /dev/null || echo 0)"
	done > "$BUILD/test-durations"
}
