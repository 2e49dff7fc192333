// SPDX-License-Identifier: GPL-2.0
/*
 * An "app" of the benchmark: a static program whose text is mostly
 * big_text (gen-text.sh), one function per page. The bench driver starts it
 * from the ext4 disk and talks to it over a pipe:
 *
 *   app serve PAGES [mlock]
 *	prints "ready OFFSET" (big_text's offset in the executable file), then
 *	for each 'r' read from stdin calls the first PAGES functions ("runs
 *	through its working text"), in the scattered order of order.h, and
 *	answers "NANOSECONDS MAJOR_FAULTS".
 *	With mlock, the text is locked first (what memlockd or vmtouch -l
 *	would do).
 *   app loop PAGES SECONDS FIRST [LOCKED]
 *	calls functions FIRST, FIRST+1, ... (wrapping at PAGES) for SECONDS
 *	and prints "pages N" (how many it called). With LOCKED, the first
 *	LOCKED pages of the text are locked first.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

extern char big_text[], big_text_end[];
#include "order.h"

#define PAGE 4096UL

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static long majflt(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_majflt;
}

static void call_page(unsigned long i)
{
	((void (*)(void))(big_text + i * PAGE))();
}

/* big_text's offset in our own executable, from /proc/self/maps. */
static unsigned long text_offset(void)
{
	unsigned long a = (unsigned long)big_text, start, end, off;
	char line[512];
	FILE *f = fopen("/proc/self/maps", "r");

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx-%lx %*s %lx", &start, &end, &off) == 3 &&
		    a >= start && a < end) {
			fclose(f);
			return off + (a - start);
		}
	}
	fclose(f);
	return 0;
}

int main(int argc, char **argv)
{
	unsigned long max = (big_text_end - big_text) / PAGE, pages, i;

	if (argc < 3)
		goto usage;
	pages = strtoul(argv[2], NULL, 0);
	if (pages == 0 || pages > max) {
		fprintf(stderr, "app: PAGES must be 1..%lu\n", max);
		return 2;
	}
	if (!strcmp(argv[1], "serve")) {
		int c;

		if (argc > 3 && !strcmp(argv[3], "mlock") &&
		    mlock(big_text, pages * PAGE)) {
			perror("app: mlock");
			return 1;
		}
		printf("ready %lu\n", text_offset());
		fflush(stdout);
		while ((c = getchar()) != EOF) {
			double t0;
			long f0;

			if (c != 'r')
				continue;
			t0 = now();
			f0 = majflt();
			for (i = 0; i < pages; i++)
				call_page(page_order(i, pages));
			printf("%.0f %ld\n", (now() - t0) * 1e9, majflt() - f0);
			fflush(stdout);
		}
		return 0;
	}
	if (!strcmp(argv[1], "loop") && (argc == 5 || argc == 6)) {
		double end = now() + atof(argv[3]);
		unsigned long n = 0, locked = argc == 6 ? strtoul(argv[5], NULL, 0) : 0;

		if (locked > pages || (locked && mlock(big_text, locked * PAGE))) {
			perror("app: mlock");
			return 1;
		}

		i = strtoul(argv[4], NULL, 0) % pages;
		while (now() < end) {
			for (int k = 0; k < 64; k++) {
				call_page(i);
				i = i + 1 == pages ? 0 : i + 1;
			}
			n += 64;
		}
		printf("pages %lu\n", n);
		return 0;
	}
usage:
	fprintf(stderr, "usage: app serve PAGES [mlock] | app loop PAGES SECONDS FIRST [LOCKED]\n");
	return 2;
}
