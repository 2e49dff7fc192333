#!/usr/bin/env bash
# `make bisect`: every patch of the series builds and boots on its own.
# For K = 1..N, the tree with the first K patches (build/linux-bisect,
# moved from one K to the next by applying one more patch) is built with
# the guest config, must compile without a compiler warning, and is booted
# to run the sysctl test (which skips the knobs a prefix does not have yet).
# Every prefix must also build without a warning in the guest config less
# CONFIG_MEMCG, less CONFIG_LRU_GEN and less CONFIG_SYSCTL (config/bisect/),
# and compile mm/ and fs/inode.o with Debian's own kernel config
# (linux-config-6.12's config.amd64_none_amd64), where it would ship.
# With SERIES=v2 (make bisect SERIES=v2) it does the same for patches/v2
# (build/linux-v2-bisect, config/v2 added, CONFIG_EXEC_PROTECT set in
# Debian's config, the boot running v2's sysctl test), and checks each
# prefix's struct sizes against the unpatched kernel's (built first).
# Prints TAP; exits 0 only if all passed.
# Usage: host/bisect.sh   (needs about 4 GiB for its own tree and objects)
. "$(dirname "$0")/lib/lib.sh"
. "$TOP/host/lib/tap.sh"
. "$TOP/host/lib/guest.sh"

[ $# -eq 0 ] || die "bisect.sh: takes no arguments, not '$*'"
"$TOP/host/lib/deps.sh" bisect
mapfile -t series < <(grep -v '^\(#\|$\)' "$SERIES_DIR/series")
n=${#series[@]}
flavours=(no-memcg no-lru-gen no-sysctl)
debian_config=/usr/src/linux-config-6.12/config.amd64_none_amd64.xz
# Per series: the prefixes' tree kind, the sysctl test, and (v2) the
# options Debian's config needs for the series' code to be compiled.
prefix=prefix- sysctl_test=exec_protect_sysctl debian_opts=() checks=3
if [ "$SERIES" != v1 ]; then
	prefix=$SERIES-prefix- sysctl_test=exec_protect_modes
	debian_opts=(-e EXEC_PROTECT) checks=4
fi
bisect_tree=$("$TOP/host/lib/tree.sh" "${prefix}1" | tail -n 1)
echo "1..$(((checks + ${#flavours[@]}) * n))"

# tap_build K WHAT LOG: a build's verdict from its exit status and log.
tap_build() {
	local k=$1 what=$2 log=$3 rc=$4 warns
	warns=$(grep -c 'warning:' "$log" || true)
	grep 'warning:' "$log" | head -n 5 | sed 's/^/# /' || true
	[ "$rc" = 0 ] || tail -n 20 "$log" | sed 's/^/# /'
	[ "$rc" = 0 ] && [ "$warns" = 0 ] && rc=0 || rc=1
	tap_ok "$rc" "patches 1-$k ($what) build ($warns warnings; ${log#"$TOP"/})"
}

# Compile mm/ and fs/inode.o of a tree with Debian's config.
debian_mm() {	# debian_mm TREE
	local mk=(make -C "$1" O=obj-debian ARCH=x86_64 CC="ccache gcc" -j"$(nproc)")
	mkdir -p "$1/obj-debian"
	if ! cmp -s <(xz -dc "$debian_config") "$1/obj-debian/.config.debian"; then
		xz -dc "$debian_config" > "$1/obj-debian/.config.debian"
		cp "$1/obj-debian/.config.debian" "$1/obj-debian/.config"
		[ ${#debian_opts[@]} = 0 ] ||
			"$1/scripts/config" --file "$1/obj-debian/.config" "${debian_opts[@]}"
		"${mk[@]}" -s olddefconfig
	fi
	CCACHE_DIR=$CACHE/ccache "${mk[@]}" -s mm/ fs/inode.o
}
guest_image test
# v2 grows no struct: the unpatched kernel's sizes, to compare each prefix's.
[ "$SERIES" = v1 ] || "$TOP/host/lib/kernel.sh" vanilla guest > /dev/null
runs=$BUILD/runs/bisect-$(date +%Y%m%d-%H%M%S)
mkdir -p "$runs"
for k in $(seq "$n"); do
	p=${series[$((k - 1))]}
	for f in "${flavours[@]}"; do
		"$TOP/host/lib/kernel.sh" "$prefix$k" "$f" > /dev/null 2> "$runs/build-$k-$f.log" &&
			rc=0 || rc=$?
		tap_build "$k" "$p, $f" "$runs/build-$k-$f.log" "$rc"
	done
	debian_mm "$bisect_tree" > /dev/null 2> "$runs/build-$k-debian.log" &&
		rc=0 || rc=$?
	tap_build "$k" "$p, mm/ with Debian's config" "$runs/build-$k-debian.log" "$rc"
	# kbuild prints warnings on stderr; -s keeps the rest quiet.
	if "$TOP/host/lib/kernel.sh" "$prefix$k" guest > /dev/null 2> "$runs/build-$k.log"; then
		KERNEL=$BUILD/kernels/$prefix$k-guest.bzImage
		warns=$(grep -c 'warning:' "$runs/build-$k.log" || true)
		grep 'warning:' "$runs/build-$k.log" | head -n 5 | sed 's/^/# /' || true
		[ "$warns" = 0 ] && rc=0 || rc=1
		tap_ok "$rc" "patches 1-$k ($p) build ($warns warnings)"
	else
		tail -n 20 "$runs/build-$k.log" | sed 's/^/# /'
		tap_ok 1 "patches 1-$k ($p) build (see ${runs#"$TOP"/}/build-$k.log)"
		tap_ok 1 "patches 1-$k boot: not built"
		[ "$SERIES" = v1 ] || tap_ok 1 "patches 1-$k struct sizes: not built"
		continue
	fi
	if [ "$SERIES" != v1 ]; then
		"$TOP/host/tools/struct-sizes.sh" "$BUILD/linux-vanilla" "$bisect_tree" \
			> "$runs/sizes-$k.log" 2>&1 && rc=0 || rc=$?
		[ "$rc" = 0 ] || sed 's/^/# /' "$runs/sizes-$k.log"
		tap_ok "$rc" "patches 1-$k grow no struct of the unpatched kernel's (${runs#"$TOP"/}/sizes-$k.log)"
	fi
	out=$runs/boot-$k
	guest_boot "$out" 300 "tests/$sysctl_test" > /dev/null 2>&1 || true
	verdict=$VERDICT
	skipped=$(grep -c '^ok .*# SKIP' "$out/output.txt" || true)
	passed=$(($(grep -c '^ok' "$out/output.txt" || true) - skipped))
	# A prefix with the switch must pass some of its checks, not skip all.
	has=0
	! grep -q '\.procname[[:space:]]*= "exec_protect"' "$bisect_tree/mm/vmscan.c" || has=1
	[ "$verdict" = pass ] && { [ "$passed" -gt 0 ] || [ "$has" = 0 ]; } && rc=0 || rc=1
	tap_ok "$rc" "patches 1-$k boot and pass the sysctl test ($verdict: $passed passed, $skipped skipped for knobs not there yet)"
done
tap_summary
[ "$TAP_FAIL" = 0 ]
