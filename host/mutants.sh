#!/usr/bin/env bash
# `make mutants`: prove the guest tests can fail. Each mutants/NAME.patch
# breaks the series on purpose (it is never part of it); the tests its
# "Expect-fail:" line names must each print 'not ok' on a kernel built
# with it, and a mutant with "Expect-splat: soak" must make a one-minute
# soak on the debug kernel (host/soak.sh) report a splat, in one of three
# tries (host/lib/mutant.sh). make test runs them too, in its own pool.
# Usage: host/mutants.sh [NAME...]   (default: every mutant)
#   JOBS=N   jobs at a time (default: the host's cores, as for make test)
. "$(dirname "$0")/lib/lib.sh"
. "$TOP/host/lib/tap.sh"
. "$TOP/host/lib/guest.sh"
. "$TOP/host/lib/pool.sh"
. "$TOP/host/lib/mutant.sh"

# One at a time unless asked: with two boots at a time on this project's
# 2-core build machine, each of the first three runs failed one test whose
# outcome hung on timing (exec_abuse, exec_quiet, exec_workingset, each
# since changed), and a red CI run lands nothing (docs/status.md).
jobs=${JOBS-$(nproc)}
[[ "$jobs" =~ ^[1-9][0-9]*$ ]] || die "JOBS must be a whole number from 1, not '$jobs'"
mutant_check "$@"
"$TOP/host/lib/deps.sh" test
# The test image holds the tests; the accelerator's probe boots the
# series' own kernel.
guest_kernel patched guest
guest_image test
guest_accel
export ACCEL
runs=$BUILD/runs/mutants-$(date +%Y%m%d-%H%M%S)
pool_init "$runs/jobs"
CHAIN=
for name in "${MUTANT_LIST[@]}"; do
	[ -z "$(mutant_expect "$name" splat)" ] || {
		pool_job image-soak "" "$TOP/host/lib/image.sh" soak
		break
	}
done
mutant_builds guest
mutant_builds debug
mutant_soaks "$runs"
mutant_boots "$runs"
pool_run "$jobs"
echo "TAP version 13"
mutant_report
echo "1..$TAP_N"
tap_summary
[ "$TAP_FAIL" = 0 ]
