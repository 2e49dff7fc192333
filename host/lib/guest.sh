# The boot seam, one way for every entry point (test, soak, mutants,
# bisect, bench and the developer tools): build a guest kernel, make a
# guest image, pick the accelerator, boot one task and read its verdict.
# Results come back in variables, never parsed from another script's
# output. Source it after lib.sh; do not run it.
# shellcheck shell=bash
. "$TOP/host/lib/machine.sh"

# guest_kernel TREE FLAVOUR: build that kernel (host/lib/kernel.sh; its
# output goes to stderr) and set KERNEL to its bzImage.
guest_kernel() {
	"$TOP/host/lib/kernel.sh" "$1" "$2" >&2
	KERNEL=$BUILD/kernels/$1-$2.bzImage
	[ -r "$KERNEL" ] || die "host/lib/kernel.sh $1 $2 left no $KERNEL"
}

# image_paths KIND: set INITRD and DISK to image KIND's files (test: make
# test; soak: make soak, on the test disk; bench: make bench).
image_paths() {
	case "$1" in
	test) INITRD=$BUILD/initramfs.cpio.gz DISK=$BUILD/disk.img ;;
	soak) INITRD=$BUILD/soak-initramfs.cpio.gz DISK=$BUILD/disk.img ;;
	bench) INITRD=$BUILD/bench-initramfs.cpio.gz DISK=$BUILD/bench-disk.img ;;
	*) die "unknown guest image '$1' (expected test, soak or bench)" ;;
	esac
}

# guest_image KIND: make image KIND (host/lib/image.sh) and set INITRD, DISK.
guest_image() {
	"$TOP/host/lib/image.sh" "$1" >&2
	image_paths "$1"
}

# guest_accel: set ACCEL to kvm if a short probe boot under KVM works on
# this machine, else tcg; EXECFIRST_ACCEL=kvm|tcg overrides. The verdict
# is remembered per machine (host kernel, QEMU version, CPU model). Needs
# KERNEL and INITRD for the probe.
guest_accel() {
	local id file
	case "${EXECFIRST_ACCEL:-}" in
	kvm|tcg) ACCEL=$EXECFIRST_ACCEL; return ;;
	'') ;;
	*) die "EXECFIRST_ACCEL must be kvm or tcg, not '$EXECFIRST_ACCEL'" ;;
	esac
	id=$( { uname -r; "$QEMU" --version | head -n 1
		grep -m1 'model name' /proc/cpuinfo; } | sha1sum | cut -c1-16)
	file=$CACHE/accel-$id
	if [ -r "$file" ]; then
		ACCEL=$(cat "$file")
		return
	fi
	ACCEL=tcg
	if [ -r /dev/kvm ] && [ -w /dev/kvm ]; then
		# A broken KVM (seen here: a paravirtual KVM without VMX) hangs
		# while the kernel decompresses, or dies with an emulation failure.
		log "Probing KVM with a short boot (30 s at most)"
		ACCEL=kvm
		guest_qemu "$BUILD/runs/kvm-probe" 30 tasks/probe || ACCEL=tcg
	fi
	mkdir -p "$CACHE"
	echo "$ACCEL" > "$file"
	log "Accelerator for this machine: $ACCEL (remembered in $file)"
}

# guest_boot OUT TIMEOUT TASK [ARGS...]: boot KERNEL with INITRD and DISK
# (picking ACCEL first if it is not set), run TASK, and set VERDICT; 0
# only if the task ran and exited 0. Also honoured: QEMU_MEM, QEMU_CPUS
# (machine.sh's defaults), BOOT_APPEND (kernel command-line words) and
# BOOT_DISK_MBPS (throttle the disk; 0 or unset: not). OUT gets
# console.log, output.txt, qemu.log, verdict and accel.
guest_boot() {
	[ -n "${ACCEL:-}" ] || guest_accel
	guest_qemu "$@"
}

# guest_boot's work, with ACCEL given.
guest_qemu() {
	local out=$1 limit=$2 task=$3 args accel_args append=${BOOT_APPEND:-}
	local drive khz t0 qemu_rc timed_out=0 f cmd
	shift 3
	args=$(IFS=,; echo "$*")
	for f in "$KERNEL" "$INITRD" "$DISK"; do
		[ -r "$f" ] || die "guest_boot: $f is missing (build it first)"
	done
	mkdir -p "$out"
	case "$ACCEL" in
	kvm) accel_args=(-accel kvm -cpu host) ;;
	*) accel_args=(-accel tcg,thread=single)
	   # Under TCG the guest reads the host's TSC, but cannot calibrate
	   # it (no HPET or ACPI PM timer in this config) and falls back to
	   # the 4 ms jiffies clock; tell it the host's constant TSC rate.
	   if grep -qw constant_tsc /proc/cpuinfo; then
		khz=$(awk -F': ' '/^cpu MHz/ { printf "%d", $2 * 1000; exit }' /proc/cpuinfo)
		append="tsc_early_khz=$khz tsc=reliable $append"
	   fi ;;
	esac
	drive="file=$DISK,format=raw,if=virtio,snapshot=on"
	[ "${BOOT_DISK_MBPS:-0}" = 0 ] ||
		drive+=",throttling.bps-total=$((BOOT_DISK_MBPS * 1000000))"
	cmd=("$QEMU" -machine "$QEMU_MACHINE" "${accel_args[@]}" -m "$QEMU_MEM"
	     -smp "$QEMU_CPUS" -nographic -no-reboot -nodefaults
	     -kernel "$KERNEL" -initrd "$INITRD"
	     -append "$GUEST_CMDLINE execfirst.task=$task${args:+ execfirst.args=$args} $append"
	     -drive "$drive"
	     -chardev "file,id=console,path=$out/console.log" -serial chardev:console
	     -chardev "file,id=status,path=$out/output.txt" -serial chardev:status)
	printf '$ %q' "${cmd[0]}" >&2; printf ' %q' "${cmd[@]:1}" >&2; echo >&2
	log "Booting under ${ACCEL^^}: task $task ${args:+($args) }-> ${out#"$TOP"/}"
	t0=$(now)
	set +e
	timeout --foreground -k 5 "$limit" "${cmd[@]}" < /dev/null > "$out/qemu.log" 2>&1
	qemu_rc=$?
	set -e
	[ "$qemu_rc" -ne 124 ] && [ "$qemu_rc" -ne 137 ] || timed_out=1
	VERDICT=$("$TOP/host/lib/outcome.sh" "$out/console.log" "$out/output.txt" \
		"$qemu_rc" "$timed_out" || true)
	echo "$VERDICT" > "$out/verdict"
	echo "$ACCEL" > "$out/accel"
	log "Elapsed time: $(elapsed "$t0")s running ($ACCEL); outcome: $VERDICT"
	[ "$VERDICT" = pass ]
}
