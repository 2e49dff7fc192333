#!/usr/bin/env bash
# `make report RUN=...`: write RUN_DIR/report.md and RUN_DIR/plots/*.png
# from RUN_DIR/run.info and RUN_DIR/raw/ alone (bench/FORMAT.md says what
# they hold and what the report's tables show).
# Usage: host/report.sh RUN_DIR     (RUN_DIR: results/<run>)
# Every file is checked before anything is written: a malformed one is
# named as "report: FILE:LINE: what is wrong", the exit status is 1 and
# the old report stays. The same input gives the same report.md, byte for
# byte. Without gnuplot (or with GNUPLOT=/nonexistent) nothing is drawn
# and RUN_DIR/plots stays as it was: the report links its plots when it
# holds every one the report names (so a committed run's report.md comes
# out the same), and says there are none otherwise.
set -euo pipefail
export LC_ALL=C
awk_dir=$(cd "$(dirname "$0")" && pwd)/lib/report
derived=$awk_dir/../../../common/derived

err() { printf 'report: %s\n' "$*" >&2; exit 1; }
usage="usage: host/report.sh RUN_DIR   (RUN_DIR: results/<run>)"

case "${1-}" in
-h|--help) echo "$usage"; exit 0 ;;
-*) err "unknown option '$1'; $usage" ;;
esac
[ $# = 1 ] || err "expected one RUN_DIR, got $#; $usage"
run=${1%/}
[ -d "$run" ] || err "no run folder '$run'"
[ -f "$run/run.info" ] || err "no '$run/run.info'"
[ -d "$run/raw" ] || err "no '$run/raw' folder"
mapfile -t samples < <(find "$run/raw" -mindepth 3 -maxdepth 3 -name '*.txt' | sort)
[ ${#samples[@]} -gt 0 ] || err "no samples in '$run/raw' (raw/SCENARIO/VARIANT/K.txt)"

tmp=$(mktemp -d "$run/.report.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
awk -f "$awk_dir/parse.awk" "$run/run.info" "${samples[@]}" > "$tmp/stream" || exit 1

plots=0 keep=0 gnuplot=${GNUPLOT:-gnuplot} term=png
if command -v "$gnuplot" > /dev/null; then
	plots=1
	terms=$("$gnuplot" -e 'set terminal' 2>&1 || true)
	[[ ! $terms =~ [[:space:]]pngcairo[[:space:]] ]] || term=pngcairo
fi
awk -v term="$term" -v derived="$derived" -f "$awk_dir/load.awk" -f "$awk_dir/stats.awk" \
	-f "$awk_dir/plots.awk" "$tmp/stream" > "$tmp/plots.gp"
if [ "$plots" = 1 ]; then
	mkdir "$tmp/plots"
	(cd "$tmp" && "$gnuplot" plots.gp) || err "gnuplot failed on the plots of '$run'"
else
	# Cannot draw: keep the plots there are, linked if none is missing.
	keep=1 missing=0
	while read -r f; do
		[ -f "$run/$f" ] || missing=$((missing + 1))
	done < <(sed -n 's/^set output "\(.*\)"$/\1/p' "$tmp/plots.gp")
	[ "$missing" != 0 ] || plots=1
	if [ -d "$run/plots" ]; then
		echo "report: no gnuplot ('$gnuplot'): $run/plots left as it was, not redrawn$(
			[ "$missing" = 0 ] || echo ", and not linked: $missing of the report's plots $(
			[ "$missing" = 1 ] && echo is || echo are) missing")"
	fi
fi
awk -v run="$(basename "$(cd "$run" && pwd)")" -v plots="$plots" -v derived="$derived" \
	-f "$awk_dir/load.awk" -f "$awk_dir/stats.awk" -f "$awk_dir/tables.awk" \
	"$tmp/stream" > "$tmp/report.md"

if [ "$keep" = 0 ]; then
	rm -rf "$run/plots"
	mv "$tmp/plots" "$run/plots"
fi
mv "$tmp/report.md" "$run/report.md"
echo "report: wrote $run/report.md"
