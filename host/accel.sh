#!/usr/bin/env bash
# Print the accelerator to use: kvm if a short probe boot under KVM works
# on this machine, else tcg. The verdict is remembered per machine (host
# kernel, QEMU version, CPU model). EXECFIRST_ACCEL=kvm|tcg overrides it.
# Usage: host/accel.sh KERNEL INITRD
. "$(dirname "$0")/lib.sh"

case "${EXECFIRST_ACCEL:-}" in
kvm|tcg) echo "$EXECFIRST_ACCEL"; exit 0 ;;
'') ;;
*) die "EXECFIRST_ACCEL must be kvm or tcg, not '$EXECFIRST_ACCEL'" ;;
esac

machine_id=$( { uname -r; qemu-system-x86_64 --version | head -n 1;
	grep -m1 'model name' /proc/cpuinfo; } | sha1sum | cut -c1-16)
verdict_file=$CACHE/accel-$machine_id
if [ -r "$verdict_file" ]; then
	cat "$verdict_file"
	exit 0
fi

verdict=tcg
if [ -r /dev/kvm ] && [ -w /dev/kvm ]; then
	# A broken KVM (seen here: a paravirtual KVM without VMX) hangs while
	# the kernel decompresses, or dies with an emulation failure.
	log "Probing KVM with a short boot (30 s at most)"
	if EXECFIRST_ACCEL=kvm "$TOP/host/qemu.sh" --timeout 30 --kernel "$1" \
		--initrd "$2" --out "$BUILD/runs/kvm-probe" tasks/probe >&2; then
		verdict=kvm
	fi
fi
mkdir -p "$CACHE"
echo "$verdict" > "$verdict_file"
log "Accelerator for this machine: $verdict (remembered in $verdict_file)"
echo "$verdict"
