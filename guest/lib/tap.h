/* SPDX-License-Identifier: GPL-2.0 */
/* Minimal TAP 13 output for the guest tests, in the kselftest manner. */
#ifndef EXECFIRST_TAP_H
#define EXECFIRST_TAP_H

#include <stdbool.h>

void tap_plan(int tests);
/* Report one test; returns ok so callers can chain. */
bool tap_result(bool ok, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void tap_skip(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* A diagnostic line, printed as "# ..." so it never looks like a result. */
void tap_diag(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Print the totals and return the exit status (0 when nothing failed). */
int tap_finish(void);

#endif
