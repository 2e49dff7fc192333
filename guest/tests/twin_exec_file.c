// SPDX-License-Identifier: GPL-2.0
/* File-backed PROT_EXEC pages outlive identical PROT_READ pages under a
 * streaming read when vm.exec_protect=1, and do not when it is 0; on the
 * classic LRU also under a stream that turns the active list over. On the
 * multi-gen LRU the stream goes through mmap(): its pages are promoted like
 * the twins', and a read() stream would not touch mapped pages at all. */
#include "../lib/twin_cases.h"

#define TWIN(eng, prot) { .engine = eng, .protect = prot, \
	.memory_max_mb = 96, .twin_mb = 24, .interval_ms = 3000, \
	.warmup = 2, .rounds = 3 }
#define MMAP_TWIN(eng, prot) { .engine = eng, .protect = prot, \
	.mmap_stream = true, .memory_max_mb = 96, .twin_mb = 24, \
	.interval_ms = 3000, .warmup = 2, .rounds = 3 }

/* Wu's file-server stream turns the classic active list over about as
 * fast as the twins are used (every 5 s). With an earlier version of the
 * series the seed's rule alone (exec_protect_ms 0) lost 100% of the exec
 * twin here; on 2026-12-05 a kernel without the classic time (mutant
 * no-classic-grace) kept it, so the 15 s case below is the one that
 * shows exec_protect_ms at work. */
#define HOT_TWIN(eng, prot) { .engine = eng, .protect = prot, \
	.hot_stream = true, .memory_max_mb = 96, .twin_mb = 24, \
	.interval_ms = 5000, .warmup = 2, .rounds = 3 }

/* The same stream with the twins used only every 15 s: between two uses
 * the active list turns over more than once, so that the seed's rule
 * (which keeps a folio only when it finds it referenced) loses the exec
 * twin, and only exec_protect_ms (60 s by default) keeps it. */
#define IDLE_TWIN(eng, prot) { .engine = eng, .protect = prot, \
	.hot_stream = true, .memory_max_mb = 96, .twin_mb = 24, \
	.interval_ms = 15000, .warmup = 1, .rounds = 3 }

static const struct twin_config file_twins = TWIN("classic", "1");

static const struct twin_case cases[] = {
	/* The seed's rule on the classic LRU: code gets an extra trip. */
	{ "classic LRU, exec_protect=1: exec twin keeps its pages",
	  TWIN("classic", "1"), EXEC_KEPT, 0.30 },
	/* Switched off: pre-2.6.31 behaviour, no difference. */
	{ "classic LRU, exec_protect=0: twins lose alike",
	  TWIN("classic", "0"), TWINS_CLOSE, 0.15 },
	/* exec_protect_ms on the classic LRU: code used within it stays
	 * active although the active list turns over in between. */
	{ "classic LRU, file-server stream, exec_protect=1: exec twin keeps its pages",
	  HOT_TWIN("classic", "1"), EXEC_KEPT, 0.30 },
	/* ... and used every 15 s, well within exec_protect_ms. */
	{ "classic LRU, file-server stream, 15 s between uses: exec_protect_ms keeps the exec twin",
	  IDLE_TWIN("classic", "1"), EXEC_KEPT, 0.30 },
	/* The multi-gen LRU's trips: code outlives a mapped stream. */
	{ "multi-gen LRU, exec_protect=1: exec twin keeps its pages",
	  MMAP_TWIN("mglru", "1"), EXEC_KEPT, 0.30 },
	{ "multi-gen LRU, exec_protect=0: twins lose alike",
	  MMAP_TWIN("mglru", "0"), TWINS_CLOSE, 0.15 },
};

int main(int argc, char **argv)
{
	return twin_cases_main(argc, argv, cases,
			       sizeof(cases) / sizeof(cases[0]), &file_twins);
}
