// SPDX-License-Identifier: GPL-2.0
/* The series' sysctls (their defaults and ranges in guest/lib/knobs.c:
 * vm.exec_protect 1, 0-1; vm.exec_protect_max 50, 0-100;
 * vm.exec_protect_ms 60000, 0-600000) take one decimal number, and reject
 * anything else with EINVAL and leave the value as it was. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "../lib/knobs.h"
#include "kselftest.h"
#include "../lib/util.h"

static const struct {
	const char *desc;
	const char *bytes;
	size_t len;
} rejected[] = {
	/* out of range, both sides (for exec_protect_max, "101") */
	{ "just above the range", NULL, 0 },
	{ "-1", "-1\n", 3 },
	{ "huge", "99999999999999999999\n", 21 },
	/* not a number at all */
	{ "text", "on\n", 3 },
	{ "trailing garbage", "1abc\n", 5 },
	/* proc_dointvec_minmax() takes these: hex, and the first of two
	 * values (storing it and reporting a short write) */
	{ "hex", "0x1\n", 4 },
	{ "two values", "1 2\n", 4 },
	/* kstrtoint() takes these: a sign, and a NUL that ends the string */
	{ "a sign", "+1\n", 3 },
	{ "an embedded NUL", "1\0x\n", 4 },
	/* empty: what `echo > file` writes, and a zero-length write(2) */
	{ "newline only", "\n", 1 },
	{ "zero-length write", "", 0 },
	{ "blank", "   \n", 4 },
	{ "binary", "\x01\xff\x00", 3 },
};
#define NR_REJECTED (sizeof(rejected) / sizeof(rejected[0]))

#define PER_KNOB (3 + NR_REJECTED)

static bool value_is(const char *path, const char *want)
{
	char buf[32];

	return !knob_read(path, buf, sizeof(buf)) && !strcmp(buf, want);
}

static bool accepts(const char *path, const char *val)
{
	char line[32];

	snprintf(line, sizeof(line), "%s\n", val);
	return !knob_write(path, line, strlen(line)) && value_is(path, val);
}

static void test_knob(const struct knob *k)
{
	char buf[32], def[24], lo[24], hi[24], above[24];
	size_t i;

	if (access(k->path, F_OK)) {
		for (i = 0; i < PER_KNOB; i++)
			ksft_test_result_skip("%s is missing (unpatched kernel)\n", k->path);
		return;
	}
	snprintf(def, sizeof(def), "%ld", k->def);
	snprintf(lo, sizeof(lo), "%ld", k->lo);
	snprintf(hi, sizeof(hi), "%ld", k->hi);
	snprintf(above, sizeof(above), "%ld\n", k->hi + 1);
	knob_save(k->path);
	knob_read(k->path, buf, sizeof(buf));
	ksft_test_result(!strcmp(buf, def), "%s: default is %s (read '%s')\n",
		   k->name, def, buf);
	ksft_test_result(accepts(k->path, lo), "%s: accepts %s\n", k->name, lo);
	ksft_test_result(accepts(k->path, hi), "%s: accepts %s\n", k->name, hi);

	for (i = 0; i < NR_REJECTED; i++) {
		const char *bytes = rejected[i].bytes ? rejected[i].bytes : above;
		size_t len = rejected[i].bytes ? rejected[i].len : strlen(above);
		int err;

		/* Start from a non-default value, so "unchanged" cannot be
		 * luck, and anew for each case, so one case's failure does
		 * not spill into the next. */
		knob_set(k->path, lo);
		err = knob_write(k->path, bytes, len);

		if (err != -EINVAL)
			ksft_print_msg("write returned %s\n", err ? strerror(-err) : "success");
		ksft_test_result(err == -EINVAL && value_is(k->path, lo),
			   "%s: rejects %s with EINVAL, value unchanged\n",
			   k->name, rejected[i].desc);
	}
}

int main(void)
{
	size_t i;

	ksft_print_header();

	ksft_set_plan(NR_KNOBS * PER_KNOB);
	for (i = 0; i < NR_KNOBS; i++)
		test_knob(&knobs[i]);
	ksft_finished();
}
