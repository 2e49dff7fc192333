// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/swap.h>
#include <sys/wait.h>
#include <unistd.h>

#include "knobs.h"
#include "kselftest.h"
#include "twin.h"
#include "util.h"

#define CGROUP		"execfirst-twin"
#define STREAM_CG	"execfirst-stream"	/* the stream's, with global */
#define MiB		(1024L * 1024)
#define STREAM_FILE	DISK "/stream.bin"
#define ZRAM		"/sys/block/zram0"

struct twin {
	pid_t pid;
	int cmd, res;		/* pipes: parent -> child, child -> parent */
};

/* A launched twin: map the file as a program's loader would, report how
 * much of it was still cached, run it, and unmap it again, as the
 * program exits. mincore() of a file mapping reports the page cache. */
static double launch(const char *path, int prot, size_t len)
{
	unsigned char *p = map_file(path, prot, &len);
	double resident = resident_fraction(p, len);

	touch_pages(p, len);
	munmap(p, len);
	return resident;
}

/* One twin: map, then on each command report residency and touch. */
static void twin_child(const struct twin_config *c, bool exec, int cmd, int res)
{
	const char *path = exec ? DISK "/twin-exec.bin" : DISK "/twin-read.bin";
	size_t len = (size_t)c->twin_mb * MiB, off;
	int prot = PROT_READ | (exec ? PROT_EXEC : 0);
	unsigned char *p;
	double resident;
	char op;

	cg_enter(CGROUP, getpid());
	if (c->launched) {
		p = NULL;
		launch(path, prot, len);
	} else if (c->anon) {
		p = mmap(NULL, len, prot | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (p == MAP_FAILED)
			die("mmap: %s", strerror(errno));
		/* Distinct page contents, so zram cannot store them as
		 * same-filled pages for free. */
		for (off = 0; off < len; off += 64)
			*(unsigned long *)(p + off) = off * 2654435761UL + exec;
	} else {
		p = map_file(path, prot, &len);
	}
	if (p)
		touch_pages(p, len);
	for (;;) {
		if (read(cmd, &op, 1) != 1 || op == 'q')
			exit(0);
		if (c->launched) {
			resident = launch(path, prot, len);
		} else {
			resident = resident_fraction(p, len);
			touch_pages(p, len);
		}
		if (write(res, &resident, sizeof(resident)) != sizeof(resident))
			exit(1);
	}
}

/* File pressure: stream a file much larger than the cgroup, forever,
 * through read() or through a mapping, as git's packfiles are read. */
static void stream_child(const struct twin_config *c)
{
	static char buf[256 * 1024], hot[WU_READ_PAGES * 4096];
	double t0 = now_seconds(), bytes = 0;
	size_t len = 0, off;
	void *p;
	int fd;

	cg_enter(c->global ? STREAM_CG : CGROUP, getpid());
	if (c->mmap_stream) {
		p = map_file(STREAM_FILE, PROT_READ, &len);
		for (;;)
			for (off = 0; off < len; off += sizeof(buf)) {
				touch_pages((char *)p + off, sizeof(buf));
				pace(t0, bytes += sizeof(buf), c->stream_mbps);
			}
	}
	for (;;) {
		fd = open(STREAM_FILE, O_RDONLY);
		if (fd < 0)
			die("open %s: %s", STREAM_FILE, strerror(errno));
		if (c->hot_stream)
			for (off = 0; pread(fd, hot, sizeof(hot), off) > 0;
			     off += WU_STEP_PAGES * 4096)
				pace(t0, bytes += WU_STEP_PAGES * 4096, c->stream_mbps);
		else
			while (read(fd, buf, sizeof(buf)) > 0)
				pace(t0, bytes += sizeof(buf), c->stream_mbps);
		close(fd);
	}
}

/* Anonymous pressure: cycle over anonymous memory larger than the cgroup,
 * dirtying it, so that reclaim has to swap. */
static void anon_hog_child(const struct twin_config *c)
{
	size_t len = (size_t)c->memory_max_mb * 2 * MiB, off;
	unsigned long gen = 0;
	char *p;

	cg_enter(CGROUP, getpid());
	p = mmap(NULL, len, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		die("mmap: %s", strerror(errno));
	for (;; gen++)
		for (off = 0; off < len; off += 4096)
			*(unsigned long *)(p + off) = off ^ gen;
}

/* A large program that runs little of its text: fault all of hog.bin in
 * through a PROT_EXEC mapping, then touch one page a second, so that its
 * file stays in use as program text while most of it goes unreferenced. */
static void text_hog_child(const struct twin_config *c)
{
	size_t len = (size_t)c->hog_mb * MiB;
	void *p;

	cg_enter(CGROUP, getpid());
	p = map_file(DISK "/hog.bin", PROT_READ | PROT_EXEC, &len);
	touch_pages(p, len);
	for (;;) {
		touch_pages(p, 1);
		sleep_ms(1000);
	}
}

static pid_t spawn(void (*fn)(const struct twin_config *), const struct twin_config *c)
{
	pid_t pid = spawn_child(NULL);

	if (!pid) {
		fn(c);
		exit(0);
	}
	return pid;
}

static void start_twin(const struct twin_config *c, bool exec, struct twin *t)
{
	int cmd[2], res[2];

	if (pipe(cmd) || pipe(res))
		die("pipe: %s", strerror(errno));
	t->pid = spawn_child(NULL);
	if (!t->pid) {
		close(cmd[1]);
		close(res[0]);
		twin_child(c, exec, cmd[0], res[1]);
	}
	close(cmd[0]);
	close(res[1]);
	t->cmd = cmd[1];
	t->res = res[0];
}

static double sweep(struct twin *t)
{
	double resident;

	if (write(t->cmd, "s", 1) != 1 ||
	    read(t->res, &resident, sizeof(resident)) != sizeof(resident))
		die("twin %d stopped answering", t->pid);
	return resident;
}

static bool swap_on_zram(const char **skip_reason)
{
	char buf[64];

	if (!knob_read("/proc/swaps", buf, sizeof(buf)) && strchr(buf, '\n'))
		return true;	/* swap already active */
	if (access(ZRAM "/disksize", W_OK)) {
		*skip_reason = "no zram device for swap";
		return false;
	}
	knob_set(ZRAM "/disksize", "512M");
	if (system("mkswap /dev/zram0 > /dev/null") ||
	    swapon("/dev/zram0", 0)) {
		*skip_reason = "cannot enable swap on zram";
		return false;
	}
	return true;
}

static long long delta(long long before, long long after)
{
	return before < 0 || after < 0 ? -1 : after - before;
}

static void stats(const double *v, int n, double *mean, double *sd)
{
	double s = 0, ss = 0;
	int i;

	for (i = 0; i < n; i++)
		s += v[i];
	*mean = n ? s / n : 0;
	for (i = 0; i < n; i++)
		ss += (v[i] - *mean) * (v[i] - *mean);
	*sd = n > 1 ? sqrt(ss / (n - 1)) : 0;
}

/* Set the engine, the knobs, swap and the cgroup; false, with the reason
 * in *skip_reason, if the guest lacks one of them. */
static bool twin_setup(const struct twin_config *c, const char **skip_reason)
{
	static char why[128];
	const char *missing;

	if (c->rounds > 256)
		die("at most 256 rounds");
	if (c->launched && c->anon)
		die("launched twins are files");
	if (c->global && (c->anon || c->memory_high || c->hog_mb))
		die("global pressure is for file twins and a stream");
	if (!lru_engine_set(c->engine)) {
		*skip_reason = "this kernel has no multi-gen LRU";
		return false;
	}
	if (!protect_set(c->protect, &missing)) {
		snprintf(why, sizeof(why), "%s is missing", missing);
		*skip_reason = why;
		return false;
	}
	/* A twin that dies (say, OOM-killed) makes sweep() fail loudly
	 * instead of killing us with SIGPIPE. */
	signal(SIGPIPE, SIG_IGN);
	if (c->anon && !swap_on_zram(skip_reason))
		return false;
	/* Start from an empty page cache: no page is charged elsewhere. */
	sync();
	knob_set("/proc/sys/vm/drop_caches", "3");
	if (!cg_create(CGROUP, c->global ? -1 : (long long)c->memory_max_mb * MiB)) {
		*skip_reason = "no cgroup v2 memory controller";
		return false;
	}
	if (c->global)
		cg_create(STREAM_CG, -1);
	if (c->memory_low_mb)
		cg_set(CGROUP, "memory.low", (long long)c->memory_low_mb * MiB);
	if (c->memory_min_mb)
		cg_set(CGROUP, "memory.min", (long long)c->memory_min_mb * MiB);
	if (c->memory_high) {
		cg_set(CGROUP, "memory.high", (long long)c->memory_max_mb * MiB);
		cg_set(CGROUP, "memory.max", -1);
	}
	return true;
}

/* The rounds: sleep an interval, then sweep both twins (in turns, so that
 * neither is favoured); what each lost per counted round goes to the
 * arrays. */
static void twin_rounds(const struct twin_config *c, struct twin *x,
			struct twin *rd, double *exec_lost, double *read_lost)
{
	int scale, i;

	scale = getenv("EXECFIRST_SCALE") ? atoi(getenv("EXECFIRST_SCALE")) : 1;
	if (scale < 1)
		scale = 1;
	for (i = 0; i < c->warmup + c->rounds; i++) {
		double e, r;

		sleep_ms((long)c->interval_ms * scale);
		if (i & 1) {
			r = sweep(rd);
			e = sweep(x);
		} else {
			e = sweep(x);
			r = sweep(rd);
		}
		if (i >= c->warmup) {
			exec_lost[i - c->warmup] = 1 - e;
			read_lost[i - c->warmup] = 1 - r;
		}
		ksft_print_msg("round %d%s: lost exec %.1f%%, read %.1f%%\n", i + 1,
			       i < c->warmup ? " (warm-up)" : "", 100 * (1 - e),
			       100 * (1 - r));
	}
}

static void twin_stop(struct twin *t)
{
	if (write(t->cmd, "q", 1) != 1)
		die("a twin is gone");
	waitpid(t->pid, NULL, 0);
	close(t->cmd);
	close(t->res);
}

bool twin_run(const struct twin_config *c, struct twin_result *r,
	      const char **skip_reason)
{
	double exec_lost[256], read_lost[256];
	struct twin exec_twin, read_twin;
	long long vm_activate, vm_rotate, vm_capped, vm_unmapped;
	long long vm_kept, vm_refused;
	pid_t pressure, hog = 0;

	if (!twin_setup(c, skip_reason))
		return false;
	vm_activate = vmstat_get("exec_protect_activate");
	vm_rotate = vmstat_get("exec_protect_rotate");
	vm_capped = vmstat_get("exec_protect_capped");
	vm_unmapped = vmstat_get("exec_protect_unmapped");
	vm_kept = vmstat_get("exec_protect_kept");
	vm_refused = vmstat_get("exec_protect_refused");
	if (c->hog_mb) {
		hog = spawn(text_hog_child, c);
		sleep_ms(2000);
	}
	start_twin(c, true, &exec_twin);
	start_twin(c, false, &read_twin);
	pressure = c->anon ? spawn(anon_hog_child, c) : spawn(stream_child, c);

	twin_rounds(c, &exec_twin, &read_twin, exec_lost, read_lost);

	stop_child(pressure);
	if (hog)
		stop_child(hog);
	r->vm_activate = delta(vm_activate, vmstat_get("exec_protect_activate"));
	r->vm_rotate = delta(vm_rotate, vmstat_get("exec_protect_rotate"));
	r->cg_activate = cg_stat(CGROUP, "exec_protect_activate");
	r->cg_rotate = cg_stat(CGROUP, "exec_protect_rotate");
	r->vm_capped = delta(vm_capped, vmstat_get("exec_protect_capped"));
	r->cg_capped = cg_stat(CGROUP, "exec_protect_capped");
	r->vm_unmapped = delta(vm_unmapped, vmstat_get("exec_protect_unmapped"));
	r->cg_unmapped = cg_stat(CGROUP, "exec_protect_unmapped");
	r->vm_kept = delta(vm_kept, vmstat_get("exec_protect_kept"));
	r->cg_kept = cg_stat(CGROUP, "exec_protect_kept");
	r->vm_refused = delta(vm_refused, vmstat_get("exec_protect_refused"));
	r->cg_refused = cg_stat(CGROUP, "exec_protect_refused");
	r->cg_low_events = cg_event(CGROUP, "low");
	r->cg_oom_kills = cg_event(CGROUP, "oom_kill");
	twin_stop(&exec_twin);
	twin_stop(&read_twin);
	cg_remove(CGROUP);
	if (c->global)
		cg_remove(STREAM_CG);

	r->rounds = c->rounds;
	stats(exec_lost, c->rounds, &r->exec_lost, &r->exec_sd);
	stats(read_lost, c->rounds, &r->read_lost, &r->read_sd);
	return true;
}

void twin_print(const struct twin_config *c, const struct twin_result *r)
{
	/* One machine-readable line per experiment, for the threshold study. */
	ksft_print_msg("twin-result engine=%s anon=%d launched=%d global=%d low_mb=%d min_mb=%d stream=%s protect=%s max_mb=%d twin_mb=%d interval_ms=%d hog_mb=%d rounds=%d exec_lost=%.4f exec_sd=%.4f read_lost=%.4f read_sd=%.4f vm_activate=%lld vm_rotate=%lld cg_activate=%lld cg_rotate=%lld vm_unmapped=%lld low_events=%lld oom_kills=%lld vm_kept=%lld vm_refused=%lld\n",
		 c->engine, c->anon, c->launched, c->global, c->memory_low_mb,
		 c->memory_min_mb,
		 c->mmap_stream ? "mmap" : c->hot_stream ? "pread-hot" : "read",
		 c->protect ? c->protect : "keep", c->memory_max_mb,
		 c->twin_mb, c->interval_ms, c->hog_mb, r->rounds, r->exec_lost,
		 r->exec_sd, r->read_lost, r->read_sd, r->vm_activate,
		 r->vm_rotate, r->cg_activate, r->cg_rotate, r->vm_unmapped,
		 r->cg_low_events, r->cg_oom_kills, r->vm_kept, r->vm_refused);
}

bool twin_parse_args(int argc, char **argv, struct twin_config *c)
{
	int i;

	for (i = 1; i + 1 < argc; i += 2) {
		const char *k = argv[i], *v = argv[i + 1];

		if (!strcmp(k, "--engine"))
			c->engine = v;
		else if (!strcmp(k, "--protect"))
			c->protect = v;
		else if (!strcmp(k, "--stream")) {
			c->mmap_stream = !strcmp(v, "mmap");
			c->hot_stream = !strcmp(v, "pread-hot");
		}
		else if (!strcmp(k, "--stream-mbps"))
			c->stream_mbps = atoi(v);
		else if (!strcmp(k, "--max-mb"))
			c->memory_max_mb = atoi(v);
		else if (!strcmp(k, "--twin-mb"))
			c->twin_mb = atoi(v);
		else if (!strcmp(k, "--interval-ms"))
			c->interval_ms = atoi(v);
		else if (!strcmp(k, "--rounds"))
			c->rounds = atoi(v);
		else if (!strcmp(k, "--hog-mb"))
			c->hog_mb = atoi(v);
		else if (!strcmp(k, "--warmup"))
			c->warmup = atoi(v);
		else if (!strcmp(k, "--launched"))
			c->launched = atoi(v);
		else if (!strcmp(k, "--global"))
			c->global = atoi(v);
		else if (!strcmp(k, "--low-mb"))
			c->memory_low_mb = atoi(v);
		else if (!strcmp(k, "--min-mb"))
			c->memory_min_mb = atoi(v);
		else {
			fprintf(stderr, "unknown option '%s'\n", k);
			return false;
		}
	}
	if (i != argc) {
		fprintf(stderr, "option '%s' needs a value\n", argv[i]);
		return false;
	}
	return true;
}
