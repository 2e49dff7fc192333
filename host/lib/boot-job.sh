#!/usr/bin/env bash
# One guest boot as a job of host/lib/pool.sh: boot KERNEL (a file) with
# image IMAGE (test, soak or bench), run TASK and leave its verdict in
# OUT/verdict (host/lib/guest.sh's guest_boot). Exits 0 whatever the
# verdict: the verdict is the job's result, read by whoever added the job.
# ACCEL, BOOT_APPEND and QEMU_* come from the environment.
# Usage: host/lib/boot-job.sh KERNEL IMAGE OUT TIMEOUT TASK [ARGS...]
. "$(dirname "$0")/lib.sh"
. "$TOP/host/lib/guest.sh"
KERNEL=$1
image_paths "$2"
shift 2
guest_boot "$@" || true
