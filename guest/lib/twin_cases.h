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

/* One experiment from defaults changed by options (to explore thresholds),
 * printed as a twin-result line; returns the exit status. */
int twin_explore(int argc, char **argv, const struct twin_config *defaults);
/* Run the table as TAP (or, given options, one experiment to explore
 * thresholds) and return the exit status. */
int twin_cases_main(int argc, char **argv, const struct twin_case *cases,
		    int nr_cases, const struct twin_config *defaults);

#endif
