/*
 * A whole tournament from its files (formats/tournament.md, "Verify"):
 * the declaration, the acceptances and withdrawals, the director's
 * rounds and the games' archives.  Each archive goes through verify's
 * own code (standings.h); each director's round is paired again from
 * the results before it and must be the same; each game must be the one
 * its round paired (its header's tournament, round, board and game, its
 * seats' keys in their colours, the declared game).  The first place
 * where the director's word differs is said in one line.  Without any
 * round of the director's, the rounds are those the rules give, paired
 * as far as the results allow: what table and trf print for anyone.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "standings.h"
#include "tour.h"
#include "tour_deadline.h"
#include "tour_int.h"
#include "transcript.h"

struct load {
	struct tour		*t;
	struct standings	 st;
	unsigned char		*used;	/* per archive game: taken */
	char			*diff;
	size_t			 difflen;
	char			 terms[MATCH_TERMS];	/* the declared */
	int			 differs;
};

static int
differ(struct load *l, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static int
differ(struct load *l, const char *fmt, ...)
{
	va_list ap;

	if (l->differs++ == 0) {
		va_start(ap, fmt);
		vsnprintf(l->diff, l->difflen, fmt, ap);
		va_end(ap);
	}
	return 1;
}

static void
refused(void *arg, const char *line)
{
	struct load *l = arg;

	differ(l, "%s", line);
}

static const char *
name(const struct tour *t, unsigned p)
{
	return p == TOUR_NONE ? "(bye)" : t->d->p[p].name;
}

/* Who plays p's game of round r: its name, or its replacement key's. */
static const char *
holder(const struct tour *t, unsigned p, unsigned r)
{
	if (p == TOUR_NONE)
		return name(t, p);
	return tour_key_of(t, p, r) == &t->d->p[p].key ? t->d->p[p].name :
	    tour_key_of(t, p, r)->name;
}

/* A game's seats' names, "alice-bob" (a table's all of them), who
 * plays them in round r (a replacement's key name). */
static const char *
seats_of(const struct tour *t, const struct tour_game *g, char *buf,
    size_t len)
{
	unsigned i, k = g->nseats > 2 ? g->nseats : 2;
	size_t at = 0;

	buf[0] = '\0';
	for (i = 0; i < k && at < len; i++)
		at += (size_t)snprintf(buf + at, len - at, "%s%s", i ? "-" :
		    "", holder(t, tour_seat(g, i), g->round));
	return buf;
}

/* A table's game: its seats' keys in the round's order, and each seat's
 * points by the final order (a point for each seat behind it, half for
 * each level with it). */
static int
take_table(struct load *l, struct tour_slot *s,
    const struct standings_game *g)
{
	char want[4 * (KEY_NAME_MAX + 1)];
	unsigned i, j, k = s->g.nseats;

	for (i = 0; i < k && g->nseats == (int)k; i++)
		if (strcmp(g->seat[i].key, tour_key_of(l->t,
		    tour_seat(&s->g, i), s->g.round)->idhex) != 0)
			break;
	if (g->nseats != (int)k || i < k)
		return differ(l, "%s: game %.16s of round %u, board %u has "
		    "%d seats, %s first; the round seated %s", g->from, g->id,
		    s->g.round, s->g.board, g->nseats, g->seat[0].player,
		    seats_of(l->t, &s->g, want, sizeof(want)));
	for (i = 0; i < k; i++)
		for (s->pts2[i] = 0, j = 0; j < k; j++)
			if (g->pair[i][j] > 0)
				s->pts2[i] += (unsigned char)g->pair[i][j];
	return 0;
}

/* The game an archive holds as the slot's result, checked. */
static int
take(struct load *l, struct tour_slot *s, const struct standings_game *g)
{
	const struct tour_decl *d = l->t->d;
	char why[300];
	int w;

	if (strcmp(g->rules, d->rules->name) != 0)
		return differ(l, "%s: game %.16s is %s, not %s as declared",
		    g->from, g->id, g->rules, d->rules->name);
	if (strcmp(g->terms, l->terms) != 0)
		return differ(l, "%s: game %.16s is played with \"%.120s\", "
		    "not \"%.120s\" as declared", g->from, g->id, g->terms,
		    l->terms);
	if (s->g.nseats > 2) {
		if (take_table(l, s, g) != 0)
			return 1;
	} else if (g->nseats != 2 || s->g.black == TOUR_NONE ||
	    strcmp(g->seat[0].key, tour_key_of(l->t, s->g.white,
	    s->g.round)->idhex) != 0 ||
	    strcmp(g->seat[1].key, tour_key_of(l->t, s->g.black,
	    s->g.round)->idhex) != 0)
		return differ(l, "%s: game %.16s of round %u, board %u has "
		    "seats %s-%s; the round paired %s-%s", g->from, g->id,
		    s->g.round, s->g.board, g->seat[0].player,
		    g->nseats > 1 ? g->seat[1].player : "?",
		    holder(l->t, s->g.white, s->g.round),
		    holder(l->t, s->g.black, s->g.round));
	if (s->gid[0] != '\0' && strcmp(s->gid, g->id) != 0)
		return differ(l, "round %u, board %u: two games, %.16s and "
		    "%.16s", s->g.round, s->g.board, s->gid, g->id);
	snprintf(s->gid, sizeof(s->gid), "%s", g->id);
	if (g->how == MATCH_HOW_NONE)
		return 0;
	if (!g->rated) {
		s->res = TOUR_VOID;
		return 0;
	}
	if (tour_deadline_check(d, g, why, sizeof(why)) != 0)
		return differ(l, "%s: game %.16s of round %u, board %u: %s",
		    g->from, g->id, s->g.round, s->g.board, why);
	w = g->pair[0][1];
	s->res = s->g.nseats > 2 ? TOUR_TABLE : w == STANDINGS_WON ?
	    TOUR_WHITE : w == STANDINGS_LOST ? TOUR_BLACK : TOUR_DRAW;
	/* a loss on time (the loser's seat out of time, ruled or
	 * claimed): played, and counted for the declaration's timeouts */
	s->out = s->res == TOUR_BLACK && g->seat[0].timed_out ? 1 :
	    s->res == TOUR_WHITE && g->seat[1].timed_out ? 2 : 0;
	return 0;
}

/* A pending game after one side's withdrawal: lost by forfeit. */
static void
withdrawals(struct tour *t, struct tour_slot *s)
{
	int w, b;

	/* a table's: not built (its game stays pending) */
	if (s->res != TOUR_PENDING || s->g.nseats > 2)
		return;
	w = t->withdrawn[s->g.white] != 0 &&
	    t->withdrawn[s->g.white] - 1 < s->g.round;
	b = t->withdrawn[s->g.black] != 0 &&
	    t->withdrawn[s->g.black] - 1 < s->g.round;
	if (w && b)
		s->res = TOUR_VOID;
	else if (w)
		s->res = TOUR_BLACK_FF;
	else if (b)
		s->res = TOUR_WHITE_FF;
}

/* The director's ruling of a slot, if any: its result. */
static void
ruled(const struct tour *t, struct tour_slot *s)
{
	const struct tour_ruling *u;
	size_t i;

	for (i = 0; i < t->nrule; i++) {
		u = &t->rule[i];
		if (u->rule != TOUR_REPLACE && u->g.round == s->g.round &&
		    u->g.board == s->g.board && u->g.game == s->g.game) {
			s->res = u->rule == TOUR_ABORT ? TOUR_VOID :
			    (enum tour_res)u->res;
			s->out = 0;
		}
	}
}

/* The results of the slots from first on. */
static int
results(struct load *l, size_t first, struct error *e)
{
	const struct standings_game *g;
	struct tour_slot *s;
	size_t i, k;

	for (i = first; i < l->t->ns; i++) {
		s = &l->t->s[i];
		if (s->res == TOUR_BYE)
			continue;
		for (k = 0; k < l->st.n; k++) {
			g = &l->st.g[k];
			if (l->used[k] || g->event.round != s->g.round ||
			    g->event.board != s->g.board ||
			    (g->event.game ? g->event.game : 1) != s->g.game)
				continue;
			l->used[k] = 1;
			if (take(l, s, g) != 0)
				return 1;
		}
		ruled(l->t, s);
		withdrawals(l->t, s);
	}
	return tour_timeouts(l->t, e);
}

/* A round as the director gave it against what the rules give. */
static int
same(struct load *l, const struct tour_record *r)
{
	char a[4 * (KEY_NAME_MAX + 1)], b[sizeof(a)];
	struct tour_game *g = NULL;
	struct error e;
	size_t ng, i;
	unsigned k;
	int rc = 0, d;

	error_clear(&e);
	if (tour_pair(l->t, r->round, &g, &ng, &e) != 0)
		return differ(l, "%s: round %u: %s", r->from, r->round, e.msg);
	for (i = 0; rc == 0 && i < ng && i < r->ng; i++) {
		d = g[i].board != r->g[i].board ||
		    g[i].game != r->g[i].game ||
		    g[i].nseats != r->g[i].nseats;
		for (k = 0; !d && k < (g[i].nseats > 2 ? g[i].nseats : 2u);
		    k++)
			d = tour_seat(&g[i], k) != tour_seat(&r->g[i], k);
		if (d)
			rc = differ(l, "%s: round %u, board %u: the director "
			    "paired %s, the rules give %s", r->from,
			    r->round, g[i].board, seats_of(l->t, &r->g[i], a,
			    sizeof(a)), seats_of(l->t, &g[i], b, sizeof(b)));
	}
	if (rc == 0 && ng != r->ng)
		rc = differ(l, "%s: round %u: the director paired %zu games "
		    "and byes, the rules give %zu", r->from, r->round, r->ng,
		    ng);
	free(g);
	return rc;
}

/* One round more, the director's or the rules'; 1: a difference. */
static int
add_round(struct load *l, const struct tour_game *g, size_t n,
    struct error *e)
{
	size_t first = l->t->ns;

	if (tour_add_round(l->t, g, n, e) != 0)
		return -1;
	return results(l, first, e);
}

/* Rounds as the rules give them, while the results allow. */
static int
auto_rounds(struct load *l, struct error *e)
{
	struct tour *t = l->t;
	struct tour_game *g;
	struct error x;
	unsigned r = 1;
	size_t ng;
	int rc;

	while (r <= tour_rounds(t->d)) {
		error_clear(&x);
		if (tour_round_format(t->d, r) == TOUR_KNOCKOUT &&
		    r <= t->nrounds) {
			if (tour_pair(t, r, &g, &ng, &x) != 0) {
				r++;
				continue;
			}
		} else if (tour_pair(t, r, &g, &ng, &x) != 0) {
			if (x.status == EXIT_SYSTEM)
				return error_set(e, x.status, "%s", x.msg);
			return 0;
		}
		rc = add_round(l, g, ng, e);
		free(g);
		if (rc != 0)
			return rc;
		if (tour_round_format(t->d, r) != TOUR_KNOCKOUT)
			r++;
	}
	return 0;
}

static int
by_round(const void *a, const void *b)
{
	const struct tour_record *x = a, *y = b;

	if (x->round != y->round)
		return x->round < y->round ? -1 : 1;
	/* a knockout round's second games after its first */
	return (x->ng > 0 && x->g[0].game > 1) - (y->ng > 0 &&
	    y->g[0].game > 1);
}

/* Ladder games: in the order they ended, then by id (tour_ladder takes
 * them in time order). */
static int
by_end(const void *a, const void *b)
{
	const struct standings_game *x = a, *y = b;

	if (x->when != y->when)
		return x->when < y->when ? -1 : 1;
	return strcmp(x->id, y->id);
}

/* Every game of the ladder a challenge within reach at its creation. */
static int
reach(struct load *l, struct error *e)
{
	struct error x;
	unsigned *place;
	int rc;

	if ((place = calloc(l->t->d->n, sizeof(*place))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	error_clear(&x);
	if ((rc = tour_ladder(l->t, place, &x)) != 0)
		rc = x.status == EXIT_SYSTEM ? (*e = x, -1) :
		    differ(l, "%s", x.msg);
	free(place);
	return rc;
}

static int
ladder(struct load *l, struct error *e)
{
	struct tour_slot *s;
	struct tour_game g;
	int w, b;
	size_t k;

	for (k = 0; k < l->st.n; k++) {
		if (l->used[k])
			continue;	/* another seat's export */
		w = tour_player_keyed(l->t->d, l->st.g[k].seat[0].key);
		b = tour_player_keyed(l->t->d, l->st.g[k].seat[1].key);
		if (w < 0 || b < 0 || l->st.g[k].event.round != 0)
			return differ(l, "%s: game %.16s is no challenge "
			    "between two players of the ladder",
			    l->st.g[k].from, l->st.g[k].id);
		memset(&g, 0, sizeof(g));
		g.white = (unsigned)w;
		g.black = (unsigned)b;
		if (tour_add_round(l->t, &g, 1, e) != 0)
			return -1;
		l->used[k] = 1;
		s = &l->t->s[l->t->ns - 1];
		if (take(l, s, &l->st.g[k]) != 0)
			return 1;
		/* its reach at its creation, its result at its end */
		s->made = l->st.g[k].created;
		s->ended = s->res != TOUR_PENDING ? l->st.g[k].when : 0;
	}
	/* the declaration's timeouts withdraw a player from a ladder too */
	return tour_timeouts(l->t, e) != 0 ? -1 : reach(l, e);
}

/* What the director says of each game against what its archive says. */
static int
said(struct load *l, const struct tour_record *r)
{
	const struct tour_slot *x, *s;
	size_t i;

	for (i = 0; i < r->nres; i++) {
		x = &r->res[i];
		s = tour_slot_of(l->t, x->g.round, x->g.board, x->g.game);
		if (s == NULL)
			return differ(l, "%s: round %u, board %u: the director "
			    "gives a result of a game no round paired", r->from,
			    x->g.round, x->g.board);
		if (s->res != x->res || strcmp(s->gid, x->gid) != 0)
			return differ(l, "%s: round %u, board %u: the director "
			    "says %s%s%.16s, the games say %s%s%.16s", r->from,
			    x->g.round, x->g.board, tour_res_word(x->res),
			    x->gid[0] ? ", game " : "", x->gid,
			    tour_res_word(s->res), s->gid[0] ? ", game " : "",
			    s->gid);
	}
	return 0;
}

/* The director's rounds, in order, each paired again first. */
static int
director(struct load *l, struct tour_record *r, size_t n, struct error *e)
{
	size_t i;
	int rc;

	if (n > 1)
		qsort(r, n, sizeof(*r), by_round);
	for (i = 0; i < n; i++) {
		if (r[i].round > l->t->nrounds + 1)
			return differ(l, "%s: round %u given before round %u",
			    r[i].from, r[i].round, l->t->nrounds + 1);
		if (same(l, &r[i]) != 0)
			return 1;
		if ((rc = add_round(l, r[i].g, r[i].ng, e)) != 0)
			return rc;
	}
	return 0;
}

/* Every archive of this tournament, each game once, each one used. */
static int
archives_first(struct load *l)
{
	size_t k, j;

	for (k = 0; k < l->st.n; k++) {
		if (strcmp(l->st.g[k].event.id, l->t->d->hex) != 0)
			return differ(l, "%s: game %.16s is not of this "
			    "tournament (%.16s)", l->st.g[k].from,
			    l->st.g[k].id, l->t->d->hex);
		for (j = 0; j < k; j++)
			if (strcmp(l->st.g[j].id, l->st.g[k].id) == 0)
				l->used[k] = 1;	/* another seat's export */
	}
	return 0;
}

static int
archives_last(struct load *l)
{
	size_t k;

	for (k = 0; k < l->st.n; k++)
		if (!l->used[k])
			return differ(l, "%s: game %.16s names round %u, board "
			    "%u, which no round paired", l->st.g[k].from,
			    l->st.g[k].id, l->st.g[k].event.round,
			    l->st.g[k].event.board);
	return 0;
}

/* A ruling kept in t: one a game, one a player's from a round (the
 * same one again, another copy of it, taken once). */
static int
add_ruling(struct tour *t, const struct tour_record *rec, struct error *e)
{
	const struct tour_ruling *u = &rec->rule, *o;
	struct tour_ruling *n;
	size_t i;

	for (i = 0; i < t->nrule; i++) {
		o = &t->rule[i];
		if (o->rule == TOUR_REPLACE ? u->rule == TOUR_REPLACE &&
		    o->player == u->player && o->from == u->from :
		    u->rule != TOUR_REPLACE && o->g.round == u->g.round &&
		    o->g.board == u->g.board && o->g.game == u->g.game) {
			/* the same ruling again (another copy): once */
			if (o->rule == u->rule && o->res == u->res &&
			    key_same(&o->key, &u->key))
				return 0;
			return error_set(e, EXIT_REFUSED, "%s: a second ruling "
			    "of what another ruled", rec->from);
		}
	}
	if ((n = realloc(t->rule, (t->nrule + 1) * sizeof(*n))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	t->rule = n;
	n[t->nrule++] = *u;
	return 0;
}

/* Every game ruled is one a round paired (a bye is no game). */
static int
rulings_paired(struct load *l)
{
	const struct tour_ruling *u;
	const struct tour_slot *s;
	size_t i;

	for (i = 0; i < l->t->nrule; i++) {
		u = &l->t->rule[i];
		if (u->rule == TOUR_REPLACE)
			continue;
		s = tour_slot_of(l->t, u->g.round, u->g.board, u->g.game);
		if (s == NULL || s->g.black == TOUR_NONE)
			return differ(l, "a ruling of round %u, board %u: no "
			    "game a round paired", u->g.round, u->g.board);
	}
	return 0;
}

/* rounds first in r[0..*nr), results and table records last, from r[in->nrec]
 * down to r[in->nrec - *nx + 1] */
static int
records(struct tour *t, const struct tour_input *in, struct tour_record **rp,
    size_t *nr, size_t *nx, struct error *e)
{
	struct tour_record rec;
	size_t i;

	*nr = *nx = 0;
	if ((*rp = calloc(in->nrec + 1, sizeof(**rp))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	for (i = 0; i < in->nrec; i++) {
		if (tour_record_read(t->d, in->rec[i].data, in->rec[i].len,
		    &rec, in->rec_from[i], e) != 0)
			return -1;
		if (rec.kind == TOUR_ROUND) {
			(*rp)[(*nr)++] = rec;
			continue;
		}
		if (rec.kind == TOUR_RESULTS || rec.kind == TOUR_STANDING) {
			(*rp)[in->nrec - (*nx)++] = rec;
			continue;
		}
		if (rec.kind == TOUR_RULING && add_ruling(t, &rec, e) != 0) {
			tour_record_free(&rec);
			return -1;
		}
		if (rec.kind == TOUR_ACCEPT)
			t->accepted[rec.player] = 1;
		else if (rec.kind == TOUR_WITHDRAW &&
		    (t->withdrawn[rec.player] == 0 ||
		    t->withdrawn[rec.player] > rec.after + 1))
			t->withdrawn[rec.player] = rec.after + 1;
		tour_record_free(&rec);
	}
	return 0;
}

/* The archives held in memory, each verified as a file's. */
static int
memory(struct load *l, const struct tour_input *in, int threads,
    struct error *e)
{
	size_t i;
	FILE *f;
	int rc = 0;

	for (i = 0; rc == 0 && i < in->narc; i++) {
		if ((f = fmemopen(in->arc[i].data, in->arc[i].len, "r")) ==
		    NULL)
			return error_errno(e, "%s", in->arc_from[i]);
		rc = standings_add(&l->st, f, in->arc_from[i], threads, e);
		fclose(f);
	}
	return rc;
}

static int
load(struct load *l, struct tour_record *r, size_t nr,
    const struct tour_input *in, int threads, struct error *e)
{
	const struct report said = { refused, l, NULL };
	size_t i;
	int rc;

	standings_init(&l->st, &said);
	if (standings_add_files(&l->st, in->archives, in->narchives, threads,
	    e) != 0 || memory(l, in, threads, e) != 0)
		return -1;
	for (i = 0; i < in->ndirs; i++)
		if (standings_add_dir(&l->st, in->dirs[i], threads, e) != 0)
			return -1;
	if (l->differs)
		return 1;
	if ((l->used = calloc(l->st.n + 1, 1)) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	if (l->t->d->format == TOUR_LADDER && l->st.n > 1)
		qsort(l->st.g, l->st.n, sizeof(*l->st.g), by_end);
	if (archives_first(l) != 0)
		return 1;
	if (l->t->d->format == TOUR_LADDER)
		return ladder(l, e);
	rc = nr > 0 ? director(l, r, nr, e) : in->rules ? auto_rounds(l, e) :
	    0;
	if (rc != 0)
		return rc;
	return archives_last(l);
}

int
tour_load(struct tour *t, struct tour_decl *d, const struct tour_input *in,
    int threads, char *diff, size_t len, struct error *e)
{
	struct tour_record *r = NULL;
	struct load l;
	size_t nr = 0, nx = 0, i;
	int rc = -1;

	memset(&l, 0, sizeof(l));
	diff[0] = '\0';
	l.t = t;
	l.diff = diff;
	l.difflen = len;
	if (tour_decl_read(in->decl.data, in->decl.len, d, "the declaration",
	    e) != 0)
		return -1;
	if (tour_init(t, d, e) != 0)
		goto done;
	if (header_terms(&d->cfg, &d->clock, l.terms, sizeof(l.terms)) != 0) {
		error_set(e, EXIT_MALFORMED, "the declaration: its options "
		    "past %zu bytes", sizeof(l.terms));
		goto done;
	}
	if (records(t, in, &r, &nr, &nx, e) != 0)
		goto done;
	if ((rc = load(&l, r, nr, in, threads, e)) < 0)
		goto done;
	if (rc == 0 && d->format != TOUR_LADDER)
		rc = rulings_paired(&l);
	for (i = 0; rc == 0 && i < nx; i++)
		rc = r[in->nrec - i].kind == TOUR_STANDING && !l.differs ?
		    tour_table_diff(t, &r[in->nrec - i], diff, len, e) :
		    said(&l, &r[in->nrec - i]);
	rc = rc < 0 ? -1 : 0;
done:
	for (i = 0; r != NULL && i <= in->nrec; i++)
		tour_record_free(&r[i]);
	free(r);
	free(l.used);
	standings_free(&l.st);
	return rc;
}
