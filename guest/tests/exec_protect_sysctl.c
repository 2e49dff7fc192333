// SPDX-License-Identifier: GPL-2.0
/* vm.exec_protect: default 1, accepts 0 and 1, rejects anything else with
 * EINVAL and leaves the value as it was. */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "../lib/tap.h"
#include "../lib/util.h"

static const struct {
	const char *desc;
	const char *bytes;
	size_t len;
} rejected[] = {
	/* out of range, both sides */
	{ "2", "2\n", 2 },
	{ "-1", "-1\n", 3 },
	{ "huge", "99999999999999999999\n", 21 },
	/* not a number at all */
	{ "text", "on\n", 3 },
	{ "trailing garbage", "1abc\n", 5 },
	/* empty: what `echo > file` writes, and a zero-length write(2) */
	{ "newline only", "\n", 1 },
	{ "zero-length write", "", 0 },
	{ "blank", "   \n", 4 },
	{ "binary", "\x01\xff\x00", 3 },
};
#define NR_REJECTED (sizeof(rejected) / sizeof(rejected[0]))

static bool value_is(const char *want)
{
	char buf[32];

	return !knob_read(EXEC_PROTECT, buf, sizeof(buf)) && !strcmp(buf, want);
}

int main(void)
{
	char buf[32];
	size_t i;

	tap_plan(3 + NR_REJECTED);
	if (access(EXEC_PROTECT, F_OK)) {
		for (i = 0; i < 3 + NR_REJECTED; i++)
			tap_skip("%s is missing (unpatched kernel)", EXEC_PROTECT);
		return tap_finish();
	}
	knob_save(EXEC_PROTECT);

	knob_read(EXEC_PROTECT, buf, sizeof(buf));
	tap_result(!strcmp(buf, "1"), "default is 1 (read '%s')", buf);
	tap_result(!knob_write(EXEC_PROTECT, "0\n", 2) && value_is("0"),
		   "accepts 0");
	tap_result(!knob_write(EXEC_PROTECT, "1\n", 2) && value_is("1"),
		   "accepts 1");

	/* Start from the non-default value, so "unchanged" cannot be luck. */
	knob_set(EXEC_PROTECT, "0");
	for (i = 0; i < NR_REJECTED; i++) {
		int err = knob_write(EXEC_PROTECT, rejected[i].bytes,
				     rejected[i].len);

		if (err != -EINVAL)
			tap_diag("write returned %s", err ? strerror(-err) : "success");
		tap_result(err == -EINVAL && value_is("0"),
			   "rejects %s with EINVAL, value unchanged",
			   rejected[i].desc);
	}
	return tap_finish();
}
