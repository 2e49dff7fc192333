/* SPDX-License-Identifier: GPL-2.0 */
/* Real programs (real.c): Debian's, from the bench disk's root. */
#ifndef EXECFIRST_REAL_H
#define EXECFIRST_REAL_H

#include "bench.h"

#define PROGRAMS_FILE	"/execfirst/bench/realapps/programs"

/* Pages of files under a root (paths relative to it) that a program had
 * in memory once it had run. */
struct fp_file {
	char *path;
	size_t pages;		/* the file's size in pages */
	unsigned char *want;	/* 1 for a page of the footprint */
	unsigned char *seg;	/* each page's enum fp_seg, once classified */
};
/* Where a page of a footprint's file lies (fp_missing()). */
enum fp_seg {
	FP_OTHER,		/* not in a file an ELF loader maps (.pyc, .pm) */
	FP_EXEC,		/* in an executable PT_LOAD segment (text) */
	FP_ELF,			/* in another PT_LOAD segment (read-only data,
				 * data) or outside them, of an ELF file */
	NR_FP_SEGS
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
/* The footprint's pages not in memory in root, counted by enum fp_seg
 * into missing[] (added to). */
void fp_missing(struct footprint *fp, const char *root, long *missing);
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

#endif
