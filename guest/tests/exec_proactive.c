// SPDX-License-Identifier: GPL-2.0
/*
 * Explicit reclaim wins (issue 29's finding 7): memory.reclaim (proactive
 * reclaim, senpai/TMO style) takes program text that vm.exec_protect=2
 * would keep under the cgroup's limit, as it does with 1. A program in
 * the cgroup maps 24 MiB PROT_EXEC, runs through it once and stays idle;
 * then memory.reclaim asks for 32 MiB. With 2 the series keeps nothing
 * (exec_protect_kept stays 0, what it would have kept counts as refused),
 * and as much of the text goes as with 1 (within 10 points). Both engines.
 */
#include <stdbool.h>
#include <string.h>
#include <sys/mman.h>

#include "kselftest.h"
#include "../lib/knobs.h"
#include "../lib/util.h"

#define CG		"execfirst-proactive"
#define TEXT		DISK "/twin-exec.bin"
#define MiB		(1024 * 1024)
#define TEXT_MB		24
#define MARGIN		0.10

/* The program: its text run once, then idle. */
static struct text_span text = { TEXT, (size_t)TEXT_MB * MiB };

/* What of the text stays after memory.reclaim, with vm.exec_protect=mode. */
static double reclaim_text(const char *mode, long long *kept, long long *refused)
{
	char spec[32];
	pid_t prog;
	double r;

	snprintf(spec, sizeof(spec), "%s/50/60000", mode);
	protect_require(spec);
	file_pageout(TEXT, (size_t)TEXT_MB * MiB);
	if (!cg_create(CG, -1))
		die("no cgroup v2 memory controller");
	prog = spawn_ready(CG, run_text_once, &text, "the program");
	sleep_ms(500);
	cg_reclaim(CG, "32M");
	*kept = cg_stat(CG, "exec_protect_kept");
	*refused = cg_stat(CG, "exec_protect_refused");
	r = file_residency(TEXT, (size_t)TEXT_MB * MiB);
	stop_child(prog);
	cg_remove(CG);
	return r;
}

int main(void)
{
	int e;

	ksft_print_header();
	ksft_set_plan(NR_ENGINES * 2);
	for (e = 0; e < NR_ENGINES; e++) {
		long long kept, refused, kept1, refused1;
		double full, upstream;
		const char *why = protect_case(e + 1, lru_engines[e], "1/50/60000");

		if (why) {
			ksft_test_result_skip("%s: memory.reclaim: %s\n", lru_engines[e], why);
			ksft_test_result_skip("%s: memory.reclaim: %s\n", lru_engines[e], why);
			continue;
		}
		upstream = reclaim_text("1", &kept1, &refused1);
		full = reclaim_text("2", &kept, &refused);
		ksft_test_result(kept == 0 && refused > 0,
				 "%s: memory.reclaim: exec_protect=2 keeps nothing (exec_protect_kept %lld, refused %lld)\n",
				 lru_engines[e], kept, refused);
		ksft_test_result(full <= upstream + MARGIN,
				 "%s: memory.reclaim: the text goes as with exec_protect=1 (%.1f%% resident, %.1f%% with 1)\n",
				 lru_engines[e], 100 * full, 100 * upstream);
	}
	ksft_finished();
}
