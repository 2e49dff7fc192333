#!/usr/bin/env bash
# Boot the guest kernel once, run one task, and classify the outcome: a
# developer's command line over guest_boot (host/lib/guest.sh).
# Usage: host/tools/qemu.sh [options] TASK [ARGS...]
#   --kernel F     bzImage (default: build/kernels/patched-guest.bzImage)
#   --initrd F     initramfs (default: the test image's)
#   --disk F       ext4 disk (default: the test image's)
#   --mem SIZE     guest RAM (default: test.mem_mb in common/machines)
#   --cpus N       vCPUs (default: test.cpus in common/machines)
#   --accel A      kvm or tcg (default: as host/lib/guest.sh's guest_accel picks)
#   --timeout S    wall-clock limit (default 600)
#   --out DIR      where console.log and output.txt go (default: a new
#                  folder under build/runs)
#   --append STR   extra kernel command-line words
#   --disk-mbps N  throttle the disk to N MB/s, reads and writes together
# Exit status 0 only when the task ran and exited 0.
. "$(dirname "$0")/../lib/lib.sh"
. "$TOP/host/lib/guest.sh"

KERNEL=$BUILD/kernels/patched-guest.bzImage
image_paths test
limit=600 out=
while [ $# -gt 0 ]; do
	case "$1" in
	--kernel|--initrd|--disk|--mem|--cpus|--accel|--timeout|--out|--append|--disk-mbps)
		[ $# -ge 2 ] || die "qemu.sh: $1 needs a value" ;;
	esac
	case "$1" in
	--kernel) KERNEL=$2; shift 2 ;;
	--initrd) INITRD=$2; shift 2 ;;
	--disk) DISK=$2; shift 2 ;;
	--mem) QEMU_MEM=$2; shift 2 ;;
	--cpus) QEMU_CPUS=$2; shift 2 ;;
	--accel)
		case "$2" in kvm|tcg) ACCEL=$2 ;; *) die "qemu.sh: --accel must be kvm or tcg, not '$2'" ;; esac
		shift 2 ;;
	--timeout) limit=$2; shift 2 ;;
	--out) out=$2; shift 2 ;;
	--append) BOOT_APPEND=$2; shift 2 ;;
	--disk-mbps) BOOT_DISK_MBPS=$2; shift 2 ;;
	--) shift; break ;;
	-*) die "qemu.sh: unknown option '$1'" ;;
	*) break ;;
	esac
done
[ $# -ge 1 ] || die "qemu.sh: no task given"
[ -n "$out" ] || out=$BUILD/runs/$(date +%Y%m%d-%H%M%S)-$$-${1//\//_}
guest_boot "$out" "$limit" "$@"
