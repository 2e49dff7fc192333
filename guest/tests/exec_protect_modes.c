// SPDX-License-Identifier: GPL-2.0
/*
 * The v2 series' sysctls (exec_protect_knobs_v2.h: vm.exec_protect 1,
 * 0-2; vm.exec_protect_max 50, 0-100; vm.exec_protect_ms 60000,
 * 1000-600000) take one decimal number, and reject anything else with
 * EINVAL and leave the value as it was: exec_protect_sysctl's checks on
 * v2's table.
 */
#include "exec_protect_knobs_v2.h"
#define EXEC_PROTECT_TABLE exec_protect_knobs_v2
#include "exec_protect_sysctl.c"
