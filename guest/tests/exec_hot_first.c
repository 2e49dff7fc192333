// SPDX-License-Identifier: GPL-2.0
/*
 * Hot text first (issue 29): the bound of vm.exec_protect=2 never takes
 * from referenced program text what the kernel without the series gives
 * it. Upstream's rule (the seed: a referenced executable file folio gets
 * another trip) is never refused; v2's keeps of idle text come after it,
 * from what is left of the pass's room.
 *
 * 1. Hot text beside idle text that competes for the room: the twins are
 *    used every second, beside a 48 MiB program in their cgroup that is
 *    mapped, faulted in and then runs one page a second (the rest of it
 *    idle, so that v2 would keep it), with vm.exec_protect_max=5 and the
 *    cgroup under its stream. The exec twin loses at most MARGIN more of
 *    its pages with 2 than with 1, on each engine.
 * 2. A memory cgroup whose first reclaim comes half a second after it is
 *    made: nothing of its idle text is refused in that first second before
 *    the cgroup has kept a room's worth (ROOM_SHARE of its limit, less
 *    SLACK for a usage just under it: the room is a share of the cgroup's
 *    charged pages, not of statistics that a new cgroup has not yet
 *    flushed, and its debt starts at 0), and the text is kept or was not
 *    reached (on the classic LRU the first second's reclaim may take only
 *    the stream's inactive pages: one boot saw kept 0, refused 0).
 */
#include <stdbool.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "kselftest.h"
#include "../lib/knobs.h"
#include "../lib/twin_cases.h"
#include "../lib/util.h"

#define HOT(eng, prot, mmap) { .engine = eng, .protect = prot, \
	.hot_stream = !(mmap), .mmap_stream = mmap, .memory_max_mb = 96, \
	.twin_mb = 12, .hog_mb = 48, .interval_ms = 1000, .warmup = 2, \
	.rounds = 5 }

#define MARGIN		0.10
#define CG		"execfirst-new"
#define TEXT		DISK "/twin-exec.bin"
#define MiB		(1024 * 1024)
#define TEXT_MB		24
#define NEW_CG_MB	64
#define ROOM_SHARE	0.50	/* vm.exec_protect_max=50 */
#define SLACK		0.90

/* Case n and n + 1: the hot twins with 1, then with 2, on one engine. */
static void hot_case(int n, const char *eng, bool mmap)
{
	const struct twin_config up = HOT(eng, "1/5/60000", mmap);
	const struct twin_config full = HOT(eng, "2/5/60000", mmap);
	struct twin_result r1, r2;
	char desc[96];

	snprintf(desc, sizeof(desc), "%s, hot text beside idle text, exec_protect_max=5", eng);
	if (!twin_case_run(n, desc, &up, twin_need_v2, 1, &r1))
		return;
	if (!twin_case_run(n, desc, &full, twin_need_v2, 1, &r2))
		return;
	ksft_test_result(r2.exec_lost <= r1.exec_lost + MARGIN && r1.read_lost >= 0.30,
			 "%s: the hot exec twin loses no more with 2 than with 1 (%.1f%% +- %.1f, %.1f%% +- %.1f with 1; read twin %.1f%% and %.1f%%; kept %lld, refused %lld)\n",
			 desc, 100 * r2.exec_lost, 100 * r2.exec_sd,
			 100 * r1.exec_lost, 100 * r1.exec_sd,
			 100 * r2.read_lost, 100 * r1.read_lost,
			 r2.cg_kept, r2.vm_refused);
}

/* The program: its text run once, then idle. */
static struct text_span text = { TEXT, (size_t)TEXT_MB * MiB };

/* A new cgroup: reclaim half a second after it is made, one second long. */
static void new_cgroup_case(int n, const char *eng)
{
	const char *why = protect_case(n, eng, "2/50/60000");
	long long kept, refused;
	pid_t prog, stream;
	double left, room;

	if (why) {
		ksft_test_result_skip("%s, a new cgroup: %s\n", eng, why);
		return;
	}
	file_pageout(TEXT, (size_t)TEXT_MB * MiB);
	if (!cg_create(CG, (long long)NEW_CG_MB * MiB))
		die("no cgroup v2 memory controller");
	prog = spawn_ready(CG, run_text_once, &text, "the program");
	sleep_ms(500);
	stream = spawn_engine_stream(CG, eng);
	sleep_ms(1000);
	kept = cg_stat(CG, "exec_protect_kept");
	refused = cg_stat(CG, "exec_protect_refused");
	stop_child(stream);
	left = file_residency(TEXT, (size_t)TEXT_MB * MiB);
	stop_child(prog);
	cg_remove(CG);
	room = SLACK * ROOM_SHARE * NEW_CG_MB * MiB / sysconf(_SC_PAGESIZE);
	ksft_test_result((refused == 0 || kept >= room) &&
			 (kept > 0 || left >= 0.99),
			 "%s, a new cgroup: nothing of its idle text refused in its first second of reclaim before a room's worth was kept, the text kept or not reached (kept %lld, refused %lld, room %.0f pages, %.1f%% left)\n",
			 eng, kept, refused, room, 100 * left);
}

int main(void)
{
	ksft_print_header();
	ksft_set_plan(4);
	hot_case(1, "classic", false);
	hot_case(2, "mglru", true);
	new_cgroup_case(3, "classic");
	new_cgroup_case(4, "mglru");
	twin_ksft_merge(&ksft_cnt);
	ksft_finished();
}
