// SPDX-License-Identifier: GPL-2.0
/* Anonymous PROT_EXEC memory (a JIT's) gets no protection: with swap on
 * zram, it loses as much as anonymous PROT_READ|PROT_WRITE memory.
 * Without vm.exec_protect_max's bound: the twins' cgroup has almost no
 * file pages, so the bound alone would hide a rule wrongly applied to
 * anonymous memory (the anon-protected mutant). */
#include "../lib/twin_cases.h"

#define TWIN(eng, prot) { .engine = eng, .protect = prot "/100", \
	.anon = true, .memory_max_mb = 64, .twin_mb = 16, \
	.interval_ms = 3000, .warmup = 2, .rounds = 3 }

static const struct twin_config anon_twins = TWIN("classic", "1");

static const struct twin_case cases[] = {
	/* The seed ignores anonymous VM_EXEC pages: JITs create many. */
	{ "classic LRU, exec_protect=1: anonymous exec twin is not protected",
	  TWIN("classic", "1"), TWINS_CLOSE, 0.15 },
	{ "multi-gen LRU, exec_protect=1: anonymous exec twin is not protected",
	  TWIN("mglru", "1"), TWINS_CLOSE, 0.15 },
};

int main(int argc, char **argv)
{
	return twin_cases_main(argc, argv, cases,
			       sizeof(cases) / sizeof(cases[0]), &anon_twins);
}
