/*
 * Standings: time and rating periods, and taking each verified game as
 * its final match says it (standings_rate.c orders and rates them).  See
 * standings.h; adjudicator-ratings(7) states the rules.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "archive.h"
#include "dispute.h"
#include "fsio.h"
#include "gamedir.h"
#include "root.h"
#include "standings.h"
#include "transcript.h"

/* --- time and periods --- */

/* a / b rounded down, b > 0 */
static int64_t
floor_div(int64_t a, int64_t b)
{
	return a >= 0 ? a / b : -((-a + b - 1) / b);
}

/* Days since 1970-01-01 of a date of the proleptic Gregorian calendar
 * (the civil-date algorithm of H. Hinnant), and back. */
static int64_t
days_from_civil(int64_t y, int m, int d)
{
	int64_t era, yoe, doy, doe;

	y -= m <= 2;
	era = floor_div(y, 400);
	yoe = y - era * 400;
	doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

static void
civil_from_days(int64_t z, int64_t *y, int *m, int *d)
{
	int64_t era, doe, yoe, doy, mp;

	z += 719468;
	era = floor_div(z, 146097);
	doe = z - era * 146097;
	yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	mp = (5 * doy + 2) / 153;
	*d = (int)(doy - (153 * mp + 2) / 5 + 1);
	*m = (int)(mp < 10 ? mp + 3 : mp - 9);
	*y = yoe + era * 400 + (*m <= 2);
}

static int
digits(const char *s, int n, int *v)
{
	int i;

	*v = 0;
	for (i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		*v = *v * 10 + (s[i] - '0');
	}
	return 0;
}

int
standings_time_parse(const char *s, int64_t *when)
{
	static const int mdays[] = { 31, 29, 31, 30, 31, 30, 31, 31, 30, 31,
	    30, 31 };
	int y, mo, d, h, mi, se, leap;

	if (strlen(s) != 20 || s[4] != '-' || s[7] != '-' || s[10] != 'T' ||
	    s[13] != ':' || s[16] != ':' || s[19] != 'Z' ||
	    digits(s, 4, &y) != 0 || digits(s + 5, 2, &mo) != 0 ||
	    digits(s + 8, 2, &d) != 0 || digits(s + 11, 2, &h) != 0 ||
	    digits(s + 14, 2, &mi) != 0 || digits(s + 17, 2, &se) != 0)
		return -1;
	leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
	if (mo < 1 || mo > 12 || d < 1 || d > mdays[mo - 1] ||
	    (mo == 2 && d == 29 && !leap) || h > 23 || mi > 59 || se > 59)
		return -1;
	*when = days_from_civil(y, mo, d) * 86400 + h * 3600 + mi * 60 + se;
	return 0;
}

void
standings_time_format(int64_t t, char *out, size_t len)
{
	int64_t y, days = floor_div(t, 86400), s = t - days * 86400;
	int m, d;

	civil_from_days(days, &y, &m, &d);
	snprintf(out, len, "%04lld-%02d-%02dT%02d:%02d:%02dZ", (long long)y,
	    m, d, (int)(s / 3600), (int)(s / 60 % 60), (int)(s % 60));
}

int
standings_period_parse(const char *s, struct standings_period *p,
    struct error *e)
{
	size_t n = strspn(s, "0123456789");
	int v;

	if (n < 1 || n > 3 || strlen(s) != n + 1 || strchr("dwmy", s[n]) ==
	    NULL || s[n] == '\0' || digits(s, (int)n, &v) != 0 || v < 1)
		return error_set(e, EXIT_USAGE, "-p %.20s: a period is a number "
		    "from 1 to 999 and d, w, m or y (3m: a quarter)", s);
	p->unit = s[n];
	p->n = (unsigned)v;
	return 0;
}

/* Weeks start on Mondays: 1970-01-05 was one. */
#define FIRST_MONDAY	4

int64_t
standings_period_of(const struct standings_period *p, int64_t when)
{
	int64_t days = floor_div(when, 86400), y;
	int m, d;

	switch (p->unit) {
	case 'd':
		return floor_div(days, p->n);
	case 'w':
		return floor_div(days - FIRST_MONDAY, 7 * (int64_t)p->n);
	default:
		civil_from_days(days, &y, &m, &d);
		return floor_div(y * 12 + m - 1, (p->unit == 'y' ? 12 : 1) *
		    (int64_t)p->n);
	}
}

void
standings_period_start(const struct standings_period *p, int64_t k,
    char *out, size_t len)
{
	int64_t days, y, months;
	int m, d;

	switch (p->unit) {
	case 'd':
		days = k * p->n;
		break;
	case 'w':
		days = k * 7 * p->n + FIRST_MONDAY;
		break;
	default:
		months = k * p->n * (p->unit == 'y' ? 12 : 1);
		days = days_from_civil(floor_div(months, 12),
		    (int)(months - floor_div(months, 12) * 12) + 1, 1);
		break;
	}
	civil_from_days(days, &y, &m, &d);
	snprintf(out, len, "%04lld-%02d-%02d", (long long)y, m, d);
}

/* --- one game, as the verified match says it --- */

/*
 * How each ending is rated: the one table.  A timeout is rated as the
 * result it leaves (the late seat loses; in 3-4 seat knights its colour
 * stops and keeps its score), and shown apart; a peer's claim the same
 * (verify shows it as a claim); the operator's abort is not rated, its
 * adjudication is, as ruled.
 */
static const struct {
	const char	*name;
	int		 rated;
} endings[] = {
	[MATCH_HOW_NONE] = { "under way", 0 },	/* verify refuses it */
	[MATCH_HOW_RULES] = { "rules", 1 },
	[MATCH_HOW_RESIGN] = { "resignation", 1 },
	[MATCH_HOW_DRAW_AGREED] = { "draw agreed", 1 },
	[MATCH_HOW_CHEAT] = { "cheat", 0 },	/* verify refuses it */
	[MATCH_HOW_TIMEOUT] = { "timeout", 1 },
	[MATCH_HOW_CLAIM] = { "timeout claimed", 1 },
	[MATCH_HOW_ABORTED] = { "aborted", 0 },
	[MATCH_HOW_ADJUDICATED] = { "adjudicated", 1 },
};
_Static_assert(sizeof(endings) / sizeof(endings[0]) == MATCH_HOW_COUNT,
    "every ending of match.h needs its row");

const char *
standings_ending(enum match_how how, int *rated)
{
	if ((unsigned)how >= MATCH_HOW_COUNT || endings[how].name == NULL) {
		*rated = 0;
		return NULL;
	}
	*rated = endings[how].rated;
	return endings[how].name;
}

/*
 * When the game ended: what orders the games and puts each in its rating
 * period.  In a game with a clock, the latest signed time of its entries
 * (the judge's, or a peer's: a peer signs its own times, which need not
 * grow, so the latest rather than the last entry's); in a game without
 * one, entries carry no time, and it is the header's creation time (the
 * creator's word).
 */
static int
game_time(const struct match *m, int64_t *when, struct error *e)
{
	if (m->clock.on && m->clk.last > 0) {
		*when = m->clk.last;
		return 0;
	}
	if (standings_time_parse(m->created, when) != 0)
		return error_set(e, EXIT_REFUSED, "the header's creation time "
		    "\"%.24s\" is not YYYY-MM-DDTHH:MM:SSZ: no rating period "
		    "for the game", m->created);
	return 0;
}

/* Who is ahead of whom in the final order: a winner before the others;
 * with more than two sides, then the higher score (3-4 seat knights). */
static int
ahead(const struct game_result *r, int nsides, int i, int j)
{
	if (r->winner[i] != r->winner[j])
		return r->winner[i] ? 1 : -1;
	if (nsides > 2 && r->scored && r->score[i] != r->score[j])
		return r->score[i] > r->score[j] ? 1 : -1;
	return 0;
}

void
standings_pairs(const struct game_result *r, struct standings_game *g)
{
	int i, j, k, side[GAME_MAX_SEATS], nsides = 0, c, won, lost, opp;

	for (i = 0; i < g->nseats; i++) {
		side[i] = r->sided ? r->side[i] : i;
		for (k = 0; k < i && side[k] != side[i]; k++)
			;
		nsides += k == i;
	}
	for (i = 0; i < GAME_MAX_SEATS; i++)
		for (j = 0; j < GAME_MAX_SEATS; j++)
			g->pair[i][j] = STANDINGS_APART;
	for (i = 0; i < g->nseats; i++) {
		won = lost = opp = 0;
		for (j = 0; j < g->nseats; j++) {
			if (side[i] == side[j])
				continue;
			opp++;
			c = ahead(r, nsides, i, j);
			g->pair[i][j] = c > 0 ? STANDINGS_WON : c < 0 ?
			    STANDINGS_LOST : STANDINGS_DRAWN;
			won += c > 0;
			lost += c < 0;
		}
		/* first alone, first with others, or behind someone */
		g->seat[i].outcome = lost ? STANDINGS_LOST : won == opp ?
		    STANDINGS_WON : STANDINGS_DRAWN;
	}
}

int
standings_game_of(const struct match *m, struct standings_game *g,
    struct error *e)
{
	struct game_result r;
	int i;

	memset(g, 0, sizeof(*g));
	snprintf(g->rules, sizeof(g->rules), "%s", m->rules->name);
	snprintf(g->id, sizeof(g->id), "%s", m->game_hex);
	memcpy(g->last, m->last, SEC_HASH);
	g->entries = m->seq + 1;
	g->event = m->event;
	if (header_terms(&m->cfg, &m->clock, g->terms, sizeof(g->terms)) !=
	    0)
		return error_set(e, EXIT_SYSTEM, "game %.16s: its options "
		    "past %zu bytes", m->game_hex, sizeof(g->terms));
	if (game_time(m, &g->when, e) != 0)
		return -1;
	g->created = m->created_at;
	match_result(m, &r);
	snprintf(g->why, sizeof(g->why), "%s", r.why);
	g->ended = m->clk.last;
	g->clock = m->clock;
	g->before = m->clk;
	g->how = m->how != MATCH_HOW_NONE ? m->how : r.over ?
	    MATCH_HOW_RULES : MATCH_HOW_NONE;
	if (standings_ending(g->how, &g->rated) == NULL)
		return error_set(e, EXIT_SYSTEM, "an ending (%d) without its "
		    "row in the standings' table", (int)g->how);
	/* a casual game (the header's "rated: no") is played, not rated */
	if (m->cfg.casual)
		g->rated = 0;
	g->nseats = m->nseats;
	for (i = 0; i < m->nseats; i++) {
		snprintf(g->seat[i].name, sizeof(g->seat[i].name), "%s",
		    m->seat[i].name);
		snprintf(g->seat[i].player, sizeof(g->seat[i].player), "%s",
		    m->seat[i].key.name);
		snprintf(g->seat[i].key, sizeof(g->seat[i].key), "%s",
		    m->seat[i].key.idhex);
		g->seat[i].timed_out = m->clk.seat[i].out;
		g->seat[i].late = m->clk.seat[i].late;
	}
	standings_pairs(&r, g);
	/* an abort, or a casual game, leaves no result: no seat won, drew
	 * or lost it */
	for (i = 0; !g->rated && i < GAME_MAX_SEATS; i++) {
		g->seat[i].outcome = STANDINGS_NONE;
		memset(g->pair[i], STANDINGS_APART, sizeof(g->pair[i]));
	}
	return 0;
}

int
standings_take(struct standings *s, const struct standings_game *g,
    const char *name, struct error *e)
{
	struct standings_game *n;

	if (s->n == s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 64;

		if ((n = realloc(s->g, cap * sizeof(*n))) == NULL)
			return error_set(e, EXIT_SYSTEM, "out of memory");
		s->g = n;
		s->cap = cap;
	}
	s->g[s->n] = *g;
	snprintf(s->g[s->n].from, sizeof(s->g[s->n].from), "%s", name);
	s->n++;
	return 0;
}

/* --- archives --- */

void
standings_init(struct standings *s, const struct report *r)
{
	memset(s, 0, sizeof(*s));
	s->report = r;
}

void
standings_free(struct standings *s)
{
	free(s->g);
	memset(s, 0, sizeof(*s));
}

/*
 * What verify's hooks make of one archive: the game, and who held each
 * seat, entry by entry, with the late moves each key made itself.  A move
 * is counted late when the entry after it says so (the judge's stamp,
 * which may also hand the seat over), so it is the holder's before that
 * entry.
 */
#define HELD_MAX	(GAME_MAX_SEATS + MATCH_MAX_HOLDERS)
struct reading {
	struct standings_game	*g;
	const struct standings_club *club;	/* NULL: no list */
	int			 stranger;	/* a holder not a member */
	struct key_public	 now[GAME_MAX_SEATS];	/* each seat's holder */
	uint32_t		 late[GAME_MAX_SEATS];	/* the seat's so far */
	struct standings_holder	 held[HELD_MAX];	/* every holder */
	int			 nheld;
	struct clock_state	 clk[2];	/* before the last entry, and
						 * after it */
	int			 next[2];	/* who was to move then */
};

static struct standings_holder *
holder(struct reading *rd, int seat, const struct key_public *k,
    struct error *e)
{
	struct standings_holder *h;
	int i;

	for (i = 0; i < rd->nheld; i++)
		if (rd->held[i].seat == seat && strcmp(rd->held[i].key,
		    k->idhex) == 0)
			return &rd->held[i];
	if (rd->nheld == HELD_MAX) {
		error_set(e, EXIT_SYSTEM, "more holders of seats than %d",
		    HELD_MAX);
		return NULL;
	}
	/* every key that held a seat, from the start to the end, vouched
	 * for: a member's own game handed to a stranger is not */
	if (rd->club != NULL && rd->club->members_given &&
	    !standings_club_member(rd->club, k))
		rd->stranger = 1;
	h = &rd->held[rd->nheld++];
	memset(h, 0, sizeof(*h));
	h->seat = seat;
	snprintf(h->player, sizeof(h->player), "%s", k->name);
	snprintf(h->key, sizeof(h->key), "%s", k->idhex);
	return h;
}

/* verify's hook on each position: the header, then each entry */
static int
at_entry(void *arg, const struct match *m, struct error *e)
{
	struct reading *rd = arg;
	struct standings_holder *h;
	uint32_t late;
	int s;

	rd->clk[0] = rd->clk[1];
	rd->clk[1] = m->clk;
	rd->next[0] = rd->next[1];
	rd->next[1] = match_next_author(m);
	for (s = 0; s < m->nseats && s < GAME_MAX_SEATS; s++) {
		if (m->seq == 0) {
			rd->now[s] = m->seat[s].key;
			if (holder(rd, s, &rd->now[s], e) == NULL)
				return -1;
			continue;
		}
		late = m->clk.seat[s].late;
		if (late != rd->late[s]) {
			if ((h = holder(rd, s, &rd->now[s], e)) == NULL)
				return -1;
			h->late += late - rd->late[s];
			rd->late[s] = late;
		}
		if (!key_same(&rd->now[s], &m->seat[s].key)) {
			rd->now[s] = m->seat[s].key;
			if (holder(rd, s, &rd->now[s], e) == NULL)
				return -1;
		}
	}
	return 0;
}

/* verify's last hook: the game has passed every audit */
static int
at_end(void *arg, const struct match *m, struct error *e)
{
	struct reading *rd = arg;
	struct standings_game *g = rd->g;
	struct standings_holder *h;
	struct buf why;
	int i;

	/* as verify has it: a disputed claim leaves no result to rate */
	if (m->dispute.on) {
		buf_init(&why);
		dispute_text(m, &why);
		buf_cstr(&why);
		error_set(e, EXIT_REFUSED, "no result: %s", (char *)why.data);
		buf_free(&why);
		return -1;
	}
	if (standings_game_of(m, g, e) != 0)
		return -1;
	/*
	 * The clocks as the last entry found them.  Its "got", when it is
	 * the judge's first signed time (formats/entry.md), started the
	 * first seat's clock from when the judge took the invitation: so
	 * the judge's own copy has it too (timing_invited).
	 */
	g->before = rd->clk[0];
	if (m->clock.on && g->before.last == 0 && m->clk.last != 0 &&
	    m->clk.started != 0 && rd->next[0] >= 0 &&
	    rd->next[0] < m->nseats)
		clock_start(&g->before, &m->clock, rd->next[0],
		    m->clk.started);
	/* the final holder's own late moves; the earlier holders' apart */
	for (i = 0; i < rd->nheld; i++) {
		h = &rd->held[i];
		if (strcmp(h->key, g->seat[h->seat].key) == 0)
			g->seat[h->seat].late = h->late;
		else if (g->nearlier < MATCH_MAX_HOLDERS)
			g->earlier[g->nearlier++] = *h;
		else
			return error_set(e, EXIT_SYSTEM, "more earlier holders "
			    "of seats than %d", MATCH_MAX_HOLDERS);
	}
	if (rd->club != NULL && rd->club->njudges > 0 &&
	    !standings_club_judged(rd->club, m->judge_mode ? &m->judge : NULL))
		g->left = STANDINGS_LEFT_JUDGE;
	else if (rd->stranger)
		g->left = STANDINGS_LEFT_MEMBERS;
	return 0;
}

/* One archive through verify: 0 and g, or -1 and why. */
static int
verify_one(FILE *f, const char *name, int threads,
    const struct standings_club *club, struct standings_game *g,
    struct error *why)
{
	struct reading rd;
	const struct archive_progress hooks = { .entry = at_entry,
	    .end = at_end, .arg = &rd };
	struct buf summary;
	int rc;

	memset(&rd, 0, sizeof(rd));
	rd.g = g;
	rd.club = club;
	buf_init(&summary);
	error_clear(why);
	rc = archive_verify(f, name, threads, &hooks, &summary, why);
	buf_free(&summary);
	if (rc != 0 && why->status == EXIT_OK)
		why->status = EXIT_SYSTEM;
	return rc;
}

static void
refused(struct standings *s, const char *name, const struct error *e)
{
	size_t n = strlen(name);

	/* each line says which archive, once */
	if (strncmp(e->msg, name, n) == 0 && e->msg[n] == ':')
		report_line(s->report, "%s", e->msg);
	else
		report_line(s->report, "%s: %s", name, e->msg);
	s->refused++;
	if (s->status != EXIT_MALFORMED)
		s->status = e->status;
}

/* What verify said of one archive: its game taken, or the refusal
 * said; a system error stops everything. */
static int
verdict(struct standings *s, int rc, const struct standings_game *g,
    const char *name, const struct error *why, struct error *e)
{
	s->archives++;
	if (rc == 0)
		return standings_take(s, g, name, e);
	if (why->status == EXIT_SYSTEM) {
		*e = *why;
		return -1;
	}
	refused(s, name, why);
	return 0;
}

int
standings_add(struct standings *s, FILE *f, const char *name, int threads,
    struct error *e)
{
	struct standings_game g;
	struct error why;
	int rc;

	rc = verify_one(f, name, threads, s->club, &g, &why);
	return verdict(s, rc, &g, name, &why, e);
}

/* --- many archives at once --- */

struct slot {
	struct standings_game	g;
	struct error		why;
	int			rc;
};

struct pool {
	const struct standings_club *club;
	const char *const	*paths;
	size_t			 n;
	struct slot		*slot;
	atomic_size_t		 next;
};

static void *
worker(void *arg)
{
	struct pool *p = arg;
	struct slot *x;
	size_t i;
	FILE *f;

	while ((i = atomic_fetch_add(&p->next, 1)) < p->n) {
		x = &p->slot[i];
		if ((f = fsio_fopen_regular(p->paths[i], &x->why)) == NULL) {
			x->rc = -1;
			continue;
		}
		x->rc = verify_one(f, p->paths[i], 1, p->club, &x->g,
		    &x->why);
		fclose(f);
	}
	return NULL;
}

int
standings_add_files(struct standings *s, const char *const *paths, size_t n,
    int threads, struct error *e)
{
	pthread_t t[ARCHIVE_MAX_THREADS];
	struct pool p;
	size_t i;
	int k, started = 0, rc = 0;

	if (n == 0)
		return 0;
	if (n == 1) {
		/* one archive: verify's own threads check its signatures */
		FILE *f;

		if ((f = fsio_fopen_regular(paths[0], e)) == NULL)
			return -1;
		rc = standings_add(s, f, paths[0], threads, e);
		fclose(f);
		return rc;
	}
	memset(&p, 0, sizeof(p));
	p.club = s->club;
	p.paths = paths;
	p.n = n;
	if ((p.slot = calloc(n, sizeof(*p.slot))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	atomic_init(&p.next, 0);
	/*
	 * One archive per thread, each verified on its thread alone: small
	 * archives gain nothing from verify's own threads.
	 */
	for (k = 0; k + 1 < threads && k < ARCHIVE_MAX_THREADS &&
	    (size_t)k + 1 < n; k++)
		if (pthread_create(&t[k], NULL, worker, &p) == 0)
			started++;
		else
			break;
	worker(&p);
	for (k = 0; k < started; k++)
		pthread_join(t[k], NULL);
	/* in the order of the paths, whichever thread verified them */
	for (i = 0; rc == 0 && i < n; i++)
		rc = verdict(s, p.slot[i].rc, &p.slot[i].g, paths[i],
		    &p.slot[i].why, e);
	free(p.slot);
	return rc;
}

struct rooted {
	struct standings	*s;
	int			 threads;
};

int
standings_add_dir(struct standings *s, const char *dir, int threads,
    struct error *e)
{
	struct gamedir g;
	struct buf arm;
	FILE *f;
	int rc = -1;

	if (gamedir_open(dir, GAMEDIR_READ, &g, NULL, e) != 0) {
		if (e->status == EXIT_SYSTEM)
			return -1;
		s->archives++;
		refused(s, dir, e);
		error_clear(e);
		return 0;
	}
	buf_init(&arm);
	if (match_phase(g.t.m) != MATCH_CLOSED) {
		rc = 0;
		goto done;
	}
	if (gamedir_export(&g, &arm, NULL, NULL, e) != 0)
		goto done;
	if ((f = fmemopen(arm.data, arm.len, "r")) == NULL) {
		error_errno(e, "%s", dir);
		goto done;
	}
	rc = standings_add(s, f, dir, threads, e);
	fclose(f);
done:
	buf_free(&arm);
	gamedir_close(&g);
	return rc;
}

/* One game of the root: its export, verified, when the game is closed. */
static int
root_game(void *arg, const char *dir, const char *game, struct error *e)
{
	struct rooted *r = arg;

	(void)game;
	return standings_add_dir(r->s, dir, r->threads, e);
}

int
standings_add_root(struct standings *s, const char *root, int threads,
    struct error *e)
{
	struct rooted r = { s, threads };

	return root_each(root, root_game, &r, e);
}

