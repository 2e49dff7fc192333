// SPDX-License-Identifier: GPL-2.0
/* Compiled by the bench (bench/realapps/programs): a small C file with no
 * headers, so that gcc's own code (cc1, as) is what a launch reads. */
struct node { struct node *next; unsigned long key, val; };

static unsigned long mix(unsigned long x)
{
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdUL;
	x ^= x >> 33;
	return x;
}

unsigned long table_sum(struct node **tab, unsigned int n, unsigned long seed)
{
	unsigned long s = 0;

	for (unsigned int i = 0; i < n; i++)
		for (struct node *p = tab[i]; p; p = p->next)
			s += mix(p->key ^ seed) * p->val;
	return s;
}

void table_insert(struct node **tab, unsigned int n, struct node *e)
{
	struct node **pp = &tab[mix(e->key) % n];

	while (*pp && (*pp)->key < e->key)
		pp = &(*pp)->next;
	e->next = *pp;
	*pp = e;
}

int table_sort(unsigned long *v, int n)
{
	int swaps = 0;

	for (int i = 1; i < n; i++) {
		unsigned long x = v[i];
		int j = i - 1;

		while (j >= 0 && v[j] > x) {
			v[j + 1] = v[j];
			j--;
			swaps++;
		}
		v[j + 1] = x;
	}
	return swaps;
}
