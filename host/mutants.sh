#!/usr/bin/env bash
# `make mutants`: prove the guest tests can fail. Each mutants/NAME.patch
# breaks the series on purpose (it is never part of it); the tests its
# "Expect-fail:" line names must each print 'not ok' on a kernel built
# with it, and a mutant with "Expect-splat: soak" must make a one-minute
# soak on the debug kernel (host/soak.sh) report a splat, in one of three
# tries (host/lib/mutant.sh). make test runs them too, in its own pool.
# Usage: host/mutants.sh [NAME...]   (default: every mutant)
#   SERIES=v2  v2's mutants (mutants/v2/) on v2's kernel
#   JOBS=N   jobs at a time (default: the host's cores, as for make test)
. "$(dirname "$0")/lib/lib.sh"
. "$TOP/host/lib/tap.sh"
. "$TOP/host/lib/guest.sh"
. "$TOP/host/lib/pool.sh"
. "$TOP/host/lib/mutant.sh"

# One job per host core unless asked (each boot is one vCPU under TCG).
jobs=${JOBS-$(nproc)}
[[ "$jobs" =~ ^[1-9][0-9]*$ ]] || die "JOBS must be a whole number from 1, not '$jobs'"
mutant_check "$@"
"$TOP/host/lib/deps.sh" test
# The test image holds the tests; the accelerator's probe boots the
# series' own kernel (SERIES=v2: v2's, and the mutants of mutants/v2/).
kind=patched
[ "$SERIES" = v1 ] || kind=$SERIES
guest_kernel "$kind" guest
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
