// SPDX-License-Identifier: GPL-2.0
/*
 * The v2 series keeps only what programs map as code, not the whole file
 * (issue 29's finding 4). A 64 MiB file of which a program maps the first
 * 4 MiB PROT_EXEC and the next 4 MiB PROT_READ as ld.so maps an object
 * whose bss takes 4 MiB more (its first, read-only map of the object
 * covers 4 MiB of file pages past the segments, then replaced by
 * anonymous memory), running through both, while the rest is read with
 * read(); then a stream under global pressure, vm.exec_protect=2:
 *   1. with the program alive and idle, the executable range stays and
 *      at most 1 MiB (readahead's reach) beyond the 8 MiB it maps does
 *      (the mapped read-only data may stay: upstream's reclaim gives a
 *      referenced mapped page another trip too);
 *   2. after the program has exited, with the whole file read again, the
 *      same: the launched arm keeps the hull noted at mmap(), and nothing
 *      beyond it (11488e96080c took in the loader's first map whole, and
 *      with it the 4 MiB past the segments);
 *   3. and, then, the read-only data the loader mapped beside the text
 *      stays too: the hull takes in the mappings of the same file that
 *      adjoin a PROT_EXEC one (what a launch needs of an ELF object
 *      besides its text; keeping the text alone left a build's launches
 *      about six times the faults, results/v2-probe-launch).
 * Both engines, each under its stream.
 */
#include <fcntl.h>
#include <stdbool.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "kselftest.h"
#include "../lib/knobs.h"
#include "../lib/util.h"

#define FILE_PATH	DISK "/twin-read.bin"
#define MiB		(1024 * 1024)
#define FILE_MB		64
#define EXEC_MB		4
#define RO_MB		4
#define BSS_MB		4	/* past the segments in the loader's first map */
#define STREAM_S	15
#define MIN_EXEC	0.90	/* of the executable range, resident */
#define MIN_RO		0.90	/* of the read-only data beside it, resident */
#define MAX_REST_MB	1.0	/* of the rest, resident */

/*
 * The program, mapped as ld.so maps an object: its whole extent read-only
 * first, bss included (BSS_MB more, which maps file pages past the
 * segments), then the text over it PROT_EXEC and the read-only data
 * PROT_READ (MAP_FIXED each, from their file offsets), then the bss
 * anonymous; it runs through its text and read-only data, and reads the
 * whole file as a file.
 */
static void program(void *unused)
{
	size_t text = (size_t)EXEC_MB * MiB, ro = (size_t)RO_MB * MiB;
	size_t bss = (size_t)BSS_MB * MiB;
	int fd = open(FILE_PATH, O_RDONLY);
	char *p;

	(void)unused;
	if (fd < 0)
		die("open %s: %m", FILE_PATH);
	p = mmap(NULL, text + ro + bss, PROT_READ, MAP_PRIVATE, fd, 0);
	if (p == MAP_FAILED ||
	    mmap(p, text, PROT_READ | PROT_EXEC, MAP_PRIVATE | MAP_FIXED, fd, 0) != p ||
	    mmap(p + text, ro, PROT_READ, MAP_PRIVATE | MAP_FIXED, fd, text) != p + text ||
	    mmap(p + text + ro, bss, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_FIXED | MAP_ANONYMOUS, -1, 0) != p + text + ro)
		die("mmap %s: %m", FILE_PATH);
	close(fd);
	touch_pages(p, text + ro);
	file_read(FILE_PATH, (size_t)FILE_MB * MiB);
}

/* Resident share of [off, off + len) of the file. */
static double resident(size_t off, size_t len)
{
	size_t all = (size_t)FILE_MB * MiB;
	char *p = map_file(FILE_PATH, PROT_READ, &all);
	double r = resident_fraction(p + off, len);

	munmap(p, all);
	return r;
}

/*
 * The stream for STREAM_S, then the verdict, with the counters' deltas;
 * the resident share of the read-only data in *ro.
 */
static bool stream_check(const char *engine, const char *when, double *ro)
{
	long long kept = vmstat_get("exec_protect_kept");
	long long refused = vmstat_get("exec_protect_refused");
	long long avail, low = -1;
	pid_t stream = spawn_engine_stream(NULL, engine);
	double exec;
	int i;

	/* the least MemAvailable seen: under a tenth of RAM, v2 steps aside */
	for (i = 0; i < STREAM_S * 4; i++) {
		sleep_ms(250);
		avail = meminfo_kb("MemAvailable");
		if (low < 0 || avail < low)
			low = avail;
	}
	stop_child(stream);
	exec = resident(0, (size_t)EXEC_MB * MiB);
	*ro = resident((size_t)EXEC_MB * MiB, (size_t)RO_MB * MiB);
	double rest = resident((size_t)(EXEC_MB + RO_MB) * MiB,
			       (size_t)(FILE_MB - EXEC_MB - RO_MB) * MiB);
	double rest_mb = rest * (FILE_MB - EXEC_MB - RO_MB);
	bool ok = exec >= MIN_EXEC && rest_mb <= MAX_REST_MB;

	kept = vmstat_get("exec_protect_kept") - kept;
	refused = vmstat_get("exec_protect_refused") - refused;
	ksft_test_result(ok, "%s, %s: the executable range stays (%.1f%%), what no mapping covers goes (%.2f MiB of %d resident; exec_protect_kept %lld, refused %lld; MemAvailable at least %lld of %lld KiB)\n",
			 engine, when, 100 * exec, rest_mb,
			 FILE_MB - EXEC_MB - RO_MB,
			 kept, refused, low, meminfo_kb("MemTotal"));
	return ok;
}

/* exec_ranges [SPEC]: the knobs (knobs.h), to explore; default 2/50/60000 */
int main(int argc, char **argv)
{
	const char *spec = argc > 1 ? argv[1] : "2/50/60000";
	int e;

	ksft_print_header();
	ksft_set_plan(NR_ENGINES * 3);
	for (e = 0; e < NR_ENGINES; e++) {
		const char *why = protect_case(e + 1, lru_engines[e], spec);
		pid_t prog;
		double ro;

		if (why) {
			ksft_test_result_skip("%s, program alive: %s\n", lru_engines[e], why);
			ksft_test_result_skip("%s, program gone: %s\n", lru_engines[e], why);
			ksft_test_result_skip("%s, program gone, read-only data: %s\n",
					      lru_engines[e], why);
			continue;
		}
		file_pageout(FILE_PATH, (size_t)FILE_MB * MiB);
		prog = spawn_ready(NULL, program, NULL, "the program");
		stream_check(lru_engines[e], "program alive and idle", &ro);
		stop_child(prog);
		file_read(FILE_PATH, (size_t)FILE_MB * MiB);
		stream_check(lru_engines[e], "program gone, file read again", &ro);
		ksft_test_result(ro >= MIN_RO, "%s, program gone, file read again: the read-only data mapped beside the text stays too (%.1f%%)\n",
				 lru_engines[e], 100 * ro);
	}
	ksft_finished();
}
