/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The v2 series' sysctls (patches/v2), as exec_protect_knobs.h has v1's:
 * vm.exec_protect 0 (no rule), 1 (upstream's rule, the default unless
 * CONFIG_EXEC_PROTECT_DEFAULT_FULL), 2 (upstream's and the series'); the
 * time in whole seconds, from one.
 */
#ifndef EXEC_PROTECT_KNOBS_V2_H
#define EXEC_PROTECT_KNOBS_V2_H

#include "exec_protect_knobs.h"

static const struct exec_protect_knob exec_protect_knobs_v2[NR_KNOBS] = {
	[KNOB_ON]  = { "exec_protect", EXEC_PROTECT, 1, 0, 2 },
	[KNOB_MAX] = { "exec_protect_max", EXEC_PROTECT_MAX, 50, 0, 100 },
	[KNOB_MS]  = { "exec_protect_ms", EXEC_PROTECT_MS, 60000, 1000, 600000 },
};

#endif
