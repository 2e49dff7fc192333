// SPDX-License-Identifier: GPL-2.0
/*
 * Programs launched again and again: a compiler in a build, an interpreter
 * running scripts. Each twin here maps its file, touches it and unmaps it
 * at every use (every 5 s), so that nothing maps the file between two
 * uses and reclaim never finds the exec twin's pages in an executable
 * mapping; only the time noted when the file is mapped PROT_EXEC
 * (vm.exec_protect_ms) tells its pages from the read twin's. Under a
 * stream (a read() copy on the classic LRU, a mapped stream on the
 * multi-gen LRU, each the one that evicted such programs in issue 15's
 * measurements), with the rule on the exec twin keeps its pages and
 * exec_protect_unmapped counts them, in /proc/vmstat and in the twins'
 * cgroup alike; with the rule off, and with the seed's rule alone
 * (exec_protect_ms=0), the twins lose alike.
 */
#include <stdbool.h>
#include <string.h>

#include "kselftest.h"
#include "../lib/twin_cases.h"
#include "../lib/util.h"

#define LAUNCHED(eng, prot, mmap) { .engine = eng, .protect = prot, \
	.launched = true, .mmap_stream = mmap, .memory_max_mb = 96, \
	.twin_mb = 24, .interval_ms = 5000, .warmup = 1, .rounds = 3 }

/* Every knob set in each case: a case's knobs stay until the program exits.
 * The defaults: the bound at 50%, the time at a minute. */
#define ON	"1/50/60000"
#define OFF	"0/50/60000"
#define SEED	"1/50/0"

#define MARGIN		0.30

static const struct {
	const char *desc;
	struct twin_config config;
	bool kept;		/* exec twin kept, else the twins lose alike */
} cases[] = {
	{ "classic LRU, copy, exec_protect=1",
	  LAUNCHED("classic", ON, false), true },
	{ "classic LRU, copy, exec_protect=0",
	  LAUNCHED("classic", OFF, false), false },
	{ "classic LRU, copy, the seed's rule alone (exec_protect_ms=0)",
	  LAUNCHED("classic", SEED, false), false },
	{ "multi-gen LRU, mapped stream, exec_protect=1",
	  LAUNCHED("mglru", ON, true), true },
	{ "multi-gen LRU, mapped stream, exec_protect=0",
	  LAUNCHED("mglru", OFF, true), false },
};
#define NR_CASES (int)(sizeof(cases) / sizeof(cases[0]))
#define CHECKS_PER_CASE 2

static const char *need_counter(void)
{
	if (vmstat_get("exec_protect_unmapped") < 0)
		return "the kernel has no exec_protect_unmapped counter";
	return NULL;
}

int main(int argc, char **argv)
{
	struct twin_result r;
	int i;

	if (argc > 1)
		return twin_explore(argc, argv, &cases[0].config);

	ksft_print_header();
	ksft_set_plan(NR_CASES * CHECKS_PER_CASE);
	for (i = 0; i < NR_CASES; i++) {
		bool kept = cases[i].kept, ok;

		if (!twin_case_run(i + 1, cases[i].desc, &cases[i].config,
				   need_counter, CHECKS_PER_CASE, &r))
			continue;
		twin_case_verdict(cases[i].desc, &r, kept, MARGIN, "launched",
				  "launch");
		/* Only the twins' cgroup is under reclaim in this guest. */
		ok = r.cg_unmapped == r.vm_unmapped &&
		     (kept ? r.vm_unmapped > 0 : r.vm_unmapped == 0);
		ksft_test_result(ok, "%s: exec_protect_unmapped %s, memory.stat as /proc/vmstat (%lld, cgroup %lld)\n",
				 cases[i].desc, kept ? "moves" : "stays",
				 r.vm_unmapped, r.cg_unmapped);
	}
	twin_ksft_merge(&ksft_cnt);
	ksft_finished();
}
