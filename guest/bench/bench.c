// SPDX-License-Identifier: GPL-2.0
/*
 * The benchmark driver, run in the guest as PID 1's task:
 *
 *   bench SCENARIO_FILE [--engine classic|mglru|default]
 *         [--protect SPEC] [--mlock 0|1] [--min-ttl-ms N] [--sample K]
 *
 * (SPEC: bench/variants' protect column, "keep" or ON[/MAX[/MS]], see
 * guest/lib/knobs.h; N: bench/variants' min_ttl column, the multi-gen
 * LRU's min_ttl_ms, 0 leaving it.) It sets the variant's reclaim engine,
 * the rule's sysctls and min_ttl_ms, starts the
 * scenario's apps (executables from the disk, each with a data twin that
 * touches the same bytes through PROT_READ), warms them, then measures:
 * background loads run while the apps follow the scenario's pattern
 * (switch, startup, survival, fight or none). It prints one sample in
 * bench/FORMAT.md's format, without the host's header and "end".
 *
 * This file owns the command line, the variant's settings and main();
 * bench.h lists the others, by role and layer.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "apps.h"
#include "pattern.h"
#include "plan.h"
#include "scenario.h"
#include "snapshot.h"
#include "stats.h"
#include "warm.h"
#include "../lib/knobs.h"
#include "../lib/util.h"

static void usage(const char *why)
{
	fprintf(stderr, "bench: %s\nusage: bench SCENARIO_FILE [--engine classic|mglru|default] "
		"[--protect SPEC] [--mlock 0|1] [--min-ttl-ms N] [--sample K]\n"
		"  SPEC: keep, or ON[/MAX[/MS]] (a field '-' leaves that sysctl)\n", why);
	exit(2);
}

/* The variant, from the command line. */
struct opts {
	const char *engine, *protect;
	int lock, sample;
	const char *min_ttl;	/* lru_gen/min_ttl_ms, "0" leaves it */
};

static void parse_args(int argc, char **argv, struct opts *o)
{
	struct protect settings;
	char why[200];
	int i;

	*o = (struct opts){ .engine = "default", .protect = "keep", .sample = 1,
			    .min_ttl = "0" };
	if (argc < 2 || argv[1][0] == '-')
		usage("no scenario file given");
	for (i = 2; i < argc; i++) {
		if (i + 1 == argc)
			usage("an option lacks its value");
		snprintf(why, sizeof(why), "unknown option '%s'", argv[i]);
		if (!strcmp(argv[i], "--engine"))
			o->engine = argv[++i];
		else if (!strcmp(argv[i], "--protect")) {
			o->protect = argv[++i];
			if (!protect_parse(o->protect, &settings, why, sizeof(why)))
				usage(why);
		} else if (!strcmp(argv[i], "--mlock"))
			o->lock = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--min-ttl-ms")) {
			o->min_ttl = argv[++i];
			if (strspn(o->min_ttl, "0123456789") != strlen(o->min_ttl) ||
			    !*o->min_ttl || strlen(o->min_ttl) > 6)
				usage("--min-ttl-ms takes milliseconds, 0 to 999999");
		}
		else if (!strcmp(argv[i], "--sample"))
			o->sample = atoi(argv[++i]);
		else
			usage(why);
	}
}

/* Set the variant's engine and sysctls, and print the sample's context. */
static void apply_variant(const struct opts *o, size_t mem)
{
	static const char *const knob_keys[][2] = {
		{ "lru_gen_enabled", LRU_GEN_ENABLED },
		{ "exec_protect", EXEC_PROTECT },
		{ "exec_protect_max", EXEC_PROTECT_MAX },
		{ "exec_protect_ms", EXEC_PROTECT_MS },
		{ "min_ttl_ms", LRU_GEN_MIN_TTL },
	};
	const char *missing;
	struct utsname u;
	char buf[64];
	size_t i;

	if (strcmp(o->engine, "default") && !lru_engine_set(o->engine))
		die("cannot select the %s reclaim engine", o->engine);
	if (!protect_set(o->protect, &missing))
		die("--protect %s: this kernel has no %s", o->protect, missing);
	if (atoi(o->min_ttl)) {
		if (strcmp(o->engine, "mglru"))
			die("--min-ttl-ms %s: needs --engine mglru", o->min_ttl);
		if (knob_write(LRU_GEN_MIN_TTL, o->min_ttl, strlen(o->min_ttl)))
			die("cannot set %s: %s", LRU_GEN_MIN_TTL, strerror(errno));
	}
	uname(&u);
	printf("key kernel %s\n", u.release);
	printf("key mem_total_mb %zu\n", mem >> 20);
	for (i = 0; i < sizeof(knob_keys) / sizeof(knob_keys[0]); i++)
		printf("key %s %s\n", knob_keys[i][0],
		       knob_read(knob_keys[i][1], buf, sizeof(buf)) ? "absent" : buf);
	printf("key mlock %d\n", o->lock);
}

int main(int argc, char **argv)
{
	struct run r = { .sa.name = "app", .st.name = "twin",
			 .sa.event = "switch", .st.event = "switch" };
	struct snapshot before, after;
	double val[2][2] = { { 0 } };
	struct opts o;
	struct plan p;
	int phases, ph, i;
	size_t mem;

	setvbuf(stdout, NULL, _IOLBF, 0);
	parse_args(argc, argv, &o);
	/* The measuring program is not a workload: when a variant makes the
	 * OOM killer act (min_ttl_ms), it takes only workloads, and the
	 * scenario records what it took. */
	knob_set("/proc/self/oom_score_adj", "-1000");
	r.lock = o.lock;
	scenario_read(argv[1]);
	layout_read();
	mem = meminfo_kb("MemTotal") * 1024;
	apply_variant(&o, mem);
	plan_read(&r, &p, mem, o.sample);
	if (!strcmp(p.pattern, "launch"))
		r.sa.event = r.st.event = "launch";

	drop_caches();
	/* Apps are started and warmed before the measurement, except when
	 * starting them is what is measured. */
	if (strcmp(p.pattern, "startup"))
		apps_warm(&r);

	phases = strcmp(p.abuser, "both") ? 1 : 2;
	snapshot(&before);
	for (ph = 0; ph < phases; ph++) {
		/* Both abusers, in an order that alternates with the sample. */
		bool is_exec = (ph == 0) == (o.sample % 2);

		if (ph == 1)
			drop_caches();
		run_phase(&r, &p, phases, is_exec, val);
	}
	snapshot(&after);
	if (phases == 2 && val[0][0] > 0) {
		/* What PROT_EXEC buys the abuser: the database's loss and the
		 * abuser's extra residency, against the PROT_READ abuser. */
		printf("metric abuser.db_loss_pct %.2f %% lower\n",
		       100 * (val[0][0] - val[1][0]) / val[0][0]);
		printf("metric abuser.exec_bonus_pts %.2f points lower\n",
		       val[1][1] - val[0][1]);
	}
	side_print(&r.sa);
	side_print(&r.st);
	snapshot_print(&before, &after);
	/* A locker holds the apps' pipes open: stop it first, or the apps
	 * would never see the end of their input. */
	for (i = 0; i < r.nlockers; i++)
		stop_child(r.locker[i]);
	for (i = 0; i < r.napps; i++) {
		app_stop(&r.app[i]);
		app_stop(&r.twin[i]);
	}
	return 0;
}
