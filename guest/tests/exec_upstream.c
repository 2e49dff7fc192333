// SPDX-License-Identifier: GPL-2.0
/*
 * The v2 series' vm.exec_protect=1 is the rule of the kernel without the
 * series: on the classic LRU Wu's rule of 2.6.31 (a file page that a
 * VM_EXEC mapping referenced gets another trip around the active list),
 * nothing else; 0 is no rule at all, as before 2.6.31. Under a memory
 * cgroup's limit and a read() stream, the twins (guest/lib/twin.h) used
 * every 3 s: at 1 the exec twin keeps its pages where the read twin
 * loses them, at 0 the two lose alike; and neither value keeps or
 * refuses anything of v2's own (exec_protect_kept and _refused stay 0).
 * twin_exec_text shows the other half of 1: idle text is not kept.
 */
#include <stdbool.h>

#include "kselftest.h"
#include "../lib/twin_cases.h"
#include "../lib/util.h"

#define TWIN(prot) { .engine = "classic", .protect = prot, \
	.memory_max_mb = 96, .twin_mb = 24, .interval_ms = 3000, \
	.warmup = 2, .rounds = 3 }

static const struct {
	const char *desc;
	struct twin_config config;
	bool kept;		/* exec twin kept, else the twins lose alike */
	double margin;
} cases[] = {
	{ "classic LRU, cgroup, twins used every 3 s, exec_protect=1 (upstream's seed)",
	  TWIN("1/50/60000"), true, 0.30 },
	{ "classic LRU, cgroup, twins used every 3 s, exec_protect=0 (no rule)",
	  TWIN("0/50/60000"), false, 0.15 },
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
		if (!twin_case_run(i + 1, cases[i].desc, &cases[i].config,
				   twin_need_v2, CHECKS_PER_CASE, &r))
			continue;
		twin_case_verdict(cases[i].desc, &r, cases[i].kept,
				  cases[i].margin, "file", "use");
		ksft_test_result(r.vm_kept == 0 && r.vm_refused == 0,
				 "%s: exec_protect_kept and _refused stay 0 (%lld, %lld)\n",
				 cases[i].desc, r.vm_kept, r.vm_refused);
	}
	twin_ksft_merge(&ksft_cnt);
	ksft_finished();
}
