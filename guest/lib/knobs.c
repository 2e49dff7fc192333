// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "knobs.h"
#include "util.h"

const struct exec_protect_knob *knob_table(void)
{
	static int v2 = -1;

	if (v2 < 0)
		v2 = exec_protect_v2();
	return v2 ? exec_protect_knobs_v2 : exec_protect_knobs;
}

bool protect_parse(const char *spec, struct protect *p, char *why, size_t len)
{
	const char *s = spec;
	int i;

	memset(p, 0, sizeof(*p));
	if (!spec || !strcmp(spec, "keep"))
		return true;
	for (i = 0; i < NR_KNOBS; i++) {
		const struct exec_protect_knob *k = &knobs[i];
		size_t n = strcspn(s, "/");
		char *end;

		if (n == 1 && *s == '-') {
			/* leave this one */
		} else if (n == 0 || n > 9 || strspn(s, "0123456789") != n) {
			snprintf(why, len, "'%s': %s must be a number or '-', not '%.*s'",
				 spec, k->name, (int)n, s);
			return false;
		} else {
			p->val[i] = strtol(s, &end, 10);
			if (p->val[i] < k->lo || p->val[i] > k->hi) {
				snprintf(why, len, "'%s': %s must be %ld to %ld, not %ld",
					 spec, k->name, k->lo, k->hi, p->val[i]);
				return false;
			}
			p->set[i] = true;
		}
		s += n;
		if (!*s)
			return true;
		s++;	/* the '/' */
	}
	snprintf(why, len, "'%s': at most %d fields (ON/MAX/MS)", spec, NR_KNOBS);
	return false;
}

bool protect_apply(const struct protect *p, const char **missing)
{
	char val[24];
	int i;

	for (i = 0; i < NR_KNOBS; i++)
		if (p->set[i] && access(knobs[i].path, W_OK)) {
			*missing = knobs[i].path;
			return false;
		}
	/* The switch last, so that the rule comes on with its settings. */
	for (i = NR_KNOBS - 1; i >= 0; i--) {
		if (!p->set[i])
			continue;
		knob_save(knobs[i].path);
		snprintf(val, sizeof(val), "%ld", p->val[i]);
		knob_set(knobs[i].path, val);
	}
	return true;
}

bool protect_set(const char *spec, const char **missing)
{
	struct protect p;
	char why[128];

	if (!protect_parse(spec, &p, why, sizeof(why)))
		die("protect spec %s", why);
	return protect_apply(&p, missing);
}

const char *protect_case(int n, const char *engine, const char *spec)
{
	const char *missing;

	if (!case_wanted(n))
		return CASE_NOT_ASKED;
	if (!exec_protect_v2())
		return "the kernel is not the v2 series (no exec_protect_kept)";
	if (!lru_engine_set(engine))
		return "the kernel lacks this reclaim engine";
	if (!protect_set(spec, &missing))
		return "a knob is missing";
	return NULL;
}

void protect_require(const char *spec)
{
	const char *missing;

	if (!protect_set(spec, &missing))
		die("%s is missing", missing);
}
