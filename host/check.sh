#!/usr/bin/env bash
# `make check`: the host-side tests alone (host/tests/*.t: the result
# parsers on recorded logs, the report code, the job pool, the docs'
# counts), in seconds, with no kernel and no QEMU. make test runs them as
# a job beside its first kernel build. Ends with one line "N passed, N failed[, N skipped]".
# Usage: host/check.sh
. "$(dirname "$0")/lib/lib.sh"
. "$TOP/host/lib/tap.sh"

# host_checks: each host test's TAP, merged into ours as host/NAME: ...
host_checks() {
	local t out rc
	for t in "$TOP"/host/tests/*.t; do
		[ -e "$t" ] || continue
		out=$(mktemp)
		bash "$t" > "$out" 2>&1 && rc=0 || rc=$?
		tap_merge "host/$(basename "$t" .t)" "$out" ||
			tap_ok 1 "host/$(basename "$t" .t): plan not met (exit $rc)"
		rm -f "$out"
	done
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
	[ $# -eq 0 ] || die "check.sh: takes no arguments, not '$*'"
	echo "TAP version 13"
	host_checks
	echo "1..$TAP_N"
	tap_summary
	[ "$TAP_FAIL" = 0 ]
fi
