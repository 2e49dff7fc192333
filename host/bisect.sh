#!/usr/bin/env bash
# `make bisect`: every patch of the series builds and boots on its own.
# For K = 1..N, the tree with the first K patches (build/linux-bisect,
# moved from one K to the next by applying one more patch) is built with
# the guest config, must compile without a compiler warning, and is booted
# to run the sysctl test (which skips the knobs a prefix does not have yet).
# Prints TAP; exits 0 only if all passed.
# Usage: host/bisect.sh   (needs about 2 GiB for its own tree)
. "$(dirname "$0")/lib.sh"
. "$TOP/host/tap.sh"

[ $# -eq 0 ] || die "bisect.sh: takes no arguments, not '$*'"
"$TOP/host/deps.sh" test
mapfile -t series < <(grep -v '^\(#\|$\)' "$TOP/patches/series")
n=${#series[@]}
echo "1..$((2 * n))"
read -r initrd disk < <("$TOP/host/image.sh" | tail -n 1)
runs=$BUILD/runs/bisect-$(date +%Y%m%d-%H%M%S)
mkdir -p "$runs"
for k in $(seq "$n"); do
	p=${series[$((k - 1))]}
	# kbuild prints warnings on stderr; -s keeps the rest quiet.
	if kernel=$("$TOP/host/kernel.sh" "prefix-$k" guest 2> "$runs/build-$k.log" | tail -n 1); then
		warns=$(grep -c 'warning:' "$runs/build-$k.log" || true)
		grep 'warning:' "$runs/build-$k.log" | head -n 5 | sed 's/^/# /' || true
		[ "$warns" = 0 ] && rc=0 || rc=1
		tap_ok "$rc" "patches 1-$k ($p) build ($warns warnings)"
	else
		tail -n 20 "$runs/build-$k.log" | sed 's/^/# /'
		tap_ok 1 "patches 1-$k ($p) build (see ${runs#"$TOP"/}/build-$k.log)"
		tap_ok 1 "patches 1-$k boot: not built"
		continue
	fi
	out=$runs/boot-$k
	"$TOP/host/qemu.sh" --kernel "$kernel" --initrd "$initrd" --disk "$disk" \
		--timeout 300 --out "$out" tests/exec_protect_sysctl > /dev/null 2>&1 || true
	verdict=$(cat "$out/verdict")
	skipped=$(grep -c '^ok .*# SKIP' "$out/output.txt" || true)
	passed=$(($(grep -c '^ok' "$out/output.txt" || true) - skipped))
	[ "$verdict" = pass ] && [ "$passed" -gt 0 ] && rc=0 || rc=1
	tap_ok "$rc" "patches 1-$k boot and pass the sysctl test ($verdict: $passed passed, $skipped skipped for knobs not there yet)"
done
tap_summary
[ "$TAP_FAIL" = 0 ]
