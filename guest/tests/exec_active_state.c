// SPDX-License-Identifier: GPL-2.0
/*
 * What the classic LRU's active list does with program text used within
 * vm.exec_protect_ms, page by page.
 *
 * A 24 MiB file is read twice (its pages activated, as text used more
 * than once), then mapped PROT_EXEC and unmapped without a touch, which
 * starts the file's time. Beside it the cgroup holds 96 MiB of data read
 * once. memory.reclaim takes 80 MiB of it, and after 3 s, once the
 * cgroup's statistics have been flushed and reclaim sees an inactive list
 * smaller than the active one, it deactivates active pages: memory.reclaim
 * asks for 4 MiB, and then for 4 MiB more.
 *
 *  1. Within the time, the active list keeps the text (it is counted as
 *     exec_protect_rotate): no page of it is deactivated, and it is still
 *     on the active list afterwards. With the inactive list's keep
 *     alone, the text would survive too, but deactivated (PG_workingset
 *     set) and kept again at every turn of the inactive list; this case
 *     is the one that tells the two apart.
 *  2. With exec_protect_max=0 the bound refuses the time on the active
 *     list: the text is deactivated as without the rule, and every page
 *     so refused is counted as exec_protect_capped. The rest of the data
 *     holds the 4 MiB that memory.reclaim asks for, so that the refusals
 *     counted on the inactive list (pages reclaimed) add little: without
 *     the active list's count, capped stays far below the deactivations.
 *     (At least 90% of them: a few pages of the cgroup are not the
 *     text; one run counted 2190 capped for 2193 deactivated.)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../lib/knobs.h"
#include "kselftest.h"
#include "../lib/util.h"

#define MiB		(1024LL * 1024)
#define CGROUP		"execfirst-active"
#define FILE_MB		24
#define DATA_MB		96
#define PAGES		(FILE_MB * MiB / 4096)
#define TEXT		DISK "/twin-exec.bin"
#define SMALL		(PAGES / 20)	/* 5%: what "nothing" may be */

enum use { READ_TEXT, READ_DATA, LAUNCH };

/* In the cgroup: read the text or the data once, or launch the text. */
static void in_cgroup(enum use use)
{
	pid_t pid = spawn_child(CGROUP);

	if (!pid) {
		size_t len = FILE_MB * MiB;
		void *p;

		switch (use) {
		case READ_TEXT:
			file_read(TEXT, len);
			break;
		case READ_DATA:
			file_read(DISK "/stream.bin", DATA_MB * MiB);
			break;
		case LAUNCH:
			p = map_file(TEXT, PROT_READ | PROT_EXEC, &len);
			munmap(p, len);
			break;
		}
		exit(0);
	}
	child_wait(pid, "the child in " CGROUP);
}

static void reclaim(const char *amount)
{
	cg_reclaim(CGROUP, amount);
}

struct delta {
	long long deactivate, rotate, capped;
};

static void stat_now(struct delta *d)
{
	d->deactivate = cg_stat(CGROUP, "pgdeactivate");
	d->rotate = cg_stat(CGROUP, "exec_protect_rotate");
	d->capped = cg_stat(CGROUP, "exec_protect_capped");
}

static void stat_since(struct delta *d)
{
	struct delta now;

	stat_now(&now);
	d->deactivate = now.deactivate - d->deactivate;
	d->rotate = now.rotate - d->rotate;
	d->capped = now.capped - d->capped;
}

int main(void)
{
	struct delta kept, refused;
	double left;
	long long active_kb;

	ksft_print_header();
	ksft_set_plan(2);
	if (access(EXEC_PROTECT_MS, W_OK) || !lru_engine_set("classic") ||
	    !cg_create(CGROUP, 256 * MiB)) {
		for (int i = 0; i < 2; i++)
			ksft_test_result_skip("needs exec_protect_ms, the classic LRU and a memory cgroup\n");
		ksft_finished();
	}

	/* the bound at 100%, so that it refuses nothing in part 1 */
	protect_require("1/100/60000");
	sync();
	knob_set("/proc/sys/vm/drop_caches", "3");
	in_cgroup(READ_TEXT);
	in_cgroup(READ_TEXT);
	in_cgroup(READ_DATA);
	in_cgroup(LAUNCH);
	/* the bound reads the cgroup's statistics as of their last flush */
	sleep_ms(3000);

	ksft_print_msg("before: active_file %lld kB, inactive_file %lld kB\n",
		       cg_stat(CGROUP, "active_file") / 1024,
		       cg_stat(CGROUP, "inactive_file") / 1024);
	reclaim("80M");
	/* inactive_is_low() reads them as of their last flush, too */
	sleep_ms(3000);
	stat_now(&kept);
	reclaim("4M");
	stat_since(&kept);
	left = file_residency(TEXT, FILE_MB * MiB);
	active_kb = cg_stat(CGROUP, "active_file") / 1024;
	ksft_test_result(left >= 0.9 && active_kb * 1024 >= FILE_MB * MiB * 9 / 10 &&
			 kept.deactivate <= SMALL && kept.rotate >= SMALL,
			 "text used within the time stays on the active list (%.1f%% left, active_file %lld kB, pgdeactivate +%lld, exec_protect_rotate +%lld)\n",
			 100 * left, active_kb, kept.deactivate, kept.rotate);

	sleep_ms(3000);
	protect_require("1/0/60000");
	stat_now(&refused);
	reclaim("4M");
	stat_since(&refused);
	ksft_print_msg("exec_protect_max=0: pgdeactivate +%lld, exec_protect_capped +%lld, %.1f%% left\n",
		       refused.deactivate, refused.capped,
		       100 * file_residency(TEXT, FILE_MB * MiB));
	ksft_test_result(refused.deactivate >= SMALL &&
			 refused.capped >= refused.deactivate * 9 / 10,
			 "refused by the bound, the text is deactivated and counted as capped (pgdeactivate +%lld, exec_protect_capped +%lld)\n",
			 refused.deactivate, refused.capped);
	cg_remove(CGROUP);
	ksft_finished();
}
