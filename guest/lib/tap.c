// SPDX-License-Identifier: GPL-2.0
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "tap.h"

static int tap_planned, tap_count, tap_pass, tap_fail, tap_skipped;

void tap_plan(int tests)
{
	tap_planned = tests;
	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("TAP version 13\n1..%d\n", tests);
}

static void tap_line(const char *status, const char *directive,
		     const char *fmt, va_list ap)
{
	printf("%s %d - ", status, ++tap_count);
	vprintf(fmt, ap);
	printf("%s\n", directive);
	fflush(stdout);
}

bool tap_result(bool ok, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	tap_line(ok ? "ok" : "not ok", "", fmt, ap);
	va_end(ap);
	if (ok)
		tap_pass++;
	else
		tap_fail++;
	return ok;
}

void tap_skip(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	tap_line("ok", " # SKIP", fmt, ap);
	va_end(ap);
	tap_skipped++;
}

void tap_diag(const char *fmt, ...)
{
	va_list ap;

	printf("# ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
}

int tap_finish(void)
{
	if (tap_count != tap_planned)
		tap_diag("planned %d tests but ran %d", tap_planned, tap_count);
	printf("# Totals: pass:%d fail:%d xfail:0 xpass:0 skip:%d error:0\n",
	       tap_pass, tap_fail, tap_skipped);
	fflush(stdout);
	return (tap_fail || tap_count != tap_planned) ? 1 : 0;
}
