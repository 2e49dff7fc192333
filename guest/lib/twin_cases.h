/* SPDX-License-Identifier: GPL-2.0 */
/* A case table of twin experiments and what each must show. */
#ifndef EXECFIRST_TWIN_CASES_H
#define EXECFIRST_TWIN_CASES_H

#include "twin.h"

enum twin_expect {
	EXEC_KEPT,	/* exec twin loses at least margin less than read twin */
	TWINS_CLOSE,	/* the two lose within margin of each other */
	EXEC_NOT_WORSE,	/* exec twin loses at most margin more than read
			 * twin: what the rule refuses is treated as data */
};

struct twin_case {
	const char *desc;
	struct twin_config config;
	enum twin_expect expect;
	double margin;
};

/*
 * Run case n (1-based) of a test whose cases each report checks lines:
 * true with r filled in, or false with the checks reported as skipped
 * (not asked for, the reason need() gives if it gives one, or what the
 * guest lacks for twin_run()). need may be NULL.
 */
bool twin_case_run(int n, const char *desc, const struct twin_config *c,
		   const char *(*need)(void), int checks,
		   struct twin_result *r);
/*
 * One TAP line: the exec twin kept at least margin more of its pages than
 * the read twin (kept), or the two lost within margin / 2 of each other;
 * failed too where the read twin lost too little to show pressure. what
 * names the twins ("launched"), per the interval ("launch").
 */
void twin_case_verdict(const char *desc, const struct twin_result *r,
		       bool kept, double margin, const char *what,
		       const char *per);

/* One experiment from defaults changed by options (to explore thresholds),
 * printed as a twin-result line; returns the exit status. */
int twin_explore(int argc, char **argv, const struct twin_config *defaults);
/* Run the table as TAP (or, given options, one experiment to explore
 * thresholds) and return the exit status. */
int twin_cases_main(int argc, char **argv, const struct twin_case *cases,
		    int nr_cases, const struct twin_config *defaults);

/*
 * kselftest.h keeps its counts in a static struct, one per source file:
 * the results this file reports (twin_case_run()'s skips,
 * twin_case_verdict()) are counted here, not in the test's. A test that
 * reports results of its own as well calls this with &ksft_cnt before
 * ksft_finished(), so that its plan is checked against all of them.
 */
/* For twin_case_run(): why the cases of a v2 test cannot run, or NULL. */
const char *twin_need_v2(void);

struct ksft_count;
void twin_ksft_merge(struct ksft_count *test_cnt);

#endif
