/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The order in which an app runs through its text, and its data twin
 * through the same bytes: page k * STEP mod PAGES, scattered as code jumps
 * around. STEP is a prime, so every page is visited once unless PAGES is a
 * multiple of it (then the order is plain).
 */
#ifndef EXECFIRST_ORDER_H
#define EXECFIRST_ORDER_H

#define ORDER_STEP 7919UL

static inline unsigned long page_order(unsigned long k, unsigned long pages)
{
	return pages % ORDER_STEP ? k * ORDER_STEP % pages : k;
}

#endif
