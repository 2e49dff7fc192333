# The bench disk's contents (make bench), sourced by host/lib/image.sh with
# $data (the staging folder), $disk, $out (the guest build) and $debroot
# (host/lib/debroot.sh's Debian root) set, and text_layout(). The disk is
# rebuilt when this file, the apps or the Debian root change.
# shellcheck shell=bash
# Sized for guests up to bench.max_mem_mb in common/machines (512 MiB;
# scenarios take shares of MemTotal):
# six apps and six data twins (copies of the same file, read through
# PROT_READ), four big apps, a 1280 MiB stream file of random data, an
# 800 MiB SQLite table (3.7 million rows of 200 random bytes), and the
# Debian root of the real programs (root/, 310 MiB, with bench/realapps in
# root/execfirst) and an identical copy for their data twins (twinroot/).
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
cp -a "$debroot" "$data/root"
rm -f "$data/root/.execfirst-done"
mkdir -p "$data/root/execfirst"
cp "$TOP"/bench/realapps/* "$data/root/execfirst/"
cp -a "$data/root" "$data/twinroot"
head -c $((1280 << 20)) /dev/urandom > "$data/stream.bin"
run sqlite3 "$data/db.sqlite" "PRAGMA page_size=4096; PRAGMA journal_mode=OFF;
	PRAGMA synchronous=OFF; CREATE TABLE t(k INTEGER PRIMARY KEY, v BLOB);
	WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c
	WHERE x < 3700000) INSERT INTO t SELECT x, randomblob(200) FROM c;" > /dev/null
run mkfs.ext4 -q -F -L execfirst-bench -d "$data" "$disk" 6G
