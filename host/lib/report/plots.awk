# Write a gnuplot script drawing, for each scenario and series, the values
# over time and their distribution (empirical CDF), one colour per variant.
# Usage: awk -v term=TERMINAL -f load.awk -f plots.awk STREAM
# The script writes plots/*.png relative to the folder gnuplot runs in.

function q(s) { return "\"" s "\"" }

END {
	load_order()
	print "set terminal " term " size 900,500"
	print "set termoption noenhanced"
	print "set key outside right top"
	print "set grid"
	for (i = 1; i <= scen[""]; i++) {
		sc = scen["", i]
		for (k = 1; k <= series[sc]; k++) {
			s = series[sc, k]; time = dist = ""
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
