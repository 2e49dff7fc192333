// SPDX-License-Identifier: GPL-2.0
/*
 * The bench disk's files (bench.h names them): their sizes, and mappings
 * of them. The base of the driver: it uses nothing of the others.
 */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "bench.h"
#include "../lib/util.h"

size_t file_size(const char *path)
{
	struct stat st;

	if (stat(path, &st))
		die("stat %s: %s", path, strerror(errno));
	return st.st_size;
}

void *map_range(const char *path, int prot, size_t off, size_t len)
{
	int fd = open(path, O_RDONLY);
	struct stat st;
	void *p;

	if (fd < 0 || fstat(fd, &st))
		die("open %s: %s", path, strerror(errno));
	/* A page past the end would fault SIGBUS when touched. */
	if (off + len > (size_t)st.st_size)
		die("mmap %s: it is %zu bytes, and %zu from %zu would reach past its end",
		    path, (size_t)st.st_size, len, off);
	p = mmap(NULL, len, prot, MAP_SHARED, fd, off);
	if (p == MAP_FAILED)
		die("mmap %s: %s", path, strerror(errno));
	close(fd);
	return p;
}

#define TOO_SMALL	"the bench disk is too small for this guest " \
			"(host/lib/disks/bench.sh sizes it for bench.max_mem_mb)"

void file_need(const char *path, size_t need, const char *what)
{
	size_t size = file_size(path);

	if (size < need)
		die("%s is %zu bytes (%.1f MiB), but %s needs %zu (%.1f MiB): %s",
		    path, size, size / 1048576.0, what, need, need / 1048576.0,
		    TOO_SMALL);
}

/* What path holds now counts as room: it is rewritten from the start. */
void space_need(const char *path, size_t need, const char *what)
{
	char dir[PATH_MAX];
	struct statvfs vfs;
	struct stat st;
	size_t room, held = 0;

	snprintf(dir, sizeof(dir), "%s", path);
	if (statvfs(dirname(dir), &vfs))
		die("statvfs %s: %s", dir, strerror(errno));
	if (!stat(path, &st))
		held = (size_t)st.st_blocks * 512;
	room = (size_t)vfs.f_bavail * vfs.f_frsize + held;
	if (room < need)
		die("%s has %.1f MiB free (%.1f MiB of them %s's), but %s needs %.1f MiB for %s: %s",
		    dir, room / 1048576.0, held / 1048576.0, path, what,
		    need / 1048576.0, path, TOO_SMALL);
}
