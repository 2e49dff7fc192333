// SPDX-License-Identifier: GPL-2.0
/*
 * A program's time under vm.exec_protect_ms ends when it ends, and does
 * not come back after a quiet period: code last used longer ago than
 * exec_protect_ms is evicted like data, however long the machine was
 * quiet in between.
 *
 * In a memory cgroup, an exec twin (a file mapped PROT_EXEC) and a read
 * twin (the same data mapped PROT_READ) are used under a mapped stream on
 * the multi-gen LRU, with exec_protect_ms=6000, until the rule acts. Then
 * everything stops: no use (the user keeps its mappings), no stream, no
 * reclaim, right after a forced walk of the aging (debugfs lru_gen) has
 * seen the last use. After the quiet
 * period the stream comes back, the twins stay unused, and what is left
 * of each twin is measured 2 s later. After 0.5 s of quiet the exec twin
 * is still within its time and must keep more than the read twin; after
 * 19.5 s (more than three times exec_protect_ms) it must lose like the
 * read twin. An earlier version of the series counted time in epochs of
 * exec_protect_ms modulo 3, so that a mark three epochs old read as
 * fresh again.
 */
#define _GNU_SOURCE
#include <errno.h>
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
#define CGROUP		"execfirst-quiet"
#define CG_MB		96
#define TWIN_MB		24
#define PROTECT_MS	"6000"
#define USE_S		6
#define RESTREAM_S	2
#define MARGIN		0.15	/* expired: exec keeps at most this more */
#define KEPT		0.30	/* in time: exec keeps at least this more */

struct quiet_case {
	const char *desc;
	long quiet_ms;
	bool expired;
};

static const struct quiet_case cases[] = {
	/* Within exec_protect_ms, stream included: the positive control. */
	{ "0.5 s quiet, within exec_protect_ms: exec twin kept", 500, false },
	/* Three and a quarter times exec_protect_ms: an epoch counted
	 * modulo 3 comes round again here. */
	{ "19.5 s quiet, past exec_protect_ms: exec twin lost like data", 19500, true },
};
#define NR_CASES (sizeof(cases) / sizeof(cases[0]))

static volatile sig_atomic_t done;

static void stop_using(int sig)
{
	(void)sig;
	done = 1;
}

/* Use both twins every 500 ms until SIGUSR1; then wait, mapped, to be
 * killed. */
static pid_t start_user(void)
{
	pid_t pid = spawn_child(CGROUP);

	if (!pid) {
		size_t xl = TWIN_MB * MiB, rl = TWIN_MB * MiB;
		void *x = map_file(DISK "/twin-exec.bin", PROT_READ | PROT_EXEC, &xl);
		void *r = map_file(DISK "/twin-read.bin", PROT_READ, &rl);

		signal(SIGUSR1, stop_using);
		while (!done) {
			touch_pages(x, xl);
			touch_pages(r, rl);
			sleep_ms(500);
		}
		for (;;)
			pause();
	}
	return pid;
}

/* A stream through a mapping, which the aging promotes like code. */
static pid_t start_stream(void)
{
	pid_t pid = spawn_child(CGROUP);

	if (!pid) {
		size_t len = 0;
		void *p = map_file(DISK "/stream.bin", PROT_READ, &len);

		for (;;)
			touch_pages(p, len);
	}
	return pid;
}

static void run_case(const struct quiet_case *c)
{
	long long rot0, cap0, rotated;
	int i;
	double x, r;
	pid_t user, stream;
	bool ok;

	knob_set("/proc/sys/vm/drop_caches", "3");
	if (!cg_create(CGROUP, CG_MB * MiB))
		die("cannot create %s", CGROUP);
	rot0 = vmstat_get("exec_protect_rotate");
	user = start_user();
	sleep_ms(1000);
	stream = start_stream();
	sleep_ms(USE_S * 1000);
	kill(user, SIGUSR1);
	sleep_ms(600);
	/*
	 * The last use is seen now, at a known time: a forced walk of the
	 * cgroup's page tables finds the twins' accessed bits and clears
	 * them. A use the kernel only found later would be news of a use,
	 * and renew the time.
	 */
	lru_gen_age(CGROUP);
	stop_child(stream);
	rotated = vmstat_get("exec_protect_rotate") - rot0;

	x = file_residency(DISK "/twin-exec.bin", TWIN_MB * MiB);
	r = file_residency(DISK "/twin-read.bin", TWIN_MB * MiB);
	ksft_print_msg("before the quiet period: exec twin %.1f%%, read twin %.1f%%\n",
		 100 * x, 100 * r);
	sleep_ms(c->quiet_ms);
	rot0 = vmstat_get("exec_protect_rotate");
	cap0 = vmstat_get("exec_protect_capped");
	stream = start_stream();
	for (i = 0; i < RESTREAM_S * 4; i++) {
		sleep_ms(250);
		ksft_print_msg("stream %.2f s: exec twin %.1f%%, read twin %.1f%%, rotate +%lld, capped +%lld\n",
			 (i + 1) / 4.0, 100 * file_residency(DISK "/twin-exec.bin", TWIN_MB * MiB),
			 100 * file_residency(DISK "/twin-read.bin", TWIN_MB * MiB),
			 vmstat_get("exec_protect_rotate") - rot0,
			 vmstat_get("exec_protect_capped") - cap0);
	}
	stop_child(stream);
	x = file_residency(DISK "/twin-exec.bin", TWIN_MB * MiB);
	r = file_residency(DISK "/twin-read.bin", TWIN_MB * MiB);
	stop_child(user);
	cg_remove(CGROUP);

	ksft_print_msg("%s: exec_protect_rotate +%lld while used; after the quiet period and %d s of stream, exec twin %.1f%% left, read twin %.1f%%\n",
		 c->desc, rotated, RESTREAM_S, 100 * x, 100 * r);
	if (c->expired)
		ok = x <= r + MARGIN;
	else
		ok = x >= r + KEPT;
	if (rotated <= 0) {
		ksft_print_msg("the rule never acted while the twins were used\n");
		ok = false;
	}
	if (r > 0.7) {
		ksft_print_msg("the read twin kept %.1f%%: not enough pressure\n", 100 * r);
		ok = false;
	}
	ksft_test_result(ok, "%s (exec %.1f%%, read %.1f%% left)\n", c->desc,
		   100 * x, 100 * r);
}

int main(int argc, char **argv)
{
	char spec[32];
	size_t i;

	ksft_print_header();

	ksft_set_plan(NR_CASES);
	if (access(EXEC_PROTECT_MS, W_OK) || !lru_gen_debugfs() ||
	    !lru_engine_set("mglru") ||
	    !cg_create(CGROUP, CG_MB * MiB)) {
		for (i = 0; i < NR_CASES; i++)
			ksft_test_result_skip("needs vm.exec_protect_ms, the multi-gen LRU, its debugfs and a memory cgroup\n");
		ksft_finished();
	}
	cg_remove(CGROUP);
	/* Exploring: "exec_quiet MS" runs with another exec_protect_ms. */
	snprintf(spec, sizeof(spec), "1/-/%s", argc > 1 ? argv[1] : PROTECT_MS);
	protect_require(spec);
	for (i = 0; i < NR_CASES; i++)
		run_case(&cases[i]);
	ksft_finished();
}
