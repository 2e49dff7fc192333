// SPDX-License-Identifier: GPL-2.0
/*
 * The launch pattern: the real programs launched in turn, each launch
 * timed against its cold start.
 */
#include <stdio.h>

#include "pattern.h"
#include "../lib/util.h"

/*
 * Programs launched again and again, in turn, with the scenario's think
 * times: each launch's time and major faults (its children's included),
 * and the share of its cold start's footprint that was not in memory
 * just before, with those pages counted by where they lie in their files
 * (executable ELF segments, the rest of ELF files, other files: what a
 * rule that keeps only text would leave to fault); the twin touches the
 * same pages of the twin root after.
 */
void pattern_launch(struct run *r)
{
	static const char *const seg_name[NR_FP_SEGS] = {
		[FP_OTHER] = "other", [FP_EXEC] = "exec", [FP_ELF] = "elf",
	};
	long cold = 0, killed = 0, fa, ft, missing[NR_FP_SEGS] = { 0 };
	long launches = 0;
	int k;

	for (k = 0; since(r) + r->think[k % r->nthink] / 1000.0 < r->duration; k++) {
		struct program *p = &r->prog[k % r->nprogs];
		double ra, rt, ma, mt;

		sleep_ms(r->think[k % r->nthink]);
		ra = fp_resident(&p->fp, REAL_ROOT);
		rt = fp_resident(&p->fp, TWIN_ROOT);
		fp_missing(&p->fp, REAL_ROOT, missing);
		launches++;
		ma = program_launch(p, &fa);
		if (ma < 0) {	/* the OOM killer's: counted, not timed */
			killed++;
			continue;
		}
		mt = fp_touch(&p->fp, TWIN_ROOT, &ft);
		side_add(&r->sa, since(r), ma, fa, ra);
		side_add(&r->st, since(r), mt, ft, rt);
		p->launches++;
		p->majflt += fa;
		cold += p->cold_majflt;
	}
	for (k = 0; k < r->nprogs; k++)
		if (r->prog[k].launches)
			printf("metric app.%s_majflt_per_launch %.2f faults lower\n",
			       r->prog[k].name,
			       (double)r->prog[k].majflt / r->prog[k].launches);
	printf("metric app.launches_killed %ld count lower\n", killed);
	for (k = 0; launches && k < NR_FP_SEGS; k++)
		printf("metric app.missing_%s_per_launch %.2f pages lower\n",
		       seg_name[k], (double)missing[k] / launches);
	/* Of what the same launches read from dropped caches. */
	if (cold)
		printf("metric app.cold_majflt_pct %.2f %% lower\n",
		       100.0 * r->sa.faults / cold);
}
