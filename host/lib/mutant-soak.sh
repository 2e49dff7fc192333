#!/usr/bin/env bash
# A mutant's soak as a job of host/lib/pool.sh: up to three one-minute
# soaks (host/soak.sh) of the mutant's debug kernel, already built, until
# one reports a splat (a race shows only if the soak happens to drive
# reclaim down the broken path within the minute). Leaves in OUT: result
# (host/soak.sh's "splats N" lines of the last try), tries, and each try's
# output as soak-K.
# Usage: host/lib/mutant-soak.sh NAME OUT
. "$(dirname "$0")/lib.sh"
name=$1 out=$2
mkdir -p "$out"
for try in 1 2 3; do
	echo "$try" > "$out/tries"
	rm -f "$out/result"
	"$TOP/host/soak.sh" --minutes 1 --cpus 1 --tree "mutant-$name" --prebuilt \
		--result "$out/result" > "$out/soak-$try" 2>&1 || true
	found=$(sed -n 's/^splats //p' "$out/result" 2> /dev/null || true)
	[ "${found:-0}" -gt 0 ] && break
done
exit 0
