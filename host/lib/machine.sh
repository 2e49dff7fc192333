# QEMU settings for the guest. Sourced by host/lib/guest.sh.
# shellcheck shell=bash
QEMU=qemu-system-x86_64
QEMU_MACHINE=pc
# Defaults: make test's profile in common/machines (soak and bench set
# theirs before booting).
QEMU_MEM=${QEMU_MEM:-$(machine test.mem_mb)M}
QEMU_CPUS=${QEMU_CPUS:-$(machine test.cpus)}
# Kernel command line shared by every boot. panic=-1 with -no-reboot makes
# a panic end QEMU at once; oops=panic turns an Oops into such a panic.
GUEST_CMDLINE="console=ttyS0,115200 panic=-1 oops=panic rdinit=/init"
