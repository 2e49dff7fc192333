/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A workload that re-reads a hot set of file data while a stream passes
 * through the rest of the same file (stream.bin on the test disk), and
 * measures its page cache hit ratio: exec_abuse and exec_bound set it
 * beside an abuser.
 */
#ifndef EXECFIRST_HOTSET_H
#define EXECFIRST_HOTSET_H

#include <stdbool.h>
#include <sys/types.h>

#define HOT_SET_MB	24	/* the hot set: the first 24 MiB of stream.bin */

/*
 * A child in cgroup cg (NULL: this one) that reads stream.bin past the hot
 * set, again and again: with read(), or through a mapping (mapped). The
 * multi-gen LRU keeps every mapped page against a read() stream, so that a
 * mapped stream is what makes it evict mapped pages. Stop it with
 * stop_child().
 */
pid_t hot_set_stream(const char *cg, bool mapped);

/*
 * Random page reads of the hot set, in a child in cgroup cg, for warmup
 * and then seconds more: the share of the counted reads that
 * preadv2(RWF_NOWAIT) served from the cache, and their number in *reads.
 */
double hot_set_workload(const char *cg, double warmup, double seconds,
			long long *reads);

#endif
