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
#include <sys/wait.h>

#define BENCH_DISK	"/mnt/disk"
#define PAGE_SIZE	4096UL

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

/* Map len bytes of path from offset off (page aligned). Dies on failure. */
void *map_range(const char *path, int prot, size_t off, size_t len);
/* Zipfian ranks 0..n-1, theta 0.99 (Gray et al., SIGMOD 1994). */
struct zipf {
	double n, theta, alpha, zetan, eta;
};
void zipf_init(struct zipf *z, size_t n);
size_t zipf_next(struct zipf *z, unsigned int *seed);

/* ---- real programs (real.c): Debian's, from the bench disk's root ---- */

#define REAL_ROOT	BENCH_DISK "/root"
#define TWIN_ROOT	BENCH_DISK "/twinroot"	/* an identical copy */
#define PROGRAMS_FILE	"/execfirst/bench/realapps/programs"

/* Pages of files under a root (paths relative to it) that a program had
 * in memory once it had run. */
struct fp_file {
	char *path;
	size_t pages;		/* the file's size in pages */
	unsigned char *want;	/* 1 for a page of the footprint */
};
struct footprint {
	struct fp_file *f;
	int n;
	size_t pages;		/* how many wanted */
};
/* Add every page of REAL_ROOT's files in memory now. */
void fp_from_tree(struct footprint *fp);
/* Add the pages of pid's executable mappings of REAL_ROOT files that are
 * both in memory and mapped in its page tables (/proc/PID/pagemap): with
 * fault-around off while it first ran, the pages it used. */
void fp_from_maps(struct footprint *fp, pid_t pid);
/* Share of the footprint in memory, in root (REAL_ROOT or TWIN_ROOT). */
double fp_resident(const struct footprint *fp, const char *root);
/* Touch the footprint's pages in root through PROT_READ: milliseconds,
 * and the major faults taken in *majflt. */
double fp_touch(const struct footprint *fp, const char *root, long *majflt);
/* A data twin's loop, as the apps' twins (never returns). */
void fp_twin_serve(const struct footprint *fp) __attribute__((noreturn));
/* A child holding the footprint's REAL_ROOT files mlock()ed. */
pid_t fp_lock(const struct footprint *fp);

/* A launched program: bench/realapps/programs' line NAME. */
struct program {
	char name[16];
	char *argv[16];
	struct footprint fp;	/* a launch from dropped caches */
	double cold_ms;
	long cold_majflt;
	long launches, majflt;	/* measured */
};
/* Read the programs named in names (comma-separated) from path into p. */
int programs_read(const char *path, const char *names, struct program *p,
		  int max);
/* Launch it in the root and wait: milliseconds; major faults, its
 * children's included, in *majflt. -1 if the OOM killer took it
 * (oom_killed()); dies if it fails otherwise. */
double program_launch(const struct program *p, long *majflt);
/* Start argv in the root in a child, its stdout to stderr (the console). */
pid_t real_spawn(char *const *argv);
/* In a child: become resident.py GROUP in the root (never returns). */
void resident_exec(int group) __attribute__((noreturn));

/*
 * A child's wait status says the OOM killer took it: the harness stops
 * its children with SIGTERM, so a SIGKILL is the OOM killer's (which a
 * variant such as min_ttl_ms may provoke by design): a result, not a
 * failure.
 */
static inline bool oom_killed(int status)
{
	return WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL;
}

#endif
