// SPDX-License-Identifier: GPL-2.0
/* The benchmark's background loads, each in a forked worker. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <sqlite3.h>

#include "bench.h"
#include "real.h"
#include "work.h"
#include "../lib/util.h"

#define CHUNK		(1UL << 20)

volatile int worker_stop;

static void on_term(int sig)
{
	(void)sig;
	worker_stop = 1;
}

/* The cgroup a load runs in, if it has one of its own. */
static void load_cgroup(const struct load *l, char *name, size_t len)
{
	snprintf(name, len, "bench-%s", l->kind);
}

/* File refaults so far: of the load's cgroup, or of the machine. */
static long long load_refaults(const struct load *l)
{
	char cg[64];

	if (!l->memcg_mb)
		return vmstat_get("workingset_refault_file");
	load_cgroup(l, cg, sizeof(cg));
	return cg_stat(cg, "workingset_refault_file");
}

/* zeta(n, theta) = sum of i^-theta, i = 1..n: the first terms exactly and
 * the tail as an integral (good to 1e-6 here, and O(1) for any n). */
static double zeta(double n, double theta)
{
	double s = 0, m = n < 1000 ? n : 1000;

	for (double i = 1; i <= m; i++)
		s += pow(i, -theta);
	if (n > m)
		s += (pow(n + 0.5, 1 - theta) - pow(m + 0.5, 1 - theta)) /
		     (1 - theta);
	return s;
}

void zipf_init(struct zipf *z, size_t n)
{
	z->n = n;
	z->theta = 0.99;
	z->alpha = 1 / (1 - z->theta);
	z->zetan = zeta(n, z->theta);
	z->eta = (1 - pow(2.0 / n, 1 - z->theta)) /
		 (1 - zeta(2, z->theta) / z->zetan);
}

size_t zipf_next(struct zipf *z, unsigned int *seed)
{
	double u = (double)rand_r(seed) / RAND_MAX, uz = u * z->zetan;
	size_t r;

	if (uz < 1)
		return 0;
	if (uz < 1 + pow(0.5, z->theta))
		return 1;
	r = z->n * pow(z->eta * u - z->eta + 1, z->alpha);
	return r < z->n ? r : z->n - 1;
}

/* Spread the hot ranks over the file: a fixed permutation of 0..n-1. */
static size_t scatter(size_t rank, size_t n)
{
	return (rank * 2654435761UL) % n;
}

/* read(), copy (read and write to another file) or Wu's "10% cache hot"
 * pread stream (WU_READ_PAGES at offsets i * WU_STEP_PAGES), over the first size
 * bytes of the stream file, again and again until stopped. */
static void stream_io(const struct load *l, FILE *out)
{
	bool copy = !strcmp(l->kind, "copy"), hot = !strcmp(l->kind, "pread-hot");
	size_t len = hot ? WU_READ_PAGES * PAGE_SIZE : CHUNK, off = 0;
	char *buf = malloc(len);
	int in = open(STREAM_FILE, O_RDONLY), dst = -1;
	double t0 = now_seconds(), bytes = 0;
	ssize_t n;

	if (!buf || in < 0)
		die("stream: open %s: %s", STREAM_FILE, strerror(errno));
	if (copy && (dst = open(COPY_FILE, O_WRONLY | O_CREAT | O_TRUNC, 0644)) < 0)
		die("stream: open %s: %s", COPY_FILE, strerror(errno));
	while (!worker_stop) {
		n = pread(in, buf, len, off);
		if (n <= 0)
			die("stream: read at %zu: %s", off,
			    n ? strerror(errno) : "end of file");
		if (copy && pwrite(dst, buf, n, off) != n)
			die("stream: write: %s", strerror(errno));
		bytes += n;
		off += hot ? WU_STEP_PAGES * PAGE_SIZE : (size_t)n;
		if (off + len > l->size)
			off = 0;
		pace(t0, bytes, l->mbps);
	}
	fprintf(out, "metric stream.mbps %.2f MB/s higher\n",
		bytes / 1e6 / (now_seconds() - t0));
}

/* A sequential PROT_READ touch of an mmap()ed file, as git or mmap-based
 * search tools do, again and again. */
static void stream_mmap(const struct load *l, FILE *out)
{
	char *p = map_range(STREAM_FILE, PROT_READ, 0, l->size);
	double t0 = now_seconds(), bytes = 0;
	size_t off = 0;

	while (!worker_stop) {
		touch_pages(p + off, CHUNK);
		bytes += CHUNK;
		off = off + 2 * CHUNK > l->size ? 0 : off + CHUNK;
		pace(t0, bytes, l->mbps);
	}
	fprintf(out, "metric stream.mbps %.2f MB/s higher\n",
		bytes / 1e6 / (now_seconds() - t0));
}

/* SQLite point lookups, Zipfian keys, over the rows that fill the first
 * size bytes of the database; a small SQLite cache, no mmap, so the page
 * cache is what serves it. */
static void db_sqlite(const struct load *l, FILE *out)
{
	sqlite3 *db;
	sqlite3_stmt *q;
	sqlite3_int64 rows;
	struct zipf z;
	unsigned int seed = l->seed;
	double t0, n = 0;
	size_t fsize = file_size(DB_FILE);

	if (sqlite3_open_v2("file:" DB_FILE "?immutable=1", &db,
			    SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, NULL) ||
	    sqlite3_exec(db, "PRAGMA cache_size=-1024; PRAGMA mmap_size=0;",
			 NULL, NULL, NULL) ||
	    sqlite3_prepare_v2(db, "SELECT max(k) FROM t", -1, &q, NULL) ||
	    sqlite3_step(q) != SQLITE_ROW)
		die("sqlite: %s: %s", DB_FILE, sqlite3_errmsg(db));
	rows = sqlite3_column_int64(q, 0);
	sqlite3_finalize(q);
	if (l->size < fsize)
		rows = rows * (double)l->size / fsize;
	zipf_init(&z, rows);
	if (sqlite3_prepare_v2(db, "SELECT length(v) FROM t WHERE k = ?", -1,
			       &q, NULL))
		die("sqlite: %s", sqlite3_errmsg(db));
	t0 = now_seconds();
	while (!worker_stop) {
		sqlite3_bind_int64(q, 1, 1 + scatter(zipf_next(&z, &seed), rows));
		if (sqlite3_step(q) != SQLITE_ROW)
			die("sqlite: lookup: %s", sqlite3_errmsg(db));
		sqlite3_reset(q);
		n++;
	}
	fprintf(out, "metric db.tps %.2f /s higher\n", n / (now_seconds() - t0));
	sqlite3_finalize(q);
	sqlite3_close(db);
}

/* Zipfian 4 KiB pread()s over the same file; a page resident just before
 * its read (mincore) counts as a cache hit. */
static void db_zipf(const struct load *l, FILE *out)
{
	size_t fsize = file_size(DB_FILE), pages;
	int fd = open(DB_FILE, O_RDONLY);
	char *map, buf[PAGE_SIZE];
	unsigned char vec;
	unsigned int seed = l->seed;
	struct zipf z;
	double t0, n = 0, hits = 0;

	pages = (l->size < fsize ? l->size : fsize) / PAGE_SIZE;
	map = map_range(DB_FILE, PROT_READ, 0, pages * PAGE_SIZE);
	if (fd < 0)
		die("zipf: open %s: %s", DB_FILE, strerror(errno));
	zipf_init(&z, pages);
	t0 = now_seconds();
	while (!worker_stop) {
		size_t pg = scatter(zipf_next(&z, &seed), pages);

		if (mincore(map + pg * PAGE_SIZE, PAGE_SIZE, &vec))
			die("zipf: mincore: %s", strerror(errno));
		hits += vec & 1;
		if (pread(fd, buf, PAGE_SIZE, pg * PAGE_SIZE) != PAGE_SIZE)
			die("zipf: pread: %s", strerror(errno));
		n++;
	}
	fprintf(out, "metric zipf.reads %.2f /s higher\n", n / (now_seconds() - t0));
	fprintf(out, "metric zipf.hit_pct %.2f %% higher\n", n ? 100 * hits / n : 0);
}

/* The sneaky program: a data file mapped PROT_EXEC (or, as its control,
 * PROT_READ) and touched page by page, round and round, at mbps (so that
 * each page is used now and then, like code, not all the time). */
static void abuser(const struct load *l, FILE *out)
{
	bool ex = !strcmp(l->kind, "abuser-exec");
	size_t off = file_size(STREAM_FILE) - l->size;
	char *p = map_range(STREAM_FILE, PROT_READ | (ex ? PROT_EXEC : 0),
			    off & ~(PAGE_SIZE - 1), l->size);
	double t0 = now_seconds(), passes = 0, bytes = 0;

	while (!worker_stop) {
		for (size_t o = 0; o < l->size && !worker_stop; o += CHUNK) {
			touch_pages(p + o, l->size - o < CHUNK ? l->size - o : CHUNK);
			bytes += CHUNK;
			pace(t0, bytes, l->mbps);
		}
		passes++;
	}
	fprintf(out, "metric abuser.resident_pct %.2f %% lower\n",
		100 * resident_fraction(p, l->size));
	fprintf(out, "metric abuser.passes %.2f /s higher\n",
		passes / (now_seconds() - t0));
}

/* The reader linux-mm used in 2026 to show the multi-gen LRU keeping
 * faulted-in file pages too well: a file larger than the reader's memory
 * cgroup, faulted in through mmap() one page in every stride, round and
 * round; readahead and fault-around bring in the pages skipped. Refaults
 * are the cgroup's (or the machine's, without one). */
static void strided(const struct load *l, FILE *out)
{
	char *p = map_range(STREAM_FILE, PROT_READ, 0, l->size);
	size_t step = (size_t)l->stride * PAGE_SIZE, off = 0;
	long long r0 = load_refaults(l), r1;
	double t0 = now_seconds(), pages = 0, t;
	volatile char c;

	while (!worker_stop) {
		c = p[off];
		(void)c;
		pages++;
		off = off + step >= l->size ? 0 : off + step;
	}
	r1 = load_refaults(l);
	t = now_seconds() - t0;
	fprintf(out, "metric strided.pages_s %.2f /s higher\n", pages / t);
	fprintf(out, "metric strided.refaults_s %.2f /s lower\n",
		r0 >= 0 && r1 >= 0 ? (r1 - r0) / t : -1);
}

/* A build: KBUILD_FILES small C files without headers (the bench root has
 * none), each of 40 small functions, compiled one after the other
 * with the root's gcc -O2 -c, round and round; what it caches is gcc's
 * code and libraries, the sources and the objects. */
#define KBUILD_DIR	REAL_ROOT "/tmp/kbuild"
#define KBUILD_FILES	48

static void kbuild_sources(void)
{
	char path[256];
	FILE *f;

	mkdir(KBUILD_DIR, 0755);
	for (int i = 0; i < KBUILD_FILES; i++) {
		snprintf(path, sizeof(path), KBUILD_DIR "/f%d.c", i);
		f = fopen(path, "w");
		if (!f)
			die("kbuild: %s: %s", path, strerror(errno));
		for (int j = 0; j < 40; j++)
			fprintf(f, "unsigned long f%d_%d(unsigned long x)\n"
				"{\n\tfor (int i = 0; i < %d; i++)\n"
				"\t\tx = x * %luUL + (x >> %d);\n\treturn x;\n}\n",
				i, j, 3 + j % 7, 2654435761UL + i * 31 + j,
				1 + (i + j) % 31);
		if (fclose(f))
			die("kbuild: %s: %s", path, strerror(errno));
	}
	sync();
}

static void kbuild(const struct load *l, FILE *out)
{
	char src[64], obj[64];
	char *argv[] = { "/usr/bin/gcc", "-O2", "-c", src, "-o", obj, NULL };
	double t0, t1, files = 0, worst = 0, killed = 0;
	int status;
	pid_t pid;

	(void)l;
	kbuild_sources();
	t0 = now_seconds();
	for (int i = 0; !worker_stop; i = (i + 1) % KBUILD_FILES) {
		snprintf(src, sizeof(src), "/tmp/kbuild/f%d.c", i);
		snprintf(obj, sizeof(obj), "/tmp/kbuild/f%d.o", i);
		t1 = now_seconds();
		pid = real_spawn(argv);
		if (waitpid(pid, &status, 0) != pid)
			die("kbuild: waitpid: %s", strerror(errno));
		if (worker_stop)
			break;		/* stopped meanwhile: not counted */
		if (oom_killed(status)) {
			killed++;	/* by the cgroup's OOM killer */
			continue;
		}
		if (!WIFEXITED(status) || WEXITSTATUS(status))
			die("kbuild: gcc %s failed (status %#x)", src, status);
		files++;
		t1 = now_seconds() - t1;
		worst = t1 > worst ? t1 : worst;
	}
	fprintf(out, "metric kbuild.files_s %.3f /s higher\n",
		files / (now_seconds() - t0));
	fprintf(out, "metric kbuild.file_max_ms %.1f ms lower\n", 1000 * worst);
	fprintf(out, "metric kbuild.gcc_killed %.0f count lower\n", killed);
}

/* After mmtests' stutterp: a probe that reads one page of a small mapped
 * file every PROBE_MS and times it; a read that has to wait for the disk
 * (the page reclaimed) is the stutter a user sees. */
#define PROBE_MS	5
#define PROBE_LEN	(4UL << 20)

static void probe(const struct load *l, FILE *out)
{
	size_t off = (file_size(STREAM_FILE) - PROBE_LEN) & ~(PAGE_SIZE - 1);
	char *p = map_range(STREAM_FILE, PROT_READ, off, PROBE_LEN);
	size_t n = 0, cap = 1 << 16, pg = 0;
	double *lat = malloc(cap * sizeof(*lat)), t;
	volatile char c;

	(void)l;
	if (!lat)
		die("probe: out of memory");
	touch_pages(p, PROBE_LEN);
	while (!worker_stop) {
		sleep_ms(PROBE_MS);
		t = now_seconds();
		c = p[pg * PAGE_SIZE];
		(void)c;
		t = now_seconds() - t;
		pg = (pg + 1) % (PROBE_LEN / PAGE_SIZE);
		if (n == cap && !(lat = realloc(lat, (cap *= 2) * sizeof(*lat))))
			die("probe: out of memory");
		lat[n++] = t;
	}
	if (!n)
		return;
	qsort(lat, n, sizeof(*lat), cmp_double);
	fprintf(out, "metric probe.p99_us %.1f us lower\n", 1e6 * lat[n * 99 / 100]);
	fprintf(out, "metric probe.max_us %.1f us lower\n", 1e6 * lat[n - 1]);
	fprintf(out, "metric probe.reads %zu count higher\n", n);
	free(lat);
}

/* An anonymous hog: size bytes, written page by page, round and round. */
static void hog(const struct load *l, FILE *out)
{
	char *p = mmap(NULL, l->size, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	double t0 = now_seconds(), pages = 0;

	if (p == MAP_FAILED)
		die("hog: mmap: %s", strerror(errno));
	while (!worker_stop) {
		for (size_t o = 0; o < l->size && !worker_stop; o += PAGE_SIZE) {
			p[o]++;
			pages++;
		}
	}
	fprintf(out, "metric hog.pages_s %.0f /s higher\n",
		pages / (now_seconds() - t0));
}

void load_run(const struct load *l, FILE *out)
{
	if (!strcmp(l->kind, "read") || !strcmp(l->kind, "copy") ||
	    !strcmp(l->kind, "pread-hot"))
		stream_io(l, out);
	else if (!strcmp(l->kind, "mmap"))
		stream_mmap(l, out);
	else if (!strcmp(l->kind, "strided"))
		strided(l, out);
	else if (!strcmp(l->kind, "kbuild"))
		kbuild(l, out);
	else if (!strcmp(l->kind, "probe"))
		probe(l, out);
	else if (!strcmp(l->kind, "hog"))
		hog(l, out);
	else if (!strcmp(l->kind, "sqlite"))
		db_sqlite(l, out);
	else if (!strcmp(l->kind, "zipf"))
		db_zipf(l, out);
	else if (!strncmp(l->kind, "abuser-", 7))
		abuser(l, out);
	else
		die("unknown load '%s'", l->kind);
}

/*
 * The bench disk's files a load reads, or writes (a copy), checked in the
 * driver before the worker starts: a short file would otherwise be read
 * to its end (stream_io() dies there mid-phase), mapped past it (SIGBUS),
 * underflow abuser()'s and probe()'s offsets, or shrink the database's
 * table to the file (db_sqlite(), db_zipf()) without a word.
 */
static void load_check(const struct load *l)
{
	char what[64];

	snprintf(what, sizeof(what), "the %s load", l->kind);
	if (!strcmp(l->kind, "read") || !strcmp(l->kind, "copy") ||
	    !strcmp(l->kind, "pread-hot") || !strcmp(l->kind, "mmap") ||
	    !strcmp(l->kind, "strided") || !strncmp(l->kind, "abuser-", 7))
		file_need(STREAM_FILE, l->size, what);
	else if (!strcmp(l->kind, "probe"))
		file_need(STREAM_FILE, PROBE_LEN, what);
	else if (!strcmp(l->kind, "sqlite") || !strcmp(l->kind, "zipf"))
		file_need(DB_FILE, l->size, what);
	if (!strcmp(l->kind, "copy"))
		space_need(COPY_FILE, l->size, what);
}

void worker_start(struct worker *w, const char *name, const struct load *l)
{
	int p[2];

	load_check(l);
	if (pipe(p))
		die("pipe: %s", strerror(errno));
	w->name = name;
	w->fd = p[0];
	w->cgroup[0] = 0;
	if (l->memcg_mb) {
		load_cgroup(l, w->cgroup, sizeof(w->cgroup));
		if (!cg_create(w->cgroup, (long long)l->memcg_mb << 20))
			die("cannot create the cgroup %s", w->cgroup);
	}
	w->pid = spawn_child(w->cgroup[0] ? w->cgroup : NULL);
	if (w->pid == 0) {
		FILE *out = fdopen(p[1], "w");

		close(p[0]);
		signal(SIGTERM, on_term);
		load_run(l, out);
		fclose(out);
		_exit(0);
	}
	close(p[1]);
}

double worker_finish(struct worker *w, const char *prefix)
{
	char line[256];
	int status;
	double first = -1;
	FILE *in;

	if (!w->pid)
		return -1;
	kill(w->pid, SIGTERM);
	in = fdopen(w->fd, "r");
	while (fgets(line, sizeof(line), in)) {
		if (!strncmp(line, "metric ", 7)) {
			printf("metric %s%s", prefix, line + 7);
			if (first < 0)
				sscanf(line, "metric %*s %lf", &first);
		} else {
			fputs(line, stdout);
		}
	}
	fclose(in);
	waitpid(w->pid, &status, 0);
	w->pid = 0;
	if (w->cgroup[0]) {
		printf("metric %s%s.oom_kills %lld count lower\n", prefix,
		       w->name, cg_event(w->cgroup, "oom_kill"));
		cg_remove(w->cgroup);
	}
	/* Killed by the OOM killer: a result of the sample (oom_killed()). */
	if (oom_killed(status)) {
		printf("metric %s%s.killed 1 count lower\n", prefix, w->name);
		return first;
	}
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		die("worker %s failed (status %#x)", w->name, status);
	return first;
}
