/*
 * A game the club's judge makes itself (CHALLENGE, REMATCH, SEEK): see
 * mailcmd_game.h and formats/club.md.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "envelope.h"
#include "fsio.h"
#include "gamedir.h"
#include "mailbot_int.h"
#include "mailcmd_game.h"
#include "match.h"
#include "sec.h"

#define MAX_OPTS	(GAME_MAX_OPTIONS + 8)

/* options, split in words (in copy, kept while the words are used) */
static int
split(const char *options, char *copy, size_t len, char **kv)
{
	char *p, *save = NULL;
	int n = 0;

	snprintf(copy, len, "%s", options);
	for (p = strtok_r(copy, " ", &save); p != NULL;
	    p = strtok_r(NULL, " ", &save)) {
		if (n == MAX_OPTS)
			return -1;
		kv[n++] = p;
	}
	return n;
}

/* The rules, the config and the clock of a game of two seats. */
static const struct game_rules *
config(const char *rules, const char *options, struct game_config *cfg,
    struct clock_spec *clock, char *why, size_t len)
{
	const struct game_rules *r;
	char copy[MAIL_SAID], *kv[MAX_OPTS];
	struct error x;
	int n;

	error_clear(&x);
	if ((r = game_find(rules)) == NULL)
		return snprintf(why, len, "%.40s is no game of this judge "
		    "(adjudicator rules lists them)", rules), NULL;
	if (!(r->modes & GAME_MODE_JUDGE) || r->min_seats > 2 ||
	    r->max_seats < 2)
		return snprintf(why, len, "%s is not a game for two seats "
		    "and a judge", r->name), NULL;
	if ((n = split(options, copy, sizeof(copy), kv)) < 0)
		return snprintf(why, len, "too many options"), NULL;
	memset(cfg, 0, sizeof(*cfg));
	cfg->nseats = 2;
	if (header_options(r, cfg, clock, NULL, NULL, kv, n, &x) != 0)
		return snprintf(why, len, "%s", x.msg), NULL;
	return r;
}

int
mailcmd_game_check(const char *rules, const char *options, char *why,
    size_t len)
{
	struct game_config cfg;
	struct clock_spec clock;

	return config(rules, options, &cfg, &clock, why, len) != NULL ? 0 :
	    -1;
}

int
mailcmd_game_options(const struct match *m, char *out, size_t len)
{
	static const char *const clock[] = { "clock", "grace", "leave",
	    "remind" };
	char canon[80];
	struct buf b;
	size_t i;
	int rc;

	buf_init(&b);
	for (i = 0; i < (size_t)m->cfg.nopts; i++)
		buf_printf(&b, "%s%s=%s", b.len > 0 ? " " : "",
		    m->cfg.opt_name[i], m->cfg.opt[i]);
	/* as header_write writes them: no leave, no reminders: none */
	for (i = 0; m->clock.on && i < sizeof(clock) / sizeof(clock[0]);
	    i++) {
		if ((i == 2 && m->clock.leave == 0) || (i == 3 &&
		    m->clock.nremind == 0))
			continue;
		clock_canon(&m->clock, clock[i], canon, sizeof(canon));
		buf_printf(&b, "%s%s=%s", b.len > 0 ? " " : "", clock[i],
		    canon);
	}
	/* a casual game's rematch is casual */
	if (m->cfg.casual)
		buf_printf(&b, "%srated=no", b.len > 0 ? " " : "");
	rc = buf_cstr(&b) == 0 && b.len < len ? 0 : -1;
	snprintf(out, len, "%s", rc == 0 ? (char *)b.data : "");
	buf_free(&b);
	return rc;
}

int
mailcmd_game_hold(const struct bot_run *r, int *lock,
    struct club_members *mem, const struct club_member **me,
    struct error *e)
{
	const struct mailbot *b = r->b;
	char path[PATH_MAX];
	size_t i;

	*lock = -1;
	*me = NULL;
	if ((size_t)snprintf(path, sizeof(path), "%s/%s", b->root,
	    CLUB_LOCK) >= sizeof(path))
		return error_set(e, EXIT_USAGE, "%s: path too long", b->root);
	if (fsio_lock(path, lock, e) != 0)
		return -1;
	if (club_members_read(b->root, mem, e) != 0) {
		fsio_unlock(*lock);
		*lock = -1;
		return -1;
	}
	for (i = 0; i < mem->n && *me == NULL; i++)
		if (strcasecmp(mem->m[i].address, b->in.from) == 0)
			*me = &mem->m[i];
	return 0;
}

void
mailcmd_game_let_go(int *lock, struct club_members *mem)
{
	club_members_free(mem);
	fsio_unlock(*lock);
	*lock = -1;
}

int
mailcmd_game_tell(struct bot_run *r, const char *verb, const char *verdict,
    const char *text, struct error *e)
{
	char subject[MAIL_FIELD];
	int rc;

	snprintf(subject, sizeof(subject), "[adjudicator] %s", verb);
	rc = mailbot_answer(r, subject, text, e);
	snprintf(r->b->verdict, sizeof(r->b->verdict), "%s", verdict);
	return rc;
}

int
mailcmd_game_vrefuse(struct bot_run *r, const char *verb,
    const char *verdict, int status, struct error *e, const char *fmt,
    va_list ap)
{
	return mailcmd_game_vrefuse_as(r, verb, verb, verdict, status, e, fmt,
	    ap);
}

int
mailcmd_game_vrefuse_as(struct bot_run *r, const char *verb, const char *as,
    const char *verdict, int status, struct error *e, const char *fmt,
    va_list ap)
{
	char why[600], text[1024];

	(void)vsnprintf(why, sizeof(why), fmt, ap);
	snprintf(text, sizeof(text), "The judge did not take your %s: %s.\n"
	    "Nothing was changed.  Mail HELP for what to send.\n", verb, why);
	if (mailcmd_game_tell(r, as, verdict, text, e) != 0)
		return -1;
	return error_set(e, status, "%s: %s: %s", r->name, verb, why);
}

int
mailcmd_game_same(const char *rules, const char *a, const char *b)
{
	static const char *const clock_keys[] = { "clock", "grace", "leave",
	    "remind", NULL };
	struct game_config ca, cb;
	struct clock_spec ka, kb;
	char why[400], x[80], y[80];
	int i;

	if (config(rules, a, &ca, &ka, why, sizeof(why)) == NULL ||
	    config(rules, b, &cb, &kb, why, sizeof(why)) == NULL ||
	    ca.nopts != cb.nopts || ca.casual != cb.casual || ka.on != kb.on)
		return 0;
	for (i = 0; i < ca.nopts; i++)
		if (strcmp(ca.opt_name[i], cb.opt_name[i]) != 0 ||
		    strcmp(ca.opt[i], cb.opt[i]) != 0)
			return 0;
	for (i = 0; ka.on && clock_keys[i] != NULL; i++) {
		clock_canon(&ka, clock_keys[i], x, sizeof(x));
		clock_canon(&kb, clock_keys[i], y, sizeof(y));
		if (strcmp(x, y) != 0)
			return 0;
	}
	return 1;
}

int
mailcmd_game_hash(const struct bot_run *r, const char *dom, const char *what,
    uint8_t *h, struct error *e)
{
	uint8_t sig[SEC_SIG];

	if (key_sign(r->b->k, sig, what, strlen(what), e) != 0)
		return -1;
	if (sec_hash(h, dom, sig, sizeof(sig)) != 0)
		return error_set(e, EXIT_SYSTEM, "cannot hash the judge's "
		    "signature (%s)", dom);
	return 0;
}

int
mailcmd_game_lot(const struct bot_run *r, const char *what, int *lot,
    struct error *e)
{
	uint8_t h[SEC_HASH];

	if (mailcmd_game_hash(r, "adj-lot", what, h, e) != 0)
		return -1;
	*lot = h[0] & 1;
	return 0;
}

int
mailcmd_game_make(struct bot_run *r, const char *rules, const char *options,
    const struct club_member *first, const struct club_member *second,
    struct buf *sb, char game[ROOT_ID], struct error *e)
{
	const struct club_member *seat[2] = { first, second };
	const struct game_rules *g;
	struct game_config cfg;
	struct clock_spec clock;
	char why[400];

	if ((g = config(rules, options, &cfg, &clock, why,
	    sizeof(why))) == NULL)
		return error_set(e, EXIT_REFUSED, "%s", why);
	return mailcmd_game_event(r, g, &cfg, clock.on ? &clock : NULL, NULL,
	    seat, sb, game, e);
}

int
mailcmd_game_event(struct bot_run *r, const struct game_rules *g,
    const struct game_config *config, const struct clock_spec *clock,
    const struct match_event *event, const struct club_member *const seat[2],
    struct buf *sb, char game[ROOT_ID], struct error *e)
{
	struct game_config cfg = *config;
	struct key_public to[3];
	const char *addr[2];
	struct match *m;
	struct buf body;
	uint8_t rnd[32];
	int i, rc;

	cfg.nseats = 2;
	for (i = 0; i < 2; i++) {
		to[i] = seat[i]->key;
		snprintf(to[i].name, sizeof(to[i].name), "%s", seat[i]->name);
		snprintf(cfg.seat[i], sizeof(cfg.seat[i]), "%s",
		    seat[i]->name);
		addr[i] = seat[i]->address;
	}
	to[2] = r->b->k->pub;
	sec_random(rnd, sizeof(rnd));
	sec_hex(cfg.seed, sizeof(cfg.seed), rnd, sizeof(rnd));
	buf_init(&body);
	/* a game that draws from its seed: the judge, its creator, commits
	 * to its share, drawn with the seats' (seed.h) */
	rc = header_write(g, &cfg, 1, to, addr, 2, &to[2], r->club.address,
	    clock, NULL, event, r->b->k, &body, e) != 0 ||
	    envelope_sign(r->b->k, to, 3, body.data, body.len, sb, e) != 0;
	buf_free(&body);
	if (rc)
		return -1;
	if ((m = header_read(sb->data, sb->len, "the judge's game", e)) == NULL)
		return -1;
	snprintf(game, ROOT_ID, "%s", m->game_hex);
	match_free(m);
	return 0;
}

int
mailcmd_game_file(struct bot_run *r, const struct buf *sb, struct error *e)
{
	char game[ROOT_ID];
	int already;

	if (root_file(r->b->root, sb->data, sb->len, r->b->keypath,
	    &r->b->k->pub, 1, game, &already, "the judge's game", e) != 0)
		return -1;
	report_line(r->b->report, "%s: game %.16s: %s", r->name, game,
	    already ? "made before" : "made and filed");
	if (!already)
		mailbot_touch(r->b, game);
	return 0;
}

/* The mail to seat me of m: the invitation arm, its opponent named. */
static int
one_invitation(struct bot_run *r, const struct match *m, int me,
    const char *said, const struct buf *arm, struct error *e)
{
	const struct match_seat *s = &m->seat[me], *o = &m->seat[1 - me];
	struct mail_head h;
	struct buf body, mail;
	char subject[MAIL_FIELD];
	int rc;

	memset(&h, 0, sizeof(h));
	h.from = m->judge_address;
	h.to[h.nto++] = s->address;
	snprintf(subject, sizeof(subject), "[adjudicator] %s %.16s: you "
	    "against %s", m->rules->name, m->game_hex, o->name);
	h.subject = subject;
	h.game = m->game_hex;
	h.automatic = 1;
	buf_init(&body);
	buf_init(&mail);
	buf_printf(&body, "adjudicator: %s.\nThe judge made game %.16s, %s "
	    "(%s), judged.\nYour opponent: %s <%s>.\nSeats, in turn order: "
	    "%s, then %s.  You are %s.\nJoin it with \"adjudicator join -r "
	    "ROOT -k KEY\" (pipe this mail into it);\n\"adjudicator rules "
	    "%s\" says how to play.  Send your entries to the judge\n<%s>.\n\n",
	    said, m->game_hex, m->rules->name, m->rules->title, o->name,
	    o->address, m->seat[0].name, m->seat[1].name, s->name,
	    m->rules->name, m->judge_address);
	if (buf_add(&body, arm->data, arm->len) != 0)
		rc = error_set(e, EXIT_SYSTEM, "out of memory");
	else if ((rc = mail_compose(&h, (const char *)body.data, body.len,
	    &mail, e)) == 0 && (rc = mailbot_send(r->b, &mail, e)) == 0) {
		r->b->sent++;
		r->answered |= strcasecmp(s->address, r->b->in.from) == 0;
	}
	buf_free(&body);
	buf_free(&mail);
	return rc;
}

int
mailcmd_game_invite(struct bot_run *r, const char *game, const char *who,
    const char *const said[2], struct error *e)
{
	struct gamedir g;
	struct key_public to[3];
	struct buf sb, arm;
	char dir[PATH_MAX];
	int i, rc = -1;

	if (root_dir(r->b->root, game, dir, sizeof(dir), e) != 0 ||
	    gamedir_open(dir, GAMEDIR_READ, &g, r->b->report, e) != 0)
		return -1;
	buf_init(&sb);
	buf_init(&arm);
	if (g.t.store->get_entry(g.t.arg, 0, &sb, e) != 0)
		goto done;
	for (i = 0; i < 2; i++)
		to[i] = g.t.m->seat[i].key;
	to[2] = r->b->k->pub;
	if (envelope_armor(sb.data, sb.len, to, 3, &arm, e) != 0)
		goto done;
	for (i = 0; i < 2; i++)
		if (one_invitation(r, g.t.m, i, said[strcmp(g.t.m->seat[i].name,
		    who) != 0], &arm, e) != 0)
			goto done;
	rc = 0;
done:
	buf_free(&sb);
	buf_free(&arm);
	gamedir_close(&g);
	return rc;
}
