#!/usr/bin/env bash
# Build the guest userland: static programs and busybox in an initramfs,
# and an ext4 disk (made with mkfs.ext4 -d: no loop mounts).
# Usage: host/image.sh [test|soak|bench]   (prints "INITRD DISK" last)
#   test   the tests and a 1200 MiB disk with the twin files, a stream file
#          and two copies of the small app (make test)
#   soak   the soak (guest/soak) and Debian's stress-ng with the libraries
#          it loads, on the test disk (make soak)
#   bench  the benchmark driver, the scenarios, and a 5 GiB disk with the
#          apps, a stream file and a SQLite database (make bench)
. "$(dirname "$0")/lib.sh"

kind=${1:-test}
out=$BUILD/guest
case "$kind" in
test) run make -s -C "$TOP/guest" OUT="$out" all
      initrd=$BUILD/initramfs.cpio.gz disk=$BUILD/disk.img ;;
soak) run make -s -C "$TOP/guest" OUT="$out" all
      initrd=$BUILD/soak-initramfs.cpio.gz disk=$BUILD/disk.img ;;
bench) run make -s -C "$TOP/guest" OUT="$out" bench
       initrd=$BUILD/bench-initramfs.cpio.gz disk=$BUILD/bench-disk.img ;;
*) die "image.sh: unknown image '$kind' (expected test, soak or bench)" ;;
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
	cp -r "$TOP/bench/scenarios" "$stage/execfirst/bench/"
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

# A disk's contents depend only on this script's section for it below (and,
# for the bench disk, on the apps), so it is rebuilt only when those change.
dkind=$kind
[ "$kind" != soak ] || dkind=test
section=$(sed -n "/^# $dkind disk contents/,/^# end of $dkind disk/p" "$0")
disk_id=$({ echo "$section"; cat "$out"/apps/app-small
	[ "$dkind" = test ] || cat "$out"/apps/app-big; } | sha1sum | cut -c1-16)
if [ "$(cat "$disk.id" 2>/dev/null)" != "$disk_id" ]; then
	t0=$(now)
	data=$BUILD/disk-staging
	rm -rf "$data" "$disk"
	# Staging and image: 1.4 GiB (test) or 7 GiB (bench) at the most.
	need_space "$BUILD" $([ "$dkind" = test ] && echo 1500 || echo 7500) \
		"building the $dkind disk image"
	mkdir -p "$data"
	eval "$section"
	rm -rf "$data"
	echo "$disk_id" > "$disk.id"
	log "Disk image $(basename "$disk") built in $(elapsed "$t0")s"
fi
echo "$initrd $disk"
exit 0

# test disk contents -----------------------------------------------------
# Twin files: identical random data, one to be mapped PROT_EXEC and one
# PROT_READ. Random so that nothing compresses or dedupes.
head -c $((64 << 20)) /dev/urandom > "$data/twin-exec.bin"
cp "$data/twin-exec.bin" "$data/twin-read.bin"
# A stream far larger than any test cgroup's memory.max.
head -c $((512 << 20)) /dev/urandom > "$data/stream.bin"
# A large program of which little is run (exec_time_priority).
head -c $((48 << 20)) /dev/urandom > "$data/hog.bin"
# The soak's apps: executables whose text it runs while reclaim walks them.
mkdir -p "$data/apps"
cp "$out/apps/app-small" "$data/apps/app0"
cp "$out/apps/app-small" "$data/apps/app1"
# Room for the soak's scratch files (exec churn, stress-ng's mmap file).
run mkfs.ext4 -q -F -L execfirst -d "$data" "$disk" 1200M
# end of test disk -------------------------------------------------------

# bench disk contents ----------------------------------------------------
# Sized for guests up to bench.max_mem_mb in common/machines (512 MiB;
# scenarios take shares of MemTotal):
# six apps and six data twins (copies of the same file, read through
# PROT_READ), four big apps, a 1280 MiB stream file of random data, and an
# 800 MiB SQLite table (3.7 million rows of 200 random bytes).
mkdir -p "$data/apps"
for i in 0 1 2 3 4 5; do
	cp "$out/apps/app-small" "$data/apps/app$i"
	cp "$out/apps/app-small" "$data/apps/data$i"
done
for i in 0 1 2 3; do cp "$out/apps/app-big" "$data/apps/big$i"; done
read -r off small < <(text_layout "$out/apps/app-small")
read -r off_big big < <(text_layout "$out/apps/app-big")
[ "$off" = "$off_big" ] || die "the apps' big_text offsets differ"
echo "text_offset $off small_pages $small big_pages $big" > "$data/apps/layout"
head -c $((1280 << 20)) /dev/urandom > "$data/stream.bin"
run sqlite3 "$data/db.sqlite" "PRAGMA page_size=4096; PRAGMA journal_mode=OFF;
	PRAGMA synchronous=OFF; CREATE TABLE t(k INTEGER PRIMARY KEY, v BLOB);
	WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c
	WHERE x < 3700000) INSERT INTO t SELECT x, randomblob(200) FROM c;" > /dev/null
run mkfs.ext4 -q -F -L execfirst-bench -d "$data" "$disk" 5G
# end of bench disk ------------------------------------------------------
