/* SPDX-License-Identifier: GPL-2.0 */
/* Before the measurement (warm.c). */
#ifndef EXECFIRST_WARM_H
#define EXECFIRST_WARM_H

#include "pattern.h"

/* sync(), then drop the page cache and slab caches. */
void drop_caches(void);
/* Start the apps and their twins and run each once, as a warm-up; the
 * launched programs' cold starts first. */
void apps_warm(struct run *r);

#endif
