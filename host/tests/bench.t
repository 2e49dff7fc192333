#!/usr/bin/env bash
# host/bench.sh refuses bad input before doing anything: each wrong option
# or value is named, the exit status is non-zero, and no results folder
# is made.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bench=$here/../bench.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

. "$here/../lib/tap.sh"
# The bench guest's size (common/machines).
mem=$(awk '$1 == "bench.mem_mb" { print $2 }' "$here/../../common/machines")
export BUILD=$tmp/build
refused() {	# refused DESC WORD ARGS...: non-zero, WORD in stderr, no results
	tap_refused "$1" "$2" "$here/../../results/bench-t-$$" \
		"$bench" "${@:3}" --run bench-t-$$
}

tap_plan 25
refused "an unknown option is named" "'--frobnicate'" --frobnicate
refused "an unknown profile is named" "'fast'" --profile fast
refused "a zero sample count is refused" "'0'" --samples 0
refused "an unknown scenario is named, with the ones there are" \
	"no scenario named 'nope' (have: desktop-copy" --scenarios idle,nope
refused "an unknown variant is named" "no variant named 'classic-maybe'" \
	--variants classic-on,classic-maybe
refused "--continue needs an existing run" "no run named" --continue
refused "--remeasure goes only with --continue" "--remeasure goes with --continue" \
	--remeasure idle/vanilla
refused "--remeasure names a cell that is not SCENARIO/VARIANT of the run" \
	"'idle/nope' is not SCENARIO/VARIANT" --continue --remeasure idle/nope
# The bench disk's ceiling (common/machines), lowered below the default
# guest: a scenario that takes the default is refused, naming the file.
sed 's/^bench.max_mem_mb .*/bench.max_mem_mb 256/' "$here/../../common/machines" > "$tmp/machines"
export EXECFIRST_MACHINES=$tmp/machines
refused "a scenario over the bench disk's ceiling is refused" \
	"scenario 'idle' wants a $mem MiB guest, over the bench disk's ceiling of 256 MiB" --scenarios idle
sed -i 's/^bench.max_mem_mb .*/bench.max_mem_mb 128/' "$tmp/machines"
refused "so is one whose own guest_mem_mb is over it" \
	"scenario 'tight' wants a 192 MiB guest" --scenarios tight
unset EXECFIRST_MACHINES

# A run that exists is never overwritten.
mkdir -p "$here/../../results/bench-t-old-$$/raw"
trap 'rm -rf "$tmp" "$here/../../results/bench-t-old-$$"' EXIT
rc=0
"$bench" --run "bench-t-old-$$" > /dev/null 2> "$tmp/err" || rc=$?
[ "$rc" != 0 ] && grep -q "already exists" "$tmp/err" && rc=0 || rc=1
tap_ok "$rc" "an existing run is not overwritten"
# A run is never continued on another version of the series.
echo "series_sha1 000000000000" > "$here/../../results/bench-t-old-$$/run.info"
rc=0
BUILD=$tmp/build "$bench" --run "bench-t-old-$$" --continue --plan > /dev/null 2> "$tmp/err" || rc=$?
[ "$rc" != 0 ] && grep -q "measured series 000000000000.*never mixes" "$tmp/err" && [ ! -e "$tmp/build" ] && rc=0 || rc=1
tap_ok "$rc" "--continue refuses a run of another version of the series, before building anything"

# --plan: the cells, read from bench/variants by column name, and nothing
# built. The default variants are those whose default column says yes.
planned() {	# planned DESC WANT ARGS...: --plan's output is WANT
	local desc=$1 want=$2 got
	shift 2
	got=$(BUILD=$tmp/build "$bench" --plan "$@" 2> "$tmp/err") || true
	if [ "$got" = "$want" ] && [ ! -e "$tmp/build" ]; then
		tap_ok 0 "$desc"
	else
		printf '# got: %s\n' "$got" "$(cat "$tmp/err")"
		tap_ok 1 "$desc"
	fi
}
plan_of() {	# plan_of AWK-CONDITION: bench/variants' cells for scenario idle
	grep -v '^\(#\|$\)' "$here/../../bench/variants" |
	awk -v m="$mem" "NR > 1 && $1"' { printf "idle %s 1 mem=%sM cpus=2 kernel=%s engine=%s protect=%s mlock=%s min_ttl=%s\n", $1, m, $2, $3, $4, $5, $10 }'
}
planned "--plan: the quick profile's variants (default and quick yes), columns by name, nothing built" \
	"$(plan_of '$8 == "yes" && $9 == "yes"')" --scenarios idle --samples 1
planned "--plan: the full profile's variants (default yes)" \
	"$(plan_of '$8 == "yes"')" --profile full --scenarios idle --samples 1
quick=$(grep -lx 'quick yes' "$here"/../../bench/scenarios/*.scn | wc -l)
got=$(BUILD=$tmp/build "$bench" --plan --variants classic-on 2> /dev/null | wc -l)
full=$(BUILD=$tmp/build "$bench" --plan --profile full --samples 1 --variants classic-on 2> /dev/null | wc -l)
[ "$quick" -gt 0 ] && [ "$got" = "$quick" ] && [ "$full" = "$(ls "$here"/../../bench/scenarios/*.scn | wc -l)" ] && rc=0 || rc=1
[ "$rc" = 0 ] || echo "# quick scenarios $quick, quick plan $got cells, full plan $full cells"
tap_ok "$rc" "--plan: the quick profile runs the scenarios that say quick yes, the full one all"
planned "--plan: a variant's protect spec and a scenario's own guest size" \
	"tight classic-wu 1 mem=192M cpus=2 kernel=patched engine=classic protect=1/50/0 mlock=0 min_ttl=0
tight classic-wu 2 mem=192M cpus=2 kernel=patched engine=classic protect=1/50/0 mlock=0 min_ttl=0" \
	--scenarios tight --variants classic-wu --samples 2
# SERIES=v2: the variants of bench/variants-v2, and only those.
v2_plan=$(grep -v '^\(#\|$\)' "$here/../../bench/variants-v2" |
	awk -v m="$mem" 'NR > 1 && $8 == "yes" && $9 == "yes" { printf "idle %s 1 mem=%sM cpus=2 kernel=%s engine=%s protect=%s mlock=%s min_ttl=%s\n", $1, m, $2, $3, $4, $5, $10 }')
[[ "$v2_plan" == *"protect=2"* ]] || v2_plan="(bench/variants-v2 has no quick variant at 2)"
SERIES=v2 planned "SERIES=v2 --plan: bench/variants-v2's quick variants, one of them at vm.exec_protect=2" \
	"$v2_plan" --scenarios idle --samples 1
rc=0
SERIES=v2 BUILD=$tmp/build "$bench" --plan --variants classic-on > /dev/null 2> "$tmp/err" || rc=$?
[ "$rc" != 0 ] && grep -q "no variant named 'classic-on' (see bench/variants-v2)" "$tmp/err" && [ ! -e "$tmp/build" ] && rc=0 || rc=1
tap_ok "$rc" "SERIES=v2 refuses v1's variant names, naming bench/variants-v2"

# The bench disk (host/lib/disks/bench.sh) holds files sized for guests up
# to bench.max_mem_mb; a scenario takes shares of MemTotal, which is less
# than its guest's memory. The recipe, sourced for its sizes alone:
# (lib.sh and the recipe set and read these variables)
# shellcheck disable=SC1091,SC2034,SC2154
disk_sizes() {	# disk_sizes MACHINES: "MAX STREAM_MB DB_MB COPY_MB"
	(
		export EXECFIRST_MACHINES=$1
		. "$here/../lib/lib.sh"
		sizes_only=1
		. "$here/../lib/disks/bench.sh"
		echo "$max_mb $stream_mb $db_mb $copy_mb"
	)
}
sed 's/^bench.max_mem_mb .*/bench.max_mem_mb 1000/' "$here/../../common/machines" > "$tmp/machines"
read -r max stream db copy < <(disk_sizes "$tmp/machines")
[ "$max" = 1000 ] && [ "$stream" -ge 3004 ] && [ "$db" -ge 2000 ] && [ "$copy" -ge 3000 ] && rc=0 || rc=1
[ "$rc" = 0 ] || echo "# at bench.max_mem_mb 1000: $max $stream $db $copy"
tap_ok "$rc" "the bench disk's files follow bench.max_mem_mb (1000: a 3x stream, its probe, a 2x database, room for a 3x copy)"

# What each scenario takes of the disk's files, in MiB, at the ceiling (or
# its own guest_mem_mb): "SCENARIO FILE MIB" lines, with guest/bench's
# defaults (plan.c: stream_pct 300, db_pct 200, abuser_pct 66, app_pct 6,
# procs_pct 40; work.c: the probe reads the stream file's last 4 MiB).
scenario_needs() {	# scenario_needs MAX SCN...
	awk -v max="$1" '
	function def(k, d) { return (k in v) ? v[k] : d }
	function mib(pct) { return int((pct * m + 99) / 100) }
	function flush(   s) {
		m = def("guest_mem_mb", max)
		s = 0
		if (v["stream"] ~ /^(read|copy|pread-hot|mmap|strided)$/)
			s = mib(def("stream_pct", 300))
		if (def("abuser", "none") != "none" && mib(def("abuser_pct", 66)) > s)
			s = mib(def("abuser_pct", 66))
		if (s || v["probe"])
			print sc, "stream", s + (v["probe"] ? 4 : 0)
		if (v["stream"] == "copy")
			print sc, "copy", mib(def("stream_pct", 300))
		if (v["db"] || v["zipf"])
			print sc, "db", mib(def("db_pct", 200))
		if (v["apps"] && v["app_kind"] != "real")
			print sc, "app", mib(def("app_pct", 6))
		if (v["pattern"] == "fight")
			print sc, "big", mib(def("procs_pct", 40))
		delete v
	}
	FNR == 1 && NR > 1 { flush() }
	FNR == 1 { sc = FILENAME; sub(/.*\//, "", sc); sub(/[.]scn$/, "", sc) }
	{ sub(/#.*/, "") }
	NF >= 2 { v[$1] = $2 }
	END { flush() }' "${@:2}"
}
# The apps' text in MiB (guest/Makefile: SMALL_PAGES, BIG_PAGES).
app_mb=$(awk '$1 == "SMALL_PAGES" { print int($3 * 4096 / 1048576) }' "$here/../../guest/Makefile")
big_mb=$(awk '$1 == "BIG_PAGES" { print int($3 * 4096 / 1048576) }' "$here/../../guest/Makefile")
too_big() {	# too_big MAX SCN...: the needs over the disk's, one a line
	local max=$1 sizes have
	sed "s/^bench.max_mem_mb .*/bench.max_mem_mb $max/" "$here/../../common/machines" > "$tmp/machines-m"
	sizes=$(disk_sizes "$tmp/machines-m")
	read -r _ stream db copy <<< "$sizes"
	scenario_needs "$@" | while read -r sc file need; do
		case $file in
		stream) have=$stream ;; db) have=$db ;; copy) have=$copy ;;
		app) have=$app_mb ;; big) have=$big_mb ;;
		esac
		[ "$need" -le "$have" ] || echo "$sc: $file $need MiB, the disk's $have"
	done
}
max=$(awk '$1 == "bench.max_mem_mb" { print $2 }' "$here/../../common/machines")
n=$(scenario_needs "$max" "$here"/../../bench/scenarios/*.scn | awk '$2 == "stream" || $2 == "db"' | wc -l)
over=$(too_big "$max" "$here"/../../bench/scenarios/*.scn)
[ -z "$over" ] && [ "$n" -ge 10 ] && rc=0 || rc=1
[ "$rc" = 0 ] || printf '# %s\n' "$n scenarios read the stream file or database; over:" "$over"
tap_ok "$rc" "every scenario's files fit the bench disk at bench.max_mem_mb ($max MiB)"
# ... and a check that can fail: scenarios asking for more than that.
printf 'stream copy\nstream_pct 400\nprobe 1\n' > "$tmp/big-copy.scn"
printf 'db 1\ndb_pct 250\napps 2\napp_pct 20\npattern fight\nprocs_pct 40\n' > "$tmp/big-db.scn"
over=$(too_big "$max" "$tmp"/big-*.scn | cut -d' ' -f2 | sort | tr '\n' ' ')
[ "$over" = "app big copy db stream " ] && rc=0 || rc=1
[ "$rc" = 0 ] || echo "# over: '$over'"
tap_ok "$rc" "a scenario that takes more of a file than the bench disk holds is caught"

# The driver's checks of the disk's files (guest/bench/disk.c), built and
# run on the host against a short file.
cat > "$tmp/disk-t.c" <<'C'
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include "bench.h"
void die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}
int main(int argc, char **argv)
{
	size_t n = argc > 3 ? strtoull(argv[3], NULL, 0) : 0;

	if (argc < 4)
		return 2;
	if (!strcmp(argv[1], "need"))
		file_need(argv[2], n, "the test load");
	else if (!strcmp(argv[1], "map"))
		map_range(argv[2], PROT_READ, 4096, n);
	else if (!strcmp(argv[1], "space"))
		space_need(argv[2], n, "the test load");
	return 0;
}
C
gcc -Wall -Wextra -Werror -std=gnu11 -I"$here/../../guest/bench" -o "$tmp/disk-t" \
	"$tmp/disk-t.c" "$here/../../guest/bench/disk.c"
head -c 8192 /dev/zero > "$tmp/short.bin"
refuses() {	# refuses DESC WANT ARGS...: disk-t ARGS fails, saying WANT
	local rc=0
	"$tmp/disk-t" "${@:3}" 2> "$tmp/err" || rc=$?
	[ "$rc" = 1 ] && grep -qF -- "$2" "$tmp/err" && rc=0 || rc=1
	[ "$rc" = 0 ] || echo "# said: $(cat "$tmp/err")"
	tap_ok "$rc" "$1"
}
refuses "a file shorter than a load needs is refused, naming it, its size and the need" \
	"$tmp/short.bin is 8192 bytes (0.0 MiB), but the test load needs 8193 (0.0 MiB): the bench disk is too small" \
	need "$tmp/short.bin" 8193
"$tmp/disk-t" need "$tmp/short.bin" 8192 && "$tmp/disk-t" map "$tmp/short.bin" 4096 && rc=0 || rc=1
tap_ok "$rc" "a file as long as a load needs is taken, and mapped to its end"
refuses "a mapping past a file's end is refused" \
	"mmap $tmp/short.bin: it is 8192 bytes, and 8192 from 4096 would reach past its end" \
	map "$tmp/short.bin" 8192
refuses "a copy without room for its output is refused, naming the file system" \
	"$tmp has " space "$tmp/copy.bin" $((1 << 60))
