// SPDX-License-Identifier: GPL-2.0
/* Flipping vm.exec_protect and switching the reclaim engine while reclaim
 * runs is safe: no warning or BUG in the kernel log, and the rule's
 * counters only ever grow and agree between /proc/vmstat and memory.stat. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/klog.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kselftest.h"
#include "../lib/twin.h"
#include "../lib/util.h"

#define FLIP_MS 150
/*
 * The engine (lru_gen/enabled) is switched every this many flips of
 * exec_protect, about every 2 s. With the twins' cgroup limited by
 * memory.max, switching the engine under its reclaim made it OOM-kill a
 * process of clean file cache in 6 of 11 boots at 450 ms, with or without
 * exec_protect flips, and in 1 of 4 at 2 s: lru_gen_change_state() flips
 * the static key first and moves each lruvec's folios after, and reclaim
 * that runs in between finds the cgroup's folios on the other engine's
 * lists. So the cgroup is limited with memory.high here, which reclaims
 * and throttles but never kills: the test is about warnings and counters.
 * "exec_protect_flip N [engine-only]" explores other rates.
 */
static int engine_every = 13;
/* For that exploration: leave exec_protect alone, flip only the engine. */
static bool engine_only;

struct shared {
	long flips;
	long switches;		/* of lru_gen/enabled */
	long regressions;	/* samples where a counter went down */
};

/* Flip both knobs until killed, checking the counters at every flip. */
static void flipper(volatile struct shared *sh, bool have_mglru)
{
	long long last[2] = { 0, 0 };

	for (long i = 0;; i++) {
		if (!engine_only)
			knob_set(EXEC_PROTECT, i & 1 ? "0" : "1");
		if (have_mglru && engine_every && i % engine_every == 0) {
			knob_set(LRU_GEN_ENABLED,
				 (i / engine_every) & 1 ? "n" : "y");
			sh->switches++;
		}
		if (!exec_counters_monotonic(last))
			sh->regressions++;
		sh->flips = i + 1;
		sleep_ms(FLIP_MS);
	}
}

int main(int argc, char **argv)
{
	const struct twin_config c = {
		.engine = "classic", .protect = NULL, .memory_max_mb = 96,
		.memory_high = true,
		/* Mapped, so that both engines evict the twins' mapped pages
		 * and the rule has work on both (a read() stream leaves them
		 * alone on the multi-gen LRU). */
		.mmap_stream = true,
		.twin_mb = 24, .interval_ms = 3000, .warmup = 1, .rounds = 5,
	};
	bool have_mglru = !access(LRU_GEN_ENABLED, W_OK);
	volatile struct shared *sh;
	struct twin_result r;
	const char *why;
	int i, found;
	pid_t pid;

	/* Exploration only: exec_protect_flip [ENGINE_EVERY [engine-only]] */
	if (argc > 1)
		engine_every = atoi(argv[1]);
	engine_only = argc > 2 && !strcmp(argv[2], "engine-only");
	ksft_print_header();
	ksft_set_plan(4);
	if (access(EXEC_PROTECT, W_OK) || vmstat_get("exec_protect_rotate") < 0) {
		for (i = 0; i < 4; i++)
			ksft_test_result_skip("the kernel has no vm.exec_protect counters\n");
		ksft_finished();
	}
	knob_save(EXEC_PROTECT);
	if (have_mglru)
		knob_save(LRU_GEN_ENABLED);
	klogctl(5 /* SYSLOG_ACTION_CLEAR */, NULL, 0);

	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED)
		die("mmap");
	pid = spawn_child(NULL);
	if (!pid) {
		flipper(sh, have_mglru);
		_exit(0);
	}
	/* twin_run() would set the engine itself: leave it to the flipper. */
	if (!twin_run(&c, &r, &why)) {
		kill(pid, SIGKILL);
		for (i = 0; i < 4; i++)
			ksft_test_result_skip("%s\n", why);
		ksft_finished();
	}
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	twin_print(&c, &r);

	ksft_test_result(sh->flips >= 20 &&
		   (!have_mglru || !engine_every || sh->switches >= 4),
		   "knobs flipped during reclaim: exec_protect %ld times, lru_gen/enabled %ld\n",
		   engine_only ? 0 : sh->flips, sh->switches);
	found = klog_splats();
	ksft_test_result(!found, "no warning, BUG or lockup in the kernel log (%d of common/splats' patterns found)\n",
		   found);
	ksft_test_result(!sh->regressions, "counters never went down in %ld samples\n",
		   sh->flips);
	/* Agreeing zeros would prove nothing: the rule must have acted. */
	ksft_test_result(r.vm_activate + r.vm_rotate > 0 &&
		   r.cg_activate == r.vm_activate && r.cg_rotate == r.vm_rotate,
		   "the rule acted and memory.stat agrees with /proc/vmstat (activate %lld/%lld, rotate %lld/%lld)\n",
		   r.cg_activate, r.vm_activate, r.cg_rotate, r.vm_rotate);
	ksft_finished();
}
