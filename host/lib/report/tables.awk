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
	print "- `~` after a mean: noisy, its CoeffVar is above " NOISY_CV "%."
	print "- `>`: the scenario's primary metric. `-` as a value: none recorded."
	print "- Reclaim tables: means over samples of `/proc/vmstat` deltas (pgscan,"
	print "  pgsteal: sums of their kswapd, direct, khugepaged and proactive"
	print "  counters that the kernel has, as common/derived defines them;"
	print "  efficiency: pgsteal / pgscan * 100) and of memory pressure (psi, % of"
	print "  wall time); `-`: the kernel does not have that counter."
	print "- Survival plots (a scenario whose samples give `WHO.resident_<T>s_pct`):"
	print "  the share of WHO's text left after T s idle, one line per variant"
	print "  through the means, its bars from the lowest to the highest sample."
	print ""
}

function run_info(   i, k, v) {
	print "## The run"
	print ""
	for (i = 1; i <= ninfo; i++) {
		k = info[i]; v = infov[i]
		if (k == "accel") v = toupper(v)
		print "- " k ": " v
	}
	if (!plots) print "- plots: none, gnuplot is not installed"
	print ""
}

# A table is lab[0..R] and cell[0..R, 1..C], row 0 the column names;
# printed with the labels, and the cells of columns j with left[j] set,
# left-aligned, the other cells right-aligned.
function flush(   r, j, w, lw, line) {
	for (r = 0; r <= R; r++) {
		if (length(lab[r]) > lw) lw = length(lab[r])
		for (j = 1; j <= C; j++)
			if (length(cell[r, j]) > w[j]) w[j] = length(cell[r, j])
	}
	print "```"
	for (r = 0; r <= R; r++) {
		line = sprintf("%-" lw "s", lab[r])
		for (j = 1; j <= C; j++)
			line = line "  " sprintf("%" (j in left ? "-" : "") w[j] "s", cell[r, j])
		sub(/ +$/, "", line)
		print line
	}
	print "```"
	R = 0; delete lab; delete cell; delete left
}

# Welch's two-sided p between columns a and b of d[], or "-" when either
# has fewer than two samples (no test). differs: p < 0.05.
function welch(a, b) {
	if (d[a, "n"] < 2 || d[b, "n"] < 2) return "-"
	return welch_p(d[a, "am"], d[a, "var"], d[a, "n"], d[b, "am"], d[b, "var"], d[b, "n"])
}
function differs(a, b,   p) { p = welch(a, b); return p != "-" && p < 0.05 }
function count(n, what) { return n " " what (n == 1 ? "" : "s") }
function fmt_p(p) { return p < 0.001 ? "p < 0.001" : sprintf("p = %.3f", p) }

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
	d[j, "ci"] = n >= 2 ? ci95(d[j, "var"], n) : "-"
}

function group_table(sc, g,   j, mi, m, v, k, st, harmonic, hasbase, lower, ds, mark, notes) {
	C = members[sc, g]
	hasbase = members[sc, g, 1] == base[sc, g]
	printf "Group `%s`, baseline `%s`%s:\n\n", g, base[sc, g], \
	    hasbase ? "" : " (no samples: no deltas)"
	lab[0] = ""; lab[R = 1] = "  Samples"
	for (j = 1; j <= C; j++) {
		cell[0, j] = members[sc, g, j]
		cell[1, j] = nsamp[sc, members[sc, g, j]] "             "
	}
	for (mi = 1; mi <= metrics[sc]; mi++) {
		m = metrics[sc, mi]
		harmonic = is_rate(unit[sc, m])
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
				if (!d[j, "n"]) { cell[R, j] = "-             "; continue }
				ds = !hasbase || !d[1, "n"] || v == "-" || d[1, st[k]] == "-" ? "-" : delta(v, d[1, st[k]], lower)
				mark = st[k] == "Mean" && hasbase && j > 1 && differs(1, j)
				cell[R, j] = sprintf("%s (%8s)%-2s", v == "-" ? "-" : fmt(v),
				    ds == "-" ? "-" : ds "%", (mark ? "*" : "") \
				    (st[k] == "Mean" && noisy(d[j, "CoeffVar"]) ? "~" : ""))
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

# A variant "with the rule on" in scenario sc: its samples say
# `key exec_protect 1`, and its group's baseline is the same engine (the
# same `key lru_gen_enabled`) with the rule off (`key exec_protect 0`).
# For the v2 series (bench/variants-v2), whose 1 is the unpatched kernel's
# rule and 2 the series' (v1 has no 2): 2 against a baseline at 1.
# The summary's verdicts and the app-text check compare these pairs.
function rule_pair(sc, var,   b, on, off) {
	b = base[sc, key[sc, var, "group"]]
	on = key[sc, var, "exec_protect"]; off = key[sc, b, "exec_protect"]
	return (on == "1" && off == "0" || on == "2" && off == "1") &&
	    key[sc, b, "lru_gen_enabled"] == key[sc, var, "lru_gen_enabled"]
}

# Did the rule help? Rule-on variant var against baseline b on metric m,
# Welch's test on d[1] (b) and d[2] (var), from describe().
function verdict(sc, var, b, m,   p, said, lower, better_on) {
	lower = better[sc, m] == "lower"
	said = "`" var "` " fmt(d[2, "am"]) " " unit[sc, m] " against `" b "` " \
	    fmt(d[1, "am"]) " " unit[sc, m] " (" better[sc, m] " is better"
	if (!d[1, "n"] || !d[2, "n"])
		return "no verdict: `" (d[1, "n"] ? var : b) "` has no `" m "`."
	p = welch(1, 2)
	if (p == "-")
		return "cannot tell: " said ", n=" d[2, "n"] " against n=" d[1, "n"] \
		    "; Welch's test needs two samples or more on both sides)."
	better_on = lower ? d[2, "am"] < d[1, "am"] : d[2, "am"] > d[1, "am"]
	return (p >= 0.05 ? "no measurable difference" : better_on ? "the rule helped" : "the rule hurt") \
	    ": " said ", " fmt_p(p) ")."
}

# What the OOM killer took in variant var's samples: each count metric
# named *killed ("stream.killed", "app.launches_killed"), as "`M` in K of
# N samples (mean X)" for those it took anything in, or "".
function kills(sc, var,   mi, m, s, n, k, t, said) {
	for (mi = 1; mi <= metrics[sc]; mi++) {
		m = metrics[sc, mi]
		if (m !~ /killed$/ || !(n = nval[sc, var, m])) continue
		k = t = 0
		for (s = 1; s <= n; s++)
			if (val[sc, var, m, s] > 0) { k++; t += val[sc, var, m, s] }
		if (k) said = said (said == "" ? "" : ", ") "`" m "` in " k " of " n \
		    " samples (mean " fmt(t / n) ")"
	}
	return said
}

# The headline, one table per group: each scenario's primary metric on
# each variant of the group, the arithmetic mean with its 95% confidence
# interval, n and the ratio to the baseline's mean; under the table, what
# the rule did in each scenario.
function summary(   i, k, sc, g, m, b, var, nv, lines, said, head, bases) {
	print "## Summary: each scenario's primary metric"
	print ""
	print "Per group, each scenario's primary metric on each variant: the"
	print "arithmetic mean over the samples (for rates too), `~` when noisy"
	print "(CoeffVar above " NOISY_CV "%); its 95% confidence interval (Student's t,"
	print "n-1 degrees of freedom; `-` with one sample); n; and the ratio of the"
	print "mean to the group baseline's (the scenario's first row), `*` where"
	print "Welch's two-sided t-test puts them apart at p < 0.05. Under each"
	print "table, what the rule did: each variant with it on (`key exec_protect 1`)"
	print "against the baseline when that is the same engine with it off. Helped"
	print "or hurt: Welch's test finds the means apart (p < 0.05), the rule-on one"
	print "better or worse in the metric's direction (its samples' `lower` or"
	print "`higher`); otherwise no measurable difference. Where the OOM killer"
	print "took workers (count metrics named `*killed`), a line says so: that"
	print "variant's figures are those of what it left. How the run was made:"
	print "\"The run\", below."
	if (v2_rule) {
		print ""
		print "The v2 series (`key exec_protect 2` in some samples): its rule on"
		print "is 2, its baseline 1, the unpatched kernel's rule (v2's claim,"
		print "which the `vanilla` variants of each group test); 0 is no rule."
	}
	print ""
	for (k = 1; k <= allgroups[""]; k++) {
		g = allgroups["", k]; lines = bases = ""
		for (i = 1; i <= scen[""]; i++) {
			b = "`" base[scen["", i], g] "`"
			if (members[scen["", i], g] && !index(", " bases ", ", ", " b ", "))
				bases = bases (bases == "" ? "" : ", ") b
		}
		printf "### Group `%s`, baseline %s\n\n", g, bases
		lab[0] = "scenario"; C = 7
		split("primary metric|better|variant|mean|95% CI|n|ratio", head, "|")
		for (i = 1; i <= C; i++) cell[0, i] = head[i]
		left[1] = left[2] = left[3] = 1
		for (i = 1; i <= scen[""]; i++) {
			sc = scen["", i]; m = key[sc, "primary"]; b = base[sc, g]
			if (m == "" || !members[sc, g]) continue
			describe(1, sc, b, m, 0); said = 0
			for (nv = 1; nv <= members[sc, g]; nv++) {
				var = members[sc, g, nv]
				describe(2, sc, var, m, 0)
				lab[++R] = nv == 1 ? sc : ""
				cell[R, 1] = nv == 1 ? m : ""
				cell[R, 2] = nv == 1 ? better[sc, m] : ""
				cell[R, 3] = var
				if (!d[2, "n"]) {
					cell[R, 4] = "- "; cell[R, 5] = "-"; cell[R, 6] = 0; cell[R, 7] = "- "
				} else {
					cell[R, 4] = fmt(d[2, "am"]) (noisy(d[2, "CoeffVar"]) ? "~" : " ")
					cell[R, 5] = d[2, "ci"] == "-" ? "-" : \
					    "[" fmt(d[2, "am"] - d[2, "ci"]) ", " fmt(d[2, "am"] + d[2, "ci"]) "]"
					cell[R, 6] = d[2, "n"]
					cell[R, 7] = !d[1, "n"] || d[1, "am"] == 0 ? "- " : \
					    fmt(d[2, "am"] / d[1, "am"]) (var != b && differs(1, 2) ? "*" : " ")
				}
				if (rule_pair(sc, var) && ++said)
					lines = lines "- `" sc "`: " verdict(sc, var, b, m) "\n"
			}
			if (!said)
				lines = lines "- `" sc "`: no verdict: no variant with the rule on to set against `" b \
				    "` (the same engine, the rule off).\n"
			for (nv = 1; nv <= members[sc, g]; nv++)
				if ((said = kills(sc, members[sc, g, nv])) != "")
					lines = lines "- `" sc "`: the OOM killer took workers on `" \
					    members[sc, g, nv] "`: " said ".\n"
			delete d
		}
		if (R) { flush(); printf "\n%s\n", lines; continue }
		print "No scenario of the group names its primary metric (`key primary`).\n"
		delete cell; delete left
	}
}

# The issue-13 check, over every scenario: no variant with the rule on
# (rule_pair) loses more app text (app.lost_pct) than the same engine with
# the rule off. A higher mean is "MORE", and fails the scenario, when
# Welch's test finds it significant (p < 0.05, two samples or more on both
# sides); otherwise "more, within noise", or "more, untested" without a test.
function rule_check(   i, j, sc, var, b, m, p, npairs, np, ntot, nbad, nsc, nfail, v, failed, line) {
	m = "app.lost_pct"
	print "## Check: the rule never costs app text"
	print ""
	print "Each variant with the rule on against its group's baseline, the same"
	print "engine with the rule off: mean `" m "` (+- Stddev), lower is better."
	print "A scenario fails when a variant with the rule on loses more, and"
	print "Welch's test finds it significant (p < 0.05)."
	print ""
	lab[0] = "scenario: variant vs baseline"
	cell[0, 1] = "rule on"; cell[0, 2] = "rule off"; cell[0, 3] = "verdict"; C = 3
	for (i = 1; i <= scen[""]; i++) {
		sc = scen["", i]; np = npairs = 0; failed = ""
		for (j = 1; j <= cols[sc]; j++) {
			var = cols[sc, j]; b = base[sc, key[sc, var, "group"]]
			if (!rule_pair(sc, var)) continue
			npairs++
			if (!nval[sc, var, m] || !nval[sc, b, m]) continue
			describe(1, sc, b, m, 0); describe(2, sc, var, m, 0)
			np++; p = welch(1, 2)
			if (d[2, "Mean"] <= d[1, "Mean"]) v = "ok"
			else if (p == "-") v = "more, untested (n < 2)"
			else if (p < 0.05) {
				v = "MORE, " fmt_p(p); nbad++
				failed = failed (failed == "" ? "" : ", ") "`" var "` than `" b "` (" fmt_p(p) ")"
			} else v = "more, within noise (" fmt_p(p) ")"
			lab[++R] = sc ": " var " vs " b
			cell[R, 1] = fmt(d[2, "Mean"]) " +-" fmt(d[2, "Stddev"]) " (n=" d[2, "n"] ")"
			cell[R, 2] = fmt(d[1, "Mean"]) " +-" fmt(d[1, "Stddev"]) " (n=" d[1, "n"] ")"
			cell[R, 3] = v
			delete d
		}
		line = line "- `" sc "`: "
		if (!npairs) line = line "not checked: no variant with the rule on to set against the same engine with it off.\n"
		else if (!np) line = line "not checked: no `" m "` recorded.\n"
		else {
			nsc++; ntot += np
			if (failed == "") line = line "pass (" count(np, "pair") ").\n"
			else { nfail++; line = line "FAIL: more app text lost by " failed ".\n" }
		}
	}
	if (R) { flush(); print "" }
	printf "%s\n", line
	if (!nsc) print "Overall: nothing checked: no scenario records `" m "` on a variant with the rule on and on the same engine with it off."
	else if (nfail) printf "Overall: FAIL: a variant with the rule on loses significantly more app text in %d of %d checked scenarios (%d of %d pairs).\n", nfail, nsc, nbad, ntot
	else printf "Overall: pass: no variant with the rule on loses significantly more app text (%s checked, %s).\n", count(nsc, "scenario"), count(ntot, "pair")
	print ""
}

# The v2 series' claim (bench/variants-v2): vm.exec_protect=1 is the
# kernel without the series. In each scenario and group whose baseline is
# the series at 1, each variant of the unpatched kernel on the same engine
# with nothing else set (`key exec_protect absent`, min_ttl_ms and mlock
# 0) against it, on the scenario's primary metric and on app.lost_pct:
# "within noise" unless Welch's test puts them apart (p < 0.05).
function upstream_twin(sc, var, b) {
	return key[sc, b, "exec_protect"] == "1" && key[sc, var, "exec_protect"] == "absent" &&
	    key[sc, var, "min_ttl_ms"] == "0" && key[sc, var, "mlock"] == "0" &&
	    key[sc, b, "lru_gen_enabled"] == key[sc, var, "lru_gen_enabled"]
}
function upstream_check(   i, j, k, sc, var, b, m, ms, p, v, n, napart, said) {
	print "## Check: vm.exec_protect=1 is the unpatched kernel"
	print ""
	print "Each group's baseline, the v2 series at 1, against the unpatched kernel"
	print "on the same engine: each scenario's primary metric and `app.lost_pct`,"
	print "mean +- Stddev (n). Apart: Welch's test, p < 0.05."
	print ""
	lab[0] = "scenario: metric, unpatched vs series at 1"
	cell[0, 1] = "unpatched"; cell[0, 2] = "series at 1"; cell[0, 3] = "verdict"; C = 3
	left[3] = 1
	for (i = 1; i <= scen[""]; i++) {
		sc = scen["", i]
		split(key[sc, "primary"] " app.lost_pct", ms, " ")
		for (j = 1; j <= cols[sc]; j++) {
			var = cols[sc, j]; b = base[sc, key[sc, var, "group"]]
			if (!upstream_twin(sc, var, b)) continue
			for (k = 1; k in ms; k++) {
				m = ms[k]
				if (m == "" || k == 2 && m == ms[1] || !nval[sc, var, m] || !nval[sc, b, m]) continue
				describe(1, sc, var, m, 0); describe(2, sc, b, m, 0)
				p = welch(1, 2); n++
				if (p == "-") v = "untested (n < 2)"
				else if (p < 0.05) { v = "APART, " fmt_p(p); napart++
					said = said (said == "" ? "" : ", ") "`" sc "` " m " (`" var "`)" }
				else v = "within noise (" fmt_p(p) ")"
				lab[++R] = sc ": " m ", " var " vs " b
				cell[R, 1] = fmt(d[1, "Mean"]) " +-" fmt(d[1, "Stddev"]) " (n=" d[1, "n"] ")"
				cell[R, 2] = fmt(d[2, "Mean"]) " +-" fmt(d[2, "Stddev"]) " (n=" d[2, "n"] ")"
				cell[R, 3] = v
				delete d
			}
		}
	}
	if (R) { flush(); print "" }
	if (!n) print "Nothing compared: no scenario has the unpatched kernel beside the series at 1."
	else if (napart) printf "Apart in %d of %d comparisons: %s.\n", napart, n, said
	else printf "Within noise in all %d comparisons.\n", n
	print ""
}

function scenario(sc,   i, s) {
	print "## " ((sc, "title") in key ? key[sc, "title"] " (`" sc "`)" : "`" sc "`")
	print ""
	for (i = 1; i <= groups[sc]; i++) group_table(sc, groups[sc, i])
	reclaim_table(sc)
	for (i = 1; plots && i <= curves[sc]; i++) {
		s = curves[sc, i]
		printf "![%s: share of %s text left against idle time](%s)\n\n", sc, s, plotfile(sc, s, "survival")
	}
	for (i = 1; plots && i <= series[sc]; i++) {
		s = series[sc, i]
		if (curve_of(sc, s) != "") continue
		printf "![%s: %s over time](%s)\n", sc, s, plotfile(sc, s, "time")
		printf "![%s: %s distribution](%s)\n\n", sc, s, plotfile(sc, s, "dist")
	}
}

END {
	load_order()
	print "# execfirst benchmark report: " ("run" in infoval ? infoval["run"] : run)
	print ""
	summary()
	rule_check()
	if (v2_rule) upstream_check()
	run_info()
	legend()
	for (i = 1; i <= scen[""]; i++) scenario(scen["", i])
}
