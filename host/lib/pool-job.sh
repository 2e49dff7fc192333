#!/usr/bin/env bash
# One job of host/lib/pool.sh: run CMD with its standard output in
# DIR/NAME.out and its standard error in DIR/NAME.log, then write its exit
# status to DIR/NAME.rc and its wall time to DIR/NAME.secs, and say so in
# one line on stderr. Exits as CMD did, so that make skips the jobs that
# need a job that failed.
# Usage: host/lib/pool-job.sh DIR NAME CMD...
set -uo pipefail
dir=$1 name=$2
shift 2
t0=$(date +%s.%N)
rm -f "$dir/$name.rc" "$dir/$name.secs" "$dir/$name.out" "$dir/$name.log"
# A kernel build inside a job takes its parallelism from make's job server
# (host/lib/kernel.sh), not from -j.
POOL_JOB=$name "$@" > "$dir/$name.out" 2> "$dir/$name.log"
rc=$?
secs=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
echo "$secs" > "$dir/$name.secs"
echo "$rc" > "$dir/$name.rc"
printf '[%s] %s: %s in %ss\n' "$(date +%H:%M:%S)" "$name" \
	"$([ "$rc" = 0 ] && echo done || echo "failed (exit $rc)")" "$secs" >&2
exit "$rc"
