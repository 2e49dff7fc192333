/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one way every guest program sets the series' sysctls (their table:
 * guest/tests/exec_protect_knobs.h, which the selftest shares): a
 * "protect" spec, the syntax of bench/variants' protect column.
 */
#ifndef EXECFIRST_KNOBS_H
#define EXECFIRST_KNOBS_H

#include <stdbool.h>
#include <stddef.h>

#include "../tests/exec_protect_knobs_v2.h"

/*
 * The knobs of the series the guest runs: v1's (exec_protect_knobs.h), or
 * the v2 series' (patches/v2: vm.exec_protect 0-2, exec_protect_ms from
 * 1000), told apart by the counter only v2 has (exec_protect_v2()).
 */
const struct exec_protect_knob *knob_table(void);
#define knobs (knob_table())

/*
 * A spec: "keep" (or NULL) leaves all three knobs as they are; otherwise
 * ON[/MAX[/MS]] sets vm.exec_protect, then vm.exec_protect_max, then
 * vm.exec_protect_ms, where a field may be "-" to leave that one ("1",
 * "0", "1/50/0": the seed's rule and the bound, no time; "-/100": only
 * the bound). Each value must be a decimal number in its knob's range.
 */
struct protect {
	bool set[NR_KNOBS];
	long val[NR_KNOBS];
};

/* Parse spec into p; false, with a reason in why (len bytes), if bad. */
bool protect_parse(const char *spec, struct protect *p, char *why, size_t len);
/*
 * Save (see knob_save()) and set each knob p sets. False, with the path
 * of the first knob the kernel lacks in *missing, before setting any.
 */
bool protect_apply(const struct protect *p, const char **missing);
/* Parse a spec that the program itself wrote, and apply it; die() if it
 * is bad. False, with *missing as above, if the kernel lacks a knob. */
bool protect_set(const char *spec, const char **missing);
/*
 * Set up case n (1-based) of a test of the v2 series: the reclaim engine
 * ("classic" or "mglru") and the knobs of spec. NULL, or why the case
 * cannot run (not asked for, not the v2 series, no such engine or knob),
 * for the caller to report its checks as skipped.
 */
const char *protect_case(int n, const char *engine, const char *spec);
/* protect_set() for a caller that checked the knobs are there: die()
 * if one is not. */
void protect_require(const char *spec);

#endif
