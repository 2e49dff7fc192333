#!/usr/bin/env bash
# make test's job pool (host/lib/pool.sh, suite.sh, mutant.sh) on stand-in
# boots: the report is the same, line for line, whether the boots run one
# at a time or all at once and whichever ends first; a job that needs a
# failed one is not run; a mutant counts as caught only on a test's own
# 'not ok', and one that names no test of the list is refused; a mutant
# that names cases (TEST@N) boots with them, for a test that honours them.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
# make test exports its own BOOT_APPEND to every job, this one included.
unset BOOT_APPEND
trap 'rm -rf "$tmp"' EXIT
export BUILD=$tmp/build TEST_LIST=$tmp/list MUTANT_DIR=$tmp/mutants
mkdir -p "$BUILD" "$MUTANT_DIR"
printf '# the tests\nt_pass\nt_fail\nt_short\nt_slow\n' > "$TEST_LIST"

# The stand-in boot: KERNEL IMAGE OUT TIMEOUT TASK. It sleeps as long as
# $tmp/delay-TASKNAME says, then leaves what a real boot would.
cat > "$tmp/boot" <<'EOS'
#!/usr/bin/env bash
out=$3 task=${5##*/}
mkdir -p "$out"
sleep "$(cat "$(dirname "$out")/../delay-$task" 2> /dev/null || echo 0)"
case "$task" in
fail) v='fail 3' ;; crash) v=panic ;; hang) v=timeout ;;
t_pass|t_slow) v=pass; printf '1..2\nok 1 - a\nok 2 - b\n' > "$out/output.txt" ;;
t_fail) v='fail 1'; printf '1..2\nok 1 - a\nnot ok 2 - b\n' > "$out/output.txt" ;;
t_short) v='fail 126'; printf '1..3\nok 1 - a\n' > "$out/output.txt" ;;
esac
echo "$v" > "$out/verdict"
echo "${BOOT_APPEND:-}" > "$out/append"
EOS
chmod +x "$tmp/boot"
export POOL_BOOT=$tmp/boot

n=0
check() {	# check DESC COMMAND...
	n=$((n + 1))
	if "${@:2}"; then echo "ok $n - $1"; else echo "not ok $n - $1"; fi
}

# One run of the suite: JOBS, then delays for fail crash hang t_pass t_fail
# t_short t_slow (seconds). Prints the report.
suite() {
	local jobs=$1 dir=$tmp/run-$1-$2 i=0 d
	shift
	mkdir -p "$dir"
	for t in fail crash hang t_pass t_fail t_short t_slow; do
		i=$((i + 1)); eval "d=\${$i}"
		echo "$d" > "$dir/delay-$t"
	done
	(
		. "$here/../lib/lib.sh"
		. "$TOP/host/lib/tap.sh"
		. "$TOP/host/lib/pool.sh"
		. "$TOP/host/lib/suite.sh"
		KERNEL=none
		pool_init "$dir/jobs"
		suite_jobs "$dir" 1 t_slow t_short t_fail t_pass
		pool_run "$jobs" 2> /dev/null
		suite_report "$dir" t_slow t_short t_fail t_pass
		tap_summary
	) | sed "s|$dir|RUN|g"
}
one=$(suite 1 0 0 0 0 0 0 0)
# All at once, ending in the reverse order of the list.
many=$(suite 7 0.6 0.5 0.4 0.3 0.2 0.1 0)
check "serial and parallel runs report the same lines in the same order" [ "$one" = "$many" ]
want='ok 1 - runner: tasks/fail is reported as '"'fail 3'"' (got '"'fail 3'"')|ok 2 - runner: tasks/crash is reported as '"'panic'"' (got '"'panic'"')|ok 3 - runner: tasks/hang is reported as '"'timeout'"' (got '"'timeout'"')|ok 4 - t_pass: a|ok 5 - t_pass: b|ok 6 - t_fail: a|not ok 7 - t_fail: b|ok 8 - t_short: a|not ok 9 - t_short: did not complete its plan (fail 126; console: RUN/t_short/console.log)|ok 10 - t_slow: a|ok 11 - t_slow: b|9 passed, 2 failed, 0 skipped'
got=$(grep -v '^#' <<< "$many" | tr '\n' '|')
check "the report is in the list's order, with each boot's own verdict" [ "$got" = "$want|" ] ||
	echo "# got: $got"
order=$(
	. "$here/../lib/lib.sh"
	. "$TOP/host/lib/pool.sh"
	. "$TOP/host/lib/suite.sh"
	KERNEL=none
	printf 't_pass 50.5\nt_slow 9.0\n' > "$BUILD/test-durations"
	mkdir -p "$tmp/ord"
	pool_init "$tmp/ord/jobs"
	suite_jobs "$tmp/ord" 1 t_slow t_short t_fail t_pass
	tr '\n' ' ' < "$tmp/ord/order"
)
check "the last run's durations order the next: longest first, then as asked" \
	[ "$order" = "t_pass t_slow t_short t_fail " ]

# Prerequisites: a job that needs a failed one never runs.
skipped=$(
	. "$here/../lib/lib.sh"
	. "$TOP/host/lib/pool.sh"
	pool_init "$tmp/dep"
	pool_job build "" false
	pool_job boot build touch "$tmp/dep/ran"
	pool_run 2 2> /dev/null
	echo "$(pool_rc build) $(pool_rc boot)"
)
check "a job whose prerequisite failed is skipped, not run" \
	[ "$skipped" = "1 skipped" -a ! -e "$tmp/dep/ran" ]

# Mutants: the Expect-fail names are checked against the list.
mutants() {	# mutants CMD...: in a subshell with the libraries
	(
		. "$here/../lib/lib.sh"
		. "$TOP/host/lib/tap.sh"
		. "$TOP/host/lib/pool.sh"
		. "$TOP/host/lib/mutant.sh"
		"$@"
	)
}
printf 'Mutant: a typo.\nExpect-fail: t_pas\n' > "$MUTANT_DIR/typo.patch"
err=$(mutants mutant_check typo 2>&1 > /dev/null) && rc=0 || rc=$?
check "a mutant naming a test not in the list is refused, with the name" \
	[ "$rc" != 0 -a -n "$(grep -F "'t_pas'" <<< "$err")" ]
rm "$MUTANT_DIR/typo.patch"
printf 'Mutant: good.\nExpect-fail: t_pass t_fail\n' > "$MUTANT_DIR/good.patch"
check "a mutant naming tests of the list is accepted" mutants mutant_check good

# Caught only on 'not ok': a fail verdict without one (a setup crash, exit
# 126 for a missing test) proves nothing about the test.
export MUTANT_RUNS=$tmp/m
mkdir -p "$tmp/m/jobs" "$MUTANT_RUNS/mutant-good-t_pass" "$MUTANT_RUNS/mutant-good-t_fail"
echo 0 > "$tmp/m/jobs/kernel-mutant-good.rc"
echo 'fail 126' > "$MUTANT_RUNS/mutant-good-t_pass/verdict"
echo 'execfirst: no such task' > "$MUTANT_RUNS/mutant-good-t_pass/output.txt"
echo 'fail 1' > "$MUTANT_RUNS/mutant-good-t_fail/verdict"
printf '1..1\nnot ok 1 - kept\n' > "$MUTANT_RUNS/mutant-good-t_fail/output.txt"
report_good() {	# the mutant good's report, as make test would print it
	POOL_DIR=$tmp/m/jobs
	mutant_check good
	mutant_report | grep -v '^#'
}
report=$(mutants report_good)
check "a mutant whose test exits non-zero without a 'not ok' is not caught" \
	grep -qx "not ok 1 - mutant good: t_pass fails (fail 126)" <<< "$report"
check "a mutant whose test prints 'not ok' is caught" \
	grep -qx "ok 2 - mutant good: t_fail fails (fail 1)" <<< "$report"

# Cases: TEST@N,M boots with execfirst.cases=N,M, for a test whose source
# honours it; anything else after '@' is refused before anything runs.
export TEST_DIR=$tmp
printf 'Mutant: cases.\nExpect-fail: t_fail@2,3 t_pass\n' > "$MUTANT_DIR/cases.patch"
err=$(mutants mutant_check cases 2>&1 > /dev/null) && rc=0 || rc=$?
check "a mutant naming cases of a test that runs every case is refused" \
	[ "$rc" != 0 -a -n "$(grep -F "no case_wanted()" <<< "$err")" ]
echo 'if (!case_wanted(i + 1))' > "$tmp/t_fail.c"
for bad in 't_fail@' 't_fail@0' 't_fail@x' 't_fail@2,'; do
	printf 'Mutant: cases.\nExpect-fail: %s\n' "$bad" > "$MUTANT_DIR/bad.patch"
	err=$(mutants mutant_check bad 2>&1 > /dev/null) && rc=0 || rc=$?
	check "Expect-fail: $bad is refused, naming it" \
		[ "$rc" != 0 -a -n "$(grep -F "'$bad'" <<< "$err")" ]
done
rm "$MUTANT_DIR/bad.patch"
boot_cases() {
	mutant_check cases
	pool_init "$BUILD/c/jobs"
	pool_job kernel-mutant-cases "" true
	POOL_BOOT_DEPS=
	mutant_boots "$BUILD/c"
	pool_run 1 2> /dev/null
	mutant_report | grep -v "^#"
	cat "$BUILD/c/mutant-cases-t_fail/append" "$BUILD/c/mutant-cases-t_pass/append"
}
report=$(mutants boot_cases)
check "the cases go to the test's boot, and only to that test's" \
	[ "$(sed -n '3,4p' <<< "$report" | tr -d ' ')" = "$(printf 'execfirst.failfast=1execfirst.cases=2,3\nexecfirst.failfast=1')" ]
check "the report names the cases" \
	grep -qx "ok 1 - mutant cases: t_fail (case 2,3) fails (fail 1)" <<< "$report"
rm "$MUTANT_DIR/cases.patch"
# A mutant whose kernel is the series' own, byte for byte, is not caught,
# whatever its test says.
mkdir -p "$BUILD/kernels"
echo same > "$BUILD/kernels/patched-guest.bzImage"
echo same > "$BUILD/kernels/mutant-good-guest.bzImage"
report=$(mutants report_good)
check "a mutant built as the series' own kernel is not caught" \
	grep -q "not ok 2 - mutant good: t_fail fails (its kernel is the series' own" <<< "$report"
rm -f "$BUILD/kernels/patched-guest.bzImage" "$BUILD/kernels/mutant-good-guest.bzImage"
# The project's own mutants pass the same checks against the project's
# tests (a test whose cases moved into a shared runner once broke them,
# and only make test noticed).
check "every mutant in mutants/ passes mutant_check against guest/tests" \
	env -u TEST_LIST -u MUTANT_DIR -u TEST_DIR bash -c \
	". '$here/../lib/lib.sh'; . \"\$TOP/host/lib/tap.sh\"; . \"\$TOP/host/lib/mutant.sh\"; mutant_check"
check "every mutant in mutants/v2/ passes mutant_check against guest/tests/list-v2" \
	env -u TEST_LIST -u MUTANT_DIR -u TEST_DIR SERIES=v2 bash -c \
	". '$here/../lib/lib.sh'; . \"\$TOP/host/lib/tap.sh\"; . \"\$TOP/host/lib/mutant.sh\"; mutant_check"
echo "1..$n"
