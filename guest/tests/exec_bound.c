// SPDX-License-Identifier: GPL-2.0
/*
 * The abuser of 2009 against v2's bound (issue 29): a program maps 64 MiB
 * of data PROT_EXEC, touches it once and stays idle, so that with
 * vm.exec_protect=2 its pages are "program text in use" within its time.
 * Beside it, in its 96 MiB memory cgroup, a workload re-reads a 24 MiB hot
 * set at random while a stream passes (read() on the classic LRU, mmap()
 * on the multi-gen LRU, as exec_abuse). v2's bound is a debt of the
 * cgroup (under its limit) that each keep adds to and every other file
 * page scanned pays vm.exec_protect_max (50) percent of a page off (a
 * bound of a share per pass, as v2 first had it, let the abuser hold its
 * whole file); what the abuser can take is what 2 keeps of it beyond
 * what 1 (upstream's reclaim) does. With 2 against 1, in the mean of RUNS
 * runs each, alternating:
 *   1. the workload keeps at least HIT_SHARE of its hit ratio, judged
 *      where the abuser held at least the share of the hot set the check
 *      lets the workload lose (holding less, it cannot have cost that
 *      much);
 *   2. the abuser holds, beyond what it holds with 1, at most
 *      exec_protect_max percent of the cgroup's limit;
 *   3. nothing is OOM-killed.
 * A read from the cache is one that preadv2(RWF_NOWAIT) serves.
 */
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#include "kselftest.h"
#include "../lib/hotset.h"
#include "../lib/knobs.h"
#include "../lib/util.h"

#define MiB		(1024LL * 1024)
#define CG		"execfirst-bound"
#define ABUSER		DISK "/twin-exec.bin"
#define ABUSER_MB	64
#define MAX_MB		96
#define HIT_SHARE	0.60
#define BOUND_PCT	50
#define RUNS		2
#define CHECKS		3

struct run {
	double hit_ratio;	/* the workload's */
	double held;		/* resident share of the abuser's file */
	long long kept, refused, oom_kills;
};

static void abuser(void *unused)
{
	size_t len = ABUSER_MB * MiB;
	char *p = map_file(ABUSER, PROT_READ | PROT_EXEC, &len);

	(void)unused;
	touch_pages(p, len);
}

static void one_run(const char *engine, const char *mode, struct run *r)
{
	long long oom0 = vmstat_get("oom_kill");
	bool mapped = !strcmp(engine, "mglru");
	char spec[32];
	long long reads;
	pid_t ab, st;

	snprintf(spec, sizeof(spec), "%s/%d/60000", mode, BOUND_PCT);
	protect_require(spec);
	knob_set("/proc/sys/vm/drop_caches", "3");
	if (!cg_create(CG, MAX_MB * MiB))
		die("no cgroup v2 memory controller");
	ab = spawn_ready(CG, abuser, NULL, "the abuser");
	st = hot_set_stream(CG, mapped);
	r->hit_ratio = hot_set_workload(CG, 3.0, 10.0, &reads);
	r->held = file_residency(ABUSER, ABUSER_MB * MiB);
	r->kept = cg_stat(CG, "exec_protect_kept");
	r->refused = cg_stat(CG, "exec_protect_refused");
	stop_child(st);
	stop_child(ab);
	cg_remove(CG);
	r->oom_kills = vmstat_get("oom_kill") - oom0;
	ksft_print_msg("%s, exec_protect=%s: hit ratio %.3f, abuser %.1f%% resident, kept %lld, refused %lld, OOM kills %lld\n",
		       engine, mode, r->hit_ratio, 100 * r->held, r->kept,
		       r->refused, r->oom_kills);
}

static void add(struct run *m, const struct run *r)
{
	m->hit_ratio += r->hit_ratio / RUNS;
	m->held += r->held / RUNS;
	m->kept += r->kept;
	m->refused += r->refused;
	m->oom_kills += r->oom_kills;
}

int main(void)
{
	int e, i, j;

	ksft_print_header();
	ksft_set_plan(NR_ENGINES * CHECKS);
	for (e = 0; e < NR_ENGINES; e++) {
		const char *eng = lru_engines[e];
		const char *why = protect_case(e + 1, eng, "1");
		struct run up = { 0 }, full = { 0 }, r;
		double extra_mb;
		bool judged;

		if (why) {
			for (j = 0; j < CHECKS; j++)
				ksft_test_result_skip("%s: %s\n", eng, why);
			continue;
		}
		for (i = 0; i < RUNS; i++) {
			one_run(eng, "1", &r);
			add(&up, &r);
			one_run(eng, "2", &r);
			add(&full, &r);
		}
		extra_mb = (full.held - up.held) * ABUSER_MB;
		judged = extra_mb >= (1 - HIT_SHARE) * HOT_SET_MB;
		ksft_test_result(!judged || full.hit_ratio >= HIT_SHARE * up.hit_ratio,
				 "%s: the workload keeps %.0f%% of its hit ratio beside the idle PROT_EXEC abuser with 2 (%.3f against %.3f with 1; at least %.0f%%%s)\n",
				 eng, up.hit_ratio > 0 ? 100 * full.hit_ratio / up.hit_ratio : 0,
				 full.hit_ratio, up.hit_ratio, 100 * HIT_SHARE,
				 judged ? "" : ", not judged: 2 held less than that share of the hot set more than 1");
		ksft_test_result(extra_mb <= BOUND_PCT / 100.0 * MAX_MB,
				 "%s: the abuser holds at most %d%% of the cgroup more with 2 than with 1 (%.1f MiB more: %.1f%% against %.1f%% of its file; kept %lld, refused %lld)\n",
				 eng, BOUND_PCT, extra_mb, 100 * full.held,
				 100 * up.held, full.kept, full.refused);
		ksft_test_result(!up.oom_kills && !full.oom_kills,
				 "%s: no OOM kill (%lld with 2, %lld with 1)\n",
				 eng, full.oom_kills, up.oom_kills);
	}
	ksft_finished();
}
