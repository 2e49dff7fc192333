// SPDX-License-Identifier: GPL-2.0
/*
 * Real programs in the benchmark: Debian's own executables and shared
 * libraries, from the Debian root on the bench disk (REAL_ROOT, made by
 * host/lib/debroot.sh), run in a chroot.
 *
 * What a real program needs of the page cache is its footprint: the pages
 * of the root's files it had in memory, taken once it has run (a launched
 * program: every page of the root cached after a launch from dropped
 * caches; a resident one: the resident pages of its executable file
 * mappings). The footprint's residency is what the program lost; its data
 * twin touches the same pages of an identical copy of the root
 * (TWIN_ROOT) through PROT_READ, so that the same bytes as data are
 * measured the same way.
 */
#define _GNU_SOURCE
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"
#include "real.h"
#include "../lib/util.h"

static char *const real_env[] = {
	"PATH=/usr/bin:/bin", "LC_ALL=C", "HOME=/tmp", NULL
};

/* In a child: enter the Debian root and run argv there. */
static void __attribute__((noreturn)) real_exec(char *const *argv)
{
	if (chroot(REAL_ROOT) || chdir("/tmp"))
		die("chroot %s: %s", REAL_ROOT, strerror(errno));
	execve(argv[0], argv, real_env);
	die("exec %s in %s: %s", argv[0], REAL_ROOT, strerror(errno));
}

pid_t real_spawn(char *const *argv)
{
	pid_t pid = spawn_child(NULL);

	if (!pid) {
		/* stdout is the sample's: what it says goes to the console */
		if (dup2(2, 1) < 0)
			die("dup2: %s", strerror(errno));
		real_exec(argv);
	}
	return pid;
}

/* ---- footprints ---- */

/* Add the pages of path (relative to root) in [first, first + n) that are
 * in memory now and, if only is not NULL, have only[i - first] set. */
static void fp_add(struct footprint *fp, const char *root, const char *path,
		   size_t first, size_t n, const unsigned char *only)
{
	char full[PATH_MAX];
	struct fp_file *f = NULL;
	unsigned char *vec;
	size_t len, i, in = 0;
	void *p;

	snprintf(full, sizeof(full), "%s/%s", root, path);
	len = 0;
	p = map_file(full, PROT_READ, &len);
	if (first >= (len + PAGE_SIZE - 1) / PAGE_SIZE) {	/* past its end */
		munmap(p, len);
		return;
	}
	if (first + n > (len + PAGE_SIZE - 1) / PAGE_SIZE)
		n = (len + PAGE_SIZE - 1) / PAGE_SIZE - first;
	vec = malloc((len + PAGE_SIZE - 1) / PAGE_SIZE);
	if (!vec || mincore(p, len, vec))
		die("mincore %s: %s", full, strerror(errno));
	munmap(p, len);
	for (i = first; i < first + n; i++) {
		if (only && !only[i - first])
			vec[i] = 0;
		in += vec[i] & 1;
	}
	if (!in) {
		free(vec);
		return;
	}
	for (int k = 0; k < fp->n; k++)
		if (!strcmp(fp->f[k].path, path))
			f = &fp->f[k];
	if (!f) {
		fp->f = realloc(fp->f, (fp->n + 1) * sizeof(*fp->f));
		if (!fp->f)
			die("out of memory");
		f = &fp->f[fp->n++];
		*f = (struct fp_file){ .path = strdup(path),
				       .pages = (len + PAGE_SIZE - 1) / PAGE_SIZE };
		f->want = calloc(f->pages, 1);
		if (!f->path || !f->want)
			die("out of memory");
	}
	for (i = first; i < first + n; i++) {
		if ((vec[i] & 1) && !f->want[i]) {
			f->want[i] = 1;
			fp->pages++;
		}
	}
	free(vec);
}

static struct footprint *tree_fp;

/* Files under the root's tmp/ are what the programs wrote, not used. */
static int tree_visit(const char *path, const struct stat *st, int type,
		      struct FTW *ftw)
{
	const char *rel = path + strlen(REAL_ROOT);

	(void)ftw;
	if (*rel++ != '/')	/* the root itself */
		return 0;
	if (type == FTW_D && !strcmp(rel, "tmp"))
		return FTW_SKIP_SUBTREE;
	if (type == FTW_F && S_ISREG(st->st_mode) && st->st_size > 0)
		fp_add(tree_fp, REAL_ROOT, rel, 0,
		       (st->st_size + PAGE_SIZE - 1) / PAGE_SIZE, NULL);
	return 0;
}

void fp_from_tree(struct footprint *fp)
{
	tree_fp = fp;
	if (nftw(REAL_ROOT, tree_visit, 32, FTW_PHYS | FTW_ACTIONRETVAL))
		die("walking %s: %s", REAL_ROOT, strerror(errno));
}

/* present[i]: is page i of [start, start + n pages) mapped in pid's page
 * tables (/proc/PID/pagemap bit 63)? */
static unsigned char *pages_present(int pagemap, unsigned long start, size_t n)
{
	unsigned char *present = malloc(n);
	uint64_t e;

	if (!present)
		die("out of memory");
	for (size_t i = 0; i < n; i++) {
		if (pread(pagemap, &e, sizeof(e),
			  (start / PAGE_SIZE + i) * sizeof(e)) != sizeof(e))
			die("pagemap: %s", strerror(errno));
		present[i] = e >> 63;
	}
	return present;
}

void fp_from_maps(struct footprint *fp, pid_t pid)
{
	char path[64], line[PATH_MAX + 128], perms[8], file[PATH_MAX];
	unsigned long start, end, off;
	size_t rl = strlen(REAL_ROOT);
	int pagemap;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/pagemap", pid);
	pagemap = open(path, O_RDONLY);
	snprintf(path, sizeof(path), "/proc/%d/maps", pid);
	f = fopen(path, "r");
	if (!f || pagemap < 0)
		die("%s: %s", path, strerror(errno));
	while (fgets(line, sizeof(line), f)) {
		unsigned char *present;

		if (sscanf(line, "%lx-%lx %7s %lx %*s %*s %s", &start, &end,
			   perms, &off, file) != 5 || perms[2] != 'x' ||
		    strncmp(file, REAL_ROOT "/", rl + 1))
			continue;
		present = pages_present(pagemap, start, (end - start) / PAGE_SIZE);
		fp_add(fp, REAL_ROOT, file + rl + 1, off / PAGE_SIZE,
		       (end - start) / PAGE_SIZE, present);
		free(present);
	}
	fclose(f);
	close(pagemap);
}

/* Call fn on each file of the footprint under root, mapped PROT_READ. */
static void fp_each(const struct footprint *fp, const char *root,
		    void (*fn)(const struct fp_file *, unsigned char *, void *),
		    void *arg)
{
	char full[PATH_MAX];

	for (int k = 0; k < fp->n; k++) {
		size_t len = fp->f[k].pages * PAGE_SIZE;
		void *p;

		snprintf(full, sizeof(full), "%s/%s", root, fp->f[k].path);
		p = map_file(full, PROT_READ, &len);
		fn(&fp->f[k], p, arg);
		munmap(p, len);
	}
}

static void count_resident(const struct fp_file *f, unsigned char *p, void *arg)
{
	unsigned char *vec = malloc(f->pages);

	if (!vec || mincore(p, f->pages * PAGE_SIZE, vec))
		die("mincore %s: %s", f->path, strerror(errno));
	for (size_t i = 0; i < f->pages; i++)
		*(size_t *)arg += f->want[i] && (vec[i] & 1);
	free(vec);
}

double fp_resident(const struct footprint *fp, const char *root)
{
	size_t in = 0;

	fp_each(fp, root, count_resident, &in);
	return fp->pages ? (double)in / fp->pages : 0;
}

/*
 * f->seg from the file's ELF program headers (64-bit ELF; anything else
 * is FP_OTHER throughout): each page of a PT_LOAD segment's file range is
 * FP_EXEC if the segment is executable, else FP_ELF, as are the pages of
 * an ELF file outside its segments. A page that two segments share (the
 * loader maps it in both) is FP_EXEC.
 */
static void classify(struct fp_file *f, const unsigned char *p)
{
	const Elf64_Ehdr *eh = (const Elf64_Ehdr *)p;
	size_t len = f->pages * PAGE_SIZE, i;

	f->seg = calloc(f->pages ? f->pages : 1, 1);
	if (!f->seg)
		die("out of memory");
	if (len < sizeof(*eh) || memcmp(eh->e_ident, ELFMAG, SELFMAG) ||
	    eh->e_ident[EI_CLASS] != ELFCLASS64 ||
	    eh->e_phoff + (size_t)eh->e_phnum * sizeof(Elf64_Phdr) > len)
		return;
	memset(f->seg, FP_ELF, f->pages);
	for (i = 0; i < eh->e_phnum; i++) {
		const Elf64_Phdr *ph = (const Elf64_Phdr *)(p + eh->e_phoff) + i;
		size_t a, b;

		if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_X))
			continue;
		a = ph->p_offset / PAGE_SIZE;
		b = (ph->p_offset + ph->p_filesz + PAGE_SIZE - 1) / PAGE_SIZE;
		for (; a < b && a < f->pages; a++)
			f->seg[a] = FP_EXEC;
	}
}

static void count_missing(const struct fp_file *f, unsigned char *p, void *arg)
{
	unsigned char *vec = malloc(f->pages ? f->pages : 1);
	long *missing = arg;

	if (!vec || mincore(p, f->pages * PAGE_SIZE, vec))
		die("mincore %s: %s", f->path, strerror(errno));
	for (size_t i = 0; i < f->pages; i++)
		if (f->want[i] && !(vec[i] & 1))
			missing[f->seg[i]]++;
	free(vec);
}

void fp_missing(struct footprint *fp, const char *root, long *missing)
{
	/* fp_each() hands out const files: classify them once, here */
	for (int k = 0; k < fp->n; k++) {
		char full[PATH_MAX];
		size_t len = fp->f[k].pages * PAGE_SIZE;
		void *p;

		if (fp->f[k].seg)
			continue;
		snprintf(full, sizeof(full), "%s/%s", REAL_ROOT, fp->f[k].path);
		p = map_file(full, PROT_READ, &len);
		classify(&fp->f[k], p);
		munmap(p, len);
	}
	fp_each(fp, root, count_missing, missing);
}

static void touch_wanted(const struct fp_file *f, unsigned char *p, void *arg)
{
	for (size_t i = 0; i < f->pages; i++)
		if (f->want[i])
			*(unsigned long *)arg += ((volatile unsigned char *)p)[i * PAGE_SIZE];
}

double fp_touch(const struct footprint *fp, const char *root, long *majflt)
{
	struct rusage r0, r1;
	unsigned long sum = 0;
	double t0 = now_seconds();

	getrusage(RUSAGE_SELF, &r0);
	fp_each(fp, root, touch_wanted, &sum);
	getrusage(RUSAGE_SELF, &r1);
	*majflt = r1.ru_majflt - r0.ru_majflt;
	return (now_seconds() - t0) * 1000;
}

/* The data twin of a real program: answers each 'r' on stdin by touching
 * the footprint's pages in TWIN_ROOT ("NS MAJFLT"). Does not return. */
void fp_twin_serve(const struct footprint *fp)
{
	long f;
	int c;

	printf("ready 0\n");
	fflush(stdout);
	while ((c = getchar()) != EOF) {
		double ms;

		if (c != 'r')
			continue;
		ms = fp_touch(fp, TWIN_ROOT, &f);
		printf("%.0f %ld\n", ms * 1e6, f);
		fflush(stdout);
	}
	exit(0);
}

/* Lock the footprint's files in memory (mlock of the whole files, as
 * vmtouch -l does) in a child, which keeps its mappings until killed. */
static void lock_setup(void *arg)
{
	const struct footprint *fp = arg;
	char full[PATH_MAX];

	for (int k = 0; k < fp->n; k++) {
		size_t len = fp->f[k].pages * PAGE_SIZE;
		void *p;

		snprintf(full, sizeof(full), "%s/%s", REAL_ROOT, fp->f[k].path);
		p = map_file(full, PROT_READ, &len);
		if (mlock(p, len))
			die("mlock %s: %s", full, strerror(errno));
	}
}

pid_t fp_lock(const struct footprint *fp)
{
	return spawn_ready(NULL, lock_setup, (void *)fp, "the footprint's locker");
}

/* ---- launched programs ---- */

int programs_read(const char *path, const char *names, struct program *p,
		  int max)
{
	char line[512], want[128], *tok, *save;
	int n = 0;

	snprintf(want, sizeof(want), "%s", names);
	for (tok = strtok_r(want, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		FILE *f = fopen(path, "r");
		bool found = false;

		if (!f)
			die("%s: %s", path, strerror(errno));
		if (n == max)
			die("scenario: at most %d programs", max);
		while (!found && fgets(line, sizeof(line), f)) {
			char *name, *arg, *s2;
			int a = 0;

			line[strcspn(line, "#\n")] = '\0';
			name = strtok_r(line, " \t", &s2);
			if (!name || strcmp(name, tok))
				continue;
			p[n] = (struct program){ 0 };
			snprintf(p[n].name, sizeof(p[n].name), "%s", name);
			while ((arg = strtok_r(NULL, " \t", &s2)) && a < 15)
				p[n].argv[a++] = strdup(arg);
			if (!a)
				die("%s: program %s has no command", path, name);
			found = true;
		}
		fclose(f);
		if (!found)
			die("scenario: no program '%s' in %s", tok, path);
		n++;
	}
	return n;
}

double program_launch(const struct program *p, long *majflt)
{
	double t0 = now_seconds();
	struct rusage ru;
	pid_t pid;
	int st;

	pid = spawn_child(NULL);
	if (!pid) {
		int null = open("/dev/null", O_RDWR);

		dup2(null, 0);
		dup2(null, 1);
		real_exec(p->argv);
	}
	if (wait4(pid, &st, 0, &ru) != pid)
		die("wait4: %s", strerror(errno));
	if (oom_killed(st)) {
		*majflt = 0;
		return -1;
	}
	if (!WIFEXITED(st) || WEXITSTATUS(st))
		die("%s (%s) failed: status %#x", p->name, p->argv[0], st);
	/* A child's rusage includes the children it waited for: gcc's cc1
	 * and as. */
	*majflt = ru.ru_majflt;
	return (now_seconds() - t0) * 1000;
}

/* ---- resident programs ---- */

void resident_exec(int group)
{
	char g[16];
	char *argv[] = { "/usr/bin/python3", "/execfirst/resident.py", g, NULL };

	snprintf(g, sizeof(g), "%d", group);
	real_exec(argv);
}
