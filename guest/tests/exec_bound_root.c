// SPDX-License-Identifier: GPL-2.0
/*
 * vm.exec_protect_max holds in the root memory cgroup, where cgroup v1
 * systems and processes outside any cgroup live: the share is of the
 * root's own file pages, not of the node's whole page cache.
 *
 * On the classic LRU, with exec_protect_max=10, a program in the root
 * cgroup runs through 48 MiB of data mapped PROT_EXEC while a read()
 * stream makes global pressure; beside it a child cgroup keeps a file of
 * its own cached (memory.min keeps global reclaim off it), so that the
 * root's file pages are far fewer than the node's. What the rule keeps
 * in a pass (nr_exec_protected, sampled once a second; only the root's
 * lruvec gives trips here) must stay within 10% of the root's own file
 * pages (the node's minus the child's) and a small allowance. An earlier
 * version of the series took the share of the lruvec's hierarchical
 * counters, which for the root are the node's.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
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
#define HOLD_CG		"execfirst-hold"
#define HOLD_MB		160
#define ABUSER_MB	48
#define MAX_PCT		10
#define ALLOW_MB	4	/* stat batching and rstat flush lag */
#define WARMUP_S	8
#define SAMPLES		20

/* The child cgroup's file: 160 MiB of stream.bin's tail, read again now
 * and then so that it stays cached and charged to the child. */
static pid_t start_holder(void)
{
	pid_t pid = spawn_child(HOLD_CG);

	if (!pid) {
		static char buf[1 << 20];
		off_t base = 320 * MiB;
		int fd;

		fd = open(DISK "/stream.bin", O_RDONLY);
		if (fd < 0)
			die("open stream.bin: %s", strerror(errno));
		for (;;) {
			off_t off;

			for (off = 0; off < HOLD_MB * MiB; off += sizeof(buf))
				if (pread(fd, buf, sizeof(buf), base + off) <= 0)
					die("pread: %s", strerror(errno));
			sleep_ms(2000);
		}
	}
	return pid;
}

/* In the root cgroup: run through data mapped PROT_EXEC, without pause. */
static pid_t start_abuser(void)
{
	pid_t pid = spawn_child(NULL);

	if (!pid) {
		size_t len = ABUSER_MB * MiB;
		void *p = map_file(DISK "/twin-exec.bin", PROT_READ | PROT_EXEC, &len);

		for (;;)
			touch_pages(p, len);
	}
	return pid;
}

/* In the root cgroup: read() the head of stream.bin again and again. */
static pid_t start_stream(void)
{
	pid_t pid = spawn_child(NULL);

	if (!pid) {
		static char buf[1 << 17];
		int fd = open(DISK "/stream.bin", O_RDONLY);
		off_t off;

		if (fd < 0)
			die("open stream.bin: %s", strerror(errno));
		for (;;)
			for (off = 0; off < 300 * MiB; off += sizeof(buf))
				if (pread(fd, buf, sizeof(buf), off) <= 0)
					die("pread: %s", strerror(errno));
	}
	return pid;
}

int main(void)
{
	long long rot0, worst_over = LLONG_MIN, worst_prot = 0, worst_bound = 0;
	int i, over = 0, counted = 0;
	pid_t holder, abuser, stream;
	char spec[16];

	ksft_print_header();

	ksft_set_plan(3);
	if (access(EXEC_PROTECT_MAX, W_OK) || vmstat_get("nr_exec_protected") < 0 ||
	    !lru_engine_set("classic") || !cg_create(HOLD_CG, -1)) {
		for (i = 0; i < 3; i++)
			ksft_test_result_skip("needs vm.exec_protect_max, nr_exec_protected, the classic LRU and a memory cgroup\n");
		ksft_finished();
	}
	snprintf(spec, sizeof(spec), "1/%d", MAX_PCT);
	protect_require(spec);
	cg_set(HOLD_CG, "memory.min", HOLD_MB * MiB);
	knob_set("/proc/sys/vm/drop_caches", "3");

	holder = start_holder();
	sleep_ms(4000);
	rot0 = vmstat_get("exec_protect_rotate") + vmstat_get("exec_protect_activate");
	abuser = start_abuser();
	stream = start_stream();
	sleep_ms(WARMUP_S * 1000);

	for (i = 0; i < SAMPLES; i++) {
		long long node = (meminfo_kb("Active(file)") +
				  meminfo_kb("Inactive(file)")) * 1024;
		long long child = cg_stat(HOLD_CG, "file");
		long long prot = vmstat_get("nr_exec_protected") * PAGE;
		long long bound = (node - child) / 100 * MAX_PCT + ALLOW_MB * MiB;

		if (prot > 0) {
			counted++;
			if (prot > bound)
				over++;
		}
		if (prot > 0 && prot - bound > worst_over) {
			worst_over = prot - bound;
			worst_prot = prot;
			worst_bound = bound;
		}
		ksft_print_msg("node file %lld MiB, child %lld MiB, root %lld MiB; protected %lld KiB, bound %lld KiB\n",
			 node / MiB, child / MiB, (node - child) / MiB,
			 prot / 1024, bound / 1024);
		sleep_ms(1000);
	}
	stop_child(stream);
	stop_child(abuser);
	stop_child(holder);

	ksft_test_result(vmstat_get("exec_protect_rotate") +
		   vmstat_get("exec_protect_activate") > rot0 && counted > 0,
		   "the rule acted in the root cgroup (%d of %d samples with pages protected)\n",
		   counted, SAMPLES);
	ksft_test_result(cg_stat(HOLD_CG, "file") > HOLD_MB * MiB / 2,
		   "the child cgroup kept its file cached (%lld MiB)\n",
		   cg_stat(HOLD_CG, "file") / MiB);
	ksft_test_result(counted > 0 && over * 5 <= counted,
		   "what the rule keeps in the root stays within %d%% of the root's own file pages in %d of %d samples (worst: %lld KiB against %lld KiB)\n",
		   MAX_PCT, counted - over, counted, worst_prot / 1024,
		   worst_bound / 1024);
	ksft_finished();
}
