#!/usr/bin/env bash
# The companion patches (patches/selftests/, and v2's in
# patches/v2/selftests/) carry the guest's sysctl test and its knob tables
# unchanged: what goes to tools/testing/selftests/mm/
# is what make test runs. (make test also checks that it applies to the
# patched tree.)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$here/../..
. "$here/../lib/tap.sh"

# added FILE: the lines $patch adds as tools/testing/selftests/mm/FILE
added() {
	awk -v f="b/tools/testing/selftests/mm/$1" '
		/^diff --git / { on = ($4 == f) ; next }
		on && /^@@/ { body = 1; next }
		on && body && /^\+/ { print substr($0, 2) }' "$patch"
}
# companion DIR TEST FILE...: DIR's patch adds each FILE as guest/tests has
# it, and builds and runs TEST
companion() {
	local dir=$1 test=$2 f
	shift 2
	patch=$(ls "$top/$dir"/0001-*.patch)
	for f; do
		cmp -s <(added "$f") "$top/guest/tests/$f" && rc=0 || rc=1
		[ "$rc" = 0 ] || echo "# differs: run host/tools/selftests-patch.sh (SERIES=v2 for patches/v2)"
		tap_ok "$rc" "$dir/ adds guest/tests/$f as it is"
	done
	grep -q "^+TEST_GEN_FILES += $test\$" "$patch" &&
		grep -q "^+CATEGORY=\"exec_protect\" run_test ./$test\$" "$patch" &&
		rc=0 || rc=1
	tap_ok "$rc" "$dir/ builds $test (Makefile) and runs it (run_vmtests.sh -t exec_protect)"
}
tap_plan 8
companion patches/selftests exec_protect_sysctl exec_protect_sysctl.c exec_protect_knobs.h
companion patches/v2/selftests exec_protect_modes exec_protect_modes.c \
	exec_protect_sysctl.c exec_protect_knobs.h exec_protect_knobs_v2.h
