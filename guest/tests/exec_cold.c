// SPDX-License-Identifier: GPL-2.0
/*
 * Explicit reclaim wins (issue 29's finding 7): MADV_COLD on program text
 * ends its file's time, so that reclaim takes it as with vm.exec_protect=1
 * although a program still maps it; the next use starts it again. A
 * program in a cgroup maps 24 MiB PROT_EXEC and runs through it once;
 * then, under the cgroup's limit and a stream, with vm.exec_protect=2:
 *   1. idle: the text stays (a control, as twin_exec_text);
 *   2. MADV_COLD, then idle: it goes, at most 30% of it resident;
 *   3. MADV_COLD, then run through once more, then idle: it stays;
 *   4. idle, while a program elsewhere maps the file PROT_READ and
 *      MADV_COLDs it every 200 ms: it stays (only a program's own text
 *      is its to cool; v2's first version cooled the file from any
 *      folio_deactivate());
 *   5. idle, after the program cleared its pages' accessed bits
 *      (/proc/self/clear_refs, so that no look of reclaim finds its text
 *      in use again and renews the file's time), wrote a breakpoint into
 *      a private PROT_EXEC map of the file's first page (an anonymous
 *      copy of it) and MADV_COLDed that page: it stays (the copy is not
 *      the file's page; c4b9a948ed63 cooled the file from it).
 * Both engines, each under its stream.
 */
#include <stdbool.h>
#include <string.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "kselftest.h"
#include "../lib/knobs.h"
#include "../lib/util.h"

#define CG		"execfirst-cold"
#define TEXT		DISK "/twin-exec.bin"
#define MiB		(1024 * 1024)
#define TEXT_MB		24
#define CG_MAX_MB	96
#define STREAM_S	12
#define KEPT		0.70
#define GONE		0.30

enum step { IDLE, COLD, COLD_USED, STRANGER_COLD, COPY_COLD, NR_STEPS };

static const char *const step_desc[] = {
	[IDLE] = "run once, then idle",
	[COLD] = "run once, MADV_COLD, then idle",
	[COLD_USED] = "run once, MADV_COLD, run again, then idle",
	[STRANGER_COLD] = "run once, then idle, another program MADV_COLDs a PROT_READ map of it",
	[COPY_COLD] = "run once, MADV_COLD of a breakpoint's private copy of a page, then idle",
};

/*
 * A debugger's breakpoint: a private PROT_EXEC map of the file's first
 * page, written (so that the process has an anonymous copy of it), then
 * made cold. Left mapped. First the accessed bits of every page the
 * process maps are cleared, so that only a cooling can end the file's
 * time (a look of reclaim that finds the text in use renews it).
 */
static void cold_copy(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	volatile char *q;
	int fd;

	knob_set("/proc/self/clear_refs", "1");
	fd = open(TEXT, O_RDONLY);
	if (fd < 0)
		die("open %s: %m", TEXT);
	q = mmap(NULL, pg, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE,
		 fd, 0);
	if (q == MAP_FAILED)
		die("mmap %s: %m", TEXT);
	close(fd);
	q[0] ^= 0xcc;
	if (madvise((void *)q, pg, MADV_COLD))
		die("MADV_COLD: %m");
}

/* Another program's data mapping of the text, made cold again and again. */
static void stranger(void)
{
	size_t len = (size_t)TEXT_MB * MiB;
	void *p = map_file(TEXT, PROT_READ, &len);

	for (;;) {
		touch_pages(p, len);
		if (madvise(p, len, MADV_COLD))
			die("MADV_COLD: %m");
		sleep_ms(200);
	}
}

static void program(void *arg)
{
	enum step step = *(enum step *)arg;
	size_t len = (size_t)TEXT_MB * MiB;
	void *p = map_file(TEXT, PROT_READ | PROT_EXEC, &len);

	touch_pages(p, len);
	if (step == COPY_COLD)
		cold_copy();
	if (step == IDLE || step == STRANGER_COLD || step == COPY_COLD)
		return;
	if (madvise(p, len, MADV_COLD))
		die("MADV_COLD: %m");
	if (step == COLD_USED)
		touch_pages(p, len);
}

int main(void)
{
	int e, s, n = 0;

	ksft_print_header();
	ksft_set_plan(NR_ENGINES * NR_STEPS);
	for (e = 0; e < NR_ENGINES; e++) {
		for (s = IDLE; s < NR_STEPS; s++) {
			const char *why;
			enum step step = s;
			pid_t prog, other = 0;
			long long kept, refused;
			double r;
			bool ok;

			why = protect_case(++n, lru_engines[e], "2/50/60000");
			if (!why && !cg_create(CG, (long long)CG_MAX_MB * MiB))
				why = "no cgroup v2 memory controller";
			if (why) {
				ksft_test_result_skip("%s, %s: %s\n", lru_engines[e],
						      step_desc[s], why);
				continue;
			}
			file_pageout(TEXT, (size_t)TEXT_MB * MiB);
			prog = spawn_ready(CG, program, &step, "the program");
			if (s == STRANGER_COLD) {
				other = spawn_child(NULL);
				if (!other)
					stranger();
			}
			stream_for(CG, lru_engines[e], STREAM_S);
			if (other)
				stop_child(other);
			r = file_residency(TEXT, (size_t)TEXT_MB * MiB);
			kept = cg_stat(CG, "exec_protect_kept");
			refused = cg_stat(CG, "exec_protect_refused");
			stop_child(prog);
			cg_remove(CG);
			ok = s == COLD ? r <= GONE : r >= KEPT;
			ksft_test_result(ok, "%s, %s: the text %s (%.1f%% resident; exec_protect_kept %lld, refused %lld)\n",
					 lru_engines[e], step_desc[s],
					 s == COLD ? "goes" : "stays", 100 * r,
					 kept, refused);
		}
	}
	ksft_finished();
}
