#!/usr/bin/env bash
# host/lib/tap.sh counts a guest's TAP stream right: passes, failures, skips,
# and a stream that stops before its plan (a guest that died mid-test).
# (It reports by hand, not through tap.sh: that is what it tests.)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

check() {	# check N DESC FILE PASS FAIL SKIP PLAN_MET(0|1)
	local n=$1 desc=$2 file=$3 rc
	(
		. "$here/../lib/tap.sh"
		tap_merge t "$file" > /dev/null && rc=0 || rc=1
		[ "$TAP_PASS $TAP_FAIL $TAP_SKIP $rc" = "$4 $5 $6 $7" ]
	) && echo "ok $n - $desc" || echo "not ok $n - $desc"
}

echo "1..7"
printf 'TAP version 13\n1..3\n# a diagnostic\nok 1 - a\nnot ok 2 - b\nok 3 - c # SKIP no zram\n# Totals: pass:1 fail:1\r\n' > "$tmp/mixed"
check 1 "pass, fail and skip are counted apart" "$tmp/mixed" 1 1 1 0
printf 'TAP version 13\n1..3\nok 1 - a\n' > "$tmp/short"
check 2 "a stream short of its plan is reported" "$tmp/short" 1 0 0 1
printf '' > "$tmp/empty"
check 3 "an empty stream (guest never ran) is reported" "$tmp/empty" 0 0 0 1
printf 'TAP version 13\r\n1..2\r\nok 1 - a\r\nok 2 - b\r\n' > "$tmp/crlf"
check 4 "serial line endings (CRLF) are understood" "$tmp/crlf" 2 0 0 0
printf 'TAP version 13\n1..3\nok 1 a thing\nnot ok 2 b\nok 3 # SKIP no zram\n# Totals: pass:1 fail:1 xfail:0 xpass:0 skip:1 error:0\n' > "$tmp/ksft"
check 5 "kselftest.h's lines (no dash, the skip directive first) are counted" "$tmp/ksft" 1 1 1 0
desc() {
	(
		. "$here/../lib/tap.sh"
		tap_merge t "$tmp/ksft"
	) | grep -v '^#' | tr '\n' '|'
}
[ "$(desc)" = "ok 1 - t: a thing|not ok 2 - t: b|ok 3 - t: no zram # SKIP|" ] &&
	echo "ok 6 - kselftest.h's descriptions and skip reasons are kept" ||
	{ echo "# got: $(desc)"; echo "not ok 6 - kselftest.h's descriptions and skip reasons are kept"; }
printf 'TAP version 13\n1..1\nok 1 - a check of the "# SKIP" words\n' > "$tmp/words"
check 7 "a description that quotes the skip directive is a pass, not a skip" "$tmp/words" 1 0 0 0
