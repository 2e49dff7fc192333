/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The benchmark driver's base. A scenario (bench/scenarios/NAME.scn) is a
 * set of background loads (workers: a stream, a database, an abuser,
 * executables fighting each other) and a pattern of app activity in the
 * foreground; the driver prints the sample in bench/FORMAT.md's format.
 *
 * Its files, by layer: a file includes the headers of its own layer's
 * base and of the layers below it, never of one above, so that
 * dependencies go one way (down):
 *
 *   5  bench.c        the command line, the variant, main()
 *   4  plan.c         what the scenario asks for; one measured phase
 *      warm.c         dropped caches, cold starts, the apps' warm-up
 *   3  pattern.c      struct run, shared by the patterns; a pattern by name
 *      pattern_*.c    one pattern each: switch, launch, startup,
 *                     survival, fight, none
 *   2  apps.c         the apps and their data twins
 *      work.c         the background loads, each in a forked worker
 *   1  real.c         Debian's programs from the disk's root: footprints,
 *                     launches, resident apps
 *      scenario.c     the scenario file's key/value lines
 *      stats.c        what one side (apps or twins) saw
 *      snapshot.c     /proc/vmstat, PSI and kswapd's CPU, before and after
 *   0  bench.h disk.c this base: the bench disk's files, sizes and mappings
 *      ../lib/        util.c, knobs.c (shared with the tests);
 *      ../apps/order.h  the apps' page order
 *
 * Each NAME.c but bench.c has its NAME.h; pattern_*.c share pattern.h.
 */
#ifndef EXECFIRST_BENCH_H
#define EXECFIRST_BENCH_H

#include <stdbool.h>
#include <stddef.h>
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>

#define PAGE_SIZE	4096UL
#define MAX_APPS	8	/* apps, twins, programs in a scenario */
#define MAX_LIST	16	/* numbers in a scenario's list */

/* The bench disk (host/lib/disks/bench.sh) and its files. */
#define BENCH_DISK	"/mnt/disk"
#define APPS_DIR	BENCH_DISK "/apps"
#define STREAM_FILE	BENCH_DISK "/stream.bin"
#define COPY_FILE	BENCH_DISK "/copy.bin"
#define DB_FILE		BENCH_DISK "/db.sqlite"
#define REAL_ROOT	BENCH_DISK "/root"
#define TWIN_ROOT	BENCH_DISK "/twinroot"	/* an identical copy */

/* A file's size in bytes. Dies on failure. */
size_t file_size(const char *path);
/* Map len bytes of path from offset off (page aligned). Dies on failure,
 * and if they would reach past the file's end. */
void *map_range(const char *path, int prot, size_t off, size_t len);
/*
 * Die unless path has at least need bytes, or (space_need()) its file
 * system has room for path to hold need bytes, with one message naming
 * the file, what it has and what 'what' needs: the bench disk
 * (host/lib/disks/bench.sh) holds files sized for guests up to
 * bench.max_mem_mb, and the scenarios take shares of MemTotal.
 */
void file_need(const char *path, size_t need, const char *what);
void space_need(const char *path, size_t need, const char *what);

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

/* qsort()'s order of doubles, ascending. */
static inline int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

#endif
