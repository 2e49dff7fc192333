/* SPDX-License-Identifier: GPL-2.0 */
/* The scenario file's "key value" lines (scenario.c). */
#ifndef EXECFIRST_SCENARIO_H
#define EXECFIRST_SCENARIO_H

/* Read the file's keys; dies on a key without a value. */
void scenario_read(const char *path);
/* A key's value, or def; the key is then used (sc_check_used()). */
const char *sc_str(const char *key, const char *def);
/* A number >= 0, or def; dies on anything else. */
long sc_int(const char *key, long def);
/* A comma-separated list of at most MAX_LIST numbers into out: how many. */
int sc_list(const char *key, const char *def, long *out);
void sc_print_keys(void);
void sc_check_used(void);

#endif
