// SPDX-License-Identifier: GPL-2.0
/* The hot-set workload and its stream (hotset.h). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

#include "hotset.h"
#include "util.h"

#define MiB		(1024LL * 1024)
#define PAGE		4096
#define STREAM		DISK "/stream.bin"

/* Open the stream file (in the child, so that it is charged to its cgroup). */
static int open_stream(void)
{
	int fd = open(STREAM, O_RDONLY);

	if (fd < 0)
		die("open stream.bin: %s", strerror(errno));
	return fd;
}

pid_t hot_set_stream(const char *cg, bool mapped)
{
	pid_t pid = spawn_child(cg);

	if (!pid) {
		static char buf[1 << 17];
		int fd = open_stream();
		size_t len = 0;
		char *p = NULL;

		if (mapped)
			p = map_file(STREAM, PROT_READ, &len);
		for (;;) {
			if (mapped) {
				touch_pages(p + HOT_SET_MB * MiB,
					    len - HOT_SET_MB * MiB);
				continue;
			}
			lseek(fd, HOT_SET_MB * MiB, SEEK_SET);
			while (read(fd, buf, sizeof(buf)) > 0)
				;
		}
	}
	return pid;
}

double hot_set_workload(const char *cg, double warmup, double seconds,
			long long *reads)
{
	int fds[2];
	double res[2] = { -1, 0 };
	pid_t pid;

	if (pipe(fds))
		die("pipe");
	pid = spawn_child(cg);
	if (!pid) {
		char buf[PAGE];
		struct iovec iov = { buf, sizeof(buf) };
		long long hits = 0, total = 0, pages = HOT_SET_MB * MiB / PAGE;
		double t0 = now_seconds(), end = t0 + warmup + seconds;
		int fd = open_stream();

		posix_fadvise(fd, 0, 0, POSIX_FADV_RANDOM);
		srand(1);
		while (now_seconds() < end) {
			off_t off = (off_t)(rand() % pages) * PAGE;
			bool counted = now_seconds() >= t0 + warmup;
			ssize_t n = preadv2(fd, &iov, 1, off, RWF_NOWAIT);

			if (n != PAGE) {
				if (n >= 0 || errno != EAGAIN)
					die("preadv2: %s", n < 0 ? strerror(errno) : "short");
				if (pread(fd, buf, PAGE, off) != PAGE)
					die("pread: %s", strerror(errno));
			}
			hits += counted && n == PAGE;
			total += counted;
		}
		res[0] = total ? (double)hits / total : -1;
		res[1] = total;
		if (write(fds[1], res, sizeof(res)) != sizeof(res))
			_exit(1);
		_exit(0);
	}
	close(fds[1]);
	if (read(fds[0], res, sizeof(res)) != sizeof(res))
		die("the workload died");
	close(fds[0]);
	waitpid(pid, NULL, 0);
	*reads = (long long)res[1];
	return res[0];
}
