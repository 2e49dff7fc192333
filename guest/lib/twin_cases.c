// SPDX-License-Identifier: GPL-2.0
#include <math.h>
#include <stdio.h>

#include <string.h>

#include "kselftest.h"
#include "twin_cases.h"
#include "util.h"

/* Below this, the read twin barely lost anything: there was no real
 * pressure and the comparison would prove nothing. */
#define MIN_READ_LOST 0.30

int twin_explore(int argc, char **argv, const struct twin_config *defaults)
{
	struct twin_config c = *defaults;
	struct twin_result r;
	const char *why;

	if (!twin_parse_args(argc, argv, &c))
		return 2;
	if (!twin_run(&c, &r, &why)) {
		fprintf(stderr, "cannot run: %s\n", why);
		return 4;
	}
	twin_print(&c, &r);
	return 0;
}

bool twin_case_run(int n, const char *desc, const struct twin_config *c,
		   const char *(*need)(void), int checks,
		   struct twin_result *r)
{
	const char *why = NULL;
	int i;

	if (!case_wanted(n))
		why = CASE_NOT_ASKED;
	else if (need)
		why = need();
	if (!why && twin_run(c, r, &why)) {
		twin_print(c, r);
		return true;
	}
	for (i = 0; i < checks; i++)
		ksft_test_result_skip("%s: %s\n", desc, why);
	return false;
}

void twin_case_verdict(const char *desc, const struct twin_result *r,
		       bool kept, double margin, const char *what,
		       const char *per)
{
	bool ok;

	if (kept)
		ok = r->read_lost - r->exec_lost >= margin;
	else
		ok = fabs(r->read_lost - r->exec_lost) < margin / 2;
	if (r->read_lost < MIN_READ_LOST) {
		ksft_print_msg("read twin lost only %.1f%%: no real pressure\n",
			       100 * r->read_lost);
		ok = false;
	}
	ksft_test_result(ok, "%s: the %s %s (exec lost %.1f%% +- %.1f, read lost %.1f%% +- %.1f per %s)\n",
			 desc, what, kept ? "exec twin keeps its pages" :
			 "twins lose alike", 100 * r->exec_lost,
			 100 * r->exec_sd, 100 * r->read_lost, 100 * r->read_sd,
			 per);
}

int twin_cases_main(int argc, char **argv, const struct twin_case *cases,
		    int nr_cases, const struct twin_config *defaults)
{
	struct twin_result r;
	const char *why;
	int i;

	if (argc > 1)
		return twin_explore(argc, argv, defaults);

	ksft_print_header();

	ksft_set_plan(nr_cases);
	for (i = 0; i < nr_cases; i++) {
		const struct twin_case *t = &cases[i];
		bool ok;

		if (!case_wanted(i + 1)) {
			ksft_test_result_skip("%s: %s\n", t->desc, CASE_NOT_ASKED);
			continue;
		}
		if (!twin_run(&t->config, &r, &why)) {
			ksft_test_result_skip("%s: %s\n", t->desc, why);
			continue;
		}
		twin_print(&t->config, &r);
		if (t->expect == EXEC_KEPT)
			ok = r.read_lost - r.exec_lost >= t->margin;
		else if (t->expect == EXEC_NOT_WORSE)
			ok = r.exec_lost - r.read_lost <= t->margin;
		else
			ok = fabs(r.read_lost - r.exec_lost) <= t->margin;
		/* Not worse holds trivially when nothing is lost: the
		 * pressure guard stays, so each case shows a real loss. */
		if (r.read_lost < MIN_READ_LOST) {
			ksft_print_msg("read twin lost only %.1f%%: no real pressure\n",
				 100 * r.read_lost);
			ok = false;
		}
		ksft_test_result(ok, "%s (exec lost %.1f%% +- %.1f, read lost %.1f%% +- %.1f, margin %.0f points)\n",
			   t->desc, 100 * r.exec_lost, 100 * r.exec_sd,
			   100 * r.read_lost, 100 * r.read_sd, 100 * t->margin);
	}
	ksft_finished();
}

const char *twin_need_v2(void)
{
	if (!exec_protect_v2())
		return "the kernel is not the v2 series (no exec_protect_kept)";
	return NULL;
}

void twin_ksft_merge(struct ksft_count *test_cnt)
{
	test_cnt->ksft_pass += ksft_cnt.ksft_pass;
	test_cnt->ksft_fail += ksft_cnt.ksft_fail;
	test_cnt->ksft_xfail += ksft_cnt.ksft_xfail;
	test_cnt->ksft_xpass += ksft_cnt.ksft_xpass;
	test_cnt->ksft_xskip += ksft_cnt.ksft_xskip;
	test_cnt->ksft_error += ksft_cnt.ksft_error;
	memset(&ksft_cnt, 0, sizeof(ksft_cnt));
}
