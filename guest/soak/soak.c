// SPDX-License-Identifier: GPL-2.0
/*
 * The soak's workers that a shell loop cannot do well (guest/soak/run
 * starts them beside stress-ng, streams and the apps). Each runs for
 * SECONDS and prints what it did as "soak: KEY VALUE" lines.
 *
 *   soak knobs SECONDS PERIOD_MS
 *	Every PERIOD_MS: flip vm.exec_protect (v1: 1 and 0; v2: 2, 1, 2, 0),
 *	every second time switch
 *	/sys/kernel/mm/lru_gen/enabled between the engines, and write a few
 *	random bad values (out of range, negative, huge, text, empty, binary)
 *	to every sysctl the series adds; each must fail with EINVAL and leave
 *	the value as it was. The rule's counters must never go down.
 *   soak exec-churn SECONDS APP DIR
 *	Copies itself into DIR, executes the copy ("soak true"), rewrites it
 *	in place and executes it again; maps the first 16 MiB of APP's text
 *	PROT_EXEC and truncates and rewrites the file while a child touches
 *	it; collapses an executable mapping of APP's text into huge pages
 *	(MADV_COLLAPSE, where the kernel has CONFIG_READ_ONLY_THP_FOR_FS);
 *	unlinks them all, and again.
 *   soak true
 *	Exits 0: what the executed copies do.
 *   soak cg-churn SECONDS FILE
 *	Creates a small memory cgroup, reads FILE through an executable
 *	mapping and dirties anonymous memory in it, forces reclaim with
 *	memory.reclaim, kills the reader and removes the cgroup while its
 *	pages are still charged, and again.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../lib/knobs.h"
#include "../lib/util.h"

#ifndef MADV_COLLAPSE
#define MADV_COLLAPSE 25
#endif
#define MB (1UL << 20)
#define HPAGE (2 * MB)


static double deadline;

static bool time_left(void)
{
	return now_seconds() < deadline;
}

/* A random value that no sysctl of ours may accept: returns its length. */
static size_t bad_value(const struct exec_protect_knob *k, char *buf, size_t size)
{
	static const char letters[] = "abcdefghijklmnopqrstuvwxyz";
	size_t i, n;

	switch (rand() % 8) {
	case 0:		/* just above the range */
		return snprintf(buf, size, "%ld\n", k->hi + 1 + rand() % 1000);
	case 1:		/* below it, negative */
		return snprintf(buf, size, "%ld\n", k->lo - 1 - rand() % 1000);
	case 2:		/* huge: overflows any long */
		n = 20 + rand() % 20;
		for (i = 0; i < n; i++)
			buf[i] = '1' + rand() % 9;
		buf[n] = '\n';
		return n + 1;
	case 3:		/* text */
		n = 1 + rand() % 12;
		for (i = 0; i < n; i++)
			buf[i] = letters[rand() % 26];
		return n;
	case 4:		/* empty write */
		return 0;
	case 5:		/* a newline or blanks only */
		n = rand() % 4;
		memset(buf, ' ', n);
		buf[n] = '\n';
		return n + 1;
	case 6:		/* a valid number with trailing garbage */
		return snprintf(buf, size, "%ldq%c", k->lo, letters[rand() % 26]);
	default:	/* binary, starting with a byte no number starts with */
		n = 1 + rand() % 16;
		buf[0] = (char)(0x80 | rand());
		for (i = 1; i < n; i++)
			buf[i] = (char)rand();
		return n;
	}
}

static int cmd_knobs(long period_ms)
{
	static const char *const v2_vals[] = { "2", "1", "2", "0" };
	bool mglru = !access(LRU_GEN_ENABLED, W_OK);
	bool v2 = exec_protect_v2();
	long flips = 0, switches = 0, bad = 0, accepted = 0, changed = 0;
	long long last[2] = { 0, 0 }, down = 0;
	char before[64], after[64], val[64];
	size_t i, len;
	int j, err;

	knob_save(EXEC_PROTECT);
	if (mglru)
		knob_save(LRU_GEN_ENABLED);
	srand(getpid());
	while (time_left()) {
		/* v1: its rule on and off; v2: its rule, upstream's, none */
		knob_set(EXEC_PROTECT, v2 ? v2_vals[flips % 4] :
			 flips & 1 ? "1" : "0");
		flips++;
		if (mglru && flips % 2 == 0) {
			knob_set(LRU_GEN_ENABLED, switches & 1 ? "y" : "n");
			switches++;
		}
		for (i = 0; i < NR_KNOBS; i++) {
			if (access(knobs[i].path, W_OK))
				continue;	/* not in this kernel */
			for (j = 0; j < 4; j++) {
				len = bad_value(&knobs[i], val, sizeof(val));
				knob_read(knobs[i].path, before, sizeof(before));
				err = knob_write(knobs[i].path, val, len);
				knob_read(knobs[i].path, after, sizeof(after));
				bad++;
				if (err != -EINVAL) {
					accepted++;
					fprintf(stderr, "soak: %s: bad value of %zu bytes got %s\n",
						knobs[i].path, len,
						err ? strerror(-err) : "accepted");
				}
				if (strcmp(before, after))
					changed++;
			}
		}
		if (!exec_counters_monotonic(last))
			down++;
		sleep_ms(period_ms);
	}
	printf("soak: flips %ld\nsoak: engine_switches %ld\n", flips, switches);
	printf("soak: bad_writes %ld\nsoak: bad_accepted %ld\nsoak: bad_changed %ld\n",
	       bad, accepted, changed);
	printf("soak: counter_regressions %lld\n", down);
	return 0;
}

static void copy_file(const char *from, const char *to, size_t max)
{
	static char buf[1 << 16];
	int in = open(from, O_RDONLY), out;
	size_t done = 0;
	ssize_t n;

	if (in < 0)
		die("open %s: %s", from, strerror(errno));
	out = open(to, O_WRONLY | O_CREAT | O_TRUNC, 0755);
	if (out < 0)
		die("create %s: %s", to, strerror(errno));
	while (done < max && (n = read(in, buf, sizeof(buf))) > 0) {
		if (write(out, buf, n) != n)
			die("write %s: %s", to, strerror(errno));
		done += n;
	}
	close(in);
	/* Clean page cache: a collapse into huge pages needs it. */
	if (fsync(out))
		die("fsync %s: %s", to, strerror(errno));
	if (close(out))
		die("close %s: %s", to, strerror(errno));
}

/* Run "COPY true" and wait for it. */
static bool run_copy(const char *path)
{
	int status;
	pid_t pid = fork();

	if (pid < 0)
		die("fork");
	if (!pid) {
		execl(path, path, "true", (char *)NULL);
		_exit(127);
	}
	waitpid(pid, &status, 0);
	return WIFEXITED(status) && !WEXITSTATUS(status);
}

/* Map PATH executable and let a child read it while we truncate and
 * rewrite the file under it. The child may die of SIGBUS: that is fine. */
static void truncate_mapped(const char *path, size_t len)
{
	size_t got = len;
	char *p = map_file(path, PROT_READ | PROT_EXEC, &got);
	pid_t pid = spawn_child(NULL);
	static char junk[1 << 16];
	int fd;

	if (!pid) {
		for (;;)
			touch_pages(p, got);
	}
	sleep_ms(100);
	fd = open(path, O_WRONLY);
	if (fd < 0)
		die("open %s: %s", path, strerror(errno));
	if (ftruncate(fd, got / 2))
		die("truncate %s: %s", path, strerror(errno));
	sleep_ms(50);
	memset(junk, 0xc3, sizeof(junk));	/* ret, ret, ... */
	for (size_t off = 0; off < got; off += sizeof(junk))
		if (pwrite(fd, junk, sizeof(junk), off) < 0)
			die("rewrite %s: %s", path, strerror(errno));
	close(fd);
	sleep_ms(50);
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	munmap(p, got);
}

/* Collapse 2 MiB-aligned executable text into huge pages; how many. */
static long collapse(const char *path, size_t len)
{
	int fd = open(path, O_RDONLY);
	char *area, *p;
	long n = 0;

	if (fd < 0)
		die("open %s: %s", path, strerror(errno));
	area = mmap(NULL, len + HPAGE, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (area == MAP_FAILED)
		die("mmap");
	p = (char *)(((unsigned long)area + HPAGE - 1) & ~(HPAGE - 1));
	if (mmap(p, len, PROT_READ | PROT_EXEC, MAP_PRIVATE | MAP_FIXED, fd, 0) == MAP_FAILED)
		die("mmap %s: %s", path, strerror(errno));
	close(fd);
	touch_pages(p, len);
	madvise(p, len, MADV_HUGEPAGE);
	for (size_t off = 0; off < len; off += HPAGE)
		if (!madvise(p + off, HPAGE, MADV_COLLAPSE))
			n++;
	touch_pages(p, len);
	munmap(area, len + HPAGE);
	return n;
}

static int cmd_exec_churn(const char *app, const char *dir)
{
	long cycles = 0, execs = 0, failed = 0, truncs = 0, thp = 0;
	char exe[256], map[256], huge[256];

	snprintf(exe, sizeof(exe), "%s/churn-exe", dir);
	snprintf(map, sizeof(map), "%s/churn-map", dir);
	snprintf(huge, sizeof(huge), "%s/churn-thp", dir);
	if (mkdir(dir, 0755) && errno != EEXIST)
		die("mkdir %s: %s", dir, strerror(errno));
	/* Totals after every cycle: the soak may stop us in the middle. */
	while (time_left()) {
		/* Execute a fresh copy, then rewrite it in place and again. */
		copy_file("/proc/self/exe", exe, ~0UL);
		failed += !run_copy(exe);
		copy_file("/proc/self/exe", exe, ~0UL);
		failed += !run_copy(exe);
		execs += 2;
		/* Truncate and rewrite a file mapped executable. */
		copy_file(app, map, 16 * MB);
		truncate_mapped(map, 16 * MB);
		truncs++;
		/* Huge pages for executable file text. */
		copy_file(app, huge, 16 * MB);
		thp += collapse(huge, 16 * MB);
		unlink(exe);
		unlink(map);
		unlink(huge);
		cycles++;
		printf("soak: exec_cycles %ld\nsoak: execs %ld\nsoak: exec_failed %ld\n",
		       cycles, execs, failed);
		printf("soak: truncations %ld\nsoak: thp_collapsed %ld\n", truncs, thp);
	}
	return 0;
}

static int cmd_cg_churn(const char *file)
{
	long rounds = 0, reclaimed = 0, tried = 0;
	char path[192];
	pid_t pid;

	while (time_left()) {
		if (!cg_create("soak-churn", 24 * MB))
			die("no memory cgroup controller");
		pid = spawn_child("soak-churn");
		if (!pid) {
			size_t len = 0;
			char *p, *anon;

			p = map_file(file, PROT_READ | PROT_EXEC, &len);
			anon = mmap(NULL, 8 * MB, PROT_READ | PROT_WRITE,
				    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
			for (;;) {
				touch_pages(p, len);
				if (anon != MAP_FAILED)
					memset(anon, rounds & 0xff, 8 * MB);
			}
		}
		sleep_ms(400);
		snprintf(path, sizeof(path), "%s/soak-churn/memory.reclaim", CGROUP_ROOT);
		/* EAGAIN when it could not reclaim all of it: fine. */
		reclaimed += !knob_write(path, "4M", 2);
		tried++;
		kill(pid, SIGKILL);
		waitpid(pid, NULL, 0);
		cg_remove("soak-churn");
		rounds++;
		printf("soak: cgroups_removed %ld\nsoak: memory_reclaim %ld of %ld\n",
		       rounds, reclaimed, tried);
	}
	return 0;
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc == 2 && !strcmp(argv[1], "true"))
		return 0;
	if (argc < 3)
		die("usage: soak knobs|exec-churn|cg-churn SECONDS ...");
	deadline = now_seconds() + atof(argv[2]);
	if (!strcmp(argv[1], "knobs") && argc == 4)
		return cmd_knobs(atol(argv[3]));
	if (!strcmp(argv[1], "exec-churn") && argc == 5)
		return cmd_exec_churn(argv[3], argv[4]);
	if (!strcmp(argv[1], "cg-churn") && argc == 4)
		return cmd_cg_churn(argv[3]);
	die("soak: unknown command or wrong arguments: '%s'", argv[1]);
}
