// SPDX-License-Identifier: GPL-2.0
/*
 * The bench disk's files (bench.h names them): their sizes, and mappings
 * of them. The base of the driver: it uses nothing of the others.
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
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
	void *p;

	if (fd < 0)
		die("open %s: %s", path, strerror(errno));
	p = mmap(NULL, len, prot, MAP_SHARED, fd, off);
	if (p == MAP_FAILED)
		die("mmap %s: %s", path, strerror(errno));
	close(fd);
	return p;
}
