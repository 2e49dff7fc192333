// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <regex.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/klog.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "splats.h"	/* made from common/splats by guest/Makefile */
#include "util.h"

static long long keyed_value(const char *path, const char *key);

void failfast_check(void)
{
	const char *v = getenv("EXECFIRST_FAILFAST");

	if (!v || strcmp(v, "1"))
		return;
	printf("# failfast: stopped at the first failure (execfirst.failfast=1)\n");
	fflush(stdout);
	exit(1);
}

bool case_wanted(int n)
{
	const char *v = getenv("EXECFIRST_CASES"), *p = v;
	char *end;
	long c;

	if (!v || !*v)
		return true;
	for (;;) {
		c = strtol(p, &end, 10);
		if (end == p || c < 1 || (*end && *end != ','))
			die("EXECFIRST_CASES must be case numbers from 1, separated by commas, not '%s'", v);
		if (c == n)
			return true;
		if (!*end)
			return false;
		p = end + 1;
	}
}

void die(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fprintf(stderr, "FATAL: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n");
	exit(2);
}

int knob_read(const char *path, char *buf, size_t len)
{
	int fd = open(path, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return -errno;
	n = read(fd, buf, len - 1);
	if (n < 0) {
		n = -errno;
		close(fd);
		return n;
	}
	close(fd);
	buf[n] = '\0';
	while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
		buf[--n] = '\0';
	return 0;
}

int knob_write(const char *path, const char *val, size_t len)
{
	int fd = open(path, O_WRONLY);
	ssize_t n;
	int err = 0;

	if (fd < 0)
		return -errno;
	n = write(fd, val, len);
	if (n < 0)
		err = -errno;
	else if ((size_t)n != len)
		err = -EIO;
	close(fd);
	return err;
}

void knob_set(const char *path, const char *val)
{
	int err = knob_write(path, val, strlen(val));

	if (err)
		die("writing '%s' to %s: %s", val, path, strerror(-err));
}

#define MAX_SAVED 16
static struct { char path[128]; char value[64]; } saved[MAX_SAVED];
static int nr_saved;
#define MAX_CGROUPS 8
static char cgroups[MAX_CGROUPS][64];
static int nr_cgroups;
static pid_t owner_pid;

static void restore_all(void)
{
	char path[192];
	int i;

	if (getpid() != owner_pid)	/* forked workers restore nothing */
		return;
	for (i = nr_saved - 1; i >= 0; i--)
		knob_write(saved[i].path, saved[i].value, strlen(saved[i].value));
	for (i = nr_cgroups - 1; i >= 0; i--) {
		if (!cgroups[i][0])
			continue;
		snprintf(path, sizeof(path), "%s/%s", CGROUP_ROOT, cgroups[i]);
		rmdir(path);
	}
}

static void restore_on_signal(int sig)
{
	restore_all();
	signal(sig, SIG_DFL);
	raise(sig);
}

static void register_restore(void)
{
	if (owner_pid)
		return;
	owner_pid = getpid();
	atexit(restore_all);
	signal(SIGTERM, restore_on_signal);
	signal(SIGINT, restore_on_signal);
}

void knob_save(const char *path)
{
	int i;

	for (i = 0; i < nr_saved; i++)
		if (!strcmp(saved[i].path, path))
			return;
	if (nr_saved == MAX_SAVED)
		die("too many saved knobs");
	register_restore();
	if (knob_read(path, saved[nr_saved].value, sizeof(saved[0].value)))
		return;	/* absent: nothing to restore */
	snprintf(saved[nr_saved].path, sizeof(saved[0].path), "%s", path);
	nr_saved++;
}

const char *const lru_engines[NR_ENGINES] = { "classic", "mglru" };

bool lru_engine_set(const char *engine)
{
	if (access(LRU_GEN_ENABLED, W_OK))
		return !strcmp(engine, "classic");
	knob_save(LRU_GEN_ENABLED);
	knob_set(LRU_GEN_ENABLED, strcmp(engine, "mglru") ? "n" : "y");
	return true;
}

bool lru_gen_debugfs(void)
{
	if (access(LRU_GEN_DEBUG, W_OK))
		mount("debugfs", "/sys/kernel/debug", "debugfs", 0, NULL);
	return !access(LRU_GEN_DEBUG, W_OK);
}

/*
 * LRU_GEN_DEBUG has "memcg ID PATH", " node N", then one line per
 * generation whose first number is its seq.
 */
bool lru_gen_state(const char *cg, int *memcg_id, unsigned long *max_seq)
{
	char line[256], path[128], want[128];
	bool ours = false, found = false;
	FILE *f = fopen(LRU_GEN_DEBUG, "r");
	unsigned long seq;
	int id, node = -1;

	if (!f)
		return false;
	snprintf(want, sizeof(want), "/%s", cg);
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "memcg %d %127s", &id, path) == 2) {
			ours = !strcmp(path, want);
			if (ours)
				*memcg_id = id;
		} else if (sscanf(line, " node %d", &node) == 1) {
			continue;
		} else if (ours && node == 0 && sscanf(line, " %lu", &seq) == 1) {
			*max_seq = seq;
			found = true;
		}
	}
	fclose(f);
	return found;
}

unsigned long lru_gen_age(const char *cg)
{
	unsigned long max_seq;
	char cmd[96];
	int id, fd;

	if (!lru_gen_state(cg, &id, &max_seq))
		die("cannot find %s in %s", cg, LRU_GEN_DEBUG);
	snprintf(cmd, sizeof(cmd), "+ %d 0 %lu 0 1", id, max_seq);
	fd = open(LRU_GEN_DEBUG, O_WRONLY);
	if (fd < 0 || write(fd, cmd, strlen(cmd)) < 0)
		die("%s: '%s': %s", LRU_GEN_DEBUG, cmd, strerror(errno));
	close(fd);
	return max_seq;
}

bool cg_create(const char *name, long long memory_max)
{
	char path[192], val[32];

	if (access(CGROUP_ROOT "/cgroup.controllers", R_OK))
		return false;
	if (knob_read(CGROUP_ROOT "/cgroup.controllers", val, sizeof(val)) ||
	    !strstr(val, "memory"))
		return false;
	register_restore();
	knob_write(CGROUP_ROOT "/cgroup.subtree_control", "+memory", 7);
	snprintf(path, sizeof(path), "%s/%s", CGROUP_ROOT, name);
	if (mkdir(path, 0755) && errno != EEXIST)
		die("mkdir %s: %s", path, strerror(errno));
	if (nr_cgroups < MAX_CGROUPS)
		snprintf(cgroups[nr_cgroups++], sizeof(cgroups[0]), "%s", name);
	cg_set(name, "memory.max", memory_max);
	return true;
}

void cg_set(const char *name, const char *file, long long val)
{
	char path[192], buf[32];

	snprintf(path, sizeof(path), "%s/%s/%s", CGROUP_ROOT, name, file);
	if (val < 0)
		snprintf(buf, sizeof(buf), "max");
	else
		snprintf(buf, sizeof(buf), "%lld", val);
	knob_set(path, buf);
}

void cg_enter(const char *name, int pid)
{
	char path[192], val[32];

	snprintf(path, sizeof(path), "%s/%s/cgroup.procs", CGROUP_ROOT, name);
	snprintf(val, sizeof(val), "%d", pid);
	knob_set(path, val);
}

void cg_remove(const char *name)
{
	char path[192];
	int i;

	snprintf(path, sizeof(path), "%s/%s", CGROUP_ROOT, name);
	if (rmdir(path))
		die("rmdir %s: %s", path, strerror(errno));
	for (i = 0; i < nr_cgroups; i++)
		if (!strcmp(cgroups[i], name))
			cgroups[i][0] = '\0';
}

static long long keyed_value(const char *path, const char *key)
{
	char line[256];
	size_t klen = strlen(key);
	long long v = -1;
	FILE *f = fopen(path, "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (!strncmp(line, key, klen) &&
		    (line[klen] == ' ' || line[klen] == ':')) {
			v = atoll(line + klen + 1 + strspn(line + klen + 1, " "));
			break;
		}
	}
	fclose(f);
	return v;
}

long long cg_stat(const char *name, const char *key)
{
	char path[192];

	snprintf(path, sizeof(path), "%s/%s/memory.stat", CGROUP_ROOT, name);
	return keyed_value(path, key);
}

long long cg_event(const char *name, const char *key)
{
	char path[192];

	snprintf(path, sizeof(path), "%s/%s/memory.events", CGROUP_ROOT, name);
	return keyed_value(path, key);
}

long long meminfo_kb(const char *key)
{
	return keyed_value("/proc/meminfo", key);
}

long long vmstat_get(const char *key)
{
	return keyed_value("/proc/vmstat", key);
}

bool exec_protect_v2(void)
{
	return vmstat_get("exec_protect_kept") >= 0;
}

void run_text_once(void *span)
{
	const struct text_span *t = span;
	size_t len = t->len;
	void *p = map_file(t->path, PROT_READ | PROT_EXEC, &len);

	touch_pages(p, len);
}

void *map_file(const char *path, int prot, size_t *len)
{
	struct stat st;
	void *p;
	int fd = open(path, O_RDONLY);

	if (fd < 0 || fstat(fd, &st))
		die("open %s: %s", path, strerror(errno));
	if (!*len || *len > (size_t)st.st_size)
		*len = st.st_size;
	p = mmap(NULL, *len, prot, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED)
		die("mmap %s: %s", path, strerror(errno));
	close(fd);
	return p;
}

int spawn_child(const char *cg)
{
	pid_t pid = fork();

	if (pid < 0)
		die("fork: %s", strerror(errno));
	if (!pid) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		/* A harness may spare itself from the OOM killer; the
		 * workloads it starts never are. */
		knob_set("/proc/self/oom_score_adj", "0");
		if (cg)
			cg_enter(cg, getpid());
	}
	return pid;
}

void child_wait(pid_t pid, const char *what)
{
	int status;

	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status))
		die("%s failed", what);
}

void cg_reclaim(const char *name, const char *amount)
{
	char path[192];

	snprintf(path, sizeof(path), "%s/%s/memory.reclaim", CGROUP_ROOT, name);
	if (knob_write(path, amount, strlen(amount)) && errno != EAGAIN)
		die("%s: %s", path, strerror(errno));
}

void stream_for(const char *cg, const char *engine, int seconds)
{
	pid_t stream = spawn_engine_stream(cg, engine);

	sleep_ms(seconds * 1000L);
	stop_child(stream);
}

int spawn_ready(const char *cg, void (*setup)(void *), void *arg,
		const char *who)
{
	int ready[2];
	pid_t pid;
	char c;

	if (pipe(ready))
		die("pipe: %s", strerror(errno));
	pid = spawn_child(cg);
	if (!pid) {
		close(ready[0]);
		setup(arg);
		if (write(ready[1], "r", 1) != 1)
			_exit(1);
		for (;;)
			pause();
	}
	close(ready[1]);
	if (read(ready[0], &c, 1) != 1)
		die("%s died before it was ready", who);
	close(ready[0]);
	return pid;
}

void stop_child(int pid)
{
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
}

void file_read(const char *path, size_t len)
{
	static char buf[1 << 20];
	int fd = open(path, O_RDONLY);
	size_t off;

	if (fd < 0)
		die("open %s: %s", path, strerror(errno));
	for (off = 0; off < len; off += sizeof(buf))
		if (pread(fd, buf, sizeof(buf), off) <= 0)
			die("pread %s: %s", path, strerror(errno));
	close(fd);
}

double file_residency(const char *path, size_t len)
{
	void *p = map_file(path, PROT_READ, &len);
	double r = resident_fraction(p, len);

	munmap(p, len);
	return r;
}

void file_pageout(const char *path, size_t len)
{
	void *p = map_file(path, PROT_READ, &len);

	touch_pages(p, len);
	if (madvise(p, len, MADV_PAGEOUT))
		die("MADV_PAGEOUT: %s", strerror(errno));
	munmap(p, len);
}

double resident_fraction(void *addr, size_t len)
{
	size_t page = sysconf(_SC_PAGESIZE), pages = (len + page - 1) / page;
	unsigned char *vec = malloc(pages);
	size_t i, in = 0;

	if (!vec || mincore(addr, len, vec))
		die("mincore: %s", strerror(errno));
	for (i = 0; i < pages; i++)
		in += vec[i] & 1;
	free(vec);
	return pages ? (double)in / pages : 0;
}

unsigned long touch_pages(const void *addr, size_t len)
{
	const volatile unsigned char *p = addr;
	size_t page = sysconf(_SC_PAGESIZE), off;
	unsigned long sum = 0;

	for (off = 0; off < len; off += page)
		sum += p[off];
	return sum;
}

double now_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

void sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

bool exec_counters_monotonic(long long *last)
{
	/* v1's trips, or v2's keeps and refusals */
	bool v2 = exec_protect_v2();
	long long a = vmstat_get(v2 ? "exec_protect_kept" : "exec_protect_activate");
	long long r = vmstat_get(v2 ? "exec_protect_refused" : "exec_protect_rotate");
	bool ok = a >= last[0] && r >= last[1];

	last[0] = a;
	last[1] = r;
	return ok;
}

int klog_splats(void)
{
	static char log[1 << 20];
	int i, n, found = 0;

	n = klogctl(3 /* SYSLOG_ACTION_READ_ALL */, log, sizeof(log) - 1);
	if (n < 0)
		return -1;
	log[n] = '\0';
	for (i = 0; i < (int)(sizeof(splats) / sizeof(splats[0])); i++) {
		regex_t re;

		if (regcomp(&re, splats[i], REG_EXTENDED | REG_NOSUB))
			die("common/splats: bad pattern '%s'", splats[i]);
		if (!regexec(&re, log, 0, NULL, 0)) {
			printf("# kernel log has '%s'\n", splats[i]);	/* TAP */
			fflush(stdout);
			found++;
		}
		regfree(&re);
	}
	return found;
}

void pace(double t0, double bytes, int mbps)
{
	double ahead;

	if (mbps <= 0)
		return;
	ahead = bytes / (mbps * 1e6) - (now_seconds() - t0);
	if (ahead > 0)
		sleep_ms(ahead * 1000);
}

/*
 * A stream child in cgroup cg over DISK/stream.bin that makes an engine's
 * lists turn over: on the multi-gen LRU a stream through a mapping, which
 * the aging promotes like code; on the classic LRU Wu's file-server
 * stream, whose pages read twice are activated and turn the active list
 * over (a once-read stream would leave the active list unscanned).
 */
pid_t spawn_engine_stream(const char *cg, const char *engine)
{
	pid_t pid = spawn_child(cg);

	if (!pid) {
		static char hot[WU_READ_PAGES * 4096];
		size_t len = 0, off;
		void *p;
		int fd;

		if (!strcmp(engine, "mglru")) {
			p = map_file(DISK "/stream.bin", PROT_READ, &len);
			for (;;)
				touch_pages(p, len);
		}
		fd = open(DISK "/stream.bin", O_RDONLY);
		if (fd < 0)
			die("open %s/stream.bin: %s", DISK, strerror(errno));
		for (;;)
			for (off = 0; pread(fd, hot, sizeof(hot), off) > 0;
			     off += WU_STEP_PAGES * 4096)
				;
	}
	return pid;
}
