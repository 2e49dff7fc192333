/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The exec_protect sysctls: path, default and valid range. Shared by the
 * selftest of the sysctls and, in the execfirst harness, by every guest
 * program that sets them.
 */
#ifndef EXEC_PROTECT_KNOBS_H
#define EXEC_PROTECT_KNOBS_H

#define EXEC_PROTECT		"/proc/sys/vm/exec_protect"
#define EXEC_PROTECT_MAX	"/proc/sys/vm/exec_protect_max"
#define EXEC_PROTECT_MS		"/proc/sys/vm/exec_protect_ms"

enum { KNOB_ON, KNOB_MAX, KNOB_MS, NR_KNOBS };

struct exec_protect_knob {
	const char *name;
	const char *path;
	long def, lo, hi;	/* the kernel's default and range */
};

static const struct exec_protect_knob exec_protect_knobs[NR_KNOBS] = {
	[KNOB_ON]  = { "exec_protect", EXEC_PROTECT, 1, 0, 1 },
	[KNOB_MAX] = { "exec_protect_max", EXEC_PROTECT_MAX, 50, 0, 100 },
	[KNOB_MS]  = { "exec_protect_ms", EXEC_PROTECT_MS, 60000, 0, 600000 },
};

#endif
