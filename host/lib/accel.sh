#!/usr/bin/env bash
# Pick the accelerator for this machine with a short probe boot of KERNEL
# and the test image (host/lib/guest.sh's guest_accel: remembered per
# machine, so that every boot after it reads the verdict), and print it.
# Usage: host/lib/accel.sh KERNEL
. "$(dirname "$0")/lib.sh"
. "$TOP/host/lib/guest.sh"
KERNEL=$1
image_paths test
guest_accel
echo "$ACCEL"
