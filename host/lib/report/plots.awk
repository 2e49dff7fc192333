# Write a gnuplot script drawing, for each scenario and series, the values
# over time and their distribution (empirical CDF), one colour per variant;
# and for each survival curve (load.awk), the share of text left against
# idle time, one line per variant through the means with bars from the
# lowest to the highest sample, instead of its series over time (the
# first variants' lines are the widest, so that equal curves all show).
# Usage: awk -v term=TERMINAL -f load.awk -f stats.awk -f plots.awk STREAM
# The script writes plots/*.png relative to the folder gnuplot runs in.

function q(s) { return "\"" s "\"" }

# A data block $dN of lines "T MEAN MIN MAX" for curve who of variant var
# in scenario sc, or "" when the variant has none of its metrics.
function curve_block(sc, who, var,   i, m, x, n, v, out) {
	for (i = 1; i <= idles[sc, who]; i++) {
		m = idles[sc, who, i]; n = nval[sc, var, m]
		if (!n) continue
		for (v = 1; v <= n; v++) x[v] = val[sc, var, m, v]
		out = out idle_s(m) " " fmt(amean(x, n)) " " fmt(minimum(x, n)) " " fmt(maximum(x, n)) "\n"
		delete x
	}
	if (out == "") return ""
	b++
	print "$d" b " << EOD"
	printf "%s", out
	print "EOD"
	return "$d" b
}

END {
	load_order()
	print "set terminal " term " size 900,500"
	print "set termoption noenhanced"
	print "set key outside right top"
	print "set grid"
	for (i = 1; i <= scen[""]; i++) {
		sc = scen["", i]
		for (k = 1; k <= curves[sc]; k++) {
			who = curves[sc, k]; curve = ""
			for (j = 1; j <= cols[sc]; j++) {
				block = curve_block(sc, who, cols[sc, j])
				if (block != "")
					curve = curve (curve ? ", " : "") block " using 1:2:3:4 with yerrorlines lt " j \
					    " lw " ((cols[sc] - j) * 1.5 + 1) " title " q(cols[sc, j])
			}
			print "set output " q(plotfile(sc, who, "survival"))
			print "set title " q(sc ": share of " who " text left after idle time (mean; bars: min to max)")
			print "set xlabel " q("idle time, s"); print "set autoscale x"
			print "set ylabel " q("% of text resident"); print "set yrange [-5:105]"
			print "plot " curve
		}
		for (k = 1; k <= series[sc]; k++) {
			s = series[sc, k]; time = dist = ""
			if (curve_of(sc, s) != "") continue
			for (j = 1; j <= cols[sc]; j++) {
				var = cols[sc, j]; n = npt[sc, s, var]
				if (!n) continue
				b++
				print "$d" b " << EOD"
				for (p = 1; p <= n; p++) print pt[sc, s, var, p]
				print "EOD"
				time = time (time ? ", " : "") "$d" b " using 1:2 with points lt " j " title " q(var)
				dist = dist (dist ? ", " : "") "$d" b " using 2:(1.0/" n \
				    ") smooth cumulative with steps lt " j " title " q(var)
			}
			print "set output " q(plotfile(sc, s, "time"))
			print "set title " q(sc ": " s " over time, all samples")
			print "set xlabel " q("seconds into the measured phase")
			print "set ylabel " q(s); print "set autoscale y"
			print "plot " time
			print "set output " q(plotfile(sc, s, "dist"))
			print "set title " q(sc ": distribution of " s ", all samples")
			print "set xlabel " q(s)
			print "set ylabel " q("fraction of events <= x"); print "set yrange [0:1]"
			print "plot " dist
		}
	}
}
