// SPDX-License-Identifier: GPL-2.0
/*
 * Program text the rule does not protect keeps the classic LRU's
 * workingset state: a folio deactivated from the active list carries
 * PG_workingset into its shadow entry, and reading it back counts as
 * workingset_restore_file and as a PSI memstall, as without the rule.
 * systemd-oomd and lmkd act on that pressure.
 *
 * A file's first 24 MiB are read twice (activated), mapped PROT_EXEC and
 * used by a process in a memory cgroup, deactivated with MADV_COLD (which
 * sets PG_workingset on active folios) and used once more. Some
 * memory.reclaim then makes reclaim's rmap walk find each folio referenced
 * through the executable mapping, and MADV_PAGEOUT evicts them, keeping
 * their shadow entries. Then the file is read again: every page that
 * comes back as the working set (workingset_activate_file) must come back
 * restored (workingset_restore_file), which needs PG_workingset. With
 * vm.exec_protect_max=0 the rule protects nothing, so vm.exec_protect=1
 * must account like 0. An earlier version of the series cleared
 * PG_workingset of every referenced executable folio (its time mark lived
 * there), and such code came back as if it had never been part of the
 * working set.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../lib/knobs.h"
#include "kselftest.h"
#include "../lib/util.h"

#define MiB		(1024LL * 1024)
#define PAGE		4096
#define CGROUP		"execfirst-workingset"
#define TWIN_MB		24
#define PATH		DISK "/twin-exec.bin"
static const char *RECLAIM = "16M";
/* With the rule on, each measure must reach this share of the rule off:
 * a page count is exact, a stall time is noisy. */
#define SHARE		0.8
#define PSI_SHARE	0.2	/* measured: 0.27-1.06 of the rule off in 6 boots */

struct account {
	long long refault, activate, restore, psi_some_us, capped;
	double left;
};

static long long psi_some_total(void)
{
	char buf[256];
	const char *p;

	if (knob_read(CGROUP_ROOT "/" CGROUP "/memory.pressure", buf, sizeof(buf)))
		return -1;
	p = strstr(buf, "total=");
	return p ? atoll(p + 6) : -1;
}


static const char *reader_path = PATH;
static long long reader_mb = TWIN_MB;
static void run_reader_child(int times);

/* read() a file's first reader_mb, `times` times. */
static void reader(int times)
{
	while (times--)
		file_read(reader_path, reader_mb * MiB);
}

static void run_reader(const char *path, long long mb, int times)
{
	reader_path = path;
	reader_mb = mb;
	run_reader_child(times);
}

static void run_reader_child(int times)
{
	int status;
	pid_t pid = spawn_child(CGROUP);

	if (!pid) {
		reader(times);
		exit(0);
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status))
		die("the reader failed");
}

/*
 * The user: map PROT_EXEC, use, MADV_COLD, use once more; then say so
 * and wait, mapped, to be killed.
 */
static void user(void *unused)
{
	size_t len = TWIN_MB * MiB;
	void *p = map_file(PATH, PROT_READ | PROT_EXEC, &len);

	(void)unused;
	touch_pages(p, len);
	if (madvise(p, len, MADV_COLD))
		die("MADV_COLD: %s", strerror(errno));
	touch_pages(p, len);
}

/*
 * Some proactive reclaim, so that reclaim scans the inactive list, where
 * the code is, and finds each folio referenced through the user's
 * mapping (with exec_protect_max=0 the rule refuses each one, which
 * memory.stat counts as exec_protect_capped). Asked for 1 MiB, reclaim
 * found it elsewhere and never reached the code.
 */
static void reclaim_scan(void)
{
	int fd = open(CGROUP_ROOT "/" CGROUP "/memory.reclaim", O_WRONLY);

	if (fd < 0)
		die("open memory.reclaim: %s", strerror(errno));
	if (write(fd, RECLAIM, strlen(RECLAIM)) < 0 && errno != EAGAIN)
		die("memory.reclaim: %s", strerror(errno));
	close(fd);
}

static void run(const char *protect, struct account *a)
{
	long long r0, a0, s0, p0, c0;
	pid_t pid;

	protect_require(protect);
	knob_set("/proc/sys/vm/drop_caches", "3");
	if (!cg_create(CGROUP, 256 * MiB))
		die("cannot create %s", CGROUP);
	/*
	 * Other data the cgroup keeps active: the refault distance of the
	 * evicted code (its own 6144 evictions, then the activations of
	 * the re-read) is measured against the active file list, and
	 * without it no refault would count as the working set. Three
	 * times the code's size, because memory.reclaim deactivates some
	 * of it, more or less depending on the moment: with twice, half
	 * the code (2995 of 6144 pages) came back as the working set in
	 * most runs of a boot sharing the host with a kernel build.
	 */
	run_reader(DISK "/twin-read.bin", TWIN_MB, 2);
	run_reader(DISK "/stream.bin", 2 * TWIN_MB, 2);
	run_reader(PATH, TWIN_MB, 2);
	pid = spawn_ready(CGROUP, user, NULL, "the user");
	c0 = cg_stat(CGROUP, "exec_protect_capped");
	reclaim_scan();
	a->capped = cg_stat(CGROUP, "exec_protect_capped") - c0;
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	file_pageout(PATH, TWIN_MB * MiB);
	a->left = file_residency(PATH, TWIN_MB * MiB);

	/*
	 * The refault's test reads the cgroup's active list from its
	 * statistics as last flushed, which a cgroup this new may not have
	 * been: let the periodic flush (every 2 s) run. Without this wait,
	 * in boots sharing the host, 0 or 3 of 6144 pages came back as the
	 * working set, rule or no rule.
	 */
	sleep_ms(2500);
	r0 = cg_stat(CGROUP, "workingset_refault_file");
	a0 = cg_stat(CGROUP, "workingset_activate_file");
	s0 = cg_stat(CGROUP, "workingset_restore_file");
	p0 = psi_some_total();
	run_reader(PATH, TWIN_MB, 1);
	a->refault = cg_stat(CGROUP, "workingset_refault_file") - r0;
	a->activate = cg_stat(CGROUP, "workingset_activate_file") - a0;
	a->restore = cg_stat(CGROUP, "workingset_restore_file") - s0;
	a->psi_some_us = psi_some_total() - p0;
	ksft_print_msg("exec_protect=%s, exec_protect_max=0: %lld pages refused by the bound under memory.reclaim; %.1f%% left after MADV_PAGEOUT; on re-read refault %lld, activate %lld, restore %lld pages, memory.pressure some +%lld us\n",
		 protect, a->capped, 100 * a->left, a->refault, a->activate,
		 a->restore, a->psi_some_us);
	cg_remove(CGROUP);
}

int main(int argc, char **argv)
{
	const long long pages = TWIN_MB * MiB / PAGE;
	struct account off, on;

	ksft_print_header();

	ksft_set_plan(3);
	if (access(EXEC_PROTECT_MAX, W_OK) || !lru_engine_set("classic") ||
	    !cg_create(CGROUP, 256 * MiB)) {
		for (int i = 0; i < 3; i++)
			ksft_test_result_skip("needs vm.exec_protect_max, the classic LRU and a memory cgroup\n");
		ksft_finished();
	}
	cg_remove(CGROUP);
	protect_require("-/0");
	/* Exploring: "exec_workingset 64M" asks memory.reclaim for more. */
	if (argc > 1)
		RECLAIM = argv[1];

	/*
	 * A refault counts as the working set (activate, then restore if
	 * PG_workingset came with it) only if its refault distance fits the
	 * active list, which now and then it does not, rule or no rule (3
	 * of 6144 activated, in 1 boot of 5): run again, at most 3 times.
	 */
	for (int i = 0; i < 3; i++) {
		run("0", &off);
		if (off.activate > pages / 2)
			break;
	}
	for (int i = 0; i < 3; i++) {
		run("1", &on);
		if (on.activate > pages / 2)
			break;
	}

	ksft_test_result(off.left < 0.05 && off.activate > pages / 2 &&
		   off.restore >= SHARE * off.activate,
		   "without the rule, the deactivated code is evicted and comes back as the working set (%.1f%% left, %lld refaults, %lld activated, %lld restored)\n",
		   100 * off.left, off.refault, off.activate, off.restore);
	ksft_test_result(on.left < 0.05 && on.capped > 0 &&
		   on.activate > pages / 2 &&
		   on.restore >= SHARE * on.activate,
		   "with the rule refusing everything (%lld pages refused) it comes back the same (%lld of %lld activated pages restored, against %lld of %lld)\n",
		   on.capped, on.restore, on.activate, off.restore,
		   off.activate);
	ksft_test_result(off.psi_some_us > 0 &&
		   on.psi_some_us >= PSI_SHARE * off.psi_some_us,
		   "and stalls PSI the same (%lld against %lld us)\n",
		   on.psi_some_us, off.psi_some_us);
	ksft_finished();
}
