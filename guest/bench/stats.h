/* SPDX-License-Identifier: GPL-2.0 */
/* What one side, the apps or their twins, saw in a phase (stats.c). */
#ifndef EXECFIRST_STATS_H
#define EXECFIRST_STATS_H

#define MAX_EVENTS	1024

/* What one side (apps or twins) saw: latencies, faults, residency. */
struct side {
	const char *name;	/* "app" or "twin" */
	const char *event;	/* "switch", or "launch" for programs */
	double ms[MAX_EVENTS], lost[MAX_EVENTS];
	long faults;
	int n;
};

/* One switch or launch at t seconds into the phase: ms, major faults,
 * the share of the text in memory just before; a "series" line. */
void side_add(struct side *s, double t, double ms, long faults,
	      double resident);
/* The side's metrics: lost_pct, majflt_per_EVENT, EVENT_p50/p95/max_ms. */
void side_print(struct side *s);

#endif
