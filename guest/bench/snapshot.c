// SPDX-License-Identifier: GPL-2.0
/*
 * The machine's counters before and after the measured phases:
 * /proc/vmstat's events, PSI's memory totals and kswapd0's CPU time, and
 * their differences printed as the sample's vmstat, psi and kswapd lines.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "snapshot.h"
#include "../lib/util.h"

/* The CPU time kswapd0 has used, in clock ticks: the aging's and eviction's
 * cost in the background, which the executable-page rule adds to. */
static long long kswapd_ticks(void)
{
	char path[300], line[512], *p;
	unsigned long long ut, st;
	long long v = -1;
	struct dirent *d;
	DIR *proc = opendir("/proc");

	while (proc && v < 0 && (d = readdir(proc))) {
		FILE *f;

		if (d->d_name[0] < '1' || d->d_name[0] > '9')
			continue;
		snprintf(path, sizeof(path), "/proc/%s/stat", d->d_name);
		f = fopen(path, "r");
		if (!f)
			continue;
		/* "pid (kswapd0) S ..." then fields 14 and 15: utime, stime */
		if (fgets(line, sizeof(line), f) && strstr(line, "(kswapd0)") &&
		    (p = strrchr(line, ')')) &&
		    sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu",
			   &ut, &st) == 2)
			v = ut + st;
		fclose(f);
	}
	if (proc)
		closedir(proc);
	return v;
}

static long long psi_total(const char *kind)
{
	char line[256], *p;
	long long v = -1;
	FILE *f = fopen("/proc/pressure/memory", "r");

	while (f && fgets(line, sizeof(line), f))
		if (!strncmp(line, kind, strlen(kind)) && (p = strstr(line, "total=")))
			v = atoll(p + 6);
	if (f)
		fclose(f);
	return v;
}

void snapshot(struct snapshot *s)
{
	FILE *f = fopen("/proc/vmstat", "r");

	s->n = 0;
	while (f && s->n < MAX_VMSTAT &&
	       fscanf(f, "%39s %lld", s->name[s->n], &s->val[s->n]) == 2)
		if (strncmp(s->name[s->n], "nr_", 3))
			s->n++;
	if (f)
		fclose(f);
	s->psi_some = psi_total("some");
	s->psi_full = psi_total("full");
	s->kswapd_ticks = kswapd_ticks();
	s->t = now_seconds();
}

void snapshot_print(const struct snapshot *a, const struct snapshot *b)
{
	double us = (b->t - a->t) * 1e6;

	for (int i = 0; i < a->n && i < b->n; i++)
		printf("vmstat %s %lld\n", a->name[i], b->val[i] - a->val[i]);
	if (a->kswapd_ticks >= 0 && b->kswapd_ticks >= 0)
		printf("metric kswapd.cpu_s %.2f s lower\n",
		       (double)(b->kswapd_ticks - a->kswapd_ticks) /
		       sysconf(_SC_CLK_TCK));
	if (a->psi_some >= 0) {
		printf("psi some_pct %.3f\n", 100 * (b->psi_some - a->psi_some) / us);
		printf("psi full_pct %.3f\n", 100 * (b->psi_full - a->psi_full) / us);
	}
	printf("key duration_s %.2f\n", b->t - a->t);
}
