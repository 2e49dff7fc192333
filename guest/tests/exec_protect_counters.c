// SPDX-License-Identifier: GPL-2.0
/* exec_protect_activate, exec_protect_rotate and (with the bound)
 * exec_protect_capped count what the rule does: zero when
 * vm.exec_protect=0, non-zero in the twin experiment when 1, and the twins'
 * cgroup's memory.stat adds up to /proc/vmstat. */
#include <string.h>

#include "kselftest.h"
#include "../lib/twin.h"
#include "../lib/util.h"

#define TWIN(prot) { .engine = "classic", .protect = prot, \
	.memory_max_mb = 96, .twin_mb = 24, .interval_ms = 3000, \
	.warmup = 1, .rounds = 2 }

static const struct {
	const char *desc;
	struct twin_config config;
} cases[] = {
	/* Switched off, the rule must never act, so never count. */
	{ "exec_protect=0", TWIN("0") },
	/* Switched on, the twins' experiment makes it act. */
	{ "exec_protect=1", TWIN("1") },
};
#define NR_CASES (int)(sizeof(cases) / sizeof(cases[0]))
#define CHECKS_PER_CASE 2

int main(void)
{
	struct twin_result r;
	const char *why;
	int i, j;

	ksft_print_header();

	ksft_set_plan(NR_CASES * CHECKS_PER_CASE);
	for (i = 0; i < NR_CASES; i++) {
		const struct twin_config *c = &cases[i].config;
		long long vm;
		bool on = !strcmp(c->protect, "1");

		if (vmstat_get("exec_protect_rotate") < 0)
			why = "the kernel has no exec_protect counters";
		else if (twin_run(c, &r, &why))
			why = NULL;
		if (why) {
			for (j = 0; j < CHECKS_PER_CASE; j++)
				ksft_test_result_skip("%s: %s\n", cases[i].desc, why);
			continue;
		}
		twin_print(c, &r);
		vm = r.vm_activate + r.vm_rotate;
		ksft_test_result(on ? vm > 0 : vm == 0 && r.vm_capped <= 0,
			   "%s: /proc/vmstat counters %s (activate %lld, rotate %lld, capped %lld)\n",
			   cases[i].desc, on ? "move" : "stay at zero",
			   r.vm_activate, r.vm_rotate, r.vm_capped);
		/* Only the twins' cgroup is under reclaim in this guest. */
		ksft_test_result(r.cg_activate == r.vm_activate &&
			   r.cg_rotate == r.vm_rotate &&
			   r.cg_capped == r.vm_capped,
			   "%s: memory.stat adds up to /proc/vmstat (cgroup: activate %lld, rotate %lld, capped %lld)\n",
			   cases[i].desc, r.cg_activate, r.cg_rotate,
			   r.cg_capped);
	}
	ksft_finished();
}
