/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The twin experiment: two processes touch the same amount of memory on the
 * same schedule, one through a PROT_EXEC mapping and one without, while a
 * pressure process forces reclaim in their memory cgroup. What each twin
 * loses between two touches (measured with mincore() just before the next
 * touch) shows what the executable-page rule buys.
 */
#ifndef EXECFIRST_TWIN_H
#define EXECFIRST_TWIN_H

#include <stdbool.h>

struct twin_config {
	const char *engine;	/* "classic" or "mglru" */
	const char *protect;	/* the rule's knobs, a spec of knobs.h:
				 * "1", "0", "1/30/20000"; NULL leaves them */
	bool anon;		/* anonymous memory (with swap) instead of files */
	bool mmap_stream;	/* the stream touches an mmap() of the file
				 * instead of read()ing it */
	bool hot_stream;	/* Wu's file server: pread() 110 pages at
				 * every 100, so a tenth is read twice and
				 * activated, turning the active list over */
	int stream_mbps;	/* the stream's speed limit, 0 for none */
	int memory_max_mb;	/* memory.max of the twins' cgroup */
	bool global;		/* no memory.max: the stream runs in a sibling
				 * cgroup, and the guest's memory is what is
				 * short (global reclaim) */
	int memory_low_mb;	/* memory.low of the twins' cgroup, 0: none */
	int memory_min_mb;	/* memory.min of the twins' cgroup, 0: none */
	bool memory_high;	/* set memory_max_mb as memory.high instead:
				 * reclaim and throttling, never an OOM kill */
	int twin_mb;		/* each twin's size */
	int interval_ms;	/* time between two touches */
	bool launched;		/* each twin is a program launched again and
				 * again: it maps its file, touches it and
				 * unmaps it at every touch, so that nothing
				 * maps the file in between (file twins only) */
	int hog_mb;		/* a large program in the cgroup: hog.bin
				 * mapped PROT_EXEC, faulted in, then one
				 * page of it run each second; 0 for none */
	int warmup;		/* rounds not counted */
	int rounds;		/* rounds counted */
};

struct twin_result {
	double exec_lost, exec_sd;	/* share of pages lost per interval */
	double read_lost, read_sd;
	int rounds;
	/* The rule's counters over the run: /proc/vmstat deltas and the
	 * twins' cgroup's memory.stat; -1 where the kernel has none. */
	long long vm_activate, vm_rotate, cg_activate, cg_rotate;
	/* The bound's refusals (exec_protect_capped), where there is one. */
	long long vm_capped, cg_capped;
	/* Pages kept while nothing mapped them (exec_protect_unmapped). */
	long long vm_unmapped, cg_unmapped;
	/* v2 (patches/v2): what it kept and refused (exec_protect_kept,
	 * exec_protect_refused). */
	long long vm_kept, cg_kept, vm_refused, cg_refused;
	/* The twins' cgroup's memory.events: times reclaim went below
	 * memory.low ("low"), and OOM kills in it. */
	long long cg_low_events, cg_oom_kills;
};

/* Parse "--engine classic --protect 1 ..." into c; false on a bad option. */
bool twin_parse_args(int argc, char **argv, struct twin_config *c);
/* Run one experiment. Returns false, with the reason in skip_reason, when
 * the guest lacks a capability (cgroup v2 memory controller, swap, knob). */
bool twin_run(const struct twin_config *c, struct twin_result *r,
	      const char **skip_reason);
void twin_print(const struct twin_config *c, const struct twin_result *r);

#endif
