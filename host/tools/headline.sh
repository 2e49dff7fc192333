#!/usr/bin/env bash
# The README's headline tables, written from a run's raw samples:
#
#   host/tools/headline.sh RUN
#
# README.md's headline is `host/tools/headline.sh reference`, pasted in
# whole over its tables and the "Means:" lines under them (report.t
# checks that README.md holds it as it is).
#
# One Markdown table per engine, a row per figure below, a column per
# variant: mean +- sample standard deviation over the cell's samples
# (host/tools/cite.sh), `*` where Welch's two-sided test puts it apart
# from the engine's rule-off column at p < 0.05, n where a cell has
# other than the run's samples, and "OOM k/n" where the OOM killer took
# workers in k of the cell's n samples (count metrics named *killed).
# The means are those of the report's tables (cite.sh): harmonic for a
# rate (units ending in /s), unless a value in the engine's group is 0 or
# less; a line under each table names the rows with a harmonic mean.
. "$(dirname "$0")/../lib/lib.sh"

[ $# = 1 ] || die "usage: host/tools/headline.sh RUN"
run=$1
dir=$TOP/results/$run
[[ "$run" != */* ]] || dir=$run
[ -f "$dir/run.info" ] || die "headline.sh: no run '$run' (no run.info in $dir)"
samples=$(awk '$1 == "samples" { print $2 }' "$dir/run.info")

# SCENARIO METRIC what the row says
rows=$(cat <<'EOF'
desktop-copy app.switch_p95_ms desktop-copy (apps switched under a copy 3x memory): switch p95, ms
desktop-copy twin.lost_pct desktop-copy: data twins' text lost per switch, %
fileserver-pread app.majflt_per_switch fileserver-pread (Wu's 2009 test): major faults per wake-up
mmap-stream app.lost_pct mmap-stream (apps switched under an mmap() stream): text lost per switch, %
mmap-stream twin.lost_pct mmap-stream: data twins lost per switch, %
survival-mmap app.t50_s survival-mmap: idle time at which half an app's text is gone, s (45 = all kept)
build-copy app.majflt_per_launch build-copy (python3, perl, gcc launched under a copy): major faults per launch
build-mmap app.majflt_per_launch build-mmap (the same under an mmap() stream): major faults per launch
build-mmap app.launch_p95_ms build-mmap: launch p95, ms
build-idle app.launch_p95_ms build-idle (the same, no stream): launch p95, ms
desktop-real app.switch_p95_ms desktop-real (resident python3 apps under a copy): switch p95, ms
exec-vs-exec fight.pages exec-vs-exec (4 programs, text 4 x 30% of memory): pages run through, /s
database db.tps database (SQLite, twice memory): transactions/s
abuser abuser.exec_bonus_pts abuser: residency PROT_EXEC buys over PROT_READ, points
strided-mmap strided.pages_s strided-mmap (2026's over-protection model): pages/s
kbuild-memcg kbuild.files_s kbuild-memcg (compiles in a small cgroup): files/s
stutter probe.p99_us stutter (mmtests' stutterp): probe p99, us
EOF
)

# cell SCENARIO METRIC BASE VARIANT: "mean +- sd", marked.
cell() {
	local sc=$1 m=$2 b=$3 v=$4 raw=$dir/raw/$1/$4 out mean sd n p k
	[ -d "$raw" ] && grep -q "^metric $m " "$raw"/*.txt 2> /dev/null || { echo "-"; return; }
	if [ "$v" = "$b" ] || [ ! -d "$dir/raw/$sc/$b" ]; then
		out=$("$TOP/host/tools/cite.sh" "$dir" "$sc" "$m" "$v" | tail -1)
	else
		out=$("$TOP/host/tools/cite.sh" "$dir" "$sc" "$m" "$b" "$v" | tail -1)
	fi
	read -r _ mean _ sd n _ <<< "$out"
	n=${n#(n=}; n=${n%)}; n=${n%,}
	[[ $out != *", harmonic mean)"* ]] || echo "$sc" >> "$harmonic"
	p=$(sed -n 's/.*  p < 0.001 against .*/0/p; s/.*  p = \([0-9.]*\) against .*/\1/p' <<< "$out")
	out="$mean +- $sd"
	if [ "$v" != "$b" ] && [ -n "$p" ] && awk -v p="$p" 'BEGIN { exit !(p < 0.05) }'; then
		out="$out *"
	fi
	[ "$n" = "$samples" ] || out="$out (n=$n)"
	k=$(cat "$raw"/*.txt | awk '$1 == "end" { s++ } $1 == "metric" && $2 ~ /killed$/ && $3 > 0 { hit[s] = 1 } END { print length(hit) }')
	[ "$k" = 0 ] || out="$out, OOM $k/$n"
	echo "$out"
}

harmonic=$(mktemp)
trap 'rm -f "$harmonic"' EXIT
table() {	# table BASE VARIANT...: the table, then which rows' means are harmonic
	local b=$1 sc m what v line rows_h='' rates_a=''
	shift
	: > "$harmonic"
	line="| figure |"
	for v; do line="$line $v |"; done
	echo "$line"
	echo "|---|$(for v; do printf -- '---|'; done)"
	while read -r sc m what; do
		[ -d "$dir/raw/$sc" ] || continue
		line="| $what |"
		for v; do line="$line $(cell "$sc" "$m" "$b" "$v") |"; done
		echo "$line"
		if grep -qx "$sc" "$harmonic"; then
			rows_h="$rows_h, $sc"
		elif cat "$dir/raw/$sc"/*/*.txt | awk -v m="$m" -f "$TOP/host/lib/report/stats.awk" \
			-f <(echo '$1 == "metric" && $2 == m && is_rate($4) { r = 1 } END { exit !r }'); then
			rates_a="$rates_a, $sc"
		fi
		: > "$harmonic"
	done <<< "$rows"
	echo
	line="Means: arithmetic"
	[ -z "$rows_h" ] || line="$line, but harmonic in the rows of rates (${rows_h#, }), as in the report's tables"
	[ -z "$rates_a" ] || line="$line; ${rates_a#, } arithmetic there too, a sample's rate in it being 0 or less"
	line="$line (the report's summary gives arithmetic means, with their 95% intervals)"
	echo "$line." | fmt -w 72
}

echo "Classic LRU (\`*\`: apart from \`classic-off\`, p < 0.05):"
echo
table classic-off classic-off classic-on vanilla-classic
echo
echo "Multi-gen LRU (\`*\`: apart from \`mglru-off\`, p < 0.05):"
echo
table mglru-off mglru-off mglru-on vanilla mlock-apps vanilla-minttl
