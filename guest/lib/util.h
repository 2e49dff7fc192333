/* SPDX-License-Identifier: GPL-2.0 */
/* Helpers shared by the guest tests and workloads. */
#ifndef EXECFIRST_UTIL_H
#define EXECFIRST_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "../tests/exec_protect_knobs.h"	/* EXEC_PROTECT* */
#define LRU_GEN_ENABLED	"/sys/kernel/mm/lru_gen/enabled"
#define LRU_GEN_MIN_TTL	"/sys/kernel/mm/lru_gen/min_ttl_ms"
#define LRU_GEN_DEBUG	"/sys/kernel/debug/lru_gen"
#define CGROUP_ROOT	"/sys/fs/cgroup"
#define DISK		"/mnt/disk"

/* Read a knob into buf without the trailing newline: 0 or -errno. */
int knob_read(const char *path, char *buf, size_t len);
/* One write(2) of exactly len bytes: 0, or -errno. */
int knob_write(const char *path, const char *val, size_t len);
/* knob_write() of a string; dies on failure. */
void knob_set(const char *path, const char *val);
/* Remember a knob's value; every saved knob is restored at exit. */
void knob_save(const char *path);
/* Select the reclaim engine: "classic" or "mglru". Saves the knob. */
bool lru_engine_set(const char *engine);
/* Both engines, as lru_engine_set() names them. */
#define NR_ENGINES 2
extern const char *const lru_engines[NR_ENGINES];

/* The multi-gen LRU's debugfs file, mounted if need be: false if absent. */
bool lru_gen_debugfs(void);
/* A cgroup's memcg id and max_seq on node 0, from LRU_GEN_DEBUG. */
bool lru_gen_state(const char *cg, int *memcg_id, unsigned long *max_seq);
/* One forced walk of the cgroup's page tables by the aging, without
 * eviction ("+ memcg node seq 0 1"): returns max_seq before it. */
unsigned long lru_gen_age(const char *cg);

/* Create /sys/fs/cgroup/<name> with memory.max; false if cgroup v2 or the
 * memory controller is missing. Removed at exit. */
bool cg_create(const char *name, long long memory_max);
void cg_enter(const char *name, int pid);
/* Write a number (-1: "max") to a cgroup's file, such as memory.high. */
void cg_set(const char *name, const char *file, long long val);
/* Remove an empty cgroup made by cg_create(), so that the next one of the
 * same name starts with zeroed statistics. */
void cg_remove(const char *name);
/* A key of a cgroup's memory.stat, or -1. */
long long cg_stat(const char *name, const char *key);
/* A key of the cgroup's memory.events ("low", "oom_kill"), -1 if none. */
long long cg_event(const char *name, const char *key);
/* Ask the cgroup's memory.reclaim for amount ("16M"); EAGAIN (it found
 * less) is no error. */
void cg_reclaim(const char *name, const char *amount);

/* The rule's counters (v1: activate, rotate; v2: kept, refused) have not
 * gone down since the values in last[2], which are updated. Start with
 * { 0, 0 }. */
bool exec_counters_monotonic(long long *last);

/*
 * Count the kernel log's lines that match common/splats (a diagnostic for
 * each pattern found); -1 if the log cannot be read.
 */
int klog_splats(void);
long long meminfo_kb(const char *key);
long long vmstat_get(const char *key);
/* Whether the kernel runs the v2 series (patches/v2): it counts
 * exec_protect_kept in /proc/vmstat, which v1 does not have. */
bool exec_protect_v2(void);

/* Map the first *len bytes of a file (all of it if *len is 0 or larger
 * than the file); *len is set to what was mapped. Dies on failure. */
void *map_file(const char *path, int prot, size_t *len);
/* fork() a child that dies with its parent and, if cg is not NULL, sits
 * in that cgroup; returns 0 in the child, as fork() does. Dies on failure. */
int spawn_child(const char *cg);
/* Wait for a child that must exit with status 0; die naming what it did. */
void child_wait(pid_t pid, const char *what);
/* A stream child in cg that turns the engine's ("classic" or "mglru")
 * lists over; see util.c. */
pid_t spawn_engine_stream(const char *cg, const char *engine);
/* spawn_engine_stream() for that many seconds, then stop it. */
void stream_for(const char *cg, const char *engine, int seconds);
/* A span of a file, for run_text_once(). */
struct text_span {
	const char *path;
	size_t len;
};
/* For spawn_ready(): map the span (a struct text_span *) PROT_EXEC and read
 * a byte of each page, as a program that ran its text once; the child then
 * stays, idle. */
void run_text_once(void *span);
/* spawn_child(cg), run setup(arg) in the child, and return once it has
 * run; the child then waits, as set up, to be killed (stop_child()).
 * Dies, naming the child as 'who', if it died first. */
int spawn_ready(const char *cg, void (*setup)(void *), void *arg,
		const char *who);
/* SIGKILL a child and reap it. */
void stop_child(int pid);
/* read(2) a file's first len bytes once. Dies on failure. */
void file_read(const char *path, size_t len);
/* Share of a file's first len bytes in the page cache (mincore(2)). */
double file_residency(const char *path, size_t len);
/* Evict a file's first len bytes with MADV_PAGEOUT, which goes straight
 * to shrink_folio_list(): no slab shrinking drops their shadow entries. */
void file_pageout(const char *path, size_t len);
/* Share of the pages of [addr, addr+len) in memory, per mincore(2). */
double resident_fraction(void *addr, size_t len);
/* Read one byte per page; returns a sum so the loads are not optimised out. */
unsigned long touch_pages(const void *addr, size_t len);

void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
double now_seconds(void);
void sleep_ms(long ms);
/* Keep a stream at mbps MB/s on average (no limit if mbps is 0): sleep
 * as long as 'bytes' done since t0 (now_seconds()) are ahead of it. */
void pace(double t0, double bytes, int mbps);

/* Wu's file-server stream (2009): pread() WU_READ_PAGES pages at offsets
 * i * WU_STEP_PAGES pages, so that a tenth of it is read twice and the
 * classic active list keeps turning over. */
#define WU_READ_PAGES	110
#define WU_STEP_PAGES	100

/*
 * Fail fast: with EXECFIRST_FAILFAST=1 (a mutant's boot: execfirst.failfast=1
 * on the kernel command line), a test stops at its first 'not ok'. That
 * failure is all a mutant must show; the test's other cases would prove
 * nothing more and cost minutes of boot. Its children die with it
 * (spawn_child()'s PR_SET_PDEATHSIG); its knobs and cgroups are restored
 * at exit. Include this header after kselftest.h.
 */
void failfast_check(void);

/*
 * Whether a test runs its case n (1-based, in the order of its cases):
 * every case, unless EXECFIRST_CASES lists some (execfirst.cases=N,M on
 * the kernel command line: a mutant's boot whose Expect-fail: line reads
 * TEST@N). A case not run is reported as skipped, one line per check, so
 * that the plan still adds up. Dies on a list that is not numbers.
 */
bool case_wanted(int n);
#define CASE_NOT_ASKED	"not asked for (execfirst.cases)"
#ifdef KSFT_PASS
#define ksft_test_result_fail(...) do {			\
	(ksft_test_result_fail)(__VA_ARGS__);		\
	failfast_check();				\
	} while (0)
#endif

#endif
