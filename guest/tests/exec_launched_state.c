// SPDX-License-Identifier: GPL-2.0
/*
 * What the classic LRU does with a launched program's text, page by page.
 * A 24 MiB file is read once (its pages on the inactive list), then mapped
 * PROT_EXEC and unmapped without touching a page, as a launch that exits
 * at once: that mapping alone starts the file's vm.exec_protect_ms time.
 * Beside it the cgroup holds 64 MiB of data read once, and memory.reclaim
 * asks it for 16 MiB, which it finds in the data.
 *
 *  1. The rule keeps the pages, and exec_protect_unmapped counts them.
 *  2. It keeps them on the inactive list as they were: no pgactivate, no
 *     growth of active_file. An earlier version activated them, and when
 *     the time ended the active list deactivated them with PG_workingset
 *     set, so that their refault counted as workingset_restore_file and
 *     a PSI memstall they never earned.
 *  3. Once the time is over (exec_protect_ms=0) they are reclaimed, and
 *     reading them back restores nothing (they were never the working
 *     set), as without the rule.
 *  4. Mapped through an overlay (as in a container or a live system), the
 *     time is the lower file's, whose mapping holds the page cache: the
 *     pages are kept as in 1. An earlier version noted the overlay
 *     file's own mapping, which holds no pages, and kept nothing.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../lib/knobs.h"
#include "kselftest.h"
#include "../lib/util.h"

#define MiB		(1024LL * 1024)
#define CGROUP		"execfirst-launched"
#define FILE_MB		24
#define PAGES		(FILE_MB * MiB / 4096)
#define OVL		"/ovl"
#define OVL_EMPTY	"/ovl-empty"
/* Within the minute, and the bound at 100% so that it refuses nothing. */
#define ON		"1/100/60000"
#define SMALL		(PAGES / 20)	/* 5%: what "nothing" may be */

struct seen {
	double left, left_after;
	long long unmapped, activate, active_kb, restore;
};

/* In the cgroup: read path once, or map it PROT_EXEC and unmap it. */
static void in_cgroup(const char *path, bool launch)
{
	size_t data = strstr(path, "stream") ? 64 * MiB : FILE_MB * MiB;

	pid_t pid = spawn_child(CGROUP);

	if (!pid) {
		size_t len = FILE_MB * MiB;
		void *p;

		if (launch) {
			p = map_file(path, PROT_READ | PROT_EXEC, &len);
			munmap(p, len);
		} else {
			/* read(), not faults: pages on the inactive list */
			file_read(path, data);
		}
		exit(0);
	}
	child_wait(pid, "the child in " CGROUP);
}

/*
 * Asked for more than it holds, a cgroup whose file pages the rule keeps
 * all would be scanned pass after pass, and the bound refuses a part of
 * the last batch of each pass: hence the data beside the file.
 */
static void reclaim(const char *amount)
{
	cg_reclaim(CGROUP, amount);
}

/* read once, launch through via, reclaim; with after, end the time and
 * reclaim again, then read the file back */
static void run(const char *path, const char *via, bool after, struct seen *s)
{
	long long u0, a0, w0;

	protect_require(ON);
	sync();
	knob_set("/proc/sys/vm/drop_caches", "3");
	if (!cg_create(CGROUP, 256 * MiB))
		die("cannot create %s", CGROUP);
	in_cgroup(path, false);
	in_cgroup(DISK "/stream.bin", false);
	in_cgroup(via, true);
	/*
	 * The bound reads the cgroup's file pages from its statistics as
	 * of their last flush (every 2 s): a cgroup that has just read its
	 * file would have almost no room yet (docs/design.md).
	 */
	sleep_ms(3000);
	u0 = cg_stat(CGROUP, "exec_protect_unmapped");
	a0 = cg_stat(CGROUP, "pgactivate");
	reclaim("16M");
	s->left = file_residency(path, FILE_MB * MiB);
	s->unmapped = cg_stat(CGROUP, "exec_protect_unmapped") - u0;
	s->activate = cg_stat(CGROUP, "pgactivate") - a0;
	s->active_kb = cg_stat(CGROUP, "active_file") / 1024;
	if (after) {
		protect_require("-/-/0");
		reclaim("256M");
		s->left_after = file_residency(path, FILE_MB * MiB);
		w0 = cg_stat(CGROUP, "workingset_restore_file");
		in_cgroup(path, false);
		s->restore = cg_stat(CGROUP, "workingset_restore_file") - w0;
	}
	ksft_print_msg("%s via %s: %.1f%% left, exec_protect_unmapped +%lld, pgactivate +%lld, active_file %lld kB; after the time %.1f%% left, %lld restored on re-read\n",
		       path, via, 100 * s->left, s->unmapped, s->activate,
		       s->active_kb, 100 * s->left_after, s->restore);
	cg_remove(CGROUP);
}

/* A read-only overlay of the disk: false if the kernel has none. */
static bool overlay(void)
{
	mkdir(OVL, 0755);
	mkdir(OVL_EMPTY, 0755);
	return !mount("overlay", OVL, "overlay", MS_RDONLY,
		      "lowerdir=" DISK ":" OVL_EMPTY);
}

int main(void)
{
	struct seen s = { 0 }, o = { 0 };

	ksft_print_header();
	ksft_set_plan(4);
	if (access(EXEC_PROTECT_MS, W_OK) ||
	    vmstat_get("exec_protect_unmapped") < 0 ||
	    !lru_engine_set("classic") || !cg_create(CGROUP, 256 * MiB)) {
		for (int i = 0; i < 4; i++)
			ksft_test_result_skip("needs exec_protect_ms, exec_protect_unmapped, the classic LRU and a memory cgroup\n");
		ksft_finished();
	}
	cg_remove(CGROUP);

	run(DISK "/twin-exec.bin", DISK "/twin-exec.bin", true, &s);
	ksft_test_result(s.left >= 0.9 && s.unmapped >= PAGES * 9 / 10,
			 "a launched file's pages are kept (%.1f%% left) and counted (exec_protect_unmapped +%lld of %lld pages)\n",
			 100 * s.left, s.unmapped, PAGES);
	ksft_test_result(s.activate <= SMALL && s.active_kb * 1024 <= SMALL * 4096,
			 "kept on the inactive list as they were (pgactivate +%lld, active_file %lld kB)\n",
			 s.activate, s.active_kb);
	ksft_test_result(s.left_after < 0.05 && s.restore <= SMALL,
			 "after the time they are reclaimed (%.1f%% left) and come back as no working set (%lld restored)\n",
			 100 * s.left_after, s.restore);
	if (!overlay()) {
		ksft_test_result_skip("no overlayfs: %s\n", strerror(errno));
	} else {
		/* another file: twin-exec.bin has a time from the run above */
		run(DISK "/twin-read.bin", OVL "/twin-read.bin", false, &o);
		umount(OVL);
		ksft_test_result(o.left >= 0.9 && o.unmapped >= PAGES * 9 / 10,
				 "launched through an overlay, the lower file's pages are kept (%.1f%% left, exec_protect_unmapped +%lld)\n",
				 100 * o.left, o.unmapped);
	}
	ksft_finished();
}
