// SPDX-License-Identifier: GPL-2.0
/*
 * The exec_protect sysctls (their defaults and ranges in
 * exec_protect_knobs.h: vm.exec_protect 1, 0-1; vm.exec_protect_max 50,
 * 0-100; vm.exec_protect_ms 60000, 0-600000) take one decimal number, and
 * reject anything else with EINVAL and leave the value as it was.
 *
 * Self-contained (libc and kselftest.h), so that it can go to
 * tools/testing/selftests/mm/ as it is.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "kselftest.h"
#include "exec_protect_knobs.h"

static const struct {
	const char *desc;
	const char *bytes;
	size_t len;
} rejected[] = {
	/*
	 * out of range, both sides (for exec_protect_max, "101" and "-1");
	 * no bytes: made from the range, len 1 saying below it
	 */
	{ "just above the range", NULL, 0 },
	{ "just below the range", NULL, 1 },
	{ "-1", "-1\n", 3 },
	{ "huge", "99999999999999999999\n", 21 },
	/* not a number at all */
	{ "text", "on\n", 3 },
	{ "trailing garbage", "1abc\n", 5 },
	/*
	 * proc_dointvec_minmax() takes these: hex, and the first of two
	 * values (storing it and reporting a short write)
	 */
	{ "hex", "0x1\n", 4 },
	{ "two values", "1 2\n", 4 },
	/* kstrtoint() takes these: a sign, and a NUL that ends the string */
	{ "a sign", "+1\n", 3 },
	{ "an embedded NUL", "1\0x\n", 4 },
	/* empty: what `echo > file` writes, and a zero-length write(2) */
	{ "newline only", "\n", 1 },
	{ "zero-length write", "", 0 },
	{ "blank", "\040\040\040\n", 4 },	/* three spaces */
	{ "binary", "\x01\xff\x00", 3 },
};

#define NR_REJECTED ARRAY_SIZE(rejected)

#define PER_KNOB (3 + NR_REJECTED)

/* The value of a sysctl without its newline; "" if it cannot be read. */
static const char *value(const char *path)
{
	static char buf[32];
	int fd = open(path, O_RDONLY);
	ssize_t n = fd < 0 ? -1 : read(fd, buf, sizeof(buf) - 1);

	if (fd >= 0)
		close(fd);
	buf[n > 0 ? n : 0] = '\0';
	if (n > 0 && buf[n - 1] == '\n')
		buf[n - 1] = '\0';
	return buf;
}

/* One write(2) of exactly len bytes: 0 or -errno. */
static int write_bytes(const char *path, const char *bytes, size_t len)
{
	int fd = open(path, O_WRONLY), err = 0;
	ssize_t n;

	if (fd < 0)
		return -errno;
	n = write(fd, bytes, len);
	if (n < 0)
		err = -errno;
	else if ((size_t)n != len)
		err = -EIO;
	close(fd);
	return err;
}

static bool accepts(const char *path, const char *val)
{
	char line[32];

	snprintf(line, sizeof(line), "%s\n", val);
	return !write_bytes(path, line, strlen(line)) && !strcmp(value(path), val);
}

static void test_knob(const struct exec_protect_knob *k)
{
	char was[32], def[24], lo[24], hi[24], above[24], below[24];
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
	snprintf(below, sizeof(below), "%ld\n", k->lo - 1);
	snprintf(was, sizeof(was), "%s", value(k->path));
	ksft_test_result(!strcmp(was, def), "%s: default is %s (read '%s')\n",
			 k->name, def, was);
	ksft_test_result(accepts(k->path, lo), "%s: accepts %s\n", k->name, lo);
	ksft_test_result(accepts(k->path, hi), "%s: accepts %s\n", k->name, hi);

	for (i = 0; i < NR_REJECTED; i++) {
		const char *bound = rejected[i].len ? below : above;
		const char *bytes = rejected[i].bytes ? rejected[i].bytes : bound;
		size_t len = rejected[i].bytes ? rejected[i].len : strlen(bound);
		int err;

		/*
		 * Start from a non-default value, so "unchanged" cannot be
		 * luck, and anew for each case, so one case's failure does
		 * not spill into the next.
		 */
		write_bytes(k->path, lo, strlen(lo));
		err = write_bytes(k->path, bytes, len);

		if (err != -EINVAL)
			ksft_print_msg("write returned %s\n", err ? strerror(-err) : "success");
		ksft_test_result(err == -EINVAL && !strcmp(value(k->path), lo),
				 "%s: rejects %s with EINVAL, value unchanged\n",
				 k->name, rejected[i].desc);
	}
	write_bytes(k->path, was, strlen(was));	/* as it was */
}

/* The knobs to test (another table: a test that includes this file). */
#ifndef EXEC_PROTECT_TABLE
#define EXEC_PROTECT_TABLE exec_protect_knobs
#endif

int main(void)
{
	size_t i;

	ksft_print_header();

	ksft_set_plan(NR_KNOBS * PER_KNOB);
	for (i = 0; i < NR_KNOBS; i++)
		test_knob(&EXEC_PROTECT_TABLE[i]);
	ksft_finished();
}
