// SPDX-License-Identifier: GPL-2.0
/*
 * The survival pattern: how long an idle app's text stays in memory.
 */
#include <stdio.h>

#include "pattern.h"
#include "../lib/util.h"

/* How long does an idle app's code survive? App k idles idle_s[k]
 * seconds, then its residency is taken and it resumes. */
void pattern_survival(struct run *r)
{
	long *idle = r->idle;
	int n = r->nidle;
	double prev_t = 0, prev_r = 100, t50 = -1;

	if (n > r->napps)
		die("scenario: idle_s has more entries than apps");
	for (int k = 0; k < n; k++) {
		double ra, rt, ma, mt;
		long f;

		while (since(r) < idle[k])
			sleep_ms(50);
		ra = 100 * resident_fraction(r->app[k].res, r->app_len);
		rt = 100 * resident_fraction(r->twin[k].res, r->app_len);
		ma = app_run_or_killed(&r->app[k], &f);
		mt = app_run_or_killed(&r->twin[k], &f);
		printf("metric app.resident_%03lds_pct %.2f %% higher\n", idle[k], ra);
		printf("metric twin.resident_%03lds_pct %.2f %% higher\n", idle[k], rt);
		if (ma >= 0)
			printf("metric app.resume_%03lds_ms %.2f ms lower\n", idle[k], ma);
		if (mt >= 0)
			printf("metric twin.resume_%03lds_ms %.2f ms lower\n", idle[k], mt);
		printf("series app.resident_pct %.3f %.2f\n", since(r), ra);
		printf("series twin.resident_pct %.3f %.2f\n", since(r), rt);
		if (t50 < 0 && ra < 50)
			t50 = prev_t + (prev_r - 50) * (idle[k] - prev_t) / (prev_r - ra);
		prev_t = idle[k];
		prev_r = ra;
	}
	/* Apps the OOM killer took; their residency is still measured. */
	print_killed(r);
	/* Never below half: T50 is at least the longest idle time. */
	printf("key app.t50_censored %d\n", t50 < 0);
	printf("metric app.t50_s %.2f s higher\n", t50 < 0 ? prev_t : t50);
}
