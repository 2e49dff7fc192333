#!/usr/bin/env bash
# Build the guest userland: static programs and busybox in an initramfs,
# and an ext4 disk (made with mkfs.ext4 -d: no loop mounts).
# Usage: host/lib/image.sh [test|soak|bench]   (its files: image_paths in
# host/lib/guest.sh; the disks' contents: host/lib/disks/)
#   test   the tests and a 1200 MiB disk with the twin files, a stream file
#          and two copies of the small app (make test)
#   soak   the soak (guest/soak) and Debian's stress-ng with the libraries
#          it loads, on the test disk (make soak)
#   bench  the benchmark driver, the scenarios, and a disk of about 6.3 GiB
#          with the apps, a stream file and a SQLite database, sized from
#          bench.max_mem_mb in common/machines (make bench)
. "$(dirname "$0")/lib.sh"
. "$TOP/host/lib/guest.sh"

kind=${1:-test}
out=$BUILD/guest
image_paths "$kind"
initrd=$INITRD disk=$DISK
# The tests report through the unpacked tree's kselftest.h.
ksft=$BUILD/linux/tools/testing/selftests
[ -r "$ksft/kselftest.h" ] || "$TOP/host/lib/tree.sh" patched > /dev/null
case "$kind" in
test|soak) run make -s -C "$TOP/guest" OUT="$out" KSFT="$ksft" all ;;
bench) run make -s -C "$TOP/guest" OUT="$out" KSFT="$ksft" bench ;;
esac

# busybox-static's binary: the initramfs has no C library to load.
busybox=/bin/busybox
[ -x "$busybox" ] || die "busybox is missing: apt-get install busybox-static"

stage=$BUILD/initramfs-$kind
rm -rf "$stage"
mkdir -p "$stage"/{bin,dev,proc,sys,tmp,mnt,execfirst}
cp "$busybox" "$stage/bin/busybox"
cp "$TOP/guest/init" "$stage/init"
cp -r "$TOP/guest/tasks" "$TOP/common" "$stage/execfirst/"
if [ "$kind" = test ]; then
	cp -r "$out/tests" "$stage/execfirst/"
elif [ "$kind" = soak ]; then
	mkdir -p "$stage/execfirst/soak" "$stage/usr/bin"
	cp "$out/soak/soak" "$TOP/guest/soak/run" "$stage/execfirst/soak/"
	# stress-ng is dynamically linked: bring the loader and its libraries.
	sng=/usr/bin/stress-ng
	[ -x "$sng" ] || die "stress-ng is missing: apt-get install stress-ng"
	cp "$sng" "$stage/usr/bin/"
	ldd "$sng" | grep -o '/[^ ]*' | while read -r lib; do
		mkdir -p "$stage$(dirname "$lib")"
		cp -L "$lib" "$stage$lib"
	done
else
	mkdir -p "$stage/execfirst/bench"
	cp "$out/bench/bench" "$stage/execfirst/bench/"
	cp -r "$TOP/bench/scenarios" "$TOP/bench/realapps" "$stage/execfirst/bench/"
fi
(cd "$stage" && find . -print0 | sort -z |
	cpio --null -o -H newc -R 0:0 --quiet) | gzip -1 > "$initrd.tmp"
mv "$initrd.tmp" "$initrd"

# big_text's offset in an app's file (the LOAD segment holding it maps
# vaddr to vaddr - segment vaddr + segment offset), and its size in pages.
sym() { nm "$1" | awk -v s="$2" '$3 == s { print "0x" $1 }'; }
text_layout() {	# text_layout APP -> "OFFSET PAGES"
	local a e off va sz
	a=$(($(sym "$1" big_text))) e=$(($(sym "$1" big_text_end)))
	while read -r off va sz; do
		if [ "$a" -ge $((va)) ] && [ "$a" -lt $((va + sz)) ]; then
			echo "$((a - va + off)) $(((e - a) / 4096))"
			return
		fi
	done < <(readelf -lW "$1" | awk '$1 == "LOAD" { print $2, $3, $6 }')
	die "cannot find big_text in $1"
}

# A disk's contents depend only on its recipe (host/lib/disks/KIND.sh) and the
# apps, so it is rebuilt only when those change.
dkind=$kind
[ "$kind" != soak ] || dkind=test
recipe=$TOP/host/lib/disks/$dkind.sh
# The bench disk also holds the Debian root (its path names its contents),
# and its files are sized from bench.max_mem_mb.
[ "$dkind" = test ] || debroot=$("$TOP/host/lib/debroot.sh")
disk_id=$({ cat "$recipe" "$out"/apps/app-small
	[ "$dkind" = test ] || { cat "$out"/apps/app-big "$TOP"/bench/realapps/*
		echo "$debroot" "$(machine bench.max_mem_mb)"; }; } | sha1sum | cut -c1-16)
if [ "$(cat "$disk.id" 2>/dev/null)" != "$disk_id" ]; then
	t0=$(now)
	data=$BUILD/disk-staging
	rm -rf "$data" "$disk"
	# Staging and image: 1.4 GiB (test) or 9.2 GiB (bench) at the most.
	need_space "$BUILD" $([ "$dkind" = test ] && echo 1500 || echo 9500) \
		"building the $dkind disk image"
	mkdir -p "$data"
	# shellcheck source=/dev/null
	. "$recipe"
	rm -rf "$data"
	echo "$disk_id" > "$disk.id"
	log "Disk image $(basename "$disk") built in $(elapsed "$t0")s"
fi
