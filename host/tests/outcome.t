#!/usr/bin/env bash
# host/lib/outcome.sh tells a pass, a test failure, a kernel panic (early or
# not), a timeout, a silent death and a warning splat apart, on recorded
# console logs. boot-warning.log is boot-pass.log with a WARNING report
# spliced in (this guest never warned on its own).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
data=$here/data
outcome=$here/../lib/outcome.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cases=(
	# console              status            qemu_rc timed_out expected
	"boot-pass.log         status-0.txt      0       0         pass"
	"boot-pass.log         status-1.txt      0       0         fail 1"
	"panic-after-init.log  none              0       0         panic"
	"panic-early.log       none              0       0         early-panic"
	"boot-hang.log         none              124     1         timeout"
	"boot-pass.log         none              0       0         died"
	"boot-warning.log      status-0.txt      0       0         splat:"
)
. "$here/../lib/tap.sh"
tap_plan ${#cases[@]}
for c in "${cases[@]}"; do
	read -r console status qrc to expected <<< "$c"
	[ "$status" = none ] && status=$tmp/absent || status=$data/$status
	got=$("$outcome" "$data/$console" "$status" "$qrc" "$to" || true)
	got=${got%% (*}
	[ "$expected" != splat: ] || got=${got%%:*}:
	if [ "$got" = "$expected" ]; then
		tap_ok 0 "$console + $(basename "$status") -> $expected"
	else
		tap_ok 1 "$console + $(basename "$status"): expected '$expected', got '$got'"
	fi
done
