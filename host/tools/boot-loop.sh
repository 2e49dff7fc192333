#!/usr/bin/env bash
# Boot the guest N times with a trivial task and count the outcomes: the
# check that the runner's QEMU settings boot reliably.
# Usage: host/tools/boot-loop.sh [N] [extra qemu.sh options...]   (default 50)
. "$(dirname "$0")/../lib/lib.sh"

n=${1:-50}
shift || true
case "$n" in ''|*[!0-9]*) die "boot-loop.sh: N must be a number, not '$n'" ;; esac
dir=$BUILD/runs/boot-loop-$(date +%Y%m%d-%H%M%S)
t0=$(now)
for i in $(seq 1 "$n"); do
	"$TOP/host/tools/qemu.sh" --timeout 60 --out "$dir/$i" "$@" tasks/probe \
		> /dev/null 2>&1 || true
	cat "$dir/$i/verdict"
done | sort | uniq -c
log "$n boots in $(elapsed "$t0")s; logs in ${dir#"$TOP"/}"
