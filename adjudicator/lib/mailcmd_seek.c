/*
 * SEEK, SEEKS and UNSEEK by mail: a member of the club's directory seeks
 * a game (its rules, options and clock, rated or casual, the ratings it
 * takes on); the judge keeps the seek (ROOT/seeks, club_seeks.c) until
 * another member's seek matches it, then makes the game itself
 * (mailcmd_game.c), its colours by lot, and mails both seats their
 * invitations.  SEEKS lists the open seeks, UNSEEK withdraws one.  A
 * seek nobody matches lapses at its date, silently.
 *
 * Who asks is the member the directory lists at the mail's address, and
 * SEEK and UNSEEK are done only by a mail that repeats the code the judge
 * mailed to that address (as CHALLENGE: mailcmd_ask_confirm), the last
 * word: a forged SEEK cannot make a game for another member, nor a
 * forged UNSEEK withdraw its seek.  The ratings are the club's own
 * STANDINGS (the game's own table, Elo, to the unit as the table shows
 * it).  formats/club.md.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "mailbot_int.h"
#include "mailcmd.h"
#include "mailcmd_ask.h"
#include "mailcmd_game.h"
#include "num.h"
#include "sec.h"
#include "standings.h"
#include "when.h"

struct seek {
	struct bot_run		*r;
	const char		*verb;		/* "SEEK", ... */
	char			 args[MAIL_SAID];
	struct club_members	 mem;
	struct club_seeks	 ks;
	const struct club_member *me;		/* who asks */
	int			 lock;
	char			 first[KEY_NAME_MAX + 1];	/* by lot */
	/* the club's standings, computed once a run, when a range asks */
	int			 rated;
	struct standings	 st;
	struct standings_result	 res;
};

static int
tell(struct seek *c, const char *verdict, const char *text, struct error *e)
{
	return mailcmd_game_tell(c->r, c->verb, verdict, text, e);
}

static int
refuse(struct seek *c, const char *verdict, int status, struct error *e,
    const char *fmt, ...) __attribute__((format(printf, 5, 6)));

static int
refuse(struct seek *c, const char *verdict, int status, struct error *e,
    const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = mailcmd_game_vrefuse(c->r, c->verb, verdict, status, e, fmt, ap);
	va_end(ap);
	return rc;
}

/* The root's lock, the directory, the seeks; who asks in c->me (NULL:
 * no member). */
static int
hold(struct seek *c, struct error *e)
{
	if (mailcmd_game_hold(c->r, &c->lock, &c->mem, &c->me, e) != 0)
		return -1;
	if (club_seeks_read(c->r->b->root, when_now(), &c->ks, e) != 0) {
		mailcmd_game_let_go(&c->lock, &c->mem);
		return -1;
	}
	return 0;
}

static void
let_go(struct seek *c)
{
	if (c->rated) {
		standings_result_free(&c->res);
		standings_free(&c->st);
		c->rated = 0;
	}
	club_seeks_free(&c->ks);
	mailcmd_game_let_go(&c->lock, &c->mem);
}

/*
 * m's rating at rules in the club's standings, as STANDINGS shows it;
 * a member with no rated game of rules there: RATING_START (*yet 0).
 */
static int
rating(struct seek *c, const struct club_member *m, const char *rules,
    int *out, int *yet, struct error *e)
{
	static const struct standings_opts o = { STANDINGS_ELO, { 'm', 3 },
	    STANDINGS_TEXT };
	const struct standings_table *t;
	char fig[32];
	size_t i, j;

	if (!c->rated) {
		standings_init(&c->st, NULL);
		memset(&c->res, 0, sizeof(c->res));
		c->rated = 1;
		if (standings_add_root(&c->st, c->r->b->root, 1, e) != 0 ||
		    standings_compute(&c->st, &o, &c->res, e) != 0)
			return -1;
	}
	*out = (int)RATING_START;
	*yet = 0;
	for (i = 0; i < c->res.nt; i++) {
		t = &c->res.t[i];
		if (strcmp(t->rules, rules) != 0)
			continue;
		for (j = 0; j < t->n; j++) {
			if (strcmp(t->p[j].key, m->key.idhex) != 0 ||
			    t->p[j].games == 0)
				continue;
			rating_format(fig, sizeof(fig), t->p[j].elo, 0);
			*out = atoi(fig);
			*yet = 1;
		}
	}
	return 0;
}

/* Whether rating x is in k's range, k's owner rated own. */
static int
in_range(const struct club_seek *k, int own, int x)
{
	if (!k->abs)
		return x >= own - k->lo && x <= own + k->lo;
	return x >= k->lo && x <= k->hi;
}

static int
any_range(const struct club_seek *k)
{
	return !(k->abs && k->lo == 0 && k->hi == CLUB_RATING_MAX);
}

/* k's options as the game takes them: rated=no for a casual seek. */
static void
seek_options(const struct club_seek *k, char *out, size_t len)
{
	snprintf(out, len, "%s%s%s", k->options, k->options[0] &&
	    k->casual ? " " : "", k->casual ? "rated=no" : "");
}

/* "until=DATE" (YYYY-MM-DD, or a time) or "days=N": k->until. */
static int
lapse_arg(struct seek *c, const char *w, struct club_seek *k,
    struct error *e)
{
	char t[WHEN_TEXT + 16];
	uint64_t n;
	int64_t at;

	if (strncmp(w, "days=", 5) == 0) {
		if (num_parse_str(w + 5, CLUB_SEEK_DAYS_MAX, &n) != 0 || n == 0)
			return refuse(c, "seek,args", EXIT_MALFORMED, e,
			    "\"%.40s\": days is a number of days, 1 to %d", w,
			    CLUB_SEEK_DAYS_MAX);
		k->until = k->made + (int64_t)n * 86400;
		return 0;
	}
	snprintf(t, sizeof(t), "%.*s%s", WHEN_TEXT, w + 6, strlen(w + 6) ==
	    10 ? "T00:00:00Z" : "");
	if (when_parse(t, &at) != 0)
		return refuse(c, "seek,args", EXIT_MALFORMED, e, "\"%.40s\": "
		    "until is a date, 2026-12-08 or 2026-12-08T12:00:00Z", w);
	if (at <= k->made || at > k->made + (int64_t)CLUB_SEEK_DAYS_MAX *
	    86400)
		return refuse(c, "seek,args", EXIT_MALFORMED, e, "\"%.40s\": "
		    "not after now and within %d days", w, CLUB_SEEK_DAYS_MAX);
	k->until = at;
	return 0;
}

/* One word after the game: an option, rated|casual, a range, a date. */
static int
seek_word(struct seek *c, const char *w, struct club_seek *k, int *said,
    struct error *e)
{
	size_t n = strlen(k->options);

	if (strcasecmp(w, "rated") == 0 || strcasecmp(w, "casual") == 0) {
		if (said[0]++)
			return refuse(c, "seek,args", EXIT_MALFORMED, e, "it "
			    "says rated or casual twice");
		k->casual = strcasecmp(w, "casual") == 0;
	} else if (strncmp(w, "days=", 5) == 0 || strncmp(w, "until=",
	    6) == 0) {
		if (said[1]++)
			return refuse(c, "seek,args", EXIT_MALFORMED, e, "it "
			    "says days= or until= twice");
		return lapse_arg(c, w, k, e);
	} else if (strncmp(w, "rated=", 6) == 0) {
		return refuse(c, "seek,args", EXIT_MALFORMED, e, "\"%.40s\": "
		    "say rated or casual", w);
	} else if (strchr(w, '=') != NULL) {
		if (n + strlen(w) + 2 > sizeof(k->options))
			return refuse(c, "seek,args", EXIT_MALFORMED, e, "too "
			    "many options");
		snprintf(k->options + n, sizeof(k->options) - n, "%s%s",
		    n > 0 ? " " : "", w);
	} else if ((w[0] >= '0' && w[0] <= '9') || w[0] == '+') {
		if (said[2]++)
			return refuse(c, "seek,args", EXIT_MALFORMED, e, "it "
			    "says two rating ranges");
		if (club_seek_range(w, k) != 0)
			return refuse(c, "seek,args", EXIT_MALFORMED, e,
			    "\"%.40s\" is not a rating range: LOW-HIGH "
			    "(1400-1700) or +-N (+-200), at most %d", w,
			    CLUB_RATING_MAX);
	} else
		return refuse(c, "seek,args", EXIT_MALFORMED, e, "\"%.40s\" is "
		    "none of OPTION=VALUE, rated, casual, a rating range "
		    "(1400-1700, +-200), days=N, until=DATE", w);
	return 0;
}

/* "RULES [OPTION=VALUE...] [rated|casual] [RANGE] [days=N|until=DATE]"
 * into k (its id, name and times but until left). */
static int
seek_args(struct seek *c, struct club_seek *k, struct error *e)
{
	char copy[MAIL_SAID], *p, *save = NULL;
	int said[3] = { 0, 0, 0 };

	snprintf(copy, sizeof(copy), "%s", c->args);
	k->abs = 1;
	k->hi = CLUB_RATING_MAX;
	k->made = when_now();
	k->until = k->made + (int64_t)CLUB_SEEK_DAYS * 86400;
	if ((p = strtok_r(copy, " \t", &save)) == NULL)
		return refuse(c, "seek,args", EXIT_MALFORMED, e, "it says no "
		    "game: SEEK RULES [OPTION=VALUE...] [rated|casual] "
		    "[1400-1700|+-200] [days=N|until=DATE]");
	if (strlen(p) >= sizeof(k->rules))
		return refuse(c, "seek,args", EXIT_MALFORMED, e, "\"%.40s\" is "
		    "no game of this judge", p);
	snprintf(k->rules, sizeof(k->rules), "%s", p);
	while ((p = strtok_r(NULL, " \t", &save)) != NULL)
		if (seek_word(c, p, k, said, e) != 0)
			return -1;
	return 0;
}

/*
 * Whether open seek o (another member's, in the directory as *om)
 * matches k: the same game, each one's rating in the other's range.
 */
static int
matches(struct seek *c, const struct club_seek *k, const struct club_seek *o,
    const struct club_member **om, struct error *e)
{
	char a[MAIL_SAID + 16], b[MAIL_SAID + 16];
	int rk, ro, yet;

	if (o->game[0] != '\0' || o == k || strcmp(o->by, k->by) == 0 ||
	    strcmp(o->rules, k->rules) != 0 ||
	    (*om = club_member_named(&c->mem, o->by)) == NULL)
		return 0;
	seek_options(k, a, sizeof(a));
	seek_options(o, b, sizeof(b));
	if (!mailcmd_game_same(k->rules, a, b))
		return 0;
	if (!any_range(k) && !any_range(o))
		return 1;
	if (rating(c, c->me, k->rules, &rk, &yet, e) != 0 ||
	    rating(c, *om, k->rules, &ro, &yet, e) != 0)
		return -1;
	return in_range(k, rk, ro) && in_range(o, ro, rk);
}

/* The oldest open seek k matches (made, then id), or NULL. */
static int
oldest_match(struct seek *c, const struct club_seek *k,
    struct club_seek **out, const struct club_member **om, struct error *e)
{
	const struct club_member *m;
	struct club_seek *o;
	size_t i;
	int rc;

	*out = NULL;
	for (i = 0; i < c->ks.n; i++) {
		o = &c->ks.s[i];
		if ((rc = matches(c, k, o, &m, e)) < 0)
			return -1;
		if (rc && (*out == NULL || o->made < (*out)->made ||
		    (o->made == (*out)->made &&
		    strcmp(o->id, (*out)->id) < 0))) {
			*out = o;
			*om = m;
		}
	}
	return 0;
}

/*
 * Under the lock: the game of seeks k (c->me's) and o (om's) made, its
 * id in both and the record written before it is filed (a crash between
 * leaves a game named and not filed, which the same SEEK makes again).
 * The first seat by lot: the judge's signature over both ids, the
 * older's first; 0, the older seek's member first.
 */
static int
make_game(struct seek *c, struct club_seek *k, struct club_seek *o,
    const struct club_member *om, struct error *e)
{
	const struct club_member *seat[2] = { om, c->me };
	struct club_seek *older = o, *newer = k;
	char what[200], opts[MAIL_SAID + 16];
	struct buf sb;
	int lot, rc;

	/* the older first whichever mail asks (a crash's retry may be
	 * either's): the same lot, the same seats */
	if (k->made < o->made || (k->made == o->made &&
	    strcmp(k->id, o->id) < 0)) {
		older = k;
		newer = o;
		seat[0] = c->me;
		seat[1] = om;
	}
	snprintf(what, sizeof(what), "adjudicator lot\n%s\n%s", older->id,
	    newer->id);
	if (mailcmd_game_lot(c->r, what, &lot, e) != 0)
		return -1;
	seek_options(older, opts, sizeof(opts));
	buf_init(&sb);
	rc = mailcmd_game_make(c->r, older->rules, opts, seat[lot],
	    seat[1 - lot], &sb, k->game, e);
	snprintf(c->first, sizeof(c->first), "%s", seat[lot]->name);
	if (rc == 0) {
		snprintf(o->game, sizeof(o->game), "%s", k->game);
		rc = club_seeks_write(c->r->b->root, &c->ks, e) != 0 ||
		    mailcmd_game_file(c->r, &sb, e) != 0 ? -1 : 0;
	}
	buf_free(&sb);
	return rc;
}

/* The answer to a seek left open. */
static int
told_open(struct seek *c, const struct club_seek *k, const char *verdict,
    struct error *e)
{
	char t[WHEN_TEXT], range[32], text[1200], mine[200] = "";
	int own, yet;

	when_format(k->until, t, sizeof(t));
	club_seek_range_text(k, range, sizeof(range));
	/* a range is about ratings: the seeker's own, as it counts */
	if (any_range(k)) {
		if (rating(c, c->me, k->rules, &own, &yet, e) != 0)
			return -1;
		snprintf(mine, sizeof(mine), "Your rating at %s, in this "
		    "club's STANDINGS: %d%s.\n", k->rules, own, yet ? "" :
		    " (no rated game yet: the rating every player starts "
		    "from)");
	}
	snprintf(text, sizeof(text), "Your seek %s is open: %s%s%s, %s, "
	    "ratings %s.\n%sNo other member's seek matches it yet.  When one "
	    "does, the judge makes the\ngame and mails you your invitation.  "
	    "It lapses at %s.\nSEEKS lists the open seeks; UNSEEK %s "
	    "withdraws it.\n", k->id, k->rules, k->options[0] ? " " : "",
	    k->options, k->casual ? "casual" : "rated", range, mine, t,
	    k->id);
	return tell(c, verdict, text, e);
}

/* The seek k, new or given again, under the lock: matched or left open.
 * *game: the game made (or made before) of it, "" when open. */
static int
seek_place(struct seek *c, struct club_seek *k, char game[ROOT_ID],
    char other[KEY_NAME_MAX + 1], struct error *e)
{
	const struct club_member *om = NULL;
	struct club_seek *o = NULL;
	size_t i;

	game[0] = other[0] = '\0';
	for (i = 0; k->game[0] != '\0' && i < c->ks.n && o == NULL; i++)
		if (&c->ks.s[i] != k && strcmp(c->ks.s[i].game, k->game) == 0)
			o = &c->ks.s[i];
	if (o != NULL)
		snprintf(other, KEY_NAME_MAX + 1, "%s", o->by);
	if (k->game[0] != '\0' && mailcmd_ask_made(c->r, k->game)) {
		snprintf(game, ROOT_ID, "%s", k->game);
		return 0;
	}
	/* named and not filed: made anew with the same seek, else open */
	if (o != NULL && (om = club_member_named(&c->mem, o->by)) == NULL)
		o = NULL;
	if (o == NULL) {
		k->game[0] = '\0';
		if (oldest_match(c, k, &o, &om, e) != 0)
			return -1;
	}
	if (o == NULL)
		return club_seeks_write(c->r->b->root, &c->ks, e);
	snprintf(other, KEY_NAME_MAX + 1, "%s", o->by);
	if (make_game(c, k, o, om, e) != 0)
		return -1;
	snprintf(game, ROOT_ID, "%s", k->game);
	return 0;
}

/* A new seek k: refused when the member has it open already, or too
 * many; else added to c->ks (*out). */
static int
seek_new(struct seek *c, const struct club_seek *k, struct club_seek **out,
    struct error *e)
{
	char a[MAIL_SAID + 16], b[MAIL_SAID + 16];
	size_t i, mine = 0;

	seek_options(k, a, sizeof(a));
	for (i = 0; i < c->ks.n; i++) {
		if (strcmp(c->ks.s[i].by, k->by) != 0 ||
		    c->ks.s[i].game[0] != '\0')
			continue;
		mine++;
		seek_options(&c->ks.s[i], b, sizeof(b));
		if (strcmp(c->ks.s[i].rules, k->rules) == 0 &&
		    mailcmd_game_same(k->rules, a, b))
			return refuse(c, "seek,twice", EXIT_REFUSED, e, "your "
			    "seek %s is that game already (UNSEEK %s first to "
			    "change it)", c->ks.s[i].id, c->ks.s[i].id);
	}
	if (mine >= CLUB_SEEKS_EACH)
		return refuse(c, "seek,full", EXIT_REFUSED, e, "you have %d "
		    "open seeks, the most a member may (UNSEEK one first)",
		    CLUB_SEEKS_EACH);
	if ((*out = club_seek_add(&c->ks)) == NULL)
		return error_set(e, EXIT_SYSTEM, "%s: too many seeks, or out "
		    "of memory", c->r->b->root);
	**out = *k;
	return 0;
}

/* Under the lock: the seek of the mail, kept, matched or told again. */
static int
seek_run(struct seek *c, struct club_seek *n, char game[ROOT_ID],
    char other[KEY_NAME_MAX + 1], struct error *e)
{
	char what[MAIL_SAID + 400], range[32];
	uint8_t h[SEC_HASH];
	struct club_seek *k;

	snprintf(n->by, sizeof(n->by), "%s", c->me->name);
	club_seek_range_text(n, range, sizeof(range));
	snprintf(what, sizeof(what), "adjudicator seek\n%s\n%s\n%s\n%s\n%s\n"
	    "%s", n->by, n->rules, n->options, n->casual ? "casual" : "rated",
	    range, c->r->b->in.message_id);
	if (mailcmd_game_hash(c->r, "adj-seek-id", what, h, e) != 0)
		return -1;
	sec_hex(n->id, sizeof(n->id), h, (CLUB_CHALLENGE_ID - 1) / 2);
	if ((k = club_seek_id(&c->ks, n->id)) == NULL &&
	    seek_new(c, n, &k, e) != 0)
		return -1;
	if (seek_place(c, k, game, other, e) != 0)
		return e->status == EXIT_SYSTEM || e->status == EXIT_USAGE ?
		    -1 : refuse(c, "seek,game", EXIT_REFUSED, e, "%s", e->msg);
	if (game[0] == '\0')
		return told_open(c, k, "seek", e);
	snprintf(n->id, sizeof(n->id), "%s", k->id);
	return 0;
}

static int
run_seek(struct bot_run *r, struct error *e)
{
	struct seek c;
	struct club_seek n;
	char game[ROOT_ID] = "", other[KEY_NAME_MAX + 1], me[KEY_NAME_MAX + 1];
	char why[400], opts[MAIL_SAID + 16], said[2][200];
	char code[CLUB_CHALLENGE_ID];
	const char *say[2] = { said[0], said[1] };
	int rc;

	memset(&c, 0, sizeof(c));
	memset(&n, 0, sizeof(n));
	c.r = r;
	c.verb = "SEEK";
	if (r->b->in.from[0] == '\0' || r->b->in.automatic) {
		snprintf(r->b->verdict, sizeof(r->b->verdict), "seek,quiet");
		return 0;
	}
	(void)mailcmd_said(&r->b->in, c.verb, c.args, sizeof(c.args));
	mailcmd_ask_take_code(c.args, 1, code);
	if (seek_args(&c, &n, e) != 0)
		return -1;
	seek_options(&n, opts, sizeof(opts));
	if (mailcmd_game_check(n.rules, opts, why, sizeof(why)) != 0)
		return refuse(&c, "seek,game", EXIT_REFUSED, e, "%s", why);
	if (r->club.address[0] == '\0')
		return refuse(&c, "seek,noaddress", EXIT_REFUSED, e, "this "
		    "judge makes no games: its operator has not set its "
		    "address (judge.yaml: address)");
	if (hold(&c, e) != 0)
		return -1;
	if (c.me == NULL)
		rc = refuse(&c, "seek,stranger", EXIT_REFUSED, e, "%s is no "
		    "member's address in this club's directory (REGISTER "
		    "first)", r->b->in.from);
	else if ((rc = mailcmd_ask_confirm(r, c.verb, c.me->name, c.args,
	    code, e)) == 0)
		rc = seek_run(&c, &n, game, other, e);
	if (rc == 1)
		rc = 0;
	if (rc == 0 && game[0] != '\0') {
		snprintf(me, sizeof(me), "%s", c.me->name);
		snprintf(said[0], sizeof(said[0]), "your seek %s matched %s's "
		    "seek of %s", n.id, other[0] ? other : "another member",
		    n.rules);
		snprintf(said[1], sizeof(said[1]), "%s's seek matched your "
		    "seek of %s", me, n.rules);
	}
	let_go(&c);
	if (rc != 0 || game[0] == '\0')
		return rc;
	snprintf(r->b->game, sizeof(r->b->game), "%s", game);
	snprintf(r->b->verdict, sizeof(r->b->verdict), "seek,matched");
	report_line(r->b->report, "%s: seek %s of %s matched %s's: game "
	    "%.16s, %s first by lot", r->name, n.id, me, other, game,
	    c.first[0] ? c.first : "made before,");
	return mailcmd_game_invite(r, game, me, say, e);
}

/* SEEKS: the open seeks, one a line, no address. */
static int
run_seeks(struct bot_run *r, struct error *e)
{
	struct seek c;
	const struct club_seek *k;
	char t[WHEN_TEXT], range[32];
	struct buf out;
	size_t i, n = 0;
	int rc;

	memset(&c, 0, sizeof(c));
	c.r = r;
	c.verb = "SEEKS";
	if (r->b->in.from[0] == '\0' || r->b->in.automatic) {
		snprintf(r->b->verdict, sizeof(r->b->verdict), "seeks,quiet");
		return 0;
	}
	(void)mailcmd_said(&r->b->in, c.verb, c.args, sizeof(c.args));
	if (c.args[0] != '\0')
		return refuse(&c, "seeks,args", EXIT_MALFORMED, e, "SEEKS "
		    "takes nothing, and it says \"%.40s\"", c.args);
	if (hold(&c, e) != 0)
		return -1;
	if (c.me == NULL) {
		rc = refuse(&c, "seeks,stranger", EXIT_REFUSED, e, "%s is no "
		    "member's address in this club's directory: the seeks are "
		    "for members", r->b->in.from);
		let_go(&c);
		return rc;
	}
	buf_init(&out);
	for (i = 0; i < c.ks.n; i++) {
		k = &c.ks.s[i];
		if (k->game[0] != '\0')
			continue;
		if (n++ == 0)
			buf_printf(&out, "The open seeks (id, member, game and "
			    "options, rated or casual, ratings,\nuntil when):"
			    "\n\n");
		when_format(k->until, t, sizeof(t));
		club_seek_range_text(k, range, sizeof(range));
		buf_printf(&out, "%s  %s  %s%s%s  %s  %s  until %s\n", k->id,
		    k->by, k->rules, k->options[0] ? " " : "", k->options,
		    k->casual ? "casual" : "rated", range, t);
	}
	buf_printf(&out, "%s\nTo meet one, SEEK the same game, options and "
	    "clock: the judge matches\nthe oldest seek that takes your "
	    "rating, and makes the game.\n", n == 0 ? "No seek is open." :
	    "");
	rc = buf_cstr(&out) != 0 ? error_set(e, EXIT_SYSTEM, "out of memory") :
	    tell(&c, "seeks", (char *)out.data, e);
	buf_free(&out);
	let_go(&c);
	return rc;
}

/* UNSEEK ID|ALL: the sender's open seeks withdrawn. */
static int
unseek(struct seek *c, struct error *e)
{
	struct buf out;
	struct club_seek *k;
	size_t i = 0, n = 0;
	int all = strcasecmp(c->args, "all") == 0, rc;

	if ((k = club_seek_id(&c->ks, c->args)) != NULL &&
	    strcmp(k->by, c->me->name) == 0 && k->game[0] != '\0')
		return refuse(c, "unseek,matched", EXIT_REFUSED, e, "your seek "
		    "%s matched already: game %.16s", k->id, k->game);
	buf_init(&out);
	while (i < c->ks.n) {
		k = &c->ks.s[i];
		if (strcmp(k->by, c->me->name) != 0 || k->game[0] != '\0' ||
		    (!all && strcasecmp(k->id, c->args) != 0)) {
			i++;
			continue;
		}
		buf_printf(&out, "%s  %s%s%s\n", k->id, k->rules,
		    k->options[0] ? " " : "", k->options);
		club_seek_remove(&c->ks, k);
		n++;
	}
	if (n == 0)
		rc = refuse(c, "unseek,none", EXIT_REFUSED, e, "%s", all ?
		    "you have no open seek" : "no open seek of yours has that "
		    "id (SEEKS lists them)");
	else if (buf_cstr(&out) != 0)
		rc = error_set(e, EXIT_SYSTEM, "out of memory");
	else if ((rc = club_seeks_write(c->r->b->root, &c->ks, e)) == 0) {
		buf_printf(&out, "%s withdrawn: no game will be made of %s.\n",
		    n == 1 ? "It is" : "They are", n == 1 ? "it" : "them");
		rc = buf_cstr(&out) != 0 ? error_set(e, EXIT_SYSTEM, "out of "
		    "memory") : tell(c, "unseek", (char *)out.data, e);
	}
	buf_free(&out);
	return rc;
}

static int
run_unseek(struct bot_run *r, struct error *e)
{
	struct seek c;
	char code[CLUB_CHALLENGE_ID];
	int rc;

	memset(&c, 0, sizeof(c));
	c.r = r;
	c.verb = "UNSEEK";
	if (r->b->in.from[0] == '\0' || r->b->in.automatic) {
		snprintf(r->b->verdict, sizeof(r->b->verdict), "unseek,quiet");
		return 0;
	}
	(void)mailcmd_said(&r->b->in, c.verb, c.args, sizeof(c.args));
	mailcmd_ask_take_code(c.args, 1, code);
	if (strcasecmp(c.args, "all") != 0 && (strlen(c.args) !=
	    CLUB_CHALLENGE_ID - 1 || strspn(c.args, "0123456789abcdefABCDEF")
	    != strlen(c.args)))
		return refuse(&c, "unseek,args", EXIT_MALFORMED, e, "\"%.40s\" "
		    "is not a seek's id: UNSEEK takes the id SEEK answered (%d "
		    "hex digits), or ALL", c.args, CLUB_CHALLENGE_ID - 1);
	if (hold(&c, e) != 0)
		return -1;
	if (c.me == NULL)
		rc = refuse(&c, "unseek,stranger", EXIT_REFUSED, e, "%s is no "
		    "member's address in this club's directory",
		    r->b->in.from);
	else if ((rc = mailcmd_ask_confirm(r, c.verb, c.me->name, c.args,
	    code, e)) == 0)
		rc = unseek(&c, e);
	if (rc == 1)
		rc = 0;
	let_go(&c);
	return rc;
}

static int
asked_seek(const struct mail_in *in)
{
	char args[MAIL_SAID];

	return mailcmd_said(in, "SEEK", args, sizeof(args));
}

static int
asked_seeks(const struct mail_in *in)
{
	char args[MAIL_SAID];

	return mailcmd_said(in, "SEEKS", args, sizeof(args));
}

static int
asked_unseek(const struct mail_in *in)
{
	char args[MAIL_SAID];

	return mailcmd_said(in, "UNSEEK", args, sizeof(args));
}

const struct mailcmd mailcmd_seek = {
	.name = "SEEK",
	.usage = "SEEK RULES [OPTIONS]",
	.help = "seek a game: rated|casual, 1400-1700|+-200, days=N",
	.flags = MAILCMD_GAMES | MAILCMD_CODE,
	.asked = asked_seek,
	.run = run_seek,
};

const struct mailcmd mailcmd_seeks = {
	.name = "SEEKS",
	.usage = "SEEKS",
	.help = "the open seeks: who seeks which game",
	.flags = 0,
	.asked = asked_seeks,
	.run = run_seeks,
};

const struct mailcmd mailcmd_unseek = {
	.name = "UNSEEK",
	.usage = "UNSEEK ID|ALL [CODE]",
	.help = "withdraw your open seek (ALL: every one)",
	.flags = MAILCMD_CODE,
	.asked = asked_unseek,
	.run = run_unseek,
};
