#!/usr/bin/env bash
# host/report.sh: Student's t against known values, the tables of a
# hand-computed run (data/bench/run), significance and noise marks, the
# summary's confidence intervals and verdicts, the app-text check,
# byte-identical regeneration, plots (the survival curve's data without
# gnuplot), and each kind of malformed input named by file and line with
# the old report left as it was.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
report=$here/../report.sh
data=$here/data/bench
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

. "$here/../lib/tap.sh"
check() {	# check DESC COMMAND...: ok if COMMAND succeeds
	if "${@:2}"; then tap_ok 0 "$1"; else tap_ok 1 "$1"; fi
}
is() { [ "$1" = "$2" ] || { echo "# got '$1', expected '$2'"; return 1; }; }
p() {	# p EXPR: a stats.awk expression, to 4 decimals
	awk -f "$here/../lib/report/stats.awk" -f <(echo "BEGIN { printf \"%.4f\", $1 }")
}
md=$tmp/run/report.md
has() {	# has LINE...: each LINE is a whole line of report.md
	local l
	for l; do grep -Fxq -- "$l" "$md" || { echo "# not in report.md: '$l'"; return 1; }; done
}
hasnt() { ! grep -Fq -- "$1" "$md" || { echo "# in report.md: '$1'"; return 1; }; }

tap_plan 53
# Two-sided p-values. t=1, df=1 (Cauchy) is 1/2; for df=2 it is
# 1 - t/sqrt(2+t^2). The Welch cases: {1,2,3} vs {4,5,6} is t=-3.674,
# df=4; {10,20,30} vs {28,30,32,34,36} is t=-2.0188, df=2.2432, p checked
# by numerically integrating the t density.
check "t=2.0, df=10: p=0.0734" is "$(p 't_p(2.0, 10)')" 0.0734
check "t=2.228, df=10: p=0.0500" is "$(p 't_p(2.228, 10)')" 0.0500
check "t=1, df=1: p=0.5000; t=2, df=2: p=0.1835" \
	is "$(p 't_p(1, 1)') $(p 't_p(2, 2)')" "0.5000 0.1835"
check "Welch {1,2,3} vs {4,5,6}: p=0.0213" is "$(p 'welch_p(2, 1, 3, 5, 1, 3)')" 0.0213
check "Welch {10,20,30} vs {28..36 by 2}: fractional df, p=0.1670" \
	is "$(p 'welch_p(20, 100, 3, 32, 10, 5)')" 0.1670
# t_{0.975} from tables: 12.7062 (df 1), 4.3027 (df 2), 2.2281 (df 10).
check "t_crit(0.05, df) for df 1, 2, 10: 12.7062 4.3027 2.2281" \
	is "$(p 't_crit(0.05, 1)') $(p 't_crit(0.05, 2)') $(p 't_crit(0.05, 10)')" \
	"12.7062 4.3027 2.2281"

cp -r "$data/run" "$tmp/run"
"$report" "$tmp/run" > /dev/null
check "Amean, Stddev, CoeffVar and delta of a lower-is-better metric, primary marked" has \
	'> Amean    app.switch_p95_ms  810.00 (   0.00%)    405.00 (  50.00%)*' \
	'> Stddev   app.switch_p95_ms   10.00 (   0.00%)      5.00 (  50.00%)' \
	'> CoeffVar app.switch_p95_ms    1.23 (   0.00%)      1.23 (   0.00%)'
check "Hmean of a rate {100,150,300}=150, Stddev 104.08, CoeffVar 69.39, deltas" has \
	'  Hmean    copy.mbps          150.00 (   0.00%)~   150.00 (   0.00%)~' \
	'  Stddev   copy.mbps          104.08 (   0.00%)     40.41 (  61.17%)' \
	'  CoeffVar copy.mbps           69.39 (   0.00%)     26.94 (  61.17%)' \
	'  Max      copy.mbps          300.00 (   0.00%)    200.00 ( -33.33%)'
# shellcheck disable=SC2016 # the backticks are Markdown's
check "a rate with a 0 falls back to Amean, with a note" has \
	'  Amean    stalls           2.00 (   0.00%)~    1.00 (  50.00%)' \
	'Note: `stalls` has a zero or negative value: Amean, not Hmean.'
check "reclaim table: pgscan/pgsteal sums, efficiency, '-' for absent counters" has \
	'pgscan                        1600.00     1300.00    2000.00' \
	'reclaim efficiency %            58.33       73.08      75.00' \
	'exec_protect_skipped                -        2.00          -'
# shellcheck disable=SC2016
check "summary and check first, then run.info (accel as TCG); scenarios by key order" \
	is "$(grep -E '^- (accel|date)|^##|^Group' "$md" | tr '\n' '|')" \
	"## Summary: each scenario's primary metric|### Group \`classic\`, baseline \`classic-off\`|### Group \`mglru\`, baseline \`mglru-off\`|## Check: the rule never costs app text|## The run|- date: 2025-01-02 03:04:05 UTC|- accel: TCG|## How to read the tables|## Desktop app switching under a file copy (\`desktop-copy\`)|Group \`classic\`, baseline \`classic-off\`:|Group \`mglru\`, baseline \`mglru-off\`:|## \`compile\`|Group \`classic\`, baseline \`classic-off\`:|Group \`mglru\`, baseline \`mglru-off\`:|## Text left after idle time (\`survival\`)|Group \`classic\`, baseline \`classic-off\`:|"
# 95% intervals by hand: mean +- t_crit(0.05, n-1) * sd / sqrt(n);
# {800,810,820}: 810 +- 4.30265 * 10 / sqrt(3) = 810 +- 24.84;
# {700,900,800}: 800 +- 248.41; {90,110}: 100 +- 12.7062 * 10 = 100 +- 127.06.
check "summary: mean, 95% CI by hand, n and ratio to the baseline; no CI with n=1" has \
	'desktop-copy  app.switch_p95_ms  lower   classic-off  810.00   [785.16, 834.84]  3  1.00' \
	'                                         classic-on   405.00   [392.58, 417.42]  3  0.50*' \
	'                                         classic-on    50.00                  -  1  0.49' \
	'desktop-copy  app.switch_p95_ms  lower   mglru-off  800.00   [551.59, 1048.41]  3  1.00' \
	'compile       build.seconds      lower   mglru-off  100.00    [-27.06, 227.06]  2  1.00'
# shellcheck disable=SC2016
check "verdict: {400,405,410} with the rule against {800,810,820} without, lower is better: helped" has \
	'- `desktop-copy`: the rule helped: `classic-on` 405.00 ms against `classic-off` 810.00 ms (lower is better, p < 0.001).'
# survival's app.t50_s: {15,25,35} against {8,9,10}, Welch's t=2.76, df=2.04.
# shellcheck disable=SC2016
check "verdict: {15,25,35} against {8,9,10}, higher is better: no measurable difference (p=0.108)" has \
	'- `survival`: no measurable difference: `classic-on` 25.00 s against `classic-off` 9.00 s (higher is better, p = 0.108).'
# shellcheck disable=SC2016
check "verdict: none without a rule-on variant beside the baseline (compile: no key exec_protect)" has \
	'- `compile`: no verdict: no variant with the rule on to set against `classic-off` (the same engine, the rule off).'
check "noisy: '~' for CoeffVar 40% (summary) and 173% (table), none for 11.1% and 20.00% exactly" has \
	'survival      app.t50_s          higher  classic-off    9.00      [6.52, 11.48]  3  1.00' \
	'                                         classic-on    25.00~     [0.16, 49.84]  3  2.78' \
	'  Amean    app.resident_010s_pct   50.00 (   0.00%)     95.00 (  90.00%)*' \
	'  Amean    app.resident_030s_pct    3.33 (   0.00%)~    40.00 (1100.00%)~'
# shellcheck disable=SC2016
check "legend: the noise threshold" has '- `~` after a mean: noisy, its CoeffVar is above 20%.'
# shellcheck disable=SC2016
check "rule check: {40,50,60} with the rule against {10,20,30} without is MORE (p=0.021): FAIL" has \
	'desktop-copy: classic-on vs classic-off  50.00 +-10.00 (n=3)  20.00 +-10.00 (n=3)  MORE, p = 0.021' \
	'- `desktop-copy`: FAIL: more app text lost by `classic-on` than `classic-off` (p = 0.021).' \
	'- `compile`: not checked: no variant with the rule on to set against the same engine with it off.' \
	'- `survival`: not checked: no `app.lost_pct` recorded.' \
	'Overall: FAIL: a variant with the rule on loses significantly more app text in 1 of 1 checked scenarios (1 of 1 pairs).'
set_rule_on() {	# set_rule_on METRIC UNIT A B C: the rule-on samples' METRIC, then a report
	local m=$1 unit=$2 k=0 v
	shift 2
	for v; do
		k=$((k + 1))
		sed -i "s/^metric $m .*/metric $m $v $unit lower/" \
			"$tmp/run/raw/desktop-copy/classic-on/$k.txt"
	done
	"$report" "$tmp/run" > /dev/null
}
lost() { set_rule_on app.lost_pct % "$@"; }
lost 25 35 45
# shellcheck disable=SC2016
check "rule check: {25,35,45} against {10,20,30} is more, within noise (p=0.14): pass" has \
	'desktop-copy: classic-on vs classic-off  35.00 +-10.00 (n=3)  20.00 +-10.00 (n=3)  more, within noise (p = 0.140)' \
	'- `desktop-copy`: pass (1 pair).' \
	'Overall: pass: no variant with the rule on loses significantly more app text (1 scenario checked, 1 pair).'
lost 20 20 20
check "rule check: an equal mean is ok" has \
	'desktop-copy: classic-on vs classic-off  20.00 +-0.00 (n=3)  20.00 +-10.00 (n=3)       ok'
lost 40 50 60
p95() { set_rule_on app.switch_p95_ms ms "$@"; }
p95 1000 1010 1020
# shellcheck disable=SC2016
check "verdict: {1000,1010,1020} with the rule against {800,810,820}, lower is better: hurt" has \
	'- `desktop-copy`: the rule hurt: `classic-on` 1010.00 ms against `classic-off` 810.00 ms (lower is better, p < 0.001).'
p95 400 405 410
check "'*' for equal-variance-0 means that differ" has \
	'  Amean    app.errors           1.00 (   0.00%)      0.00 ( 100.00%)*'
check "no '*' for an overlapping pair" hasnt '150.00 (   0.00%)*'
check "no '*' with n=1, however large the delta" has \
	'> Amean    build.seconds  102.00 (   0.00%)    50.00 (  50.98%)'
cp "$md" "$tmp/first.md"
"$report" "$tmp/run/" > /dev/null
check "a second run writes a byte-identical report.md" cmp "$tmp/first.md" "$md"
# OOM kills: a count metric named *killed, >0 in one of two samples.
cp -r "$tmp/run" "$tmp/oom"
for k in 1 2; do
	sed -i "s/^end$/metric stream.killed $((2 - k)) count lower\nend/" \
		"$tmp/oom/raw/desktop-copy/classic-on/$k.txt"
done
sed -i 's/^end$/metric stream.killed 0 count lower\nend/' "$tmp/oom/raw/desktop-copy/classic-off/1.txt"
"$report" "$tmp/oom" > /dev/null
# shellcheck disable=SC2016
check "summary: the OOM killer's takings, per variant that had any" eval \
	'md=$tmp/oom/report.md has "- \`desktop-copy\`: the OOM killer took workers on \`classic-on\`: \`stream.killed\` in 1 of 2 samples (mean 0.50)." &&
	 md=$tmp/oom/report.md hasnt "workers on \`classic-off\`"'

plots_ok() {
	[ -s "$tmp/run/plots/desktop-copy-app.switch_ms-dist.png" ] &&
	[ -s "$tmp/run/plots/compile-build.step_s-time.png" ] &&
	[ -s "$tmp/run/plots/survival-app-survival.png" ] &&
	[ ! -e "$tmp/run/plots/survival-app.resident_pct-time.png" ] &&
	has '![desktop-copy: app.switch_ms over time](plots/desktop-copy-app.switch_ms-time.png)' \
		'![survival: share of app text left against idle time](plots/survival-app-survival.png)' &&
	hasnt 'survival-app.resident_pct'
}
if command -v gnuplot > /dev/null; then
	check "plots drawn and linked; survival: a curve instead of points over time" plots_ok
else
	tap_skip "plots drawn and linked; survival: a curve instead of points over time (no gnuplot)"
fi
# A stand-in gnuplot keeps the script: the survival curve's data, per
# variant "IDLE MEAN MIN MAX" (classic-off at 10 s: {40,50,60}; at 30 s:
# {0,0,10}), drawn with bars from min to max.
# shellcheck disable=SC2016 # "$1" is the stand-in's own argument
printf '#!/bin/sh\n[ "$1" = -e ] || cp "$1" %q\n' "$tmp/plots.gp" > "$tmp/gnuplot"
chmod +x "$tmp/gnuplot"
GNUPLOT=$tmp/gnuplot "$report" "$tmp/run" > /dev/null
curve_data() {
	grep -A4 -x '[$]d[0-9]* << EOD' "$tmp/plots.gp" | tr '\n' '|' |
		grep -Fq '|3 100.00 100.00 100.00|10 50.00 40.00 60.00|30 3.33 0.00 10.00|EOD|' &&
	grep -q '^plot .* using 1:2:3:4 with yerrorlines .*"classic-off", .*"classic-on"$' "$tmp/plots.gp"
}
check "survival curve: mean, min and max of each idle time's share, one line per variant" curve_data
no_plots() {
	has '- plots: none, gnuplot is not installed' && hasnt '![' && [ ! -e "$tmp/run/plots" ]
}
rm -rf "$tmp/run/plots"
GNUPLOT=/nonexistent "$report" "$tmp/run" > /dev/null
check "without gnuplot and no plots: a report all the same, saying so, no plots" no_plots
# Without gnuplot on the PATH, a run's plots stay as they were (here
# stand-ins for the plots the stand-in gnuplot's script names) and the
# report links them, byte for byte as when they were drawn, saying so.
mkdir "$tmp/bin"
IFS=: read -ra path_dirs <<< "$PATH"
for d in "${path_dirs[@]}"; do
	for f in "$d"/*; do
		n=${f##*/}
		[[ $n == gnuplot* || -e $tmp/bin/$n || ! -x $f ]] || ln -s "$f" "$tmp/bin/$n"
	done
done
cp -r "$tmp/run" "$tmp/keep"
GNUPLOT=$tmp/gnuplot "$report" "$tmp/keep" > /dev/null	# links the plots, draws none
cp "$tmp/keep/report.md" "$tmp/linked.md"
mapfile -t plot_files < <(sed -n 's/^set output "\(.*\)"$/\1/p' "$tmp/plots.gp")
for f in "${plot_files[@]}"; do echo "drawn before: $f" > "$tmp/keep/$f"; done
cp -r "$tmp/keep/plots" "$tmp/plots.before"
no_gnuplot() { env -u GNUPLOT PATH="$tmp/bin" "$report" "$tmp/keep" > "$tmp/out"; }
kept() {
	! PATH=$tmp/bin command -v gnuplot > /dev/null && no_gnuplot &&
	diff -r "$tmp/plots.before" "$tmp/keep/plots" && cmp "$tmp/linked.md" "$tmp/keep/report.md" &&
	[ "${#plot_files[@]}" -gt 3 ] &&
	grep -Fxq "report: no gnuplot ('gnuplot'): $tmp/keep/plots left as it was, not redrawn" "$tmp/out"
}
check "no gnuplot on the PATH: the plots left as they were and linked, report.md byte for byte, one line says so" kept
rm -f "$tmp/keep/${plot_files[0]}"
unlinked() {
	no_gnuplot && grep -q "left as it was, not redrawn, and not linked: 1 of the report's plots is missing$" "$tmp/out" &&
	[ "$(find "$tmp/keep/plots" -type f | wc -l)" = $((${#plot_files[@]} - 1)) ] &&
	md=$tmp/keep/report.md has '- plots: none, gnuplot is not installed' &&
	md=$tmp/keep/report.md hasnt '!['
}
check "no gnuplot, a plot missing: the others left as they were, none linked, saying so" unlinked

# Each malformed sample in turn, with the line its fault is on.
"$report" "$tmp/run" > /dev/null
cp "$md" "$tmp/good.md"
rejected() {	# rejected FILE LINE [RUN]
	local rc=0 run=${3:-$tmp/run}
	"$report" "$run" > /dev/null 2> "$tmp/err" || rc=$?
	sed 's/^/# /' "$tmp/err"
	[ "$rc" = 1 ] && grep -q "^report: $1:$2: " "$tmp/err" &&
		cmp -s "$tmp/good.md" "$md" && ! ls -d "$run"/.report.* 2> /dev/null &&
		rc=0 || rc=1
	cp "$tmp/good.md" "$md"	# the next case starts from the good report
	return $rc
}
bad=$tmp/run/raw/compile/classic-on/2.txt
for c in "no-end 19" "not-a-number 9" "field-count 13" "bad-better 10" \
	"unknown-record 17" "no-first-line 1" "other-series 7"; do
	read -r kind line <<< "$c"
	cp "$data/malformed/$kind.txt" "$bad"
	check "malformed ($kind): exit 1, names FILE:$line, report kept" rejected "$bad" "$line"
	rm "$bad"
done

fails() {	# fails WORD COMMAND...: non-zero exit, WORD in the message
	! "${@:2}" 2> "$tmp/err" > /dev/null && grep -Fq -- "$1" "$tmp/err"
}
check "an unknown option is refused, naming it" fails "'--frobnicate'" "$report" --frobnicate
check "a missing run folder is refused, naming it" fails "'$tmp/none'" "$report" "$tmp/none"

# host/tools/cite.sh quotes the same figures from the raw samples.
cite=$here/../tools/cite.sh
check "cite.sh: mean +- sd (n), Welch's p against the first variant" is \
	"$("$cite" "$tmp/run" desktop-copy app.switch_p95_ms classic-off classic-on | tr '\n' '|')" \
	"classic-off  810.00 +- 10.00 (n=3)|classic-on  405.00 +- 5.00 (n=3)  p < 0.001 against classic-off|"
check "cite.sh: a metric the samples lack is named, exit non-zero" fails \
	"no metric 'nope' in desktop-copy/classic-off" "$cite" "$tmp/run" desktop-copy nope
# A rate's mean is the report table's: copy.mbps {100,150,300} has the
# Hmean 150 (the mean 183.33); stalls /s has a 0 in group classic
# (Amean there), none in mglru ({3,5}: Hmean 3.75).
check "cite.sh: a rate's mean is harmonic, arithmetic where its group has a 0, as in the report's tables" is \
	"$("$cite" "$tmp/run" desktop-copy copy.mbps classic-off | tr '\n' '|')$("$cite" "$tmp/run" compile stalls mglru-off classic-on | tr '\n' '|')" \
	"classic-off  150.00 +- 104.08 (n=3, harmonic mean)|mglru-off  3.75 +- 1.41 (n=2, harmonic mean)|classic-on  1.00 +- 0.00 (n=1)|"
# host/tools/headline.sh: the README's tables; the OOM run above has
# kills in 1 of classic-on's 3 samples.
"$here/../tools/headline.sh" "$tmp/oom" > "$tmp/headline.md"
check "headline.sh: mean +- sd, '*' against the rule-off column, OOM kills, '-' for no samples" \
	grep -Fxq '| desktop-copy (apps switched under a copy 3x memory): switch p95, ms | 810.00 +- 10.00 | 405.00 +- 5.00 *, OOM 1/3 | - |' \
	"$tmp/headline.md"

# The README's headline tables are headline.sh's of results/reference,
# and each of their rate cells is the mean in the report's table (Hmean
# or Amean) of that scenario, metric and variant.
top=$here/../..
"$here/../tools/headline.sh" reference > "$tmp/headline-ref.md"
in_readme() {	# the whole of headline.sh's output, as it is, in README.md
	awk 'NR == FNR { want = want $0 "\n"; next } { have = have $0 "\n" }
		END { exit !index(have, want) }' "$tmp/headline-ref.md" "$top/README.md" ||
		{ echo "# README.md's headline tables are not host/tools/headline.sh reference's"; return 1; }
}
check "README.md's headline tables are host/tools/headline.sh reference's, as they are" in_readme
report_mean() {	# report_mean SCENARIO METRIC VARIANT: its table's mean in reference/report.md
	awk -v sc="$1" -v m="$2" -v v="$3" '
		/^## / { in_sc = index($0, "(`" sc "`)") > 0; next }
		!in_sc { next }
		/^```$/ { fence = !fence; head = fence; next }
		head { col = 0; for (i = 1; i <= NF; i++) if ($i == v) col = i; head = 0; next }
		col && sub(/^[> ] (Amean|Hmean) +/, "") && $1 == m {
			gsub(/[(][^)]*[)][*~]*/, ""); print $(1 + col); exit
		}' "$top/results/reference/report.md"
}
rate_cells() {	# every cell of the README's rate rows against the report's table
	local line sc m cells head=() i n=0 bad=0 want
	while IFS= read -r line; do
		if [[ $line == "| figure |"* ]]; then
			IFS='|' read -ra head <<< "${line// /}"
			continue
		fi
		case "$line" in
		"| exec-vs-exec ("*) sc=exec-vs-exec m=fight.pages ;;
		"| database ("*) sc=database m=db.tps ;;
		"| strided-mmap ("*) sc=strided-mmap m=strided.pages_s ;;
		"| kbuild-memcg ("*) sc=kbuild-memcg m=kbuild.files_s ;;
		*) continue ;;
		esac
		IFS='|' read -ra cells <<< "$line"
		for ((i = 2; i < ${#head[@]}; i++)); do
			read -r got _ <<< "${cells[i]}"
			want=$(report_mean "$sc" "$m" "${head[i]}")
			n=$((n + 1))
			[ "$got" = "$want" ] || { echo "# $sc $m ${head[i]}: README $got, report '$want'"; bad=1; }
		done
	done < "$top/README.md"
	[ "$n" = 32 ] || { echo "# $n rate cells in README.md, expected 32 (4 rows, 3 + 5 variants)"; bad=1; }
	return $bad
}
check "README.md: each rate cell (4 rows, 32 cells) is the mean of the report's table" rate_cells

# results/README.md: a row per folder that git has or would take under
# results/ (ci/ may be listed before make test makes it), and every run
# it says regenerates does, byte for byte (no gnuplot: plots kept).
# shellcheck disable=SC2016 # the backticks are Markdown's
index_folders() {
	sed -n 's/^| \[`\([^`/]*\)\/`\].*/\1/p; s/^| `\([^`/]*\)\/` |.*/\1/p' "$top/results/README.md" | sort
}
tree_folders() {
	git -C "$top" ls-files --cached --others --exclude-standard -- results |
		sed -n 's|^results/\([^/]*\)/.*|\1|p' | sort -u
}
index_exact() {
	local lacks extra
	lacks=$(comm -23 <(tree_folders) <(index_folders) | tr '\n' ' ')
	extra=$(comm -13 <(tree_folders) <(index_folders) | grep -vx ci | tr '\n' ' ' || true)
	[ -z "$lacks$extra" ] && [ "$(index_folders | wc -l)" -ge 18 ] && return 0
	echo "# results/ has, the index lacks: $lacks"
	echo "# the index lists, results/ lacks: $extra"
	return 1
}
check "results/README.md has a row for exactly the folders in results/" index_exact
regenerate() {
	local r bad=0 n=0
	# shellcheck disable=SC2016 # the backticks are Markdown's
	while read -r r; do
		n=$((n + 1))
		cp -r "$top/results/$r" "$tmp/regen-$r"
		if ! GNUPLOT=/nonexistent "$report" "$tmp/regen-$r" > /dev/null ||
			! cmp -s "$top/results/$r/report.md" "$tmp/regen-$r/report.md"; then
			echo "# results/$r/report.md does not regenerate byte for byte"; bad=1
		fi
	done < <(sed -n 's/^| \[`\([^`/]*\)\/`\].* | yes |$/\1/p' "$top/results/README.md")
	[ "$n" -ge 12 ] || { echo "# only $n runs marked 'yes'"; bad=1; }
	return $bad
}
check "every run results/README.md marks 'yes' regenerates its report.md byte for byte" regenerate

# A v2 run (bench/variants-v2): the rule is 2 against a baseline at 1,
# and the unpatched kernel beside the baseline is checked against it.
v2sample() {	# v2sample SCENARIO VARIANT K PROTECT VALUE LOST
	mkdir -p "$tmp/v2/raw/$1/$2"
	printf '%s\n' "execfirst-sample 1" "key scenario $1" "key variant $2" \
		"key group classic" "key baseline classic-up" "key sample $3" \
		"key primary app.switch_p95_ms" "key lru_gen_enabled 0x0000" \
		"key exec_protect $4" "key min_ttl_ms 0" "key mlock 0" \
		"metric app.switch_p95_ms $5 ms lower" "metric app.lost_pct $6 % lower" \
		"end" > "$tmp/v2/raw/$1/$2/$3.txt"
}
for k in 1 2 3; do
	v2sample same classic-up "$k" 1 $((100 + k)) 50
	v2sample same classic-v2 "$k" 2 $((20 + k)) 0
	v2sample same vanilla-classic "$k" absent $((101 + k)) 50
	v2sample apart classic-up "$k" 1 $((100 + k)) 50
	v2sample apart vanilla-classic "$k" absent $((200 + k)) $((50 + k))
done
printf 'run v2\n' > "$tmp/v2/run.info"
"$report" "$tmp/v2" > /dev/null
md=$tmp/v2/report.md
# shellcheck disable=SC2016 # the backticks are Markdown's
check "v2: the rule is 2 against 1, and the report says so" has \
	'- `same`: the rule helped: `classic-v2` 22.00 ms against `classic-up` 102.00 ms (lower is better, p < 0.001).' \
	'The v2 series (`key exec_protect 2` in some samples): its rule on'
check "v2: the unpatched kernel within noise of the series at 1 where it is, apart where not" has \
	'same: app.switch_p95_ms, vanilla-classic vs classic-up   103.00 +-1.00 (n=3)  102.00 +-1.00 (n=3)  within noise (p = 0.288)' \
	'apart: app.switch_p95_ms, vanilla-classic vs classic-up  202.00 +-1.00 (n=3)  102.00 +-1.00 (n=3)  APART, p < 0.001' \
	'Apart in 1 of 4 comparisons: `apart` app.switch_p95_ms (`vanilla-classic`).'
md=$tmp/run/report.md
check "a v1 run has no such check" hasnt "is the unpatched kernel"

# Recorded samples (data/bench/recorded: real guest output from this
# machine), whole, and one cut short as a guest that died would leave it.
cp -r "$data/recorded" "$tmp/rec"
"$report" "$tmp/rec" > /dev/null
md=$tmp/rec/report.md
check "recorded samples: report made, measured values in the summary" has \
	'exec-vs-exec      fight.pages            higher  classic-off  18400.00        -  1    1.00' \
	'survival          app.t50_s              higher  classic-off     15.00        -  1    1.00'
cut=$tmp/rec/raw/survival/classic-off/1.txt
head -n 118 "$data/recorded/raw/survival/classic-off/1.txt" > "$cut"
cp "$md" "$tmp/good.md"
check "a recorded sample cut short: exit 1, names FILE:118, report kept" rejected "$cut" 118 "$tmp/rec"
