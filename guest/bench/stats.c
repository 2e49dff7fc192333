// SPDX-License-Identifier: GPL-2.0
/*
 * What one side (the apps, or their twins) saw in a phase: each switch's
 * or launch's time, its major faults and the share of its text lost, and
 * the metrics printed from them (nearest-rank percentiles).
 */
#include <stdio.h>
#include <stdlib.h>

#include "bench.h"
#include "stats.h"

void side_add(struct side *s, double t, double ms, long faults,
	      double resident)
{
	if (s->n == MAX_EVENTS)
		return;
	s->ms[s->n] = ms;
	s->lost[s->n] = 100 * (1 - resident);
	s->faults += faults;
	s->n++;
	printf("series %s.%s_ms %.3f %.2f\n", s->name, s->event, t, ms);
}

/* Nearest-rank percentile of v[0..n-1] (sorts v). */
static double percentile(double *v, int n, double p)
{
	int k;

	qsort(v, n, sizeof(*v), cmp_double);
	k = (int)(p / 100 * n + 0.999999) - 1;
	return v[k < 0 ? 0 : k];
}

void side_print(struct side *s)
{
	double sum = 0;

	if (!s->n)
		return;
	for (int i = 0; i < s->n; i++)
		sum += s->lost[i];
	printf("metric %s.lost_pct %.2f %% lower\n", s->name, sum / s->n);
	printf("metric %s.majflt_per_%s %.2f faults lower\n", s->name, s->event,
	       (double)s->faults / s->n);
	printf("metric %s.%s_p50_ms %.2f ms lower\n", s->name, s->event,
	       percentile(s->ms, s->n, 50));
	printf("metric %s.%s_p95_ms %.2f ms lower\n", s->name, s->event,
	       percentile(s->ms, s->n, 95));
	printf("metric %s.%s_max_ms %.2f ms lower\n", s->name, s->event,
	       percentile(s->ms, s->n, 100));
}
