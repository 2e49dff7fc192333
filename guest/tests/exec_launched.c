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
	.twin_mb = 24, .interval_ms = 5000, .warmup = 1, .rounds = 4 }

/* Every knob set in each case: a case's knobs stay until the program exits.
 * The defaults: the bound at 50%, the time at a minute. */
#define ON	"1/50/60000"
#define OFF	"0/50/60000"
#define SEED	"1/50/0"

/* Below this, the read twin barely lost anything: no real pressure. */
#define MIN_READ_LOST	0.30
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

int main(int argc, char **argv)
{
	struct twin_result r;
	const char *why;
	int i, j;

	if (argc > 1)
		return twin_explore(argc, argv, &cases[0].config);

	ksft_print_header();
	ksft_set_plan(NR_CASES * CHECKS_PER_CASE);
	for (i = 0; i < NR_CASES; i++) {
		const struct twin_config *c = &cases[i].config;
		bool kept = cases[i].kept, ok;

		why = NULL;
		if (!case_wanted(i + 1))
			why = CASE_NOT_ASKED;
		else if (vmstat_get("exec_protect_unmapped") < 0)
			why = "the kernel has no exec_protect_unmapped counter";
		else if (twin_run(c, &r, &why))
			why = NULL;
		if (why) {
			for (j = 0; j < CHECKS_PER_CASE; j++)
				ksft_test_result_skip("%s: %s\n",
						      cases[i].desc, why);
			continue;
		}
		twin_print(c, &r);
		if (kept)
			ok = r.read_lost - r.exec_lost >= MARGIN;
		else
			ok = r.read_lost - r.exec_lost < MARGIN / 2 &&
			     r.exec_lost - r.read_lost < MARGIN / 2;
		if (r.read_lost < MIN_READ_LOST) {
			ksft_print_msg("read twin lost only %.1f%%: no real pressure\n",
				       100 * r.read_lost);
			ok = false;
		}
		ksft_test_result(ok, "%s: %s (exec lost %.1f%% +- %.1f, read lost %.1f%% +- %.1f per launch)\n",
				 cases[i].desc, kept ?
				 "the launched exec twin keeps its pages" :
				 "the launched twins lose alike",
				 100 * r.exec_lost, 100 * r.exec_sd,
				 100 * r.read_lost, 100 * r.read_sd);
		/* Only the twins' cgroup is under reclaim in this guest. */
		ok = r.cg_unmapped == r.vm_unmapped &&
		     (kept ? r.vm_unmapped > 0 : r.vm_unmapped == 0);
		ksft_test_result(ok, "%s: exec_protect_unmapped %s, memory.stat as /proc/vmstat (%lld, cgroup %lld)\n",
				 cases[i].desc, kept ? "moves" : "stays",
				 r.vm_unmapped, r.cg_unmapped);
	}
	ksft_finished();
}
