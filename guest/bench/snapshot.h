/* SPDX-License-Identifier: GPL-2.0 */
/* The machine's counters before and after the phases (snapshot.c). */
#ifndef EXECFIRST_SNAPSHOT_H
#define EXECFIRST_SNAPSHOT_H

/* /proc/vmstat's event counters (not the nr_* gauges) and PSI totals. */
#define MAX_VMSTAT 256
struct snapshot {
	char name[MAX_VMSTAT][40];
	long long val[MAX_VMSTAT];
	int n;
	long long psi_some, psi_full;
	long long kswapd_ticks;	/* kswapd0's utime + stime, -1 if unknown */
	double t;
};

void snapshot(struct snapshot *s);
/* Print what changed from a to b: vmstat, kswapd.cpu_s, psi, duration_s. */
void snapshot_print(const struct snapshot *a, const struct snapshot *b);

#endif
