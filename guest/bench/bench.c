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
 */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"
#include "../apps/order.h"
#include "../lib/knobs.h"
#include "../lib/util.h"

#define APPS_DIR	BENCH_DISK "/apps"
#define FAULT_AROUND	"/sys/kernel/debug/fault_around_bytes"
#define MAX_APPS	8
#define MAX_LIST	16
#define MAX_EVENTS	1024

/* ---- the scenario file: "key value" lines under a prose header ---- */

static struct { char key[32], val[128]; bool used; } kv[64];
static int nr_kv;

static void scenario_read(const char *path)
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

static const char *sc_str(const char *key, const char *def)
{
	for (int i = 0; i < nr_kv; i++) {
		if (!strcmp(kv[i].key, key)) {
			kv[i].used = true;
			return kv[i].val;
		}
	}
	return def;
}

static long sc_int(const char *key, long def)
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
static int sc_list(const char *key, const char *def, long *out)
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

/* ---- apps and their data twins ---- */

struct app {
	pid_t pid;
	FILE *to, *from;
	char *res;	/* the same bytes mapped PROT_READ, never touched:
			 * mincore() shows what is resident */
	size_t len;
	const struct footprint *fp;	/* a real app (or its twin): what
					 * it uses, in root */
	const char *root;
};

static size_t text_offset, small_pages, big_pages;

static void layout_read(void)
{
	FILE *f = fopen(APPS_DIR "/layout", "r");

	if (!f || fscanf(f, "text_offset %zu small_pages %zu big_pages %zu",
			 &text_offset, &small_pages, &big_pages) != 3)
		die("%s/layout is missing or malformed: rebuild the bench disk",
		    APPS_DIR);
	fclose(f);
}

static long my_majflt(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_majflt;
}

/* Read one byte of each of the first pages pages in the apps' order. */
static void touch_scattered(const char *p, size_t pages)
{
	for (size_t k = 0; k < pages; k++)
		(void)((const volatile char *)p)[page_order(k, pages) * PAGE_SIZE];
}

/* The data twin: the same pages of a copy of the app's file, mapped
 * PROT_READ, touched on the same commands, answering like an app. */
static void twin_serve(const char *path, size_t len)
{
	char *p = map_range(path, PROT_READ, text_offset, len);
	int c;

	printf("ready %zu\n", text_offset);
	fflush(stdout);
	while ((c = getchar()) != EOF) {
		double t0 = now_seconds();
		long f0 = my_majflt();

		if (c != 'r')
			continue;
		touch_scattered(p, len / PAGE_SIZE);
		printf("%.0f %ld\n", (now_seconds() - t0) * 1e9, my_majflt() - f0);
		fflush(stdout);
	}
	exit(0);
}

/* Start app i (or its twin) using its first len bytes of text; returns
 * the seconds from fork to "ready". */
/*
 * Fork an app (or twin) talking over pipes: returns 0 in the child, whose
 * stdin and stdout are the pipes, and the child's pid in the parent, with
 * a->to and a->from open.
 */
static pid_t app_fork(struct app *a)
{
	int to[2], from[2];

	if (pipe(to) || pipe(from))
		die("pipe: %s", strerror(errno));
	a->pid = spawn_child(NULL);
	if (a->pid == 0) {
		dup2(to[0], 0);
		dup2(from[1], 1);
		/* Nothing else: another app's pipe held open here would
		 * keep that app from ever seeing the end of its input. */
		for (int fd = 3; fd < 256; fd++)
			close(fd);
		return 0;
	}
	close(to[0]);
	close(from[1]);
	a->to = fdopen(to[1], "w");
	a->from = fdopen(from[0], "r");
	return a->pid;
}

static double app_start(struct app *a, int i, size_t len, bool twin, bool lock)
{
	char prog[64], data[64], pages[32], line[64];
	double t0 = now_seconds();
	size_t off;

	snprintf(prog, sizeof(prog), APPS_DIR "/app%d", i);
	snprintf(data, sizeof(data), APPS_DIR "/data%d", i);
	snprintf(pages, sizeof(pages), "%zu", len / PAGE_SIZE);
	if (!app_fork(a)) {
		if (twin)
			twin_serve(data, len);
		execl(prog, prog, "serve", pages, lock ? "mlock" : NULL, NULL);
		die("exec %s: %s", prog, strerror(errno));
	}
	if (!fgets(line, sizeof(line), a->from) ||
	    sscanf(line, "ready %zu", &off) != 1 || off != text_offset)
		die("%s %d did not start (said '%s')", twin ? "twin" : "app", i, line);
	a->len = len;
	a->res = map_range(twin ? data : prog, PROT_READ, text_offset, len);
	return now_seconds() - t0;
}

/* Run an app through its working text: milliseconds, and its major
 * faults in *majflt. */
static bool app_ask(struct app *a, double *ms, long *majflt)
{
	double ns;

	fputc('r', a->to);
	fflush(a->to);
	if (fscanf(a->from, "%lf %ld", &ns, majflt) != 2)
		return false;
	*ms = ns / 1e6;
	return true;
}

static double app_run(struct app *a, long *majflt)
{
	double ms;

	if (!app_ask(a, &ms, majflt))
		die("an app stopped answering");
	return ms;
}

/* The OOM killer took the app (oom_killed()), now or before; reaped
 * once, then a->pid is -1. Dies if it ended any other way. */
static bool app_gone(struct app *a, bool wait)
{
	int st;

	if (a->pid < 0)
		return true;
	if (waitpid(a->pid, &st, wait ? 0 : WNOHANG) != a->pid)
		return false;
	if (!oom_killed(st))
		die("an app ended: status %#x", st);
	a->pid = -1;
	return true;
}

/* app_run(), or -1 if the OOM killer took the app, before or while it
 * ran: a result where a variant may provoke it (min_ttl_ms). */
static double app_run_or_killed(struct app *a, long *majflt)
{
	double ms;

	*majflt = 0;
	if (app_gone(a, false))
		return -1;
	if (app_ask(a, &ms, majflt))
		return ms;
	if (!app_gone(a, true))
		die("an app stopped answering");
	return -1;
}

static void app_stop(struct app *a)
{
	fclose(a->to);
	fclose(a->from);
	if (a->pid > 0)		/* -1: reaped, the OOM killer took it */
		waitpid(a->pid, NULL, 0);
	if (!a->fp)
		munmap(a->res, a->len);
}

/* Share of an app's (or twin's) working text in memory. */
static double app_resident(const struct app *a)
{
	return a->fp ? fp_resident(a->fp, a->root) : resident_fraction(a->res, a->len);
}

static void app_ready(struct app *a, const char *who)
{
	char line[64];

	if (!fgets(line, sizeof(line), a->from) || strcmp(line, "ready 0\n"))
		die("%s did not start (said '%s')", who, line);
}

/*
 * Real app i: resident.py (group i % 3) in the Debian root, run once;
 * its footprint is then the resident pages of its executable mappings,
 * and its twin touches those pages of the twin root.
 */
static void real_app_start(struct app *a, struct app *twin, int i)
{
	struct footprint *fp = calloc(1, sizeof(*fp));
	long f;

	if (!fp)
		die("out of memory");
	if (!app_fork(a))
		resident_exec(i % 3);
	app_ready(a, "a real app");
	app_run(a, &f);
	fp_from_maps(fp, a->pid);
	a->fp = fp;
	a->root = REAL_ROOT;
	printf("key real_app%d.text_mb %.1f\n", i, fp->pages * PAGE_SIZE / 1048576.0);

	if (!app_fork(twin))
		fp_twin_serve(fp);
	app_ready(twin, "a real app's twin");
	twin->fp = fp;
	twin->root = TWIN_ROOT;
	app_run(twin, &f);
}

/* ---- what is measured ---- */

/* What one side (apps or twins) saw: latencies, faults, residency. */
struct side {
	const char *name;	/* "app" or "twin" */
	const char *event;	/* "switch", or "launch" for programs */
	double ms[MAX_EVENTS], lost[MAX_EVENTS];
	long faults;
	int n;
};

static void side_add(struct side *s, double t, double ms, long faults,
		     double resident)
{
	if (s->n == MAX_EVENTS)
		return;
	s->ms[s->n] = ms;
	s->lost[s->n] = 100 * (1 - resident);
	s->faults += faults;
	s->n++;
	printf("series %s.%s_ms %.3f %.2f\n", s->name, s->event, t, ms);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* Nearest-rank percentile of v[0..n-1] (sorts v). */
static double percentile(double *v, int n, double p)
{
	int k;

	qsort(v, n, sizeof(*v), cmp_double);
	k = (int)(p / 100 * n + 0.999999) - 1;
	return v[k < 0 ? 0 : k];
}

static void side_print(struct side *s)
{
	double sum = 0;

	if (!s->n)
		return;
	for (int i = 0; i < s->n; i++)
		sum += s->lost[i];
	printf("metric %s.lost_pct %.2f %% lower\n", s->name, sum / s->n);
	printf("metric %s.majflt_per_%s %.2f faults lower\n", s->name, s->event,
	       (double)s->faults / s->n);
	printf("metric %s.%s_p50_ms %.2f ms lower\n", s->name, s->event,
	       percentile(s->ms, s->n, 50));
	printf("metric %s.%s_p95_ms %.2f ms lower\n", s->name, s->event,
	       percentile(s->ms, s->n, 95));
	printf("metric %s.%s_max_ms %.2f ms lower\n", s->name, s->event,
	       percentile(s->ms, s->n, 100));
}

/* /proc/vmstat's event counters (not the nr_* gauges) and PSI totals. */
#define MAX_VMSTAT 256
struct snapshot {
	char name[MAX_VMSTAT][40];
	long long val[MAX_VMSTAT];
	int n;
	long long psi_some, psi_full;
	long long kswapd_ticks;	/* kswapd0's utime + stime, -1 if unknown */
	double t;
};

/* The CPU time kswapd0 has used, in clock ticks: the aging's and eviction's
 * cost in the background, which the executable-page rule adds to. */
static long long kswapd_ticks(void)
{
	char path[300], line[512], *p;
	unsigned long long ut, st;
	long long v = -1;
	struct dirent *d;
	DIR *proc = opendir("/proc");

	while (proc && v < 0 && (d = readdir(proc))) {
		FILE *f;

		if (d->d_name[0] < '1' || d->d_name[0] > '9')
			continue;
		snprintf(path, sizeof(path), "/proc/%s/stat", d->d_name);
		f = fopen(path, "r");
		if (!f)
			continue;
		/* "pid (kswapd0) S ..." then fields 14 and 15: utime, stime */
		if (fgets(line, sizeof(line), f) && strstr(line, "(kswapd0)") &&
		    (p = strrchr(line, ')')) &&
		    sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu",
			   &ut, &st) == 2)
			v = ut + st;
		fclose(f);
	}
	if (proc)
		closedir(proc);
	return v;
}

static long long psi_total(const char *kind)
{
	char line[256], *p;
	long long v = -1;
	FILE *f = fopen("/proc/pressure/memory", "r");

	while (f && fgets(line, sizeof(line), f))
		if (!strncmp(line, kind, strlen(kind)) && (p = strstr(line, "total=")))
			v = atoll(p + 6);
	if (f)
		fclose(f);
	return v;
}

static void snapshot(struct snapshot *s)
{
	FILE *f = fopen("/proc/vmstat", "r");

	s->n = 0;
	while (f && s->n < MAX_VMSTAT &&
	       fscanf(f, "%39s %lld", s->name[s->n], &s->val[s->n]) == 2)
		if (strncmp(s->name[s->n], "nr_", 3))
			s->n++;
	if (f)
		fclose(f);
	s->psi_some = psi_total("some");
	s->psi_full = psi_total("full");
	s->kswapd_ticks = kswapd_ticks();
	s->t = now_seconds();
}

static void snapshot_print(const struct snapshot *a, const struct snapshot *b)
{
	double us = (b->t - a->t) * 1e6;

	for (int i = 0; i < a->n && i < b->n; i++)
		printf("vmstat %s %lld\n", a->name[i], b->val[i] - a->val[i]);
	if (a->kswapd_ticks >= 0 && b->kswapd_ticks >= 0)
		printf("metric kswapd.cpu_s %.2f s lower\n",
		       (double)(b->kswapd_ticks - a->kswapd_ticks) /
		       sysconf(_SC_CLK_TCK));
	if (a->psi_some >= 0) {
		printf("psi some_pct %.3f\n", 100 * (b->psi_some - a->psi_some) / us);
		printf("psi full_pct %.3f\n", 100 * (b->psi_full - a->psi_full) / us);
	}
	printf("key duration_s %.2f\n", b->t - a->t);
}

/* ---- the patterns of app activity ---- */

struct run {
	struct app app[MAX_APPS], twin[MAX_APPS];
	int napps;
	bool real;		/* the apps are real ones (resident.py) */
	struct program prog[MAX_APPS];	/* launched programs */
	int nprogs;
	pid_t locker[2 * MAX_APPS];	/* fp_lock()'s children, with mlock */
	int nlockers;
	size_t app_len;
	bool lock;
	long duration;		/* seconds per phase */
	double t0;		/* start of the phase */
	struct side sa, st;
	long think[MAX_LIST], idle[MAX_LIST];	/* think_ms, idle_s */
	int nthink, nidle;
	long procs, procs_pct;
};

static double since(const struct run *r)
{
	return now_seconds() - r->t0;
}

/* How many apps and twins the OOM killer took, now or before
 * (app_gone()): a result where a variant may provoke it (min_ttl_ms). */
static void print_killed(struct run *r)
{
	int a = 0, t = 0;

	for (int k = 0; k < r->napps; k++) {
		a += app_gone(&r->app[k], false);
		t += app_gone(&r->twin[k], false);
	}
	printf("metric app.killed %d count lower\n", a);
	printf("metric twin.killed %d count lower\n", t);
}

/* Switch to app i and then to its twin, as a user would. One that the
 * OOM killer took is not measured; print_killed() counts it. */
static void switch_to(struct run *r, int i)
{
	double res_a = app_resident(&r->app[i]);
	double res_t = app_resident(&r->twin[i]);
	long fa, ft;
	double ma = app_run_or_killed(&r->app[i], &fa);
	double mt = app_run_or_killed(&r->twin[i], &ft);

	if (ma >= 0)
		side_add(&r->sa, since(r), ma, fa, res_a);
	if (mt >= 0)
		side_add(&r->st, since(r), mt, ft, res_t);
}

/* The user cycles through the apps with the scenario's think times. */
static void pattern_switch(struct run *r)
{
	int n = r->nthink, k;

	for (k = 0; since(r) + r->think[k % n] / 1000.0 < r->duration; k++) {
		sleep_ms(r->think[k % n]);
		switch_to(r, k % r->napps);
	}
	print_killed(r);
}

/*
 * Programs launched again and again, in turn, with the scenario's think
 * times: each launch's time and major faults (its children's included),
 * and the share of its cold start's footprint that was not in memory
 * just before; the twin touches the same pages of the twin root after.
 */
static void pattern_launch(struct run *r)
{
	long cold = 0, killed = 0, fa, ft;
	int k;

	for (k = 0; since(r) + r->think[k % r->nthink] / 1000.0 < r->duration; k++) {
		struct program *p = &r->prog[k % r->nprogs];
		double ra, rt, ma, mt;

		sleep_ms(r->think[k % r->nthink]);
		ra = fp_resident(&p->fp, REAL_ROOT);
		rt = fp_resident(&p->fp, TWIN_ROOT);
		ma = program_launch(p, &fa);
		if (ma < 0) {	/* the OOM killer's: counted, not timed */
			killed++;
			continue;
		}
		mt = fp_touch(&p->fp, TWIN_ROOT, &ft);
		side_add(&r->sa, since(r), ma, fa, ra);
		side_add(&r->st, since(r), mt, ft, rt);
		p->launches++;
		p->majflt += fa;
		cold += p->cold_majflt;
	}
	for (k = 0; k < r->nprogs; k++)
		if (r->prog[k].launches)
			printf("metric app.%s_majflt_per_launch %.2f faults lower\n",
			       r->prog[k].name,
			       (double)r->prog[k].majflt / r->prog[k].launches);
	printf("metric app.launches_killed %ld count lower\n", killed);
	/* Of what the same launches read from dropped caches. */
	if (cold)
		printf("metric app.cold_majflt_pct %.2f %% lower\n",
		       100.0 * r->sa.faults / cold);
}

/* Wu's desktop test: start the apps one by one; after each start, switch
 * through every app started so far. Twins do the same after their apps. */
static void pattern_startup(struct run *r)
{
	double ta = 0, tt = 0, ms;
	long f;

	for (int i = 0; i < r->napps; i++) {
		ms = 1000 * app_start(&r->app[i], i, r->app_len, false, r->lock);
		ms += app_run(&r->app[i], &f);
		side_add(&r->sa, since(r), ms, f, 0);
		ta += ms;
		ms = 1000 * app_start(&r->twin[i], i, r->app_len, true, false);
		ms += app_run(&r->twin[i], &f);
		side_add(&r->st, since(r), ms, f, 0);
		tt += ms;
		for (int j = 0; j <= i; j++) {
			ta += app_run(&r->app[j], &f);
			r->sa.faults += f;
			tt += app_run(&r->twin[j], &f);
			r->st.faults += f;
		}
	}
	printf("metric app.total_s %.3f s lower\n", ta / 1000);
	printf("metric twin.total_s %.3f s lower\n", tt / 1000);
	printf("metric app.majflt %ld faults lower\n", r->sa.faults);
	printf("metric twin.majflt %ld faults lower\n", r->st.faults);
	r->sa.n = r->st.n = 0;	/* the per-switch figures mean little here */
}

/* How long does an idle app's code survive? App k idles idle_s[k]
 * seconds, then its residency is taken and it resumes. */
static void pattern_survival(struct run *r)
{
	long *idle = r->idle;
	int n = r->nidle;
	double prev_t = 0, prev_r = 100, t50 = -1;

	if (n > r->napps)
		die("scenario: idle_s has more entries than apps");
	for (int k = 0; k < n; k++) {
		double ra, rt, ma, mt;
		long f;

		while (since(r) < idle[k])
			sleep_ms(50);
		ra = 100 * resident_fraction(r->app[k].res, r->app_len);
		rt = 100 * resident_fraction(r->twin[k].res, r->app_len);
		ma = app_run_or_killed(&r->app[k], &f);
		mt = app_run_or_killed(&r->twin[k], &f);
		printf("metric app.resident_%03lds_pct %.2f %% higher\n", idle[k], ra);
		printf("metric twin.resident_%03lds_pct %.2f %% higher\n", idle[k], rt);
		if (ma >= 0)
			printf("metric app.resume_%03lds_ms %.2f ms lower\n", idle[k], ma);
		if (mt >= 0)
			printf("metric twin.resume_%03lds_ms %.2f ms lower\n", idle[k], mt);
		printf("series app.resident_pct %.3f %.2f\n", since(r), ra);
		printf("series twin.resident_pct %.3f %.2f\n", since(r), rt);
		if (t50 < 0 && ra < 50)
			t50 = prev_t + (prev_r - 50) * (idle[k] - prev_t) / (prev_r - ra);
		prev_t = idle[k];
		prev_r = ra;
	}
	/* Apps the OOM killer took; their residency is still measured. */
	print_killed(r);
	/* Never below half: T50 is at least the longest idle time. */
	printf("key app.t50_censored %d\n", t50 < 0);
	printf("metric app.t50_s %.2f s higher\n", t50 < 0 ? prev_t : t50);
}

/* Andi Kleen's test: executables whose text together exceeds memory, each
 * running through its own text in a loop, fighting each other. */
static void pattern_fight(struct run *r)
{
	long procs = r->procs;
	size_t pages = meminfo_kb("MemTotal") * 1024 / 100 * r->procs_pct / PAGE_SIZE;
	size_t locked = 0;
	double work[MAX_APPS], sum = 0, sq = 0, lo = 1e300, hi = 0;
	int killed = 0;
	struct app big[MAX_APPS];
	char prog[64], a[4][24];

	if (procs < 1 || procs > MAX_APPS)
		die("scenario: procs must be 1..%d", MAX_APPS);
	if (pages > big_pages)
		pages = big_pages;
	/*
	 * With mlock, each locks what a locker with a budget of half the
	 * memory would give it (their text is more than memory: it cannot
	 * all be locked), and the rest of its text fights as without.
	 */
	if (r->lock) {
		locked = meminfo_kb("MemTotal") * 1024 / 2 / procs / PAGE_SIZE;
		locked = locked < pages ? locked : pages;
		printf("key fight.locked_mb_each %zu\n", locked * PAGE_SIZE >> 20);
	}
	printf("key fight.text_mb_each %zu\n", pages * PAGE_SIZE >> 20);
	for (int i = 0; i < procs; i++) {
		char *argv[] = { prog, "loop", a[0], a[1], a[2], a[3], NULL };

		snprintf(prog, sizeof(prog), APPS_DIR "/big%d", i);
		snprintf(a[0], sizeof(a[0]), "%zu", pages);
		snprintf(a[1], sizeof(a[1]), "%ld", r->duration);
		snprintf(a[2], sizeof(a[2]), "%zu", pages * i / procs);
		snprintf(a[3], sizeof(a[3]), "%zu", locked);
		if (!app_fork(&big[i])) {	/* its answer on stdout */
			execv(prog, argv);
			die("exec %s: %s", prog, strerror(errno));
		}
		fclose(big[i].to);		/* it reads nothing */
	}
	for (int i = 0; i < procs; i++) {
		int got = fscanf(big[i].from, "pages %lf", &work[i]);
		int st = -1;

		fclose(big[i].from);
		if (waitpid(big[i].pid, &st, 0) != big[i].pid)
			st = -1;
		/* Killed by the OOM killer: counted, and it did no work. */
		if (got != 1 && st != -1 && oom_killed(st)) {
			killed++;
			work[i] = 0;
		} else if (got != 1 || st) {
			die("big%d failed", i);
		}
		work[i] /= r->duration;
		sum += work[i];
		sq += work[i] * work[i];
		lo = work[i] < lo ? work[i] : lo;
		hi = work[i] > hi ? work[i] : hi;
	}
	printf("metric fight.pages %.2f /s higher\n", sum);
	printf("metric fight.killed %d count lower\n", killed);
	/* Jain's index: 1 when all got the same, 1/n when one got all. */
	printf("metric fight.fairness %.4f ratio higher\n",
	       sq > 0 ? sum * sum / (procs * sq) : 0);
	printf("metric fight.min_max %.4f ratio higher\n", hi > 0 ? lo / hi : 0);
}

/* The most nr_exec_protected (MiB) seen by pattern_none() in this phase. */
static double protected_max_mb;

/* Nothing to drive: sample what the rule protects, once a second. */
static void pattern_none(struct run *r)
{
	double next = 0;

	protected_max_mb = 0;
	while (since(r) < r->duration) {
		long long pages = vmstat_get("nr_exec_protected");

		if (pages >= 0 && since(r) >= next) {
			double mb = pages * 4096.0 / (1 << 20);

			printf("series protected_mb %.3f %.1f\n", since(r), mb);
			if (mb > protected_max_mb)
				protected_max_mb = mb;
			next += 1;
		}
		sleep_ms(200);
	}
}

static void drop_caches(void)
{
	sync();
	knob_set("/proc/sys/vm/drop_caches", "3");
}

/* ---- main ---- */

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

/* What the scenario asks for, beside the apps (struct run). */
struct plan {
	const char *pattern, *stream, *abuser;
	struct load ls, ldb, lz, la, lp, lh;
	bool db, zipf, probe;
};

/* Read the scenario file's keys into r and p; die on an unknown one. */
static void plan_read(struct run *r, struct plan *p, size_t mem, int sample)
{
	const char *kind;
	size_t app_pages;
	int i;

	for (i = 0; i < nr_kv; i++)
		if (!strcmp(kv[i].key, "title") || !strcmp(kv[i].key, "primary") ||
		    !strcmp(kv[i].key, "order") || !strcmp(kv[i].key, "quick") ||
		    !strcmp(kv[i].key, "guest_mem_mb"))
			printf("key %s %s\n", kv[i].key, sc_str(kv[i].key, ""));
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
	if (app_pages > small_pages)
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

	for (i = 0; i < nr_kv; i++)
		if (!kv[i].used)	/* title, primary, order, quick,
					 * guest_mem_mb: printed above */
			die("scenario: unknown key '%s'", kv[i].key);
	if (strcmp(p->abuser, "none") && strcmp(p->abuser, "exec") &&
	    strcmp(p->abuser, "read") && strcmp(p->abuser, "both"))
		die("scenario: abuser must be none, exec, read or both");
}

/*
 * The launched programs' cold starts: each from dropped caches, its
 * footprint taken after; then each launched once more, and its twin run,
 * as a warm-up. With mlock, a child locks each footprint's files.
 */
static void programs_warm(struct run *r)
{
	struct program *p;
	long f;
	int i;

	for (i = 0; i < r->nprogs; i++) {
		p = &r->prog[i];
		drop_caches();
		p->cold_ms = program_launch(p, &p->cold_majflt);
		if (p->cold_ms < 0)
			die("%s: its cold launch was OOM-killed", p->name);
		fp_from_tree(&p->fp);
		printf("key %s.cold_ms %.1f\n", p->name, p->cold_ms);
		printf("key %s.cold_majflt %ld\n", p->name, p->cold_majflt);
		printf("key %s.footprint_mb %.1f\n", p->name,
		       p->fp.pages * PAGE_SIZE / 1048576.0);
	}
	for (i = 0; i < r->nprogs; i++) {
		p = &r->prog[i];
		if (program_launch(p, &f) < 0)
			die("%s: its warm-up launch was OOM-killed", p->name);
		fp_touch(&p->fp, TWIN_ROOT, &f);
		if (r->lock)
			r->locker[r->nlockers++] = fp_lock(&p->fp);
	}
}

/* Fault-around (debugfs fault_around_bytes) at the kernel's default, or
 * off (one page per fault). */
static void fault_around(bool on)
{
	static char was[32];

	lru_gen_debugfs();	/* mounts debugfs */
	if (!on) {
		if (knob_read(FAULT_AROUND, was, sizeof(was)))
			die("%s is missing", FAULT_AROUND);
		knob_set(FAULT_AROUND, "4096");
	} else {
		knob_set(FAULT_AROUND, was);
	}
}

/* Start the apps and their twins and run each once, as a warm-up. */
static void apps_warm(struct run *r)
{
	long f;
	int i;

	programs_warm(r);
	/*
	 * Fault-around off while the real apps first run: their page tables
	 * then map only the pages they used, which is their footprint
	 * (fp_from_maps()); with it, neighbours that readahead brought in
	 * would count as text the app lost although it never runs them.
	 */
	if (r->real)
		fault_around(false);
	for (i = 0; i < r->napps && r->real; i++) {
		real_app_start(&r->app[i], &r->twin[i], i);
		if (r->lock)
			r->locker[r->nlockers++] = fp_lock(r->app[i].fp);
	}
	if (r->real)
		fault_around(true);
	for (i = 0; i < r->napps && !r->real; i++) {
		app_start(&r->app[i], i, r->app_len, false, r->lock);
		app_start(&r->twin[i], i, r->app_len, true, false);
		app_run(&r->app[i], &f);
		app_run(&r->twin[i], &f);
	}
}

static void run_pattern(struct run *r, const char *pattern)
{
	if (!strcmp(pattern, "switch"))
		pattern_switch(r);
	else if (!strcmp(pattern, "launch"))
		pattern_launch(r);
	else if (!strcmp(pattern, "startup"))
		pattern_startup(r);
	else if (!strcmp(pattern, "survival"))
		pattern_survival(r);
	else if (!strcmp(pattern, "fight"))
		pattern_fight(r);
	else if (!strcmp(pattern, "none"))
		pattern_none(r);
	else
		die("scenario: unknown pattern '%s'", pattern);
}

/*
 * One measured phase: the loads run while the apps follow the pattern.
 * With "abuser both" there are two, one per abuser (is_exec), and val
 * gets the database's and the abuser's figures of each.
 */
static void run_phase(struct run *r, struct plan *p, int phases, bool is_exec,
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
