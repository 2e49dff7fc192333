// SPDX-License-Identifier: GPL-2.0
/*
 * The rule leaves the multi-gen LRU's tiers alone: program text that
 * reclaim found in use, then read() like any file (a binary copied, a .so
 * read by a linker), carries the same references into its eviction and
 * refault as data with the same history.
 *
 * Each twin's file is mapped (PROT_EXEC or PROT_READ) and used under a
 * mapped stream in a memory cgroup of its own, so that the aging finds it
 * young. Then, with vm.exec_protect_ms=0 so that no time protection is in
 * play, it is read() three times, evicted with MADV_PAGEOUT (which records
 * each folio's references in its shadow entry as they are), and read once
 * more. The refault counters (memory.stat) say which tier the kernel
 * thought each page was in: a tier high enough to be restored to the
 * working set (workingset_restore_file) needs more references than three
 * reads give. An executable-page mark kept in the folio's LRU_REFS bits,
 * as an earlier version of the series did, reads as extra references and
 * brings the exec twin's pages back as a restored working set.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../lib/tap.h"
#include "../lib/util.h"

#define MiB		(1024LL * 1024)
#define PAGE		4096
#define CGROUP		"execfirst-tiers"
#define TWIN_MB		24
#define CG_MB		96
#define STREAM_FILE	DISK "/stream.bin"
/* The exec twin may come back restored at most this share more often
 * than the read twin. */
#define MARGIN		0.05

struct counts {
	long long refault, activate, restore;
	double resident_after_pageout;
	long long rotate;	/* exec_protect_rotate while the twin ran */
};

static pid_t spawn(void (*fn)(const char *), const char *arg)
{
	pid_t pid = fork();

	if (pid < 0)
		die("fork: %s", strerror(errno));
	if (!pid) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		cg_enter(CGROUP, getpid());
		fn(arg);
		exit(0);
	}
	return pid;
}

static void stop(pid_t pid)
{
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
}

/* Touch the first TWIN_MB of a file through a mapping, every 500 ms. */
static void user_child(const char *spec)
{
	bool exec = spec[0] == 'x';
	size_t len = TWIN_MB * MiB;
	void *p = map_file(spec + 1, PROT_READ | (exec ? PROT_EXEC : 0), &len);

	for (;;) {
		touch_pages(p, len);
		sleep_ms(500);
	}
}

/* A stream through a mapping: the aging promotes it like the twins. */
static void stream_child(const char *path)
{
	size_t len = 0;
	void *p = map_file(path, PROT_READ, &len);

	for (;;)
		touch_pages(p, len);
}

/* read() the first TWIN_MB of a file, in this process's cgroup. */
static void read_twin(const char *path)
{
	static char buf[1 << 20];
	long long off;
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		die("open %s: %s", path, strerror(errno));
	for (off = 0; off < TWIN_MB * MiB; off += sizeof(buf))
		if (pread(fd, buf, sizeof(buf), off) <= 0)
			die("pread %s: %s", path, strerror(errno));
	close(fd);
}

static void reader_child(const char *spec)
{
	int times = spec[0] - '0';

	while (times--)
		read_twin(spec + 1);
}

static void run_child(void (*fn)(const char *), const char *arg)
{
	int status;
	pid_t pid = spawn(fn, arg);

	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status))
		die("child for %s failed", arg);
}

static double residency(const char *path)
{
	size_t len = TWIN_MB * MiB;
	void *p = map_file(path, PROT_READ, &len);
	double r = resident_fraction(p, len);

	munmap(p, len);
	return r;
}

/*
 * Evict the twin with MADV_PAGEOUT: straight to shrink_folio_list(), so
 * that each folio's references go into its shadow entry as they are.
 */
static void pageout(const char *path)
{
	size_t len = TWIN_MB * MiB;
	void *p = map_file(path, PROT_READ, &len);

	touch_pages(p, len);
	if (madvise(p, len, MADV_PAGEOUT))
		die("MADV_PAGEOUT: %s", strerror(errno));
	munmap(p, len);
}

static void one_twin(bool exec, struct counts *c)
{
	const char *path = exec ? DISK "/twin-exec.bin" : DISK "/twin-read.bin";
	char spec[128];
	long long r0, a0, s0, rot0;
	pid_t user, stream;

	knob_set("/proc/sys/vm/drop_caches", "3");
	if (!cg_create(CGROUP, CG_MB * MiB))
		die("cannot create cgroup %s", CGROUP);
	knob_set(EXEC_PROTECT_MS, "20000");

	/* Found in use under pressure: what the aging marks as code. */
	rot0 = vmstat_get("exec_protect_rotate");
	snprintf(spec, sizeof(spec), "%c%s", exec ? 'x' : 'r', path);
	user = spawn(user_child, spec);
	sleep_ms(1000);
	stream = spawn(stream_child, STREAM_FILE);
	sleep_ms(8000);
	stop(stream);
	stop(user);
	c->rotate = vmstat_get("exec_protect_rotate") - rot0;

	/* From here on, no time protection: only the tiers are compared. */
	knob_set(EXEC_PROTECT_MS, "0");
	snprintf(spec, sizeof(spec), "3%s", path);
	run_child(reader_child, spec);

	pageout(path);
	c->resident_after_pageout = residency(path);

	r0 = cg_stat(CGROUP, "workingset_refault_file");
	a0 = cg_stat(CGROUP, "workingset_activate_file");
	s0 = cg_stat(CGROUP, "workingset_restore_file");
	snprintf(spec, sizeof(spec), "1%s", path);
	run_child(reader_child, spec);
	c->refault = cg_stat(CGROUP, "workingset_refault_file") - r0;
	c->activate = cg_stat(CGROUP, "workingset_activate_file") - a0;
	c->restore = cg_stat(CGROUP, "workingset_restore_file") - s0;
	tap_diag("%s twin: exec_protect_rotate +%lld while used; %.1f%% left after MADV_PAGEOUT; on re-read refault %lld, activate %lld, restore %lld pages",
		 exec ? "exec" : "read", c->rotate,
		 100 * c->resident_after_pageout, c->refault, c->activate,
		 c->restore);
	cg_remove(CGROUP);
}

int main(void)
{
	const long long pages = TWIN_MB * MiB / PAGE;
	struct counts x, r;

	tap_plan(3);
	if (access(EXEC_PROTECT_MS, W_OK) || !lru_engine_set("mglru")) {
		tap_skip("no vm.exec_protect_ms or multi-gen LRU");
		tap_skip("no vm.exec_protect_ms or multi-gen LRU");
		tap_skip("no vm.exec_protect_ms or multi-gen LRU");
		return tap_finish();
	}
	knob_save(EXEC_PROTECT);
	knob_save(EXEC_PROTECT_MS);
	knob_set(EXEC_PROTECT, "1");

	one_twin(true, &x);
	one_twin(false, &r);

	tap_result(x.rotate > 0,
		   "the rule acted on the exec twin while it was used (exec_protect_rotate +%lld)",
		   x.rotate);
	tap_result(x.resident_after_pageout < 0.05 && r.resident_after_pageout < 0.05 &&
		   x.refault > pages / 2 && r.refault > pages / 2,
		   "both twins were reclaimed and refaulted (%.1f%% and %.1f%% left; %lld and %lld refaults)",
		   100 * x.resident_after_pageout, 100 * r.resident_after_pageout,
		   x.refault, r.refault);
	tap_result(x.restore <= r.restore + MARGIN * pages,
		   "read() text refaults in the same tier as data: restored %lld exec pages, %lld read pages (margin %lld)",
		   x.restore, r.restore, (long long)(MARGIN * pages));
	return tap_finish();
}
