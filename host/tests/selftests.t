#!/usr/bin/env bash
# The companion patch (patches/selftests/) carries the guest's sysctl test
# and its knob table unchanged: what goes to tools/testing/selftests/mm/
# is what make test runs. (make test also checks that it applies to the
# patched tree.)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$here/../..
. "$here/../lib/tap.sh"

patch=$(ls "$top"/patches/selftests/0001-*.patch)
# added FILE: the lines the patch adds as tools/testing/selftests/mm/FILE
added() {
	awk -v f="b/tools/testing/selftests/mm/$1" '
		/^diff --git / { on = ($4 == f) ; next }
		on && /^@@/ { body = 1; next }
		on && body && /^\+/ { print substr($0, 2) }' "$patch"
}
tap_plan 3
for f in exec_protect_sysctl.c exec_protect_knobs.h; do
	cmp -s <(added "$f") "$top/guest/tests/$f" && rc=0 || rc=1
	[ "$rc" = 0 ] || echo "# differs: run host/tools/selftests-patch.sh"
	tap_ok "$rc" "patches/selftests/ adds guest/tests/$f as it is"
done
grep -q '^+TEST_GEN_FILES += exec_protect_sysctl$' "$patch" &&
	grep -q '^+CATEGORY="exec_protect" run_test ./exec_protect_sysctl$' "$patch" &&
	rc=0 || rc=1
tap_ok "$rc" "patches/selftests/ builds it (Makefile) and runs it (run_vmtests.sh -t exec_protect)"
