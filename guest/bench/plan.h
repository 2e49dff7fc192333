/* SPDX-License-Identifier: GPL-2.0 */
/* The scenario's plan and one measured phase of it (plan.c). */
#ifndef EXECFIRST_PLAN_H
#define EXECFIRST_PLAN_H

#include "pattern.h"
#include "work.h"

/* What the scenario asks for, beside the apps (struct run). */
struct plan {
	const char *pattern, *stream, *abuser;
	struct load ls, ldb, lz, la, lp, lh;
	bool db, zipf, probe;
};

void plan_read(struct run *r, struct plan *p, size_t mem, int sample);
void run_phase(struct run *r, struct plan *p, int phases, bool is_exec,
	       double val[2][2]);

#endif
