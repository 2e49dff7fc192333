// SPDX-License-Identifier: GPL-2.0
/*
 * On the multi-gen LRU the rule leaves the first-use activation alone:
 * evict_folios() sends every folio it keeps that is still mapped or
 * referenced to the youngest generation, so activating program text after
 * its first use rather than its second adds nothing there, and must be
 * neither counted (exec_protect_activate) nor bounded (exec_protect_capped,
 * and the bound's room spent).
 *
 * A process in a memory cgroup maps 16 MiB of the exec twin's file
 * PROT_EXEC and 16 MiB of the read twin's PROT_READ and touches every page
 * once, the two in turn; memory.reclaim then asks for 24 MiB. The aging's
 * page table walk is turned off (lru_gen/enabled 0x0005), so that it is
 * eviction's rmap walk (folio_check_references()) that finds the twins'
 * references, as on a machine without the walk. With vm.exec_protect_ms=0
 * (no time in play), the rule's counters must not move, whatever
 * vm.exec_protect_max is, and the exec twin must stay as resident as the
 * read twin. An earlier version counted and bounded the activation on both
 * engines.
 *
 * Young program text is not at risk either, so the time of
 * vm.exec_protect_ms has nothing to add to it. In the third case
 * (exec_protect_ms=60000) the cgroup is aged three times through debugfs
 * (without the walk, so the twins' accessed bits stay set) until the
 * twins are in its oldest generation, and a second process then reads
 * 32 MiB of another file, which lands in a younger one: memory.reclaim
 * passes over the twins, all young, and takes the other file. Eviction's
 * rmap walk promotes the twins as without the rule, and the rule's
 * counters must move by no more than two isolation batches (TRIP_SLACK):
 * the look-around of one young folio clears the accessed bits of its
 * neighbours that eviction has already isolated in the same batch (it
 * sets their PG_referenced instead), and the base code then reclaims
 * them; those the rule keeps by time are at risk, and count. An earlier version gave a recent
 * file's mapped folios their trip before that walk, spending the bound on
 * folios that were never at risk and leaving their accessed bits set.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "../lib/knobs.h"
#include "kselftest.h"
#include "../lib/util.h"

#define MiB		(1024LL * 1024)
#define CGROUP		"execfirst-first-use"
#define TWIN_MB		16
#define MARGIN		0.05

#define FILLER_MB	32
#define TRIP_SLACK	(2 * 64)	/* two batches of MAX_LRU_BATCH */

struct first_use_case {
	const char *max;	/* vm.exec_protect_max */
	const char *ms;		/* vm.exec_protect_ms */
	bool filler;		/* read FILLER_MB of stream.bin after the twins */
};

static const struct first_use_case cases[] = {
	{ "50", "0", false },
	{ "0", "0", false },
	{ "50", "60000", true },
};
#define NR_CASES (sizeof(cases) / sizeof(cases[0]))
#define CHECKS 2

/* In the user: map both twins and fault them in, page by page in turn. */
static void fault_twins(void *unused)
{
	size_t xl = TWIN_MB * MiB, rl = TWIN_MB * MiB;
	void *xp = map_file(DISK "/twin-exec.bin", PROT_READ | PROT_EXEC, &xl);
	void *rp = map_file(DISK "/twin-read.bin", PROT_READ, &rl);
	size_t off;

	(void)unused;
	for (off = 0; off < xl && off < rl; off += 4096) {
		touch_pages((char *)xp + off, 1);
		touch_pages((char *)rp + off, 1);
	}
}

/* In a second process: read FILLER_MB of another file. */
static void read_filler(void *unused)
{
	static char buf[1 << 16];
	size_t off;
	int fd;

	(void)unused;
	fd = open(DISK "/stream.bin", O_RDONLY);
	if (fd < 0)
		die("open %s/stream.bin: %s", DISK, strerror(errno));
	for (off = 0; off < FILLER_MB * MiB; off += sizeof(buf))
		if (read(fd, buf, sizeof(buf)) != sizeof(buf))
			die("read %s/stream.bin: short", DISK);
	close(fd);
}

static void run_case(const struct first_use_case *c)
{
	char spec[32];
	long long act0, cap0, rot0, act, cap, rot;
	double x, r;
	pid_t user, filler = 0;
	int i;

	snprintf(spec, sizeof(spec), "-/%s/%s", c->max, c->ms);
	protect_require(spec);
	knob_set("/proc/sys/vm/drop_caches", "3");
	if (!cg_create(CGROUP, 256 * MiB))
		die("cannot set up %s", CGROUP);
	user = spawn_ready(CGROUP, fault_twins, NULL, "the twins' user");
	if (c->filler) {
		/* MAX_NR_GENS - 1 agings: the twins' generation is the oldest */
		for (i = 0; i < 3; i++)
			lru_gen_age(CGROUP);
		filler = spawn_ready(CGROUP, read_filler, NULL, "the filler");
	}
	act0 = vmstat_get("exec_protect_activate");
	cap0 = vmstat_get("exec_protect_capped");
	rot0 = vmstat_get("exec_protect_rotate");
	/* Fails with EAGAIN when reclaim cannot find it all: no matter. */
	knob_write(CGROUP_ROOT "/" CGROUP "/memory.reclaim", "24M", 3);
	act = vmstat_get("exec_protect_activate") - act0;
	cap = vmstat_get("exec_protect_capped") - cap0;
	rot = vmstat_get("exec_protect_rotate") - rot0;
	x = file_residency(DISK "/twin-exec.bin", TWIN_MB * MiB);
	r = file_residency(DISK "/twin-read.bin", TWIN_MB * MiB);
	stop_child(user);
	if (filler)
		stop_child(filler);
	cg_remove(CGROUP);

	ksft_test_result(act == 0 &&
			 cap + rot <= (c->filler ? TRIP_SLACK : 0),
		   "exec_protect_max=%s, exec_protect_ms=%s: young text is left to the base code (exec_protect_activate +%lld, capped + rotate +%lld, at most %d)\n",
		   c->max, c->ms, act, cap + rot, c->filler ? TRIP_SLACK : 0);
	ksft_test_result(x >= r - MARGIN,
		   "exec_protect_max=%s, exec_protect_ms=%s: the exec twin stays as resident as the read twin (%.1f%% and %.1f%%)\n",
		   c->max, c->ms, 100 * x, 100 * r);
}

int main(void)
{
	size_t i, j;

	ksft_print_header();

	ksft_set_plan(NR_CASES * CHECKS);
	if (access(EXEC_PROTECT_MS, W_OK) || !lru_engine_set("mglru") ||
	    !lru_gen_debugfs() ||
	    !cg_create(CGROUP, 256 * MiB)) {
		for (i = 0; i < NR_CASES * CHECKS; i++)
			ksft_test_result_skip("needs vm.exec_protect_ms, the multi-gen LRU, its debugfs and a memory cgroup\n");
		ksft_finished();
	}
	cg_remove(CGROUP);
	knob_set(LRU_GEN_ENABLED, "0x0005");
	protect_require("1");
	for (i = 0; i < NR_CASES; i++) {
		if (case_wanted(i + 1)) {
			run_case(&cases[i]);
			continue;
		}
		for (j = 0; j < CHECKS; j++)
			ksft_test_result_skip("exec_protect_max=%s, exec_protect_ms=%s: %s\n",
					      cases[i].max, cases[i].ms, CASE_NOT_ASKED);
	}
	ksft_finished();
}
