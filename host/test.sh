#!/usr/bin/env bash
# `make test`: host-side checks, then the patched kernel built, booted in
# QEMU and tested. Ends with one line "N passed, N failed[, N skipped]".
# Usage: host/test.sh [GUEST_TEST...]   (default: every guest test)
. "$(dirname "$0")/lib.sh"
. "$TOP/host/tap.sh"

t_start=$(now)
"$TOP/host/deps.sh" test

echo "TAP version 13"

# Host-side tests: result parsers on recorded logs, report code.
for t in "$TOP"/host/tests/*.t; do
	[ -e "$t" ] || continue
	out=$(mktemp)
	bash "$t" > "$out" 2>&1 && rc=0 || rc=$?
	tap_merge "host/$(basename "$t" .t)" "$out" || tap_ok 1 "host/$(basename "$t" .t): plan not met (exit $rc)"
	rm -f "$out"
done

# Every patch is checkpatch-clean (strict) against the tree it applies to.
tree=$("$TOP/host/tree.sh" patched)
while read -r p; do
	case "$p" in ''|\#*) continue ;; esac
	out=$(perl "$tree/scripts/checkpatch.pl" --strict --no-tree -q \
		"$TOP/patches/$p" 2>&1) && rc=0 || rc=$?
	[ "$rc" = 0 ] || printf '%s\n' "$out" | sed 's/^/# /'
	tap_ok "$rc" "checkpatch --strict: $p"
done < "$TOP/patches/series"

t_build=$(now)
kernel=$("$TOP/host/kernel.sh" patched guest | tail -n 1)
read -r initrd disk < <("$TOP/host/image.sh" | tail -n 1)
log "Elapsed time: $(elapsed "$t_build")s building kernel and images"

# Guest tests, one boot each, in this order.
guest_tests=("$@")
[ ${#guest_tests[@]} -gt 0 ] ||
	guest_tests=(exec_protect_sysctl twin_exec_file twin_exec_anon)
runs=$BUILD/runs/test-$(date +%Y%m%d-%H%M%S)
for t in "${guest_tests[@]}"; do
	[ -x "$BUILD/guest/tests/$t" ] || die "no guest test named '$t'"
	out=$runs/$t
	if "$TOP/host/qemu.sh" --kernel "$kernel" --initrd "$initrd" \
		--disk "$disk" --timeout 900 --out "$out" "tests/$t"; then
		verdict=pass
	else
		verdict=$(cat "$out/verdict")
	fi
	if ! tap_merge "$t" "$out/output.txt"; then
		tap_ok 1 "$t: did not complete its plan ($verdict; console: ${out#"$TOP"/}/console.log)"
	elif [ "$verdict" != pass ] && [ "${verdict%% *}" != fail ]; then
		tap_ok 1 "$t: $verdict (console: ${out#"$TOP"/}/console.log)"
	fi
done

log "Elapsed time: $(elapsed "$t_start")s in all ($(cat "$CACHE"/accel-* 2>/dev/null | head -n 1 | tr a-z A-Z))"
tap_summary
[ "$TAP_FAIL" = 0 ]
