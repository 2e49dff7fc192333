// SPDX-License-Identifier: GPL-2.0
/*
 * The none pattern: no apps to drive; what the rule protects, sampled.
 */
#include <stdio.h>

#include "pattern.h"
#include "../lib/util.h"

/* The most nr_exec_protected (MiB) seen by pattern_none() in this phase. */
double protected_max_mb;

/* Nothing to drive: sample what the rule protects, once a second. */
void pattern_none(struct run *r)
{
	double next = 0;

	protected_max_mb = 0;
	while (since(r) < r->duration) {
		long long pages = vmstat_get("nr_exec_protected");

		if (pages >= 0 && since(r) >= next) {
			double mb = pages * 4096.0 / (1 << 20);

			printf("series protected_mb %.3f %.1f\n", since(r), mb);
			if (mb > protected_max_mb)
				protected_max_mb = mb;
			next += 1;
		}
		sleep_ms(200);
	}
}
