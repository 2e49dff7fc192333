#!/usr/bin/env bash
# Repeat the twin tests to see their spread and flakiness, and print each
# case's distribution (the thresholds in guest/tests/twin_*.c come from it).
# Usage: host/tools/twin-study.sh [RUNS]   (default 5)
. "$(dirname "$0")/../lib/lib.sh"
. "$TOP/host/lib/guest.sh"

runs=${1:-5}
case "$runs" in ''|*[!0-9]*) die "twin-study.sh: RUNS must be a number, not '$runs'" ;; esac
guest_kernel patched guest
guest_image test
dir=$BUILD/runs/twin-study-$(date +%Y%m%d-%H%M%S)
for i in $(seq 1 "$runs"); do
	for t in twin_exec_file twin_exec_anon; do
		guest_boot "$dir/$t-$i" 900 "tests/$t" || log "run $i of $t: $VERDICT"
	done
done
log "Results in ${dir#"$TOP"/}"
cat "$dir"/*/output.txt | grep -h 'twin-result\|^ok\|^not ok' | awk '
/twin-result/ {
	for (i = 3; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] }
	k = f["engine"] (f["anon"] == 1 ? " anon" : " file") " protect=" f["protect"]
	n[k]++; e[k] += f["exec_lost"]; ee[k] += f["exec_lost"]^2
	r[k] += f["read_lost"]; rr[k] += f["read_lost"]^2
	d = f["read_lost"] - f["exec_lost"]
	if (!(k in dmin) || d < dmin[k]) dmin[k] = d
	if (!(k in dmax) || d > dmax[k]) dmax[k] = d
}
/^ok/ { pass++ } /^not ok/ { fail++ }
END {
	printf "%-28s %4s %16s %16s %22s\n", "case", "runs", "exec lost %", "read lost %", "read-exec (min..max)"
	for (k in n) {
		me = e[k]/n[k]; mr = r[k]/n[k]
		se = n[k] > 1 ? sqrt((ee[k] - n[k]*me*me)/(n[k]-1)) : 0
		sr = n[k] > 1 ? sqrt((rr[k] - n[k]*mr*mr)/(n[k]-1)) : 0
		printf "%-28s %4d %8.1f +- %4.1f %8.1f +- %4.1f %10.1f .. %5.1f\n", k, n[k], 100*me, 100*se, 100*mr, 100*sr, 100*dmin[k], 100*dmax[k]
	}
	printf "TAP results over all runs: %d ok, %d not ok\n", pass, fail
}'
