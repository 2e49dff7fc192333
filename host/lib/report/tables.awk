# Write report.md from parse.awk's stream.
# Usage: awk -v run=NAME -v plots=0|1 -f load.awk -f stats.awk -f tables.awk STREAM

function legend() {
	print "## How to read the tables"
	print ""
	print "Per scenario, one table per group of variants (`classic`, then `mglru`,"
	print "then any other), one column per variant, the group's baseline first."
	print "Over the samples of a variant:"
	print ""
	print "- `Amean`: arithmetic mean. `Hmean`: harmonic mean, for rates (units"
	print "  ending in `/s`); Amean instead, with a note, if a value is 0 or negative."
	print "- `Stddev`: sample standard deviation (n-1; 0 with one sample)."
	print "  `CoeffVar`: 100 * Stddev / |mean|, in percent. `Min`, `Max`."
	print "- `(delta%)`: against the baseline column, positive when better: for a"
	print "  lower-is-better metric (base - v) / |base| * 100, otherwise"
	print "  (v - base) / |base| * 100. Lower Stddev and CoeffVar count as better."
	print "  `-` there: the baseline is 0 or has no value."
	print "- `*` after a mean's delta: the variant differs from the baseline at"
	print "  p < 0.05 (Welch's two-sided t-test on the sample values). The test"
	print "  needs two samples or more on both sides: with n=1 no test is possible,"
	print "  and there is no mark."
	print "- `>`: the scenario's primary metric. `-` as a value: none recorded."
	print "- Reclaim tables: means over samples of `/proc/vmstat` deltas (pgscan,"
	print "  pgsteal: sums of their kswapd, direct, khugepaged and proactive"
	print "  counters that the kernel has, as common/derived defines them;"
	print "  efficiency: pgsteal / pgscan * 100) and of memory pressure (psi, % of"
	print "  wall time); `-`: the kernel does not have that counter."
	print ""
}

function header(   i, k, v) {
	print "# execfirst benchmark report: " ("run" in infoval ? infoval["run"] : run)
	print ""
	for (i = 1; i <= ninfo; i++) {
		k = info[i]; v = infov[i]
		if (k == "accel") v = toupper(v)
		print "- " k ": " v
	}
	if (!plots) print "- plots: none, gnuplot is not installed"
	print ""
	legend()
}

# A table is lab[0..R] and cell[0..R, 1..C], row 0 the column names;
# printed with the labels left-aligned and the cells right-aligned.
function flush(   r, j, w, lw, line) {
	for (r = 0; r <= R; r++) {
		if (length(lab[r]) > lw) lw = length(lab[r])
		for (j = 1; j <= C; j++)
			if (length(cell[r, j]) > w[j]) w[j] = length(cell[r, j])
	}
	print "```"
	for (r = 0; r <= R; r++) {
		line = sprintf("%-" lw "s", lab[r])
		for (j = 1; j <= C; j++) line = line "  " sprintf("%" w[j] "s", cell[r, j])
		sub(/ +$/, "", line)
		print line
	}
	print "```"
	R = 0; delete lab; delete cell
}

# Welch's test says columns a and b of d[] differ at p < 0.05 (it needs
# two samples or more on both sides).
function differs(a, b) {
	return d[a, "n"] >= 2 && d[b, "n"] >= 2 &&
	    welch_p(d[a, "am"], d[a, "var"], d[a, "n"], d[b, "am"], d[b, "var"], d[b, "n"]) < 0.05
}

# d[j, STAT] for the values of metric m of variant var, column j.
function describe(j, sc, var, m, harmonic,   x, i, n) {
	n = d[j, "n"] = nval[sc, var, m]
	if (!n) return
	for (i = 1; i <= n; i++) x[i] = val[sc, var, m, i]
	d[j, "am"] = amean(x, n)
	d[j, "var"] = variance(x, n)
	d[j, "Mean"] = harmonic ? hmean(x, n) : d[j, "am"]
	d[j, "Stddev"] = sqrt(d[j, "var"])
	d[j, "CoeffVar"] = d[j, "Mean"] == 0 ? "-" : 100 * d[j, "Stddev"] / abs(d[j, "Mean"])
	d[j, "Min"] = minimum(x, n)
	d[j, "Max"] = maximum(x, n)
}

function group_table(sc, g,   j, mi, m, v, k, st, harmonic, hasbase, lower, ds, mark, notes) {
	C = members[sc, g]
	hasbase = members[sc, g, 1] == base[sc, g]
	printf "Group `%s`, baseline `%s`%s:\n\n", g, base[sc, g], \
	    hasbase ? "" : " (no samples: no deltas)"
	lab[0] = ""; lab[R = 1] = "  Samples"
	for (j = 1; j <= C; j++) {
		cell[0, j] = members[sc, g, j]
		cell[1, j] = nsamp[sc, members[sc, g, j]] "            "
	}
	for (mi = 1; mi <= metrics[sc]; mi++) {
		m = metrics[sc, mi]
		harmonic = unit[sc, m] ~ /\/s$/
		for (j = 1; j <= C; j++)
			for (v = 1; harmonic && v <= nval[sc, members[sc, g, j], m]; v++)
				if (val[sc, members[sc, g, j], m, v] <= 0) {
					harmonic = 0
					notes = notes "Note: `" m "` has a zero or negative value: Amean, not Hmean.\n"
				}
		for (j = 1; j <= C; j++) describe(j, sc, members[sc, g, j], m, harmonic)
		split("Mean Stddev CoeffVar Min Max", st, " ")
		for (k = 1; k <= 5; k++) {
			lab[++R] = sprintf("%s %-8s %s", m == key[sc, "primary"] ? ">" : " ",
			    st[k] != "Mean" ? st[k] : harmonic ? "Hmean" : "Amean", m)
			lower = better[sc, m] == "lower" || st[k] ~ /^(Stddev|CoeffVar)$/
			for (j = 1; j <= C; j++) {
				v = d[j, st[k]]
				if (!d[j, "n"]) { cell[R, j] = "-            "; continue }
				ds = !hasbase || !d[1, "n"] || v == "-" || d[1, st[k]] == "-" ? "-" : delta(v, d[1, st[k]], lower)
				mark = st[k] == "Mean" && hasbase && j > 1 && differs(1, j)
				cell[R, j] = sprintf("%s (%8s)%s", v == "-" ? "-" : fmt(v),
				    ds == "-" ? "-" : ds "%", mark ? "*" : " ")
			}
		}
		delete d
	}
	flush()
	printf "%s\n", notes
}

function cmean(sc, var, name,   s, n, t) {	# mean over the samples that have it
	for (s = 1; s <= nsamp[sc, var]; s++)
		if ((sc, var, s, name) in cnt) { n++; t += cnt[sc, var, s, name] }
	return n ? t / n : "-"
}

function reclaim_table(sc,   names, n, i, j, var, scan, steal) {
	n = split("pgscan pgsteal efficiency pgmajfault workingset_refault_file " \
	    "workingset_activate_file pgactivate pgdeactivate " \
	    "exec_protect_activate exec_protect_rotate", names, " ")
	for (i = 1; i <= counters[sc]; i++)
		if (counters[sc, i] !~ /^exec_protect_(activate|rotate)$/)
			names[++n] = counters[sc, i]
	names[++n] = "psi some_pct"
	names[++n] = "psi full_pct"
	print "Reclaim, means over samples:"
	print ""
	C = cols[sc]; lab[0] = ""
	for (j = 1; j <= C; j++) cell[0, j] = cols[sc, j]
	for (i = 1; i <= n; i++) {
		lab[++R] = names[i] == "efficiency" ? "reclaim efficiency %" : names[i]
		for (j = 1; j <= C; j++) {
			var = cols[sc, j]
			if (names[i] == "efficiency") {
				scan = cmean(sc, var, "pgscan"); steal = cmean(sc, var, "pgsteal")
				cell[R, j] = scan == "-" || steal == "-" || scan == 0 ? "-" : fmt(steal / scan * 100)
			} else {
				cell[R, j] = cmean(sc, var, names[i])
				if (cell[R, j] != "-") cell[R, j] = fmt(cell[R, j])
			}
		}
	}
	flush()
	print ""
}

# The headline: each scenario's primary metric on every variant, the mean
# (+- Stddev with two samples or more) and the delta against the
# variant's group baseline, marked as in the tables.
function summary(   i, j, sc, m, var, b, harmonic, ds, mark) {
	print "## Summary: each scenario's primary metric"
	print ""
	print "Mean over the samples (+- Stddev when there are two or more) and, in"
	print "brackets, the change against the variant's group baseline (positive:"
	print "better), with `*` where Welch's test finds it significant."
	print ""
	for (i = 1; i <= scen[""]; i++)
		for (j = 1; j <= cols[scen["", i]]; j++) add(allv, "", cols[scen["", i], j])
	C = allv[""]; lab[0] = "scenario: primary metric"
	for (j = 1; j <= C; j++) cell[0, j] = allv["", j]
	for (i = 1; i <= scen[""]; i++) {
		sc = scen["", i]; m = key[sc, "primary"]
		if (m == "") continue
		lab[++R] = sc ": " m " (" better[sc, m] " is better)"
		harmonic = unit[sc, m] ~ /\/s$/
		for (j = 1; j <= C; j++) {
			var = allv["", j]; b = base[sc, key[sc, var, "group"]]
			describe(1, sc, b, m, harmonic); describe(2, sc, var, m, harmonic)
			if (harmonic && (d[1, "Mean"] <= 0 || d[2, "Mean"] <= 0)) {
				describe(1, sc, b, m, 0); describe(2, sc, var, m, 0)
			}
			if (!d[2, "n"]) { cell[R, j] = "-"; delete d; continue }
			ds = var == b || !d[1, "n"] ? "" : delta(d[2, "Mean"], d[1, "Mean"], better[sc, m] == "lower")
			mark = ds != "" && differs(1, 2)
			cell[R, j] = fmt(d[2, "Mean"]) (d[2, "n"] >= 2 ? " +-" fmt(d[2, "Stddev"]) : "") \
			    (ds == "" ? "" : " (" (ds == "-" ? "-" : ds "%") ")" (mark ? "*" : ""))
			delete d
		}
	}
	flush()
	print ""
}

# The issue-13 check: no variant with the rule on (`key exec_protect 1`)
# loses more app text (app.lost_pct) than its group's baseline when that
# baseline is the same engine with the rule off (`key exec_protect 0`).
# A higher mean is "MORE" when Welch's test finds it significant (p < 0.05,
# two samples or more on both sides), otherwise "more, within noise".
function rule_check(   i, j, sc, g, var, b, m, np, nbad, verdict) {
	m = "app.lost_pct"
	print "## Check: the rule never costs app text"
	print ""
	print "Each variant with the rule on against its group's baseline, the same"
	print "engine with the rule off: mean `" m "` (+- Stddev), lower is better."
	print ""
	lab[0] = "scenario: variant vs baseline"
	cell[0, 1] = "rule on"; cell[0, 2] = "rule off"; cell[0, 3] = "verdict"; C = 3
	for (i = 1; i <= scen[""]; i++) {
		sc = scen["", i]
		for (j = 1; j <= cols[sc]; j++) {
			var = cols[sc, j]; g = key[sc, var, "group"]; b = base[sc, g]
			if (key[sc, var, "exec_protect"] != "1" || key[sc, b, "lru_gen_enabled"] != key[sc, var, "lru_gen_enabled"] ||
			    key[sc, b, "exec_protect"] != "0" || !nval[sc, var, m] || !nval[sc, b, m])
				continue
			describe(1, sc, b, m, 0); describe(2, sc, var, m, 0)
			np++
			if (d[2, "Mean"] <= d[1, "Mean"]) verdict = "ok"
			else if (differs(1, 2)) { verdict = "MORE"; nbad++ }
			else verdict = "more, within noise"
			lab[++R] = sc ": " var " vs " b
			cell[R, 1] = fmt(d[2, "Mean"]) " +-" fmt(d[2, "Stddev"]) " (n=" d[2, "n"] ")"
			cell[R, 2] = fmt(d[1, "Mean"]) " +-" fmt(d[1, "Stddev"]) " (n=" d[1, "n"] ")"
			cell[R, 3] = verdict
			delete d
		}
	}
	if (np) flush()
	if (!np) print "No pair to compare: no variant with the rule on beside its engine's rule-off baseline."
	else if (nbad) printf "\n%d of %d pairs lose significantly more app text with the rule.\n", nbad, np
	else printf "\nNone of %d pairs loses significantly more app text with the rule.\n", np
	print ""
}

function scenario(sc,   i, s) {
	print "## " ((sc, "title") in key ? key[sc, "title"] " (`" sc "`)" : "`" sc "`")
	print ""
	for (i = 1; i <= groups[sc]; i++) group_table(sc, groups[sc, i])
	reclaim_table(sc)
	for (i = 1; plots && i <= series[sc]; i++) {
		s = series[sc, i]
		printf "![%s: %s over time](%s)\n", sc, s, plotfile(sc, s, "time")
		printf "![%s: %s distribution](%s)\n\n", sc, s, plotfile(sc, s, "dist")
	}
}

END {
	load_order()
	header()
	summary()
	rule_check()
	for (i = 1; i <= scen[""]; i++) scenario(scen["", i])
}
