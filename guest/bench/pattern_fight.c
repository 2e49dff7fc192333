// SPDX-License-Identifier: GPL-2.0
/*
 * The fight pattern: Andi Kleen's test, executables whose text is more
 * than memory running through it at once.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "pattern.h"
#include "../lib/util.h"

/* Andi Kleen's test: executables whose text together exceeds memory, each
 * running through its own text in a loop, fighting each other. */
void pattern_fight(struct run *r)
{
	long procs = r->procs;
	size_t pages = meminfo_kb("MemTotal") * 1024 / 100 * r->procs_pct / PAGE_SIZE;
	size_t locked = 0;
	double work[MAX_APPS], sum = 0, sq = 0, lo = 1e300, hi = 0;
	int killed = 0;
	struct app big[MAX_APPS];
	char prog[64], a[4][24];

	if (procs < 1 || procs > MAX_APPS)
		die("scenario: procs must be 1..%d", MAX_APPS);
	if (pages > big_pages)
		die("scenario: procs_pct asks for %zu MiB of text each, but %s/big0 "
		    "has %zu MiB (the bench disk's big apps, guest/Makefile)",
		    pages * PAGE_SIZE >> 20, APPS_DIR, big_pages * PAGE_SIZE >> 20);
	/*
	 * With mlock, each locks what a locker with a budget of half the
	 * memory would give it (their text is more than memory: it cannot
	 * all be locked), and the rest of its text fights as without.
	 */
	if (r->lock) {
		locked = meminfo_kb("MemTotal") * 1024 / 2 / procs / PAGE_SIZE;
		locked = locked < pages ? locked : pages;
		printf("key fight.locked_mb_each %zu\n", locked * PAGE_SIZE >> 20);
	}
	printf("key fight.text_mb_each %zu\n", pages * PAGE_SIZE >> 20);
	for (int i = 0; i < procs; i++) {
		char *argv[] = { prog, "loop", a[0], a[1], a[2], a[3], NULL };

		snprintf(prog, sizeof(prog), APPS_DIR "/big%d", i);
		snprintf(a[0], sizeof(a[0]), "%zu", pages);
		snprintf(a[1], sizeof(a[1]), "%ld", r->duration);
		snprintf(a[2], sizeof(a[2]), "%zu", pages * i / procs);
		snprintf(a[3], sizeof(a[3]), "%zu", locked);
		if (!app_fork(&big[i])) {	/* its answer on stdout */
			execv(prog, argv);
			die("exec %s: %s", prog, strerror(errno));
		}
		fclose(big[i].to);		/* it reads nothing */
	}
	for (int i = 0; i < procs; i++) {
		int got = fscanf(big[i].from, "pages %lf", &work[i]);
		int st = -1;

		fclose(big[i].from);
		if (waitpid(big[i].pid, &st, 0) != big[i].pid)
			st = -1;
		/* Killed by the OOM killer: counted, and it did no work. */
		if (got != 1 && st != -1 && oom_killed(st)) {
			killed++;
			work[i] = 0;
		} else if (got != 1 || st) {
			die("big%d failed", i);
		}
		work[i] /= r->duration;
		sum += work[i];
		sq += work[i] * work[i];
		lo = work[i] < lo ? work[i] : lo;
		hi = work[i] > hi ? work[i] : hi;
	}
	printf("metric fight.pages %.2f /s higher\n", sum);
	printf("metric fight.killed %d count lower\n", killed);
	/* Jain's index: 1 when all got the same, 1/n when one got all. */
	printf("metric fight.fairness %.4f ratio higher\n",
	       sq > 0 ? sum * sum / (procs * sq) : 0);
	printf("metric fight.min_max %.4f ratio higher\n", hi > 0 ? lo / hi : 0);
}
