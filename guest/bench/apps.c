// SPDX-License-Identifier: GPL-2.0
/*
 * The apps and their data twins: the synthetic apps (executables from the
 * bench disk whose text is generated code, guest/apps/app.c), each twin a
 * process touching the same bytes of a copy of its file through
 * PROT_READ, and the real apps (resident.py in the Debian root, real.c's
 * footprints). Owns the apps' layout (APPS_DIR/layout) and the request
 * and answer over an app's pipes.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "apps.h"
#include "../apps/order.h"
#include "../lib/util.h"

size_t text_offset, small_pages, big_pages;

void layout_read(void)
{
	FILE *f = fopen(APPS_DIR "/layout", "r");

	if (!f || fscanf(f, "text_offset %zu small_pages %zu big_pages %zu",
			 &text_offset, &small_pages, &big_pages) != 3)
		die("%s/layout is missing or malformed: rebuild the bench disk",
		    APPS_DIR);
	fclose(f);
}

static long my_majflt(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_majflt;
}

/* Read one byte of each of the first pages pages in the apps' order. */
static void touch_scattered(const char *p, size_t pages)
{
	for (size_t k = 0; k < pages; k++)
		(void)((const volatile char *)p)[page_order(k, pages) * PAGE_SIZE];
}

/* The data twin: the same pages of a copy of the app's file, mapped
 * PROT_READ, touched on the same commands, answering like an app. */
static void twin_serve(const char *path, size_t len)
{
	char *p = map_range(path, PROT_READ, text_offset, len);
	int c;

	printf("ready %zu\n", text_offset);
	fflush(stdout);
	while ((c = getchar()) != EOF) {
		double t0 = now_seconds();
		long f0 = my_majflt();

		if (c != 'r')
			continue;
		touch_scattered(p, len / PAGE_SIZE);
		printf("%.0f %ld\n", (now_seconds() - t0) * 1e9, my_majflt() - f0);
		fflush(stdout);
	}
	exit(0);
}

/*
 * Fork an app (or twin) talking over pipes: returns 0 in the child, whose
 * stdin and stdout are the pipes, and the child's pid in the parent, with
 * a->to and a->from open.
 */
pid_t app_fork(struct app *a)
{
	int to[2], from[2];

	if (pipe(to) || pipe(from))
		die("pipe: %s", strerror(errno));
	a->pid = spawn_child(NULL);
	if (a->pid == 0) {
		dup2(to[0], 0);
		dup2(from[1], 1);
		/* Nothing else: another app's pipe held open here would
		 * keep that app from ever seeing the end of its input. */
		for (int fd = 3; fd < 256; fd++)
			close(fd);
		return 0;
	}
	close(to[0]);
	close(from[1]);
	a->to = fdopen(to[1], "w");
	a->from = fdopen(from[0], "r");
	return a->pid;
}

/* Start app i (or its twin) using its first len bytes of text; returns
 * the seconds from fork to "ready". */
double app_start(struct app *a, int i, size_t len, bool twin, bool lock)
{
	char prog[64], data[64], pages[32], line[64];
	double t0 = now_seconds();
	size_t off;

	snprintf(prog, sizeof(prog), APPS_DIR "/app%d", i);
	snprintf(data, sizeof(data), APPS_DIR "/data%d", i);
	snprintf(pages, sizeof(pages), "%zu", len / PAGE_SIZE);
	if (!app_fork(a)) {
		if (twin)
			twin_serve(data, len);
		execl(prog, prog, "serve", pages, lock ? "mlock" : NULL, NULL);
		die("exec %s: %s", prog, strerror(errno));
	}
	if (!fgets(line, sizeof(line), a->from) ||
	    sscanf(line, "ready %zu", &off) != 1 || off != text_offset)
		die("%s %d did not start (said '%s')", twin ? "twin" : "app", i, line);
	a->len = len;
	a->res = map_range(twin ? data : prog, PROT_READ, text_offset, len);
	return now_seconds() - t0;
}

/* Run an app through its working text: milliseconds, and its major
 * faults in *majflt. */
static bool app_ask(struct app *a, double *ms, long *majflt)
{
	double ns;

	fputc('r', a->to);
	fflush(a->to);
	if (fscanf(a->from, "%lf %ld", &ns, majflt) != 2)
		return false;
	*ms = ns / 1e6;
	return true;
}

double app_run(struct app *a, long *majflt)
{
	double ms;

	if (!app_ask(a, &ms, majflt))
		die("an app stopped answering");
	return ms;
}

/* The OOM killer took the app (oom_killed()), now or before; reaped
 * once, then a->pid is -1. Dies if it ended any other way. */
bool app_gone(struct app *a, bool wait)
{
	int st;

	if (a->pid < 0)
		return true;
	if (waitpid(a->pid, &st, wait ? 0 : WNOHANG) != a->pid)
		return false;
	if (!oom_killed(st))
		die("an app ended: status %#x", st);
	a->pid = -1;
	return true;
}

/* app_run(), or -1 if the OOM killer took the app, before or while it
 * ran: a result where a variant may provoke it (min_ttl_ms). */
double app_run_or_killed(struct app *a, long *majflt)
{
	double ms;

	*majflt = 0;
	if (app_gone(a, false))
		return -1;
	if (app_ask(a, &ms, majflt))
		return ms;
	if (!app_gone(a, true))
		die("an app stopped answering");
	return -1;
}

void app_stop(struct app *a)
{
	fclose(a->to);
	fclose(a->from);
	if (a->pid > 0)		/* -1: reaped, the OOM killer took it */
		waitpid(a->pid, NULL, 0);
	if (!a->fp)
		munmap(a->res, a->len);
}

/* Share of an app's (or twin's) working text in memory. */
double app_resident(const struct app *a)
{
	return a->fp ? fp_resident(a->fp, a->root) : resident_fraction(a->res, a->len);
}

static void app_ready(struct app *a, const char *who)
{
	char line[64];

	if (!fgets(line, sizeof(line), a->from) || strcmp(line, "ready 0\n"))
		die("%s did not start (said '%s')", who, line);
}

/*
 * Real app i: resident.py (group i % 3) in the Debian root, run once;
 * its footprint is then the resident pages of its executable mappings,
 * and its twin touches those pages of the twin root.
 */
void real_app_start(struct app *a, struct app *twin, int i)
{
	struct footprint *fp = calloc(1, sizeof(*fp));
	long f;

	if (!fp)
		die("out of memory");
	if (!app_fork(a))
		resident_exec(i % 3);
	app_ready(a, "a real app");
	app_run(a, &f);
	fp_from_maps(fp, a->pid);
	a->fp = fp;
	a->root = REAL_ROOT;
	printf("key real_app%d.text_mb %.1f\n", i, fp->pages * PAGE_SIZE / 1048576.0);

	if (!app_fork(twin))
		fp_twin_serve(fp);
	app_ready(twin, "a real app's twin");
	twin->fp = fp;
	twin->root = TWIN_ROOT;
	app_run(twin, &f);
}

