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
#include "../lib/util.h"

#define STREAM_FILE	BENCH_DISK "/stream.bin"
#define COPY_FILE	BENCH_DISK "/copy.bin"
#define DB_FILE		BENCH_DISK "/db.sqlite"
#define CHUNK		(1UL << 20)

volatile int worker_stop;

static void on_term(int sig)
{
	(void)sig;
	worker_stop = 1;
}

void *map_range(const char *path, int prot, size_t off, size_t len)
{
	int fd = open(path, O_RDONLY);
	void *p;

	if (fd < 0)
		die("open %s: %s", path, strerror(errno));
	p = mmap(NULL, len, prot, MAP_SHARED, fd, off);
	if (p == MAP_FAILED)
		die("mmap %s: %s", path, strerror(errno));
	close(fd);
	return p;
}

static size_t file_size(const char *path)
{
	struct stat st;

	if (stat(path, &st))
		die("stat %s: %s", path, strerror(errno));
	return st.st_size;
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
			die("stream: read at %zu: %s", off, strerror(errno));
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

void load_run(const struct load *l, FILE *out)
{
	if (!strcmp(l->kind, "read") || !strcmp(l->kind, "copy") ||
	    !strcmp(l->kind, "pread-hot"))
		stream_io(l, out);
	else if (!strcmp(l->kind, "mmap"))
		stream_mmap(l, out);
	else if (!strcmp(l->kind, "sqlite"))
		db_sqlite(l, out);
	else if (!strcmp(l->kind, "zipf"))
		db_zipf(l, out);
	else if (!strncmp(l->kind, "abuser-", 7))
		abuser(l, out);
	else
		die("unknown load '%s'", l->kind);
}

void worker_start(struct worker *w, const char *name, const struct load *l)
{
	int p[2];

	if (pipe(p))
		die("pipe: %s", strerror(errno));
	w->name = name;
	w->fd = p[0];
	w->pid = spawn_child(NULL);
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
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		die("worker %s failed (status %#x)", w->name, status);
	w->pid = 0;
	return first;
}
