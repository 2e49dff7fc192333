#!/usr/bin/env bash
# Build the guest userland: static programs and busybox in an initramfs,
# and the ext4 test disk (made with mkfs.ext4 -d: no loop mounts).
# Usage: host/image.sh   (prints "INITRD DISK" last)
. "$(dirname "$0")/lib.sh"

out=$BUILD/guest
initrd=$BUILD/initramfs.cpio.gz
disk=$BUILD/disk.img

run make -s -C "$TOP/guest" OUT="$out"

# busybox-static's binary: the initramfs has no C library to load.
busybox=/bin/busybox
[ -x "$busybox" ] || die "busybox is missing: apt-get install busybox-static"

stage=$BUILD/initramfs
rm -rf "$stage"
mkdir -p "$stage"/{bin,dev,proc,sys,tmp,mnt,execfirst}
cp "$busybox" "$stage/bin/busybox"
cp "$TOP/guest/init" "$stage/init"
cp -r "$out/tests" "$TOP/guest/tasks" "$stage/execfirst/"
(cd "$stage" && find . -print0 | sort -z |
	cpio --null -o -H newc -R 0:0 --quiet) | gzip -1 > "$initrd.tmp"
mv "$initrd.tmp" "$initrd"

# The disk's contents depend only on this script's data section below, so
# it is rebuilt only when that changes.
disk_id=$(sed -n '/^# disk contents/,$p' "$0" | sha1sum | cut -c1-16)
if [ "$(cat "$disk.id" 2>/dev/null)" != "$disk_id" ]; then
	t0=$(now)
	data=$BUILD/disk-staging
	rm -rf "$data" "$disk"
	mkdir -p "$data"
	# disk contents ------------------------------------------------------
	# Twin files: identical random data, one to be mapped PROT_EXEC and
	# one PROT_READ. Random so that nothing compresses or dedupes.
	head -c $((64 << 20)) /dev/urandom > "$data/twin-exec.bin"
	cp "$data/twin-exec.bin" "$data/twin-read.bin"
	# A stream far larger than any test cgroup's memory.max.
	head -c $((512 << 20)) /dev/urandom > "$data/stream.bin"
	run mkfs.ext4 -q -F -L execfirst -d "$data" "$disk" 768M
	rm -rf "$data"
	echo "$disk_id" > "$disk.id"
	log "Disk image built in $(elapsed "$t0")s"
fi
echo "$initrd $disk"
