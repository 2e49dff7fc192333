// SPDX-License-Identifier: GPL-2.0
/*
 * Before the measurement: caches dropped, the launched programs' cold
 * starts and footprints, and the apps and their twins started and run
 * once (the real apps with fault-around off, so that their footprints are
 * the pages they used).
 */
#include <stdio.h>
#include <unistd.h>

#include "apps.h"
#include "pattern.h"
#include "real.h"
#include "warm.h"
#include "../lib/util.h"

#define FAULT_AROUND	"/sys/kernel/debug/fault_around_bytes"

void drop_caches(void)
{
	sync();
	knob_set("/proc/sys/vm/drop_caches", "3");
}

/*
 * The launched programs' cold starts: each from dropped caches, its
 * footprint taken after; then each launched once more, and its twin run,
 * as a warm-up. With mlock, a child locks each footprint's files.
 */
static void programs_warm(struct run *r)
{
	struct program *p;
	long f;
	int i;

	for (i = 0; i < r->nprogs; i++) {
		p = &r->prog[i];
		drop_caches();
		p->cold_ms = program_launch(p, &p->cold_majflt);
		if (p->cold_ms < 0)
			die("%s: its cold launch was OOM-killed", p->name);
		fp_from_tree(&p->fp);
		printf("key %s.cold_ms %.1f\n", p->name, p->cold_ms);
		printf("key %s.cold_majflt %ld\n", p->name, p->cold_majflt);
		printf("key %s.footprint_mb %.1f\n", p->name,
		       p->fp.pages * PAGE_SIZE / 1048576.0);
	}
	for (i = 0; i < r->nprogs; i++) {
		p = &r->prog[i];
		if (program_launch(p, &f) < 0)
			die("%s: its warm-up launch was OOM-killed", p->name);
		fp_touch(&p->fp, TWIN_ROOT, &f);
		if (r->lock)
			r->locker[r->nlockers++] = fp_lock(&p->fp);
	}
}

/* Fault-around (debugfs fault_around_bytes) at the kernel's default, or
 * off (one page per fault). */
static void fault_around(bool on)
{
	static char was[32];

	lru_gen_debugfs();	/* mounts debugfs */
	if (!on) {
		if (knob_read(FAULT_AROUND, was, sizeof(was)))
			die("%s is missing", FAULT_AROUND);
		knob_set(FAULT_AROUND, "4096");
	} else {
		knob_set(FAULT_AROUND, was);
	}
}

/* Start the apps and their twins and run each once, as a warm-up. */
void apps_warm(struct run *r)
{
	long f;
	int i;

	programs_warm(r);
	/*
	 * Fault-around off while the real apps first run: their page tables
	 * then map only the pages they used, which is their footprint
	 * (fp_from_maps()); with it, neighbours that readahead brought in
	 * would count as text the app lost although it never runs them.
	 */
	if (r->real)
		fault_around(false);
	for (i = 0; i < r->napps && r->real; i++) {
		real_app_start(&r->app[i], &r->twin[i], i);
		if (r->lock)
			r->locker[r->nlockers++] = fp_lock(r->app[i].fp);
	}
	if (r->real)
		fault_around(true);
	for (i = 0; i < r->napps && !r->real; i++) {
		app_start(&r->app[i], i, r->app_len, false, r->lock);
		app_start(&r->twin[i], i, r->app_len, true, false);
		app_run(&r->app[i], &f);
		app_run(&r->twin[i], &f);
	}
}
