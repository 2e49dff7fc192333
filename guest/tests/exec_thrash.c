// SPDX-License-Identifier: GPL-2.0
/*
 * Code that thrashes beyond the rule's bound is accounted as thrashing:
 * the classic LRU's workingset state (PG_workingset, carried through the
 * shadow entry into workingset_restore_file and the PSI memstall of a
 * workingset refault) is as without the rule. systemd-oomd and lmkd act
 * on that pressure.
 *
 * A program maps a file larger than its memory cgroup PROT_EXEC and runs
 * through it a chunk at a time, so that its pages are activated,
 * deactivated (PG_workingset), evicted and read back. With vm.exec_protect_max=0 the
 * rule protects nothing, so vm.exec_protect=1 must account like 0. An
 * earlier version of the series cleared PG_workingset of every referenced
 * executable folio on the classic LRU (its time mark lived there), and
 * such code refaulted as if it had never been part of the working set.
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

#include "../lib/tap.h"
#include "../lib/util.h"

#define MiB		(1024LL * 1024)
#define CGROUP		"execfirst-thrash"
#define CG_MB		48
#define FILE_MB		64	/* twin-exec.bin's size */
#define SECONDS		15
#define CHUNK		(4 * MiB)
/* With the rule on, each measure must reach this share of the rule off. */
#define SHARE		0.5

struct thrash {
	long long refault, activate, restore;
	long long psi_some_us;
};

static long long psi_some_total(void)
{
	char path[128], buf[256];
	const char *p;
	int fd;
	ssize_t n;

	snprintf(path, sizeof(path), "%s/%s/memory.pressure", CGROUP_ROOT, CGROUP);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	p = strstr(buf, "total=");
	return p ? atoll(p + 6) : -1;
}

static void run(const char *protect, struct thrash *t)
{
	pid_t pid;

	knob_set(EXEC_PROTECT, protect);
	knob_set("/proc/sys/vm/drop_caches", "3");
	if (!cg_create(CGROUP, CG_MB * MiB))
		die("cannot create %s", CGROUP);
	pid = fork();
	if (pid < 0)
		die("fork: %s", strerror(errno));
	if (!pid) {
		size_t len = FILE_MB * MiB;
		double end;
		void *p;

		prctl(PR_SET_PDEATHSIG, SIGKILL);
		cg_enter(CGROUP, getpid());
		p = map_file(DISK "/twin-exec.bin", PROT_READ | PROT_EXEC, &len);
		/* Chunk by chunk, each used a few times while cached, so
		 * that it is activated; the chunks together are larger than
		 * the cgroup, so they are deactivated, evicted and read
		 * back, recently enough to count as the working set. */
		end = now_seconds() + SECONDS;
		while (now_seconds() < end) {
			size_t off;
			int i;

			for (off = 0; off < len; off += CHUNK)
				for (i = 0; i < 4; i++)
					touch_pages((char *)p + off, CHUNK);
		}
		exit(0);
	}
	waitpid(pid, NULL, 0);
	t->refault = cg_stat(CGROUP, "workingset_refault_file");
	t->activate = cg_stat(CGROUP, "workingset_activate_file");
	t->restore = cg_stat(CGROUP, "workingset_restore_file");
	t->psi_some_us = psi_some_total();
	tap_diag("exec_protect=%s, exec_protect_max=0: refault %lld, activate %lld, restore %lld pages, memory.pressure some %lld us",
		 protect, t->refault, t->activate, t->restore, t->psi_some_us);
	cg_remove(CGROUP);
}

int main(void)
{
	struct thrash off, on;

	tap_plan(3);
	if (access(EXEC_PROTECT_MAX, W_OK) || !lru_engine_set("classic") ||
	    !cg_create(CGROUP, CG_MB * MiB)) {
		for (int i = 0; i < 3; i++)
			tap_skip("needs vm.exec_protect_max, the classic LRU and a memory cgroup");
		return tap_finish();
	}
	cg_remove(CGROUP);
	knob_save(EXEC_PROTECT);
	knob_save(EXEC_PROTECT_MAX);
	knob_set(EXEC_PROTECT_MAX, "0");

	run("0", &off);
	run("1", &on);

	tap_result(off.refault > FILE_MB * MiB / 4096 && off.restore > 0 &&
		   off.psi_some_us > 0,
		   "the code thrashes with the rule off (%lld refaults, %lld restored, %lld us stalled)",
		   off.refault, off.restore, off.psi_some_us);
	tap_result(on.restore >= SHARE * off.restore,
		   "refaulting code is restored to the working set as without the rule (%lld against %lld pages)",
		   on.restore, off.restore);
	tap_result(on.psi_some_us >= SHARE * off.psi_some_us,
		   "and stalls PSI as without the rule (%lld against %lld us)",
		   on.psi_some_us, off.psi_some_us);
	return tap_finish();
}
