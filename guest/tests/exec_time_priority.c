// SPDX-License-Identifier: GPL-2.0
/*
 * Time does not take from text in use: on the classic LRU, the pages that
 * vm.exec_protect_ms keeps by time alone may not spend the bound
 * (vm.exec_protect_max) that program text found referenced would have had
 * without them.
 *
 * The twins (24 MiB each, one mapped PROT_EXEC, one PROT_READ, touched
 * every second) share a 96 MiB memory cgroup, with exec_protect_max=30,
 * with Wu's file-server stream (which turns the active list over) and
 * with a large program: a 48 MiB file mapped PROT_EXEC, faulted in once,
 * then run one page a second, so that its file stays in use as program
 * text while almost all of it goes unreferenced. The experiment runs with
 * exec_protect_ms=0 (the seed's rule and the bound alone) and with 20000:
 * with the time on, the exec twin must lose at most a margin more than
 * with it off. Review of the series asked whether the large program's
 * idle pages, kept by time, could take the bound's room from the exec
 * twin's rotations; this test is the measurement.
 *
 * Exploring: "exec_time_priority --protect-ms 20000 --hog-mb 32 ..." runs
 * one experiment with the twin options (see lib/twin.c).
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "kselftest.h"
#include "../lib/twin.h"
#include "../lib/util.h"

#define MARGIN 0.05

#define TWIN(ms) { .engine = "classic", .protect = "1/30/" ms, .hot_stream = true, \
	.memory_max_mb = 96, .twin_mb = 24, .hog_mb = 48, \
	.interval_ms = 1000, .warmup = 2, .rounds = 8 }

int main(int argc, char **argv)
{
	struct twin_config off = TWIN("0"), on = TWIN("20000");
	struct twin_result r_off, r_on;
	const char *why = NULL;

	if (argc > 1) {
		if (!twin_parse_args(argc, argv, &on))
			return 2;
		ksft_print_header();
		ksft_set_plan(1);
		if (!twin_run(&on, &r_on, &why)) {
			ksft_test_result_skip("%s\n", why);
			ksft_finished();
		}
		twin_print(&on, &r_on);
		ksft_test_result(true, "one experiment, for exploring\n");
		ksft_finished();
	}
	ksft_print_header();
	ksft_set_plan(2);
	if (access(EXEC_PROTECT_MS, W_OK)) {
		ksft_test_result_skip("needs vm.exec_protect_ms\n");
		ksft_test_result_skip("needs vm.exec_protect_ms\n");
		ksft_finished();
	}
	if (!twin_run(&off, &r_off, &why) || !twin_run(&on, &r_on, &why)) {
		ksft_test_result_skip("%s\n", why);
		ksft_test_result_skip("%s\n", why);
		ksft_finished();
	}
	twin_print(&off, &r_off);
	twin_print(&on, &r_on);
	ksft_print_msg("exec_protect_ms=0: rotate %lld, capped %lld; 20000: rotate %lld, capped %lld\n",
		 r_off.vm_rotate, r_off.vm_capped, r_on.vm_rotate,
		 r_on.vm_capped);
	/* Positive control: without the time the seed's rule keeps the
	 * exec twin, so there is something for the time to take. */
	ksft_test_result(r_off.exec_lost + MARGIN <= r_off.read_lost,
		   "exec_protect_ms=0: the seed's rule keeps the exec twin (lost %.1f%% +- %.1f against the read twin's %.1f%%)\n",
		   100 * r_off.exec_lost, 100 * r_off.exec_sd,
		   100 * r_off.read_lost);
	ksft_test_result(r_on.exec_lost <= r_off.exec_lost + MARGIN,
		   "exec_protect_ms=20000 beside a large idle program: the exec twin loses at most %.0f points more than without the time (%.1f%% +- %.1f against %.1f%% +- %.1f)\n",
		   100 * MARGIN, 100 * r_on.exec_lost, 100 * r_on.exec_sd,
		   100 * r_off.exec_lost, 100 * r_off.exec_sd);
	ksft_finished();
}
