# Load parse.awk's stream into arrays and put everything in report order.
# Shared by tables.awk and plots.awk, which call load_order() in END.
# The derived counters (pgscan, pgsteal) are defined in common/derived,
# given as -v derived=FILE.
BEGIN {
	FS = "\t"
	while ((getline line < derived) > 0)
		if (line !~ /^(#|$)/) { split(line, f, " "); derived_re[f[1]] = f[2] }
	close(derived)
}

function add(set, n, x) {	# append x to the list set[n, 1..set[n]] once
	if (!((n, "=" x) in set)) { set[n, "=" x] = 1; set[n, ++set[n]] = x }
}

# Sort the list a[n, 1..] of "KEY NAME" strings bytewise, then drop the
# KEYs (which hold no spaces).
function sort_by_key(a, n,   i, j, x) {
	for (i = 2; i <= a[n]; i++) {
		x = a[n, i]
		for (j = i - 1; j > 0 && a[n, j] "" > x ""; j--) a[n, j + 1] = a[n, j]
		a[n, j + 1] = x
	}
	for (i = 1; i <= a[n]; i++) sub(/^[^ ]* /, "", a[n, i])
}
function sort_by_name(a, n,   i) {
	for (i = 1; i <= a[n]; i++) a[n, i] = "- " a[n, i]
	sort_by_key(a, n)
}

function plotfile(sc, s, kind) { return "plots/" sc "-" s "-" kind ".png" }

function idle_s(m) { sub(/s_pct$/, "", m); sub(/.*[.]resident_/, "", m); return m + 0 }
# The survival curve (its WHO) that stands for series s of scenario sc, or "".
function curve_of(sc, s) { return sub(/[.]resident_pct$/, "", s) && (sc, "=" s) in curves ? s : "" }

$4 == "info" { info[++ninfo] = $5; infov[ninfo] = $6; infoval[$5] = $6; next }
{
	sc = $1; var = $2
	add(scen, "", sc); add(vars, sc, var)
	if (!((sc, var, $3) in sid)) sid[sc, var, $3] = ++nsamp[sc, var]
	s = sid[sc, var, $3]
}
$4 == "key" { key[sc, var, $5] = $6; if ($5 ~ /^(title|order|primary)$/) key[sc, $5] = $6
	if ($5 == "exec_protect" && $6 == "2") v2_rule = 1 }	# the v2 series' rule
$4 == "metric" {
	add(metrics, sc, $5)
	val[sc, var, $5, ++nval[sc, var, $5]] = $6
	unit[sc, $5] = $7; better[sc, $5] = $8
}
# A survival curve: the metrics WHO.resident_<T>s_pct (guest/bench/bench.c:
# the share of WHO's text resident after T s idle) of a scenario make
# curves[sc, 1..] (the WHOs) and idles[sc SUBSEP WHO, 1..] (their metrics,
# by T). The curve replaces the plots over time of the series
# WHO.resident_pct, which holds the same values (see curve_of).
$4 == "metric" && match($5, /[.]resident_[0-9]+s_pct$/) {
	add(curves, sc, substr($5, 1, RSTART - 1))
	add(idles, sc SUBSEP substr($5, 1, RSTART - 1), sprintf("%012d", idle_s($5)) " " $5)
}
$4 == "series" {
	add(series, sc, $5)
	pt[sc, $5, var, ++npt[sc, $5, var]] = $6 " " $7
}
$4 == "vmstat" || $4 == "psi" {
	name = $4 == "psi" ? "psi " $5 : $5
	if (name ~ /^exec_protect_/) add(counters, sc, name)
	derived_name = ""
	for (dn in derived_re) if (name ~ derived_re[dn]) derived_name = dn
	if (derived_name != "")
		cnt[sc, var, s, derived_name] += $6
	else
		cnt[sc, var, s, name] = $6
}

# scen["", 1..] by `key order` then name; per scenario: groups[sc, 1..]
# classic, mglru, then the others; members[sc SUBSEP g, 1..] baseline
# first, then by `key variant_order`, then by name; cols[sc, 1..] all
# variants in that order; metrics, series, counters and curves[sc, 1..]
# by name; allgroups["", 1..] every scenario's groups, in the same order.
function load_order(   i, j, sc, var, g, o, n) {
	for (i = 1; i <= scen[""]; i++) {
		sc = scen["", i]
		o = (sc, "order") in key ? sprintf("0%012d", key[sc, "order"]) : "1"
		scen["", i] = o "/" sc " " sc
		sort_by_name(metrics, sc); sort_by_name(series, sc); sort_by_name(counters, sc)
		sort_by_name(curves, sc)
		for (j = 1; j <= curves[sc]; j++) sort_by_key(idles, sc SUBSEP curves[sc, j])
		for (j = 1; j <= vars[sc]; j++) {
			var = vars[sc, j]; g = key[sc, var, "group"]
			add(groups, sc, o_group(g))
			if (var == key[sc, var, "baseline"]) o = "0"
			else if ((sc, var, "variant_order") in key)
				o = sprintf("1%012d", key[sc, var, "variant_order"])
			else o = "2"
			add(members, sc SUBSEP g, o "/" var " " var)
			base[sc, g] = key[sc, var, "baseline"]
		}
		sort_by_key(groups, sc)
		for (j = 1; j <= groups[sc]; j++) add(allgroups, "", o_group(groups[sc, j]))
		for (j = 1; j <= groups[sc]; j++) {
			g = groups[sc, j]; sort_by_key(members, sc SUBSEP g)
			for (n = 1; n <= members[sc, g]; n++) cols[sc, ++cols[sc]] = members[sc, g, n]
		}
	}
	sort_by_key(scen, "")
	sort_by_key(allgroups, "")
}
function o_group(g) { return (g == "classic" ? 0 : g == "mglru" ? 1 : 2) "/" g " " g }
