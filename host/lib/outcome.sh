#!/usr/bin/env bash
# Classify one guest boot from what it left behind.
# Usage: host/lib/outcome.sh CONSOLE_LOG STATUS_FILE QEMU_EXIT_CODE TIMED_OUT(0|1)
# Prints one of: pass, fail RC, early-panic, panic, splat: LINE, timeout,
# died
# and exits 0 for pass, 1 otherwise.
. "$(dirname "$0")/lib.sh"
console=$1 status=$2 qemu_rc=$3 timed_out=$4

rc=
[ ! -r "$status" ] ||
	rc=$(tr -d '\r' < "$status" | sed -n 's/^execfirst-exit: \([0-9]*\)$/\1/p' | tail -n 1)
clean=$(mktemp)
trap 'rm -f "$clean"' EXIT
[ ! -r "$console" ] || tr -d '\r' < "$console" > "$clean"

if grep -q 'Kernel panic - not syncing' "$clean"; then
	# A panic before PID 1 ran is an early-boot panic: the kernel never
	# reached the tests, so it says nothing about them.
	if grep -q 'Run /init as init process' "$clean"; then
		echo panic
	else
		echo early-panic
	fi
	exit 1
fi
# A warning, a KASAN or lockdep report, list corruption, a lockup or a
# hung task fails the boot even if the task passed and the kernel lived on.
splat=$(grep -m1 -E "$SPLAT_RE" "$clean" || true)
if [ -n "$splat" ]; then
	echo "splat: ${splat#\[*\] }"
	exit 1
fi
if [ "$timed_out" = 1 ]; then
	echo timeout
	exit 1
fi
if [ -z "$rc" ]; then
	echo "died (QEMU exit code $qemu_rc, no exit status from the guest)"
	exit 1
fi
if [ "$rc" = 0 ]; then
	echo pass
	exit 0
fi
echo "fail $rc"
exit 1
