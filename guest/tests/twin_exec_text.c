// SPDX-License-Identifier: GPL-2.0
/*
 * The v2 series' rule, on the twins (guest/lib/twin.h): with
 * vm.exec_protect=2 a program's text that it maps but has not used since
 * reclaim last looked stays in memory through a stream, where with 1 (the
 * rule of the kernel without the series) it goes like data; exec_protect_kept
 * counts it, and stays 0 with 1.
 *
 * Idle text under a memory cgroup's limit: the classic LRU under Wu's
 * file-server stream with the twins used every 15 s (the active list
 * turns over in between, so that upstream's rule, which rotates only what
 * it finds referenced, loses the exec twin), the multi-gen LRU under a
 * mapped stream. Programs launched again and again (nothing maps their
 * text between two launches) under global pressure, each engine under
 * its stream; under a cgroup's limit the series keeps no unmapped page
 * (the file's memory does not say whose program used it), so there the
 * launched twins lose alike.
 */
#include <stdbool.h>
#include <string.h>

#include "kselftest.h"
#include "../lib/twin_cases.h"
#include "../lib/util.h"

#define IDLE(eng, prot, mmap) { .engine = eng, .protect = prot, \
	.hot_stream = !(mmap), .mmap_stream = mmap, .memory_max_mb = 96, \
	.twin_mb = 24, .interval_ms = 15000, .warmup = 1, .rounds = 3 }
#define LAUNCHED(eng, prot, mmap, glob) { .engine = eng, .protect = prot, \
	.launched = true, .mmap_stream = mmap, .global = glob, \
	.memory_max_mb = 96, .twin_mb = 24, .interval_ms = 5000, \
	.warmup = 1, .rounds = 4 }

/* Every knob set in each case: the bound at 50%, the time at a minute. */
#define FULL		"2/50/60000"
#define UPSTREAM	"1/50/60000"

#define MARGIN		0.30

static const struct {
	const char *desc;
	struct twin_config config;
	bool kept;		/* exec twin kept, else the twins lose alike */
} cases[] = {
	{ "classic LRU, cgroup, idle text, exec_protect=2",
	  IDLE("classic", FULL, false), true },
	{ "classic LRU, cgroup, idle text, exec_protect=1",
	  IDLE("classic", UPSTREAM, false), false },
	{ "multi-gen LRU, cgroup, idle text, exec_protect=2",
	  IDLE("mglru", FULL, true), true },
	{ "multi-gen LRU, cgroup, idle text, exec_protect=1",
	  IDLE("mglru", UPSTREAM, true), false },
	{ "classic LRU, global, launched, exec_protect=2",
	  LAUNCHED("classic", FULL, false, true), true },
	{ "classic LRU, global, launched, exec_protect=1",
	  LAUNCHED("classic", UPSTREAM, false, true), false },
	{ "multi-gen LRU, global, launched, exec_protect=2",
	  LAUNCHED("mglru", FULL, true, true), true },
	{ "classic LRU, cgroup, launched, exec_protect=2",
	  LAUNCHED("classic", FULL, false, false), false },
};
#define NR_CASES (int)(sizeof(cases) / sizeof(cases[0]))
#define CHECKS_PER_CASE 2

int main(int argc, char **argv)
{
	struct twin_result r;
	int i;

	if (argc > 1)
		return twin_explore(argc, argv, &cases[0].config);

	ksft_print_header();
	ksft_set_plan(NR_CASES * CHECKS_PER_CASE);
	for (i = 0; i < NR_CASES; i++) {
		const struct twin_config *c = &cases[i].config;
		bool kept = cases[i].kept, upstream, ok;

		if (!twin_case_run(i + 1, cases[i].desc, c, twin_need_v2,
				   CHECKS_PER_CASE, &r))
			continue;
		twin_case_verdict(cases[i].desc, &r, kept, MARGIN,
				  c->launched ? "launched" : "idle",
				  c->launched ? "launch" : "use");
		/*
		 * Kept: counted in the twins' cgroup (under global reclaim
		 * other programs' text counts in /proc/vmstat too). Upstream's
		 * rule: nothing counted, kept or refused. The cgroup's launched
		 * twins are mapped for a moment at each use, and what its
		 * reclaim meets then may be kept: only the cgroup is under
		 * reclaim, so its count is all of /proc/vmstat's.
		 */
		upstream = !strcmp(c->protect, UPSTREAM);
		if (kept)
			ok = r.cg_kept > 0;
		else if (upstream)
			ok = r.vm_kept == 0 && r.vm_refused == 0;
		else
			ok = r.cg_kept == r.vm_kept;
		ksft_test_result(ok, "%s: exec_protect_kept %s (%lld, cgroup %lld, refused %lld)\n",
				 cases[i].desc, kept ? "moves in the twins' cgroup" :
				 upstream ? "and _refused stay 0" :
				 "counts the cgroup's keeps alone",
				 r.vm_kept, r.cg_kept, r.vm_refused);
	}
	twin_ksft_merge(&ksft_cnt);
	ksft_finished();
}
