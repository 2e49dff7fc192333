// SPDX-License-Identifier: GPL-2.0
/*
 * What the scenario asks for (the apps in struct run, the background loads
 * in struct plan), read from its keys, and one measured phase of it: the
 * loads started, the pattern run, the loads' results printed.
 */
#include <stdio.h>
#include <string.h>

#include "apps.h"
#include "plan.h"
#include "scenario.h"
#include "../lib/util.h"

/* Read the scenario file's keys into r and p; die on an unknown one. */
void plan_read(struct run *r, struct plan *p, size_t mem, int sample)
{
	const char *kind;
	size_t app_pages;

	sc_print_keys();
	p->pattern = sc_str("pattern", "switch");
	p->stream = sc_str("stream", "none");
	p->abuser = sc_str("abuser", "none");
	r->napps = sc_int("apps", 0);
	kind = sc_str("app_kind", "synthetic");
	r->real = !strcmp(kind, "real");
	if (!r->real && strcmp(kind, "synthetic"))
		die("scenario: app_kind must be synthetic or real");
	if (r->real && strcmp(p->pattern, "switch"))
		die("scenario: real apps (app_kind real) follow pattern switch only");
	if (sc_str("programs", NULL))
		r->nprogs = programs_read(PROGRAMS_FILE, sc_str("programs", NULL),
					  r->prog, MAX_APPS);
	if (!strcmp(p->pattern, "launch") && !r->nprogs)
		die("scenario: pattern launch needs programs");
	r->duration = sc_int("duration_s", 30);
	app_pages = mem / 100 * sc_int("app_pct", 6) / PAGE_SIZE;
	if (app_pages > small_pages && r->napps && !r->real)
		die("scenario: app_pct asks for apps of %zu MiB, but %s/app0 has "
		    "%zu MiB of text (the bench disk's small apps, guest/Makefile)",
		    app_pages * PAGE_SIZE >> 20, APPS_DIR,
		    small_pages * PAGE_SIZE >> 20);
	if (app_pages > small_pages)	/* and no synthetic app uses them */
		app_pages = small_pages;
	r->app_len = app_pages * PAGE_SIZE;
	if (r->napps > MAX_APPS)
		die("scenario: at most %d apps", MAX_APPS);
	if (r->napps && !r->real)
		printf("key app_mb %zu\n", r->app_len >> 20);

	p->ls = (struct load){ .kind = p->stream,
			       .size = mem / 100 * sc_int("stream_pct", 300),
			       .mbps = sc_int("stream_mbps", 0), .seed = sample,
			       .stride = sc_int("stride_pages", 16),
			       .memcg_mb = sc_int("stream_memcg_mb", 0) };
	p->lp = (struct load){ .kind = "probe", .seed = sample };
	p->lh = (struct load){ .kind = "hog", .seed = sample,
			       .size = mem / 100 * sc_int("hog_pct", 0) };
	p->probe = sc_int("probe", 0);
	p->ldb = (struct load){ .kind = "sqlite", .seed = sample,
				.size = mem / 100 * sc_int("db_pct", 200) };
	p->lz = (struct load){ .kind = "zipf", .size = p->ldb.size,
			       .seed = sample + 1000 };
	p->la = (struct load){ .size = mem / 100 * sc_int("abuser_pct", 66),
			       .mbps = sc_int("abuser_mbps", 0), .seed = sample };
	p->db = sc_int("db", 0);
	p->zipf = sc_int("zipf", 0);
	r->nthink = sc_list("think_ms", "3000", r->think);
	r->nidle = sc_list("idle_s", "3,10,30", r->idle);
	r->procs = sc_int("procs", 4);
	r->procs_pct = sc_int("procs_pct", 40);

	sc_check_used();
	if (strcmp(p->abuser, "none") && strcmp(p->abuser, "exec") &&
	    strcmp(p->abuser, "read") && strcmp(p->abuser, "both"))
		die("scenario: abuser must be none, exec, read or both");
}

/*
 * One measured phase: the loads run while the apps follow the pattern.
 * With "abuser both" there are two, one per abuser (is_exec), and val
 * gets the database's and the abuser's figures of each.
 */
void run_phase(struct run *r, struct plan *p, int phases, bool is_exec,
	       double val[2][2])
{
	const char *prefix = phases == 1 ? "" : is_exec ? "exec." : "read.";
	struct worker w[6] = { 0 };

	r->t0 = now_seconds();
	if (p->lh.size)
		worker_start(&w[5], "hog", &p->lh);
	if (strcmp(p->stream, "none"))
		worker_start(&w[0], "stream", &p->ls);
	if (p->probe)
		worker_start(&w[4], "probe", &p->lp);
	if (p->db)
		worker_start(&w[1], "sqlite", &p->ldb);
	if (p->zipf)
		worker_start(&w[2], "zipf", &p->lz);
	if (strcmp(p->abuser, "none")) {
		p->la.kind = !strcmp(p->abuser, "read") || (phases == 2 && !is_exec) ?
			     "abuser-read" : "abuser-exec";
		worker_start(&w[3], "abuser", &p->la);
	}
	run_pattern(r, p->pattern);
	worker_finish(&w[0], prefix);
	val[is_exec][0] = worker_finish(&w[1], prefix);
	worker_finish(&w[2], prefix);
	val[is_exec][1] = worker_finish(&w[3], prefix);
	worker_finish(&w[4], prefix);
	worker_finish(&w[5], prefix);
	if (phases == 2 && is_exec && vmstat_get("nr_exec_protected") >= 0)
		printf("metric abuser.protected_max_mb %.1f MiB lower\n",
		       protected_max_mb);
}
