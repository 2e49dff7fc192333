// SPDX-License-Identifier: GPL-2.0
/*
 * A small vm.exec_protect_max still pays (issue 29, review of the debt):
 * v2's bound is a debt that each keep adds a page to and every other file
 * page reclaim scans pays exec_protect_max percent of a page off. Counted
 * in whole pages per batch, a classic LRU batch of at most 32 pages paid
 * 32 * 3 / 100 = 0 at exec_protect_max=3: after one room's worth the rule
 * kept nothing ever again. Counted in hundredths of a page, it keeps
 * about 3% of what reclaim scans, for as long as the stream runs.
 *
 * A program in a 96 MiB cgroup maps 24 MiB of text, runs through it once
 * and stays idle while a stream passes through the cgroup for STREAM_S
 * seconds, vm.exec_protect=2 with exec_protect_max=3. The room is 3% of
 * the cgroup's charged pages (ROOM_PAGES at most); the rule must have met
 * the bound (refused > 0) and kept more than ROOMS rooms' worth.
 * Both engines (the multi-gen LRU's batches are larger: it passes either
 * way, and is run as a control).
 */
#include <sys/mman.h>
#include <unistd.h>

#include "kselftest.h"
#include "../lib/knobs.h"
#include "../lib/util.h"

#define CG		"execfirst-small"
#define TEXT		DISK "/twin-exec.bin"
#define MiB		(1024 * 1024)
#define TEXT_MB		24
#define CG_MB		96
#define MAX_PCT		3
#define ROOMS		2
#define STREAM_S	8

/* The program: its text run once, then idle. */
static struct text_span text = { TEXT, (size_t)TEXT_MB * MiB };

static void small_case(int n, const char *eng)
{
	const char *why = protect_case(n, eng, "2/3/60000");
	double room = (double)MAX_PCT / 100 * CG_MB * MiB / sysconf(_SC_PAGESIZE);
	long long kept, refused;
	pid_t prog, stream;

	if (why) {
		ksft_test_result_skip("%s, exec_protect_max=%d: %s\n", eng, MAX_PCT, why);
		return;
	}
	file_pageout(TEXT, (size_t)TEXT_MB * MiB);
	if (!cg_create(CG, (long long)CG_MB * MiB))
		die("no cgroup v2 memory controller");
	prog = spawn_ready(CG, run_text_once, &text, "the program");
	stream = spawn_engine_stream(CG, eng);
	sleep_ms(STREAM_S * 1000);
	kept = cg_stat(CG, "exec_protect_kept");
	refused = cg_stat(CG, "exec_protect_refused");
	stop_child(stream);
	stop_child(prog);
	cg_remove(CG);
	ksft_test_result(refused > 0 && kept > ROOMS * room,
			 "%s, exec_protect_max=%d: idle text met the bound and was kept past %d rooms' worth in %d s of stream (kept %lld, refused %lld, room at most %.0f pages)\n",
			 eng, MAX_PCT, ROOMS, STREAM_S, kept, refused, room);
}

int main(void)
{
	ksft_print_header();
	ksft_set_plan(2);
	small_case(1, "classic");
	small_case(2, "mglru");
	ksft_finished();
}
