/* SPDX-License-Identifier: GPL-2.0 */
/* The apps and their data twins (apps.c). */
#ifndef EXECFIRST_APPS_H
#define EXECFIRST_APPS_H

#include <stdio.h>

#include "bench.h"
#include "real.h"

struct app {
	pid_t pid;
	FILE *to, *from;
	char *res;	/* the same bytes mapped PROT_READ, never touched:
			 * mincore() shows what is resident */
	size_t len;
	const struct footprint *fp;	/* a real app (or its twin): what
					 * it uses, in root */
	const char *root;
};

/* From APPS_DIR/layout (layout_read()): where big_text starts in an app's
 * file, and the small and big apps' text in pages. */
extern size_t text_offset, small_pages, big_pages;

void layout_read(void);
pid_t app_fork(struct app *a);
double app_start(struct app *a, int i, size_t len, bool twin, bool lock);
double app_run(struct app *a, long *majflt);
bool app_gone(struct app *a, bool wait);
double app_run_or_killed(struct app *a, long *majflt);
void app_stop(struct app *a);
double app_resident(const struct app *a);
void real_app_start(struct app *a, struct app *twin, int i);

#endif
