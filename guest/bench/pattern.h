/* SPDX-License-Identifier: GPL-2.0 */
/* A run's apps and programs, and the patterns they follow (pattern.c,
 * pattern_*.c). */
#ifndef EXECFIRST_PATTERN_H
#define EXECFIRST_PATTERN_H

#include "apps.h"
#include "real.h"
#include "stats.h"

struct run {
	struct app app[MAX_APPS], twin[MAX_APPS];
	int napps;
	bool real;		/* the apps are real ones (resident.py) */
	struct program prog[MAX_APPS];	/* launched programs */
	int nprogs;
	pid_t locker[2 * MAX_APPS];	/* fp_lock()'s children, with mlock */
	int nlockers;
	size_t app_len;
	bool lock;
	long duration;		/* seconds per phase */
	double t0;		/* start of the phase */
	struct side sa, st;
	long think[MAX_LIST], idle[MAX_LIST];	/* think_ms, idle_s */
	int nthink, nidle;
	long procs, procs_pct;
};

/* Seconds since the phase started. */
double since(const struct run *r);
void print_killed(struct run *r);
/* Run the pattern named (pattern_NAME()); dies on an unknown one. */
void run_pattern(struct run *r, const char *pattern);

void pattern_switch(struct run *r);
void pattern_launch(struct run *r);
void pattern_startup(struct run *r);
void pattern_survival(struct run *r);
void pattern_fight(struct run *r);
void pattern_none(struct run *r);
/* The most nr_exec_protected (MiB) seen by pattern_none() in this phase. */
extern double protected_max_mb;

#endif
