# The bench disk's contents (make bench), sourced by host/lib/image.sh with
# $data (the staging folder), $disk, $out (the guest build) and $debroot
# (host/lib/debroot.sh's Debian root) set, text_layout(), and lib.sh's
# machine(), run(), die(), log() and need_space(). The disk is rebuilt when
# this file, the apps or the Debian root change.
# shellcheck shell=bash disable=SC2154
#
# Its files are sized for guests up to bench.max_mem_mb in common/machines
# (host/bench.sh refuses a larger guest). A scenario takes shares of the
# guest's MemTotal, which is less than its memory (guest/bench/plan.c; the
# driver checks each file's size before a load uses it, work.c's
# load_check()):
# - stream.bin, random data: read, copied, mapped or strided by a stream
#   (stream_pct, 300 at the most), its last abuser_pct mapped by the
#   abuser, and its last 4 MiB read by stutter's probe (work.c's PROBE_LEN)
#   beside a copy of 3x memory: 3x the ceiling and 4 MiB;
# - db.sqlite, a table of 200 random bytes a row, 19 rows to a 4 KiB page:
#   SQLite's and the Zipfian pread()s' lookups over db_pct (200) of
#   memory: 2x the ceiling;
# - room for copy.bin, the copy stream's output in the guest (its
#   stream_pct of memory: 3x the ceiling), and 64 MiB for what the real
#   programs write (kbuild-memcg's sources and objects, gcc's temporary
#   files);
# - six apps and six data twins (copies of the same file, read through
#   PROT_READ), four big apps (app_pct and procs_pct of memory take their
#   first pages: guest/Makefile's SMALL_PAGES and BIG_PAGES), and the
#   Debian root of the real programs (root/, 310 MiB, with bench/realapps
#   in root/execfirst) and an identical copy for their data twins
#   (twinroot/).
# host/tests/bench.t sources the sizes alone (sizes_only=1) and checks that
# they cover every scenario at the ceiling.
max_mb=$(machine bench.max_mem_mb)
stream_mb=$((3 * max_mb + 4))
db_mb=$((2 * max_mb))
copy_mb=$((3 * max_mb))
written_mb=64
[ -z "${sizes_only:-}" ] || return 0

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
# The two big files, in the staging folder and again in the image.
need_space "$data" $(($(du -sm "$data" | cut -f1) + 2 * (stream_mb + db_mb) + 64)) \
	"the bench disk's stream file and database"
head -c $((stream_mb << 20)) /dev/urandom > "$data/stream.bin"
db_rows() {	# db_rows FIRST LAST: add rows FIRST..LAST to the table
	run sqlite3 "$data/db.sqlite" "PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF;
	WITH RECURSIVE c(x) AS (SELECT $1 UNION ALL SELECT x + 1 FROM c
	WHERE x < $2) INSERT INTO t SELECT x, randomblob(200) FROM c;" > /dev/null
}
run sqlite3 "$data/db.sqlite" "PRAGMA page_size=4096;
	CREATE TABLE t(k INTEGER PRIMARY KEY, v BLOB);" > /dev/null
rows=$((db_mb * 256 * 19))	# 256 pages a MiB
db_rows 1 "$rows"
# A sqlite3 that packed more rows to a page: a MiB of rows more at a time.
while [ "$(stat -c %s "$data/db.sqlite")" -lt $((db_mb << 20)) ]; do
	db_rows $((rows + 1)) $((rows + 256 * 19))
	rows=$((rows + 256 * 19))
done
# The image: the files, the room the guest writes in, and ext4's own
# blocks: the 64 MiB journal, and 3% of the disk for the inode tables (one
# 256-byte inode per 16 KiB: 1.6%), the rest (0.4%) and a margin.
disk_mb=$((($(du -sm "$data" | cut -f1) + copy_mb + written_mb + 64) * 100 / 97))
run mkfs.ext4 -q -F -T default -m 0 -J size=64 -L execfirst-bench \
	-d "$data" "$disk" "${disk_mb}M"
free_mb=$(dumpe2fs -h "$disk" 2> /dev/null | awk -F: '
	$1 == "Free blocks" { f = $2 } $1 == "Block size" { b = $2 }
	END { print int(f * b / 1048576) }')
[ "$free_mb" -ge $((copy_mb + written_mb)) ] ||
	die "the bench disk ($disk_mb MiB) has $free_mb MiB free, less than the $((copy_mb + written_mb)) MiB a copy of 3x bench.max_mem_mb and the programs write"
log "Bench disk: $disk_mb MiB, $free_mb MiB free, for guests up to $max_mb MiB"
