// SPDX-License-Identifier: GPL-2.0
/*
 * What the patterns share: the phase's clock, the count of apps the OOM
 * killer took, and the choice of a pattern by its name in the scenario.
 * Each pattern has its file, pattern_NAME.c.
 */
#include <stdio.h>
#include <string.h>

#include "pattern.h"
#include "../lib/util.h"

double since(const struct run *r)
{
	return now_seconds() - r->t0;
}

/* How many apps and twins the OOM killer took, now or before
 * (app_gone()): a result where a variant may provoke it (min_ttl_ms). */
void print_killed(struct run *r)
{
	int a = 0, t = 0;

	for (int k = 0; k < r->napps; k++) {
		a += app_gone(&r->app[k], false);
		t += app_gone(&r->twin[k], false);
	}
	printf("metric app.killed %d count lower\n", a);
	printf("metric twin.killed %d count lower\n", t);
}

void run_pattern(struct run *r, const char *pattern)
{
	if (!strcmp(pattern, "switch"))
		pattern_switch(r);
	else if (!strcmp(pattern, "launch"))
		pattern_launch(r);
	else if (!strcmp(pattern, "startup"))
		pattern_startup(r);
	else if (!strcmp(pattern, "survival"))
		pattern_survival(r);
	else if (!strcmp(pattern, "fight"))
		pattern_fight(r);
	else if (!strcmp(pattern, "none"))
		pattern_none(r);
	else
		die("scenario: unknown pattern '%s'", pattern);
}
