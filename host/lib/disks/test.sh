# The test disk's contents (make test, make soak), sourced by host/lib/image.sh
# with $data (the staging folder), $disk and $out (the guest build) set. The
# disk is rebuilt when this file or the small app changes.
# shellcheck shell=bash
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
