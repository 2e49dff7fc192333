# Statistics for the report, on samples x[1..n].

# The report's one noise threshold: a cell whose CoeffVar (100 * Stddev /
# |mean|) is above it is marked noisy.
BEGIN { NOISY_CV = 20 }
function noisy(cv) { return cv != "-" && cv > NOISY_CV }

function abs(v) { return v < 0 ? -v : v }
function amean(x, n,   i, s) { for (i = 1; i <= n; i++) s += x[i]; return s / n }
function hmean(x, n,   i, s) { for (i = 1; i <= n; i++) s += 1 / x[i]; return n / s }
# A rate (a unit ending in /s) is summed up by the harmonic mean of its
# samples, unless a value in its group of variants (`key group`, one table
# of the report) is 0 or negative: then by the arithmetic mean, as any
# other metric. The report's tables and host/tools/cite.sh both choose so.
function is_rate(unit) { return unit ~ /\/s$/ }
function variance(x, n,   i, m, s) {	# sample variance (n - 1); 0 when n = 1
	if (n < 2) return 0
	m = amean(x, n)
	for (i = 1; i <= n; i++) s += (x[i] - m) ^ 2
	return s / (n - 1)
}
function minimum(x, n,   i, v) { v = x[1]; for (i = 2; i <= n; i++) if (x[i] < v) v = x[i]; return v }
function maximum(x, n,   i, v) { v = x[1]; for (i = 2; i <= n; i++) if (x[i] > v) v = x[i]; return v }

# Two-sided p-value of Welch's t-test between two samples given by their
# arithmetic means, variances and sizes (both sizes 2 or more). With both
# variances 0, the means either differ (p = 0) or not (p = 1).
function welch_p(m1, v1, n1, m2, v2, n2,   a, b, t, df) {
	a = v1 / n1; b = v2 / n2
	if (a + b == 0) return m1 == m2 ? 1 : 0
	t = (m1 - m2) / sqrt(a + b)
	df = (a + b) ^ 2 / (a ^ 2 / (n1 - 1) + b ^ 2 / (n2 - 1))	# Welch-Satterthwaite
	return t_p(t, df)
}

# P(|T| >= |t|) for Student's t with df degrees of freedom (df may be
# fractional): the regularized incomplete beta I_x(df/2, 1/2), x = df/(df+t^2).
function t_p(t, df) { return betai(df / 2, 0.5, df / (df + t * t)) }

# The t with P(|T| >= t) = p for Student's t with df degrees of freedom
# (t_crit(0.05, n - 1): the factor of a 95% confidence interval), by
# bisection on t_p, which falls as t grows.
function t_crit(p, df,   lo, hi, mid, i) {
	lo = 0; hi = 1e4
	for (i = 0; i < 100; i++) {
		mid = (lo + hi) / 2
		if (t_p(mid, df) > p) lo = mid; else hi = mid
	}
	return (lo + hi) / 2
}

# Half the width of the 95% confidence interval of the arithmetic mean of
# n samples of variance v (Student's t, n - 1 degrees of freedom; n >= 2).
function ci95(v, n) { return t_crit(0.05, n - 1) * sqrt(v / n) }

# Regularized incomplete beta I_x(a, b) (Numerical Recipes, 6.4).
function betai(a, b, x,   bt) {
	if (x <= 0) return 0
	if (x >= 1) return 1
	bt = exp(gammln(a + b) - gammln(a) - gammln(b) + a * log(x) + b * log(1 - x))
	if (x < (a + 1) / (a + b + 2)) return bt * betacf(a, b, x) / a
	return 1 - bt * betacf(b, a, 1 - x) / b
}

# Its continued fraction, by the modified Lentz method.
function betacf(a, b, x,   m, aa, c, d, h, del, tiny) {
	tiny = 1e-300
	c = 1; d = 1 - (a + b) * x / (a + 1)
	if (abs(d) < tiny) d = tiny
	d = 1 / d; h = d
	for (m = 1; m <= 300; m++) {
		aa = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))	# even step
		d = 1 + aa * d; if (abs(d) < tiny) d = tiny
		c = 1 + aa / c; if (abs(c) < tiny) c = tiny
		d = 1 / d; h *= d * c
		aa = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))	# odd step
		d = 1 + aa * d; if (abs(d) < tiny) d = tiny
		c = 1 + aa / c; if (abs(c) < tiny) c = tiny
		d = 1 / d; del = d * c; h *= del
		if (abs(del - 1) < 3e-14) break
	}
	return h
}

# ln(Gamma(x)) for x > 0 (Lanczos, as in Numerical Recipes 6.1).
function gammln(x,   tmp, ser) {
	tmp = x + 5.5; tmp -= (x + 0.5) * log(tmp)
	ser = 1.000000000190015 + 76.18009172947146 / (x + 1) \
	    - 86.50532032941677 / (x + 2) + 24.01409824083091 / (x + 3) \
	    - 1.231739572450155 / (x + 4) + 0.1208650973866179e-2 / (x + 5) \
	    - 0.5395239384953e-5 / (x + 6)
	return -tmp + log(2.5066282746310005 * ser / x)
}

# Numbers in the tables: %.2f, or %.0f from a million up; never "-0.00".
function fmt(v,   s) {
	s = sprintf(abs(v) >= 1e6 ? "%.0f" : "%.2f", v)
	if (s ~ /^-0[.]?0*$/) s = substr(s, 2)
	return s
}

# Change of v against base b in percent, positive when v is better.
function delta(v, b, lower) {
	if (b == 0) return "-"
	return fmt((lower ? b - v : v - b) / abs(b) * 100)
}
