// SPDX-License-Identifier: GPL-2.0
/*
 * The rule leaves the multi-gen LRU's tiers alone: program text that the
 * aging found in use, then read() like any file (a binary copied, a .so
 * read by a linker), carries the same references into its eviction and
 * refault as data with the same history.
 *
 * Two twins' files, one mapped PROT_EXEC and one PROT_READ, are faulted in
 * by a process in a memory cgroup, and the multi-gen LRU's aging walks its
 * page tables once (debugfs lru_gen, "+ memcg node seq 0 1"), which is
 * where the rule learns that the exec twin is code. With no stream and no
 * eviction in between, each twin then has the same history. With
 * vm.exec_protect_ms=0 (no time protection in play) each file is read()
 * three times, evicted with MADV_PAGEOUT (which records each folio's
 * references in its shadow entry as they are) and read once more. The
 * refault counters of memory.stat say which tier the kernel thought the
 * pages were in: a tier high enough to be restored to the working set
 * (workingset_restore_file) needs more references than three reads give.
 * A mark kept in the folio's LRU_REFS bits, as an earlier version of the
 * series did, reads as extra references and brings the exec twin's pages
 * back as a restored working set, and the read twin's not.
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
#define CGROUP		"execfirst-tiers"
#define TWIN_MB		24
#define EXEC_FILE	DISK "/twin-exec.bin"
#define READ_FILE	DISK "/twin-read.bin"
/* The exec twin may come back restored at most this share more often
 * than the read twin. */
#define MARGIN		0.05

struct counts {
	long long refault, activate, restore;
	double left;		/* resident after MADV_PAGEOUT */
};

/* In the user: map both twins and fault them in. */
static void fault_twins(void *unused)
{
	size_t xlen = TWIN_MB * MiB, rlen = TWIN_MB * MiB;
	void *x, *r;

	(void)unused;
	x = map_file(EXEC_FILE, PROT_READ | PROT_EXEC, &xlen);
	r = map_file(READ_FILE, PROT_READ, &rlen);
	touch_pages(x, xlen);
	touch_pages(r, rlen);
}

/* The user: maps both twins, faults them in, then waits to be killed. */
static pid_t start_user(void)
{
	return spawn_ready(CGROUP, fault_twins, NULL, "the twins' user");
}

/* read() the first TWIN_MB of a file `times` times, in the cgroup. */
static void read_in_cgroup(const char *path, int times)
{
	static char buf[1 << 20];
	pid_t pid = fork();

	if (pid < 0)
		die("fork: %s", strerror(errno));
	if (!pid) {
		int fd;

		cg_enter(CGROUP, getpid());
		while (times--) {
			long long off;

			fd = open(path, O_RDONLY);
			if (fd < 0)
				die("open %s: %s", path, strerror(errno));
			for (off = 0; off < TWIN_MB * MiB; off += sizeof(buf))
				if (pread(fd, buf, sizeof(buf), off) <= 0)
					die("pread %s: %s", path, strerror(errno));
			close(fd);
		}
		exit(0);
	}
	child_wait(pid, "reading a twin");
}

static void evict_and_refault(const char *path, struct counts *c)
{
	long long r0, a0, s0;

	file_pageout(path, TWIN_MB * MiB);
	c->left = file_residency(path, TWIN_MB * MiB);
	r0 = cg_stat(CGROUP, "workingset_refault_file");
	a0 = cg_stat(CGROUP, "workingset_activate_file");
	s0 = cg_stat(CGROUP, "workingset_restore_file");
	read_in_cgroup(path, 1);
	c->refault = cg_stat(CGROUP, "workingset_refault_file") - r0;
	c->activate = cg_stat(CGROUP, "workingset_activate_file") - a0;
	c->restore = cg_stat(CGROUP, "workingset_restore_file") - s0;
	ksft_print_msg("%s: %.1f%% left after MADV_PAGEOUT; on re-read refault %lld, activate %lld, restore %lld pages\n",
		 path, 100 * c->left, c->refault, c->activate, c->restore);
}

int main(void)
{
	const long long pages = TWIN_MB * MiB / PAGE;
	struct counts x, r;
	unsigned long seq0, seq1;
	long long stamped;
	int id;
	pid_t user;

	ksft_print_header();

	ksft_set_plan(3);
	if (access(EXEC_PROTECT_MS, W_OK) || !lru_gen_debugfs() ||
	    !lru_engine_set("mglru") || !cg_create(CGROUP, 256 * MiB)) {
		for (int i = 0; i < 3; i++)
			ksft_test_result_skip("needs vm.exec_protect_ms, the multi-gen LRU, its debugfs and a memory cgroup\n");
		ksft_finished();
	}
	protect_require("1/-/20000");
	knob_set("/proc/sys/vm/drop_caches", "3");

	/* The aging finds both twins young; the rule learns the exec one
	 * is code (a first-use activation of the same twin would show as
	 * exec_protect_activate; none is expected without eviction). */
	user = start_user();
	stamped = vmstat_get("exec_protect_activate");
	seq0 = lru_gen_age(CGROUP);
	lru_gen_age(CGROUP);
	if (!lru_gen_state(CGROUP, &id, &seq1))
		die("%s lost %s", LRU_GEN_DEBUG, CGROUP);
	kill(user, SIGKILL);
	waitpid(user, NULL, 0);

	/* No time protection from here on: the tiers alone decide. */
	protect_require("-/-/0");
	read_in_cgroup(EXEC_FILE, 3);
	read_in_cgroup(READ_FILE, 3);
	evict_and_refault(EXEC_FILE, &x);
	evict_and_refault(READ_FILE, &r);

	ksft_test_result(seq1 == seq0 + 2 &&
		   vmstat_get("exec_protect_activate") == stamped,
		   "the twins were aged twice without eviction (max_seq %lu -> %lu, exec_protect_activate unchanged)\n",
		   seq0, seq1);
	ksft_test_result(x.left < 0.05 && r.left < 0.05 &&
		   x.refault > pages / 2 && r.refault > pages / 2,
		   "both twins were evicted and refaulted (%.1f%% and %.1f%% left; %lld and %lld refaults)\n",
		   100 * x.left, 100 * r.left, x.refault, r.refault);
	ksft_test_result(x.restore <= r.restore + MARGIN * pages,
		   "read() text refaults in the same tier as data: restored %lld exec pages, %lld read pages (margin %lld)\n",
		   x.restore, r.restore, (long long)(MARGIN * pages));
	ksft_finished();
}
