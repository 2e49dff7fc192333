// SPDX-License-Identifier: GPL-2.0
/*
 * The scenario file (bench/scenarios/NAME.scn): "key value" lines under a
 * prose header. Owns the table of keys read and which of them were used.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "scenario.h"
#include "../lib/util.h"

static struct { char key[32], val[128]; bool used; } kv[64];
static int nr_kv;

void scenario_read(const char *path)
{
	char line[256], *k, *v, *end;
	FILE *f = fopen(path, "r");
	int ln = 0;

	if (!f)
		die("scenario %s: %s", path, strerror(errno));
	while (fgets(line, sizeof(line), f)) {
		ln++;
		line[strcspn(line, "#\n")] = '\0';
		k = line + strspn(line, " \t");
		if (!*k)
			continue;
		v = k + strcspn(k, " \t");
		if (*v)
			*v++ = '\0';
		v += strspn(v, " \t");
		for (end = v + strlen(v); end > v && (end[-1] == ' ' || end[-1] == '\t');)
			*--end = '\0';
		if (!*v || nr_kv == 64)
			die("scenario %s:%d: '%s' has no value", path, ln, k);
		snprintf(kv[nr_kv].key, sizeof(kv[0].key), "%s", k);
		snprintf(kv[nr_kv].val, sizeof(kv[0].val), "%s", v);
		nr_kv++;
	}
	fclose(f);
}

const char *sc_str(const char *key, const char *def)
{
	for (int i = 0; i < nr_kv; i++) {
		if (!strcmp(kv[i].key, key)) {
			kv[i].used = true;
			return kv[i].val;
		}
	}
	return def;
}

long sc_int(const char *key, long def)
{
	const char *v = sc_str(key, NULL);
	char *end;
	long n;

	if (!v)
		return def;
	n = strtol(v, &end, 10);
	if (*end || n < 0)
		die("scenario: %s must be a number >= 0, not '%s'", key, v);
	return n;
}

/* A comma-separated list of numbers; returns how many. */
int sc_list(const char *key, const char *def, long *out)
{
	const char *v = sc_str(key, def);
	int n = 0;
	char *end;

	while (v && *v && n < MAX_LIST) {
		out[n++] = strtol(v, &end, 10);
		if (end == v || (*end && *end != ','))
			die("scenario: %s must be a list like 1,2,3, not '%s'", key, v);
		v = *end ? end + 1 : end;
	}
	return n;
}

/* The keys the host reads back from the sample, as "key" lines: they are
 * the host's, the driver only passes them on. */
void sc_print_keys(void)
{
	int i;

	for (i = 0; i < nr_kv; i++)
		if (!strcmp(kv[i].key, "title") || !strcmp(kv[i].key, "primary") ||
		    !strcmp(kv[i].key, "order") || !strcmp(kv[i].key, "quick") ||
		    !strcmp(kv[i].key, "guest_mem_mb"))
			printf("key %s %s\n", kv[i].key, sc_str(kv[i].key, ""));
}

/* Die on a key that nothing asked for (sc_str()): a misspelt one. */
void sc_check_used(void)
{
	int i;

	for (i = 0; i < nr_kv; i++)
		if (!kv[i].used)	/* title, primary, order, quick,
					 * guest_mem_mb: printed above */
			die("scenario: unknown key '%s'", kv[i].key);
}
