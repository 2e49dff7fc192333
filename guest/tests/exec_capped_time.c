// SPDX-License-Identifier: GPL-2.0
/*
 * Pages that vm.exec_protect_ms would keep but the bound refuses are
 * counted as exec_protect_capped, on both engines, as refused rotations
 * are: a user who sees program text evicted under the bound can tell
 * from the counter that the bound did it.
 *
 * In a memory cgroup, a program runs its text (a file mapped PROT_EXEC)
 * under a stream until the rule acts, so that reclaim has noted the
 * file's time, and then exits: nothing maps the file any more, and its
 * cached pages are kept only by time. exec_protect_max is then set to 0
 * and the stream goes on for 4 s. The file's pages that leave memory
 * must be counted as capped in the cgroup's memory.stat (at least half of
 * them; a page can be counted more than once, never not at all). An
 * earlier version of the series checked the time on the classic LRU only
 * while the bound had room, and counted nothing when it refused: capped
 * stayed at 0 while the program's text was evicted.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "../lib/knobs.h"
#include "kselftest.h"
#include "../lib/util.h"

#define MiB		(1024LL * 1024)
#define CGROUP		"execfirst-capped-time"
#define CG_MB		96
#define TWIN_MB		24
#define USE_S		6
#define REFUSED_S	4

static const char *const engines[] = { "classic", "mglru" };
#define NR_CASES (sizeof(engines) / sizeof(engines[0]))

/* Run the program's text every 500 ms until killed. */
static pid_t start_user(void)
{
	pid_t pid = spawn_child(CGROUP);

	if (!pid) {
		size_t len = TWIN_MB * MiB;
		void *x = map_file(DISK "/twin-exec.bin", PROT_READ | PROT_EXEC, &len);

		for (;;) {
			touch_pages(x, len);
			sleep_ms(500);
		}
	}
	return pid;
}

static void run_case(const char *engine)
{
	long long rot0, rotated, cap0, capped, lost;
	double x0, x1;
	pid_t user, stream;
	bool ok = true;

	if (!lru_engine_set(engine))
		die("cannot switch to the %s LRU", engine);
	protect_require("1/50/60000");
	knob_set("/proc/sys/vm/drop_caches", "3");
	if (!cg_create(CGROUP, CG_MB * MiB))
		die("cannot create %s", CGROUP);
	rot0 = cg_stat(CGROUP, "exec_protect_rotate");
	user = start_user();
	sleep_ms(1000);
	stream = spawn_engine_stream(CGROUP, engine);
	sleep_ms(USE_S * 1000);
	rotated = cg_stat(CGROUP, "exec_protect_rotate") - rot0;
	stop_child(user);		/* nothing maps the text any more */
	protect_require("1/0");
	x0 = file_residency(DISK "/twin-exec.bin", TWIN_MB * MiB);
	cap0 = cg_stat(CGROUP, "exec_protect_capped");
	sleep_ms(REFUSED_S * 1000);
	capped = cg_stat(CGROUP, "exec_protect_capped") - cap0;
	x1 = file_residency(DISK "/twin-exec.bin", TWIN_MB * MiB);
	stop_child(stream);
	cg_remove(CGROUP);

	lost = (long long)((x0 - x1) * TWIN_MB * MiB / 4096);
	ksft_print_msg("%s: rotate +%lld while used; with exec_protect_max=0 the text went from %.1f%% to %.1f%% (%lld pages lost), capped +%lld\n",
		       engine, rotated, 100 * x0, 100 * x1, lost, capped);
	if (rotated <= 0) {
		ksft_print_msg("the rule never acted while the program ran\n");
		ok = false;
	}
	if (lost < TWIN_MB * MiB / 4096 / 4) {
		ksft_print_msg("the text lost under a quarter of its pages: not enough pressure\n");
		ok = false;
	}
	if (capped < lost / 2)
		ok = false;
	ksft_test_result(ok, "%s: text refused by the bound is counted as capped (%lld pages lost, capped +%lld)\n",
			 engine, lost, capped);
}

int main(void)
{
	size_t i;

	ksft_print_header();
	ksft_set_plan(NR_CASES);
	if (access(EXEC_PROTECT_MS, W_OK) || !lru_engine_set("mglru") ||
	    !cg_create(CGROUP, CG_MB * MiB)) {
		for (i = 0; i < NR_CASES; i++)
			ksft_test_result_skip("needs vm.exec_protect_ms, both LRUs and a memory cgroup\n");
		ksft_finished();
	}
	cg_remove(CGROUP);
	for (i = 0; i < NR_CASES; i++)
		run_case(engines[i]);
	ksft_finished();
}
