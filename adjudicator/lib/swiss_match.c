/*
 * Who can still all be paired: a largest matching on the "may meet"
 * graph (Edmonds' blossom algorithm, a search from each unpaired player
 * in turn), after a greedy start that leaves few unpaired in the nearly
 * complete graphs of a Swiss.  The completion criterion (C4) of the
 * Dutch system asks this for every candidate kept, so it must stay fast
 * for 1,000 players: one search costs at most m * m bit tests.
 */
#include <string.h>

#include "swiss_int.h"

/* The common base of a and b in the alternating tree. */
static unsigned
lca(struct sw *s, unsigned a, unsigned b)
{
	memset(s->seen, 0, s->m);
	for (;;) {
		a = s->base[a];
		s->seen[a] = 1;
		if (s->mate[a] == SW_NONE)
			break;
		a = s->par[s->mate[a]];
	}
	for (;;) {
		b = s->base[b];
		if (s->seen[b])
			return b;
		b = s->par[s->mate[b]];
	}
}

static void
mark(struct sw *s, unsigned v, unsigned b, unsigned child)
{
	while (s->base[v] != b) {
		s->blos[s->base[v]] = 1;
		s->blos[s->base[s->mate[v]]] = 1;
		s->par[v] = child;
		child = s->mate[v];
		v = s->par[s->mate[v]];
	}
}

/* Shrinks the blossom met on the edge v-to, queueing its new members. */
static void
shrink(struct sw *s, unsigned v, unsigned to, size_t *tail)
{
	unsigned b = lca(s, v, to), i;

	memset(s->blos, 0, s->m);
	mark(s, v, b, to);
	mark(s, to, b, v);
	for (i = 0; i < s->m; i++) {
		if (!s->act[i] || !s->blos[s->base[i]])
			continue;
		s->base[i] = b;
		if (!s->used[i]) {
			s->used[i] = 1;
			s->queue[(*tail)++] = i;
		}
	}
}

/* An augmenting path from root: its free end, or SW_NONE. */
static unsigned
find_path(struct sw *s, unsigned root)
{
	size_t head = 0, tail = 0;
	unsigned v, to;

	memset(s->used, 0, s->m);
	for (v = 0; v < s->m; v++) {
		s->par[v] = SW_NONE;
		s->base[v] = v;
	}
	s->used[root] = 1;
	s->queue[tail++] = root;
	while (head < tail) {
		v = s->queue[head++];
		for (to = 0; to < s->m; to++) {
			if (!s->act[to] || !sw_may(s, v, to) ||
			    s->base[v] == s->base[to] || s->mate[v] == to)
				continue;
			if (to == root || (s->mate[to] != SW_NONE &&
			    s->par[s->mate[to]] != SW_NONE))
				shrink(s, v, to, &tail);
			else if (s->par[to] == SW_NONE) {
				s->par[to] = v;
				if (s->mate[to] == SW_NONE)
					return to;
				s->used[s->mate[to]] = 1;
				s->queue[tail++] = s->mate[to];
			}
		}
	}
	return SW_NONE;
}

static void
augment(struct sw *s, unsigned v)
{
	unsigned pv, ppv;

	while (v != SW_NONE) {
		pv = s->par[v];
		ppv = s->mate[pv];
		s->mate[v] = pv;
		s->mate[pv] = v;
		v = ppv;
	}
}

/* Greedy start: each unpaired player in order with the first it may. */
static void
greedy(struct sw *s)
{
	unsigned v, to;

	for (v = 0; v < s->m; v++)
		s->mate[v] = SW_NONE;
	for (v = 0; v < s->m; v++) {
		if (!s->act[v] || s->mate[v] != SW_NONE)
			continue;
		for (to = v + 1; to < s->m; to++)
			if (s->act[to] && s->mate[to] == SW_NONE &&
			    sw_may(s, v, to)) {
				s->mate[v] = to;
				s->mate[to] = v;
				break;
			}
	}
}

/*
 * A vertex with no augmenting path now never gets one later (the
 * blossom algorithm's lemma), so "perfect" stops at the first such.
 */
static size_t
run(struct sw *s, int stop)
{
	unsigned v, end;
	size_t pairs = 0;

	greedy(s);
	for (v = 0; v < s->m; v++) {
		if (!s->act[v] || s->mate[v] != SW_NONE)
			continue;
		end = find_path(s, v);
		if (end != SW_NONE)
			augment(s, end);
		else if (stop)
			return 0;
	}
	for (v = 0; v < s->m; v++)
		if (s->act[v] && s->mate[v] != SW_NONE && s->mate[v] > v)
			pairs++;
	return pairs;
}

int
sw_perfect(struct sw *s)
{
	size_t v, n = 0;

	for (v = 0; v < s->m; v++)
		n += s->act[v];
	if (n % 2 != 0)
		return 0;
	if (n == 0)
		return 1;
	return run(s, 1) * 2 == n;
}

size_t
sw_matching(struct sw *s)
{
	return run(s, 0);
}
