/* SPDX-License-Identifier: GPL-2.0 */
/* The background loads (work.c), each run in a forked worker. */
#ifndef EXECFIRST_WORK_H
#define EXECFIRST_WORK_H

#include <stdio.h>

#include "bench.h"

/* A background load, forked. Its result lines come back over a pipe. */
struct worker {
	const char *name;
	pid_t pid;
	int fd;		/* read end of the result pipe */
	char cgroup[64];	/* its memory cgroup, "" for none */
};

/* What a worker needs to know; sizes in bytes. */
struct load {
	const char *kind;	/* read, copy, mmap, pread-hot, strided,
				 * kbuild, sqlite, zipf, abuser-exec,
				 * abuser-read, probe, hog */
	size_t size;		/* how much of its file (or memory) it uses */
	int mbps;		/* speed limit, 0 for none */
	unsigned int seed;
	int stride;		/* strided: one page read in stride */
	int memcg_mb;		/* run in a memory cgroup of its own with
				 * this memory.max, 0 for none */
};

/* Runs in the child until SIGTERM (or, for a copy, until done), printing
 * "metric ..." lines to out. */
void load_run(const struct load *l, FILE *out);
/* Set by SIGTERM in a worker. */
extern volatile int worker_stop;

void worker_start(struct worker *w, const char *name, const struct load *l);
/* Stop it (SIGTERM) and print its result lines, the metrics' names
 * prefixed; returns the first metric's value (-1 if none). */
double worker_finish(struct worker *w, const char *prefix);

/* Zipfian ranks 0..n-1, theta 0.99 (Gray et al., SIGMOD 1994). */
struct zipf {
	double n, theta, alpha, zetan, eta;
};
void zipf_init(struct zipf *z, size_t n);
size_t zipf_next(struct zipf *z, unsigned int *seed);

#endif
