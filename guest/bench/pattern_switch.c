// SPDX-License-Identifier: GPL-2.0
/*
 * The switch pattern: the user cycles through the apps (or the real
 * apps) with the scenario's think times, each switch timed.
 */
#include <stdio.h>

#include "pattern.h"
#include "../lib/util.h"

/* Switch to app i and then to its twin, as a user would. One that the
 * OOM killer took is not measured; print_killed() counts it. */
static void switch_to(struct run *r, int i)
{
	double res_a = app_resident(&r->app[i]);
	double res_t = app_resident(&r->twin[i]);
	long fa, ft;
	double ma = app_run_or_killed(&r->app[i], &fa);
	double mt = app_run_or_killed(&r->twin[i], &ft);

	if (ma >= 0)
		side_add(&r->sa, since(r), ma, fa, res_a);
	if (mt >= 0)
		side_add(&r->st, since(r), mt, ft, res_t);
}

/* The user cycles through the apps with the scenario's think times. */
void pattern_switch(struct run *r)
{
	int n = r->nthink, k;

	for (k = 0; since(r) + r->think[k % n] / 1000.0 < r->duration; k++) {
		sleep_ms(r->think[k % n]);
		switch_to(r, k % r->napps);
	}
	print_killed(r);
}
