// SPDX-License-Identifier: GPL-2.0
/*
 * The v2 series keeps program text for the reclaim of a memory cgroup only
 * through the cgroup's own programs, as 6.12 counts only the cgroup's own
 * processes' references under its limit (invalid_folio_referenced_vma()).
 * A file that cgroup A caches as data, under A's memory.max and a stream
 * in A, while a program in cgroup B
 *   - maps it PROT_EXEC every second without touching it (v1's per-file
 *     time kept A's cache of it for everyone: issue 29's finding 3), or
 *   - maps it PROT_EXEC, runs through it once and stays, idle:
 * A's reclaim keeps none of it (exec_protect_kept of A stays 0). The
 * same text mapped and run by a program in A itself stays in memory (a
 * control: the stream does not starve A's own text; with the classic LRU
 * upstream's rule may keep it before the series has to). Both engines,
 * vm.exec_protect=2.
 */
#include <stdbool.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "kselftest.h"
#include "../lib/knobs.h"
#include "../lib/util.h"

#define CG_A		"execfirst-a"
#define CG_B		"execfirst-b"
#define TEXT		DISK "/twin-exec.bin"
#define MiB		(1024 * 1024)
#define TEXT_MB		24
#define A_MAX_MB	64
#define STREAM_S	12
#define MIN_OWN		0.70	/* resident, of the text A's own program ran */

enum who { B_MAPS, B_RUNS, A_RUNS };

static const char *const who_desc[] = {
	[B_MAPS] = "a program in B maps it PROT_EXEC every second, untouched",
	[B_RUNS] = "a program in B runs it once and stays idle",
	[A_RUNS] = "a program in A runs it once and stays idle (control)",
};

/* Map the text PROT_EXEC every second and unmap it, touching nothing. */
static void map_often(void)
{
	for (;;) {
		size_t len = (size_t)TEXT_MB * MiB;
		void *p = map_file(TEXT, PROT_READ | PROT_EXEC, &len);

		munmap(p, len);
		sleep_ms(1000);
	}
}

/* The program: its text run once, then idle. */
static struct text_span text = { TEXT, (size_t)TEXT_MB * MiB };

int main(void)
{
	int e, w, n = 0;

	ksft_print_header();
	ksft_set_plan(NR_ENGINES * 3);
	for (e = 0; e < NR_ENGINES; e++) {
		for (w = B_MAPS; w <= A_RUNS; w++) {
			const char *why;
			long long kept, refused;
			pid_t reader, runner;
			double resident;
			bool ok;

			why = protect_case(++n, lru_engines[e], "2/50/60000");
			if (!why && (!cg_create(CG_A, (long long)A_MAX_MB * MiB) ||
				     !cg_create(CG_B, -1)))
				why = "no cgroup v2 memory controller";
			if (why) {
				ksft_test_result_skip("%s, %s: %s\n", lru_engines[e],
						      who_desc[w], why);
				continue;
			}
			/* A caches the file (charged to A), then the user maps it */
			file_pageout(TEXT, (size_t)TEXT_MB * MiB);
			reader = spawn_child(CG_A);
			if (!reader) {
				file_read(TEXT, (size_t)TEXT_MB * MiB);
				_exit(0);
			}
			child_wait(reader, "A's read of the file");
			if (w == B_MAPS) {
				runner = spawn_child(CG_B);
				if (!runner)
					map_often();
			} else {
				runner = spawn_ready(w == A_RUNS ? CG_A : CG_B,
						     run_text_once, &text,
						     "the text's user");
			}
			sleep_ms(1500);
			stream_for(CG_A, lru_engines[e], STREAM_S);
			kept = cg_stat(CG_A, "exec_protect_kept");
			refused = cg_stat(CG_A, "exec_protect_refused");
			resident = file_residency(TEXT, (size_t)TEXT_MB * MiB);
			stop_child(runner);
			cg_remove(CG_A);
			cg_remove(CG_B);
			ok = w == A_RUNS ? resident >= MIN_OWN : kept == 0;
			ksft_test_result(ok, "%s, %s: A's reclaim keeps %s (exec_protect_kept %lld, refused %lld; %.1f%% of it resident)\n",
					 lru_engines[e], who_desc[w],
					 w == A_RUNS ? "it" : "none of it",
					 kept, refused, 100 * resident);
		}
	}
	ksft_finished();
}
