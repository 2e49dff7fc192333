#!/usr/bin/env bash
# Quote a run's figures in prose (README, cover letter, commit messages)
# straight from its raw samples, never copied by hand:
#
#   host/tools/cite.sh RUN SCENARIO METRIC [VARIANT...]
#
# RUN is a run's name under results/, or a path to its folder.
# prints, for each variant (all of the scenario's by default), the mean
# over its samples, the sample standard deviation and n, and, from the
# second variant on, Welch's two-sided p against the first, e.g.
#
#   mglru-off  273.53 +- 39.02 (n=5)
#   mglru-on     3.62 +- 3.55 (n=5)  p < 0.001 against mglru-off
#   mglru-on  10164.09 +- 1045.43 (n=5, harmonic mean)
#
# The mean is the one the report's tables show: arithmetic, or harmonic
# for a rate (is_rate) whose values in the variant's group are all above
# 0, said as "harmonic mean" after n. The statistics are the report's
# (host/lib/report/stats.awk); Welch's test is on the arithmetic means,
# as the report's `*`.
. "$(dirname "$0")/../lib/lib.sh"

[ $# -ge 3 ] || die "usage: host/tools/cite.sh RUN SCENARIO METRIC [VARIANT...]"
run=$1 sc=$2 m=$3
shift 3
dir=$TOP/results/$run
[[ "$run" != */* ]] || dir=$run
raw=$dir/raw/$sc
[ -d "$dir/raw" ] || die "cite.sh: no run '$run' (no raw samples in $dir)"
[ -d "$raw" ] || die "cite.sh: run '$run' has no scenario '$sc'"
[ $# -gt 0 ] || set -- $(cd "$raw" && ls)
for v; do
	[ -d "$raw/$v" ] || die "cite.sh: run '$run' has no variant '$v' in '$sc'"
	grep -q "^metric $m " "$raw/$v"/*.txt ||
		die "cite.sh: no metric '$m' in $sc/$v"
done
# Every variant of the scenario goes in ("GROUP VARIANT VALUE UNIT"), so
# that a rate's mean is chosen over its whole group, as the report does;
# those asked for are printed, in the order asked.
for d in "$raw"/*/; do
	awk -v v="$(basename "$d")" -v m="$m" 'FNR == 1 { g = "" }
		$1 == "key" && $2 == "group" { g = $3 }
		$1 == "metric" && $2 == m { print g, v, $3, $4 }' "$d"*.txt
done | awk -v want="$*" -f "$TOP/host/lib/report/stats.awk" -f <(echo '
	BEGIN { nv = split(want, order, " ") }
	{
		group[$2] = $1; x[$2, ++n[$2]] = $3
		if (!is_rate($4) || $3 <= 0) arith[$1] = 1
	}
	END {
		for (i = 1; i <= nv; i++) {
			v = order[i]; k = n[v]; delete y
			for (j = 1; j <= k; j++) y[j] = x[v, j]
			am[i] = amean(y, k); va[i] = variance(y, k)
			harmonic = !(group[v] in arith)
			line = sprintf("%s  %s +- %s (n=%d%s)", v, fmt(harmonic ? hmean(y, k) : am[i]),
			    fmt(sqrt(va[i])), k, harmonic ? ", harmonic mean" : "")
			if (i > 1 && k > 1 && n[order[1]] > 1) {
				p = welch_p(am[1], va[1], n[order[1]], am[i], va[i], k)
				line = line "  " (p < 0.001 ? "p < 0.001" : sprintf("p = %.3f", p)) \
				    " against " order[1]
			}
			print line
		}
	}')
