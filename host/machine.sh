# QEMU settings for the guest, as data in one place. Sourced by qemu.sh.
# shellcheck shell=bash
QEMU=qemu-system-x86_64
QEMU_MACHINE=pc
QEMU_MEM=${QEMU_MEM:-512M}
# One vCPU for tests: no multi-threaded TCG, whose text patching race
# (an int3 Oops in sched_clock_cpu about one boot in 45 here) must never
# turn CI red. Benchmarks may ask for more.
QEMU_CPUS=${QEMU_CPUS:-1}
# Kernel command line shared by every boot. panic=-1 with -no-reboot makes
# a panic end QEMU at once; oops=panic turns an Oops into such a panic.
GUEST_CMDLINE="console=ttyS0,115200 panic=-1 oops=panic rdinit=/init"
