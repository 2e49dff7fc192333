// SPDX-License-Identifier: GPL-2.0
/*
 * A program's time under vm.exec_protect_ms ends when it ends, and does
 * not come back after a quiet period: code last used longer ago than
 * exec_protect_ms is evicted like data, however long the machine was
 * quiet in between.
 *
 * In a memory cgroup, an exec twin (a file mapped PROT_EXEC) and a read
 * twin (the same data mapped PROT_READ) are used under a mapped stream,
 * with exec_protect_ms=6000, until the rule acts. Then the use stops (the
 * user keeps its mappings) and, once reclaim has seen the last use, so
 * does the stream: no use, no stream, no reclaim. On the multi-gen LRU a
 * forced walk of the aging (debugfs lru_gen) sees the last use; on the
 * classic LRU the stream (Wu's file-server stream there, which turns the
 * active list over) goes on, for the expired case until the active list
 * has scanned a cgroup's worth of pages (pgrefill), so that every page on
 * it was seen unused, for the other 2 s (within its time the twin is kept
 * either way, and a longer wait would eat the time left). After the
 * quiet period the stream comes back and the twins stay unused. After 0.5 s of quiet the exec twin is still within its time
 * and must keep, 2 s into the stream, more than the read twin; after
 * 19.5 s (more than three times exec_protect_ms) it must lose like the
 * read twin, on both engines: on the multi-gen LRU 2 s into the stream,
 * on the classic LRU once the stream has done enough work to lose it
 * (the active list scanned twice a cgroup's worth, reclaim taken three
 * times the cgroup's size), however long that takes the machine. A
 * stream paced by time alone missed the active list there when two
 * guests shared the host.
 *
 * On a multi-gen LRU without the aging's page table walk (lru_gen/enabled
 * 0x0005, or where the walk's Bloom filter skips the page table), only
 * eviction's rmap walk sees the last use: there the stream goes on for
 * as long as the time runs (USE_S), so that reclaim meets every page of
 * the twins at least once after their last use.
 *
 * An earlier version of the series counted time in epochs of
 * exec_protect_ms modulo 3, so that a mark three epochs old read as fresh
 * again (the multi-gen case). Another kept a recent file's active folios
 * on the classic LRU without the rmap walk, so that their accessed bits
 * stayed set through the window and, once it ended, the walk read a use
 * from before the quiet period as a new one and renewed the time (the
 * classic case). A third did the same on the multi-gen LRU: sort_folio()
 * gave mapped folios their trip before the rmap walk (the no-walk case).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../lib/knobs.h"
#include "kselftest.h"
#include "../lib/util.h"

#define MiB		(1024LL * 1024)
#define CGROUP		"execfirst-quiet"
#define CG_MB		96
#define TWIN_MB		24
#define PROTECT_MS	"6000"
#define USE_S		6
#define RESTREAM_S	2
#define CG_PAGES	(CG_MB * MiB / 4096)
#define WORK_CAP_S	40	/* the classic stream's work must be done by then */
#define MARGIN		0.15	/* expired: exec keeps at most this more */
#define KEPT		0.30	/* in time: exec keeps at least this more */

struct quiet_case {
	const char *engine;
	const char *desc;
	long quiet_ms;
	bool expired;
	bool nowalk;	/* multi-gen LRU without the page table walk */
};

static const struct quiet_case cases[] = {
	/* Within exec_protect_ms, stream included: the positive control. */
	{ "mglru", "0.5 s quiet, within exec_protect_ms: exec twin kept", 500, false, false },
	/* Three and a quarter times exec_protect_ms: an epoch counted
	 * modulo 3 comes round again here. */
	{ "mglru", "19.5 s quiet, past exec_protect_ms: exec twin lost like data", 19500, true, false },
	/* Folios tripped before the rmap walk keep their accessed bits. */
	{ "mglru", "no page table walk, 19.5 s quiet: exec twin lost like data", 19500, true, true },
	{ "classic", "0.5 s quiet, within exec_protect_ms: exec twin kept", 500, false, false },
	/* Accessed bits left set through the window would renew it here. */
	{ "classic", "19.5 s quiet, past exec_protect_ms: exec twin lost like data", 19500, true, false },
};
#define NR_CASES (sizeof(cases) / sizeof(cases[0]))

static volatile sig_atomic_t done;

static void stop_using(int sig)
{
	(void)sig;
	done = 1;
}

/* Use both twins every 500 ms until SIGUSR1; then wait, mapped, to be
 * killed. */
static pid_t start_user(void)
{
	pid_t pid = spawn_child(CGROUP);

	if (!pid) {
		size_t xl = TWIN_MB * MiB, rl = TWIN_MB * MiB;
		void *x = map_file(DISK "/twin-exec.bin", PROT_READ | PROT_EXEC, &xl);
		void *r = map_file(DISK "/twin-read.bin", PROT_READ, &rl);

		signal(SIGUSR1, stop_using);
		while (!done) {
			touch_pages(x, xl);
			touch_pages(r, rl);
			sleep_ms(500);
		}
		for (;;)
			pause();
	}
	return pid;
}

/* A count of the cgroup's memory.stat. /proc/vmstat leaves a cgroup's
 * own reclaim out of pgrefill. */
static long long cg_count(const char *key)
{
	long long v = cg_stat(CGROUP, key);

	if (v < 0)
		die("%s/memory.stat has no %s", CGROUP, key);
	return v;
}

/*
 * Let the running classic stream work until the active list has scanned
 * 'refill' pages (pgrefill: shrink_active_list() counts every page it
 * takes) and reclaim has taken 'steal' pages (pgsteal), counted from
 * now; false if that takes more than WORK_CAP_S.
 */
static bool turned_over(long long refill, long long steal)
{
	long long refill0 = cg_count("pgrefill");
	long long steal0 = cg_count("pgsteal");
	int i;

	for (i = 0; i < WORK_CAP_S * 4; i++) {
		if (cg_count("pgrefill") - refill0 >= refill &&
		    cg_count("pgsteal") - steal0 >= steal)
			return true;
		sleep_ms(250);
	}
	ksft_print_msg("in %d s: refill +%lld of %lld, steal +%lld of %lld\n",
		       WORK_CAP_S, cg_count("pgrefill") - refill0, refill,
		       cg_count("pgsteal") - steal0, steal);
	return false;
}

static void run_case(const struct quiet_case *c)
{
	bool by_work = c->expired && !strcmp(c->engine, "classic");
	long long rot0, cap0, rotated, refill0, steal0, refill, steal;
	int i;
	double x, r;
	pid_t user, stream;
	bool ok, worked = true;

	if (!lru_engine_set(c->engine))
		die("cannot switch to the %s LRU", c->engine);
	if (c->nowalk)
		knob_set(LRU_GEN_ENABLED, "0x0005");
	knob_set("/proc/sys/vm/drop_caches", "3");
	if (!cg_create(CGROUP, CG_MB * MiB))
		die("cannot create %s", CGROUP);
	rot0 = vmstat_get("exec_protect_rotate");
	user = start_user();
	sleep_ms(1000);
	stream = spawn_engine_stream(CGROUP, c->engine);
	sleep_ms(USE_S * 1000);
	kill(user, SIGUSR1);
	/*
	 * The last use is seen now, at a known time: a forced walk of the
	 * cgroup's page tables (multi-gen), or the active list's scans under
	 * the stream (classic), find the twins' accessed bits and clear
	 * them. A use the kernel only found later would be news of a use,
	 * and renew the time.
	 */
	if (c->nowalk) {
		sleep_ms(USE_S * 1000);
	} else if (!strcmp(c->engine, "mglru")) {
		sleep_ms(600);
		lru_gen_age(CGROUP);
	} else if (!by_work) {
		/* Within its time the twin is kept whether or not the
		 * stream found the last use: 2 s, so that the time left
		 * after the quiet period does not depend on the machine. */
		sleep_ms(2000);
	} else {
		sleep_ms(600);
		if (!turned_over(CG_PAGES, 0)) {
			stop_child(stream);
			stop_child(user);
			cg_remove(CGROUP);
			ksft_test_result_fail("%s, %s: the stream did not scan the active list in %d s: not enough pressure\n",
					      c->engine, c->desc, WORK_CAP_S);
			return;
		}
	}
	stop_child(stream);
	rotated = vmstat_get("exec_protect_rotate") - rot0;

	x = file_residency(DISK "/twin-exec.bin", TWIN_MB * MiB);
	r = file_residency(DISK "/twin-read.bin", TWIN_MB * MiB);
	ksft_print_msg("before the quiet period: exec twin %.1f%%, read twin %.1f%%\n",
		 100 * x, 100 * r);
	sleep_ms(c->quiet_ms);
	rot0 = vmstat_get("exec_protect_rotate");
	cap0 = vmstat_get("exec_protect_capped");
	refill0 = cg_count("pgrefill");
	steal0 = cg_count("pgsteal");
	stream = spawn_engine_stream(CGROUP, c->engine);
	for (i = 1; ; i++) {
		sleep_ms(250);
		x = file_residency(DISK "/twin-exec.bin", TWIN_MB * MiB);
		r = file_residency(DISK "/twin-read.bin", TWIN_MB * MiB);
		refill = cg_count("pgrefill") - refill0;
		steal = cg_count("pgsteal") - steal0;
		ksft_print_msg("stream %.2f s: exec twin %.1f%%, read twin %.1f%%, rotate +%lld, capped +%lld, refill +%lld, steal +%lld\n",
			 i / 4.0, 100 * x, 100 * r,
			 vmstat_get("exec_protect_rotate") - rot0,
			 vmstat_get("exec_protect_capped") - cap0, refill, steal);
		if (!by_work) {
			if (i == RESTREAM_S * 4)
				break;
			continue;
		}
		/* Residency only falls here: nothing uses the twins. */
		if (x <= r + MARGIN)
			break;
		if (refill >= 2 * CG_PAGES && steal >= 3 * CG_PAGES)
			break;
		if (i >= WORK_CAP_S * 4) {
			ksft_print_msg("the stream did not do its work in %d s: not enough pressure\n",
				       WORK_CAP_S);
			worked = false;
			break;
		}
	}
	stop_child(stream);
	x = file_residency(DISK "/twin-exec.bin", TWIN_MB * MiB);
	r = file_residency(DISK "/twin-read.bin", TWIN_MB * MiB);
	stop_child(user);
	cg_remove(CGROUP);

	ksft_print_msg("%s, %s: exec_protect_rotate +%lld while used and seen; after the quiet period and %.2f s of stream, exec twin %.1f%% left, read twin %.1f%%\n",
		 c->engine, c->desc, rotated, i / 4.0, 100 * x, 100 * r);
	if (c->expired)
		ok = x <= r + MARGIN;
	else
		ok = x >= r + KEPT;
	if (rotated <= 0) {
		ksft_print_msg("the rule never acted while the twins were used\n");
		ok = false;
	}
	if (!worked)
		ok = false;
	if (r > 0.7) {
		ksft_print_msg("the read twin kept %.1f%%: not enough pressure\n", 100 * r);
		ok = false;
	}
	ksft_test_result(ok, "%s, %s (exec %.1f%%, read %.1f%% left)\n",
			 c->engine, c->desc, 100 * x, 100 * r);
}

int main(int argc, char **argv)
{
	char spec[32];
	size_t i;

	ksft_print_header();

	ksft_set_plan(NR_CASES);
	if (access(EXEC_PROTECT_MS, W_OK) || !lru_gen_debugfs() ||
	    !lru_engine_set("mglru") ||
	    !cg_create(CGROUP, CG_MB * MiB)) {
		for (i = 0; i < NR_CASES; i++)
			ksft_test_result_skip("needs vm.exec_protect_ms, both LRUs, the multi-gen LRU's debugfs and a memory cgroup\n");
		ksft_finished();
	}
	cg_remove(CGROUP);
	/* Exploring: "exec_quiet MS" runs with another exec_protect_ms. */
	snprintf(spec, sizeof(spec), "1/-/%s", argc > 1 ? argv[1] : PROTECT_MS);
	protect_require(spec);
	for (i = 0; i < NR_CASES; i++) {
		if (case_wanted(i + 1))
			run_case(&cases[i]);
		else
			ksft_test_result_skip("%s, %s: %s\n", cases[i].engine,
					      cases[i].desc, CASE_NOT_ASKED);
	}
	ksft_finished();
}
