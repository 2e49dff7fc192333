#!/usr/bin/env bash
# Boot the guest kernel once, run one task, and classify the outcome.
# Usage: host/qemu.sh [options] TASK [ARGS...]
#   --kernel F     bzImage (default: build/kernels/patched-guest.bzImage)
#   --initrd F     initramfs (default: build/initramfs.cpio.gz)
#   --disk F       ext4 test disk (default: build/disk.img)
#   --mem SIZE     guest RAM (default $QEMU_MEM)
#   --cpus N       vCPUs (default $QEMU_CPUS)
#   --timeout S    wall-clock limit (default 600)
#   --out DIR      where console.log and output.txt go (default: a new
#                  folder under build/runs)
#   --append STR   extra kernel command-line words
#   --disk-mbps N  throttle the disk to N MB/s, reads and writes together
# Exit status 0 only when the task ran and exited 0.
. "$(dirname "$0")/lib.sh"
. "$TOP/host/machine.sh"

kernel=$BUILD/kernels/patched-guest.bzImage
initrd=$BUILD/initramfs.cpio.gz
disk=$BUILD/disk.img
limit=600 out= append= disk_mbps=
while [ $# -gt 0 ]; do
	case "$1" in
	--kernel) kernel=$2; shift 2 ;;
	--initrd) initrd=$2; shift 2 ;;
	--disk) disk=$2; shift 2 ;;
	--mem) QEMU_MEM=$2; shift 2 ;;
	--cpus) QEMU_CPUS=$2; shift 2 ;;
	--timeout) limit=$2; shift 2 ;;
	--out) out=$2; shift 2 ;;
	--append) append=$2; shift 2 ;;
	--disk-mbps) disk_mbps=$2; shift 2 ;;
	--) shift; break ;;
	-*) die "qemu.sh: unknown option '$1'" ;;
	*) break ;;
	esac
done
[ $# -ge 1 ] || die "qemu.sh: no task given"
task=$1; shift
args=$(IFS=,; echo "$*")
for f in "$kernel" "$initrd" "$disk"; do
	[ -r "$f" ] || die "qemu.sh: $f is missing (build it first)"
done
[ -n "$out" ] || out=$BUILD/runs/$(date +%Y%m%d-%H%M%S)-$$-${task//\//_}
mkdir -p "$out"

accel=$("$TOP/host/accel.sh" "$kernel" "$initrd")
case "$accel" in
kvm) accel_args=(-accel kvm -cpu host) ;;
*) accel_args=(-accel tcg,thread=single)
   # Under TCG the guest reads the host's TSC, but cannot calibrate it
   # (no HPET or ACPI PM timer in this config) and falls back to the
   # 4 ms jiffies clock; tell it the host's constant TSC rate instead.
   if grep -qw constant_tsc /proc/cpuinfo; then
	khz=$(awk -F': ' '/^cpu MHz/ { printf "%d", $2 * 1000; exit }' /proc/cpuinfo)
	append="tsc_early_khz=$khz tsc=reliable $append"
   fi ;;
esac
drive="file=$disk,format=raw,if=virtio,snapshot=on"
[ -z "$disk_mbps" ] || drive+=",throttling.bps-total=$((disk_mbps * 1000000))"

cmd=("$QEMU" -machine "$QEMU_MACHINE" "${accel_args[@]}" -m "$QEMU_MEM"
     -smp "$QEMU_CPUS" -nographic -no-reboot -nodefaults
     -kernel "$kernel" -initrd "$initrd"
     -append "$GUEST_CMDLINE execfirst.task=$task${args:+ execfirst.args=$args} $append"
     -drive "$drive"
     -chardev "file,id=console,path=$out/console.log" -serial chardev:console
     -chardev "file,id=status,path=$out/output.txt" -serial chardev:status)
printf '$ %q' "${cmd[0]}" >&2; printf ' %q' "${cmd[@]:1}" >&2; echo >&2
log "Booting under ${accel^^}: task $task ${args:+($args) }-> ${out#"$TOP"/}"

t0=$(now)
timed_out=0
set +e
timeout --foreground -k 5 "$limit" "${cmd[@]}" < /dev/null > "$out/qemu.log" 2>&1
qemu_rc=$?
set -e
[ "$qemu_rc" -ne 124 ] && [ "$qemu_rc" -ne 137 ] || timed_out=1
verdict=$("$TOP/host/outcome.sh" "$out/console.log" "$out/output.txt" "$qemu_rc" "$timed_out") && ok=1 || ok=0
echo "$verdict" > "$out/verdict"
echo "$accel" > "$out/accel"
log "Elapsed time: $(elapsed "$t0")s running ($accel); outcome: $verdict"
[ "$ok" = 1 ]
