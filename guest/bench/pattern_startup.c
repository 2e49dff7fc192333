// SPDX-License-Identifier: GPL-2.0
/*
 * The startup pattern: Wu's desktop test, the apps started one by one.
 */
#include <stdio.h>

#include "pattern.h"
#include "../lib/util.h"

/* Wu's desktop test: start the apps one by one; after each start, switch
 * through every app started so far. Twins do the same after their apps. */
void pattern_startup(struct run *r)
{
	double ta = 0, tt = 0, ms;
	long f;

	for (int i = 0; i < r->napps; i++) {
		ms = 1000 * app_start(&r->app[i], i, r->app_len, false, r->lock);
		ms += app_run(&r->app[i], &f);
		side_add(&r->sa, since(r), ms, f, 0);
		ta += ms;
		ms = 1000 * app_start(&r->twin[i], i, r->app_len, true, false);
		ms += app_run(&r->twin[i], &f);
		side_add(&r->st, since(r), ms, f, 0);
		tt += ms;
		for (int j = 0; j <= i; j++) {
			ta += app_run(&r->app[j], &f);
			r->sa.faults += f;
			tt += app_run(&r->twin[j], &f);
			r->st.faults += f;
		}
	}
	printf("metric app.total_s %.3f s lower\n", ta / 1000);
	printf("metric twin.total_s %.3f s lower\n", tt / 1000);
	printf("metric app.majflt %ld faults lower\n", r->sa.faults);
	printf("metric twin.majflt %ld faults lower\n", r->st.faults);
	r->sa.n = r->st.n = 0;	/* the per-switch figures mean little here */
}
