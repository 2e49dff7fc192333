/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The benchmark driver's parts. A scenario (bench/scenarios/NAME.scn) is a
 * set of background loads (workers: a stream, a database, an abuser,
 * executables fighting each other) and a pattern of app activity in the
 * foreground; the driver prints the sample in bench/FORMAT.md's format.
 */
#ifndef EXECFIRST_BENCH_H
#define EXECFIRST_BENCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

#define BENCH_DISK	"/mnt/disk"
#define PAGE_SIZE	4096UL

/* A background load, forked. Its result lines come back over a pipe. */
struct worker {
	const char *name;
	pid_t pid;
	int fd;		/* read end of the result pipe */
};

/* What a worker needs to know; sizes in bytes. */
struct load {
	const char *kind;	/* read, copy, mmap, pread-hot, sqlite,
				 * zipf, abuser-exec, abuser-read */
	size_t size;		/* how much of its file it uses */
	int mbps;		/* speed limit, 0 for none */
	unsigned int seed;
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

/* Map len bytes of path from offset off (page aligned). Dies on failure. */
void *map_range(const char *path, int prot, size_t off, size_t len);
/* Zipfian ranks 0..n-1, theta 0.99 (Gray et al., SIGMOD 1994). */
struct zipf {
	double n, theta, alpha, zetan, eta;
};
void zipf_init(struct zipf *z, size_t n);
size_t zipf_next(struct zipf *z, unsigned int *seed);

#endif
