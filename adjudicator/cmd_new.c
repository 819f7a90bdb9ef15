/*
 * new: start a game.  The header is signed by its creator, read back as
 * a game before it is sent, and printed armored: the invitation (-M: as
 * a whole mail to everyone else, like turn -M).
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "cli.h"
#include "contacts.h"
#include "mail.h"
#include "match.h"

struct new_args {
	const char	*keypath, *mode, *judgepath, *seed;
	int		 mail;				/* -M */
	int		 send;				/* -S */
	char		*opts[GAME_MAX_OPTIONS + 4];	/* the clock's too */
	int		 nopts;
	char		*addr[GAME_MAX_SEATS + 1];	/* -a SEAT=ADDRESS */
	int		 naddr;
	struct match_watch watch;	/* -w ADDRESS, -o watch=yes */
	struct match_event event;	/* -o tournament=ID/ROUND/BOARD */
};

/* -w ADDRESS: an observer, once each. */
static int
observer(struct new_args *a, const char *addr, struct error *e)
{
	char why[80], q[160];
	int i;

	if (header_address_check(addr, why, sizeof(why)) != 0) {
		error_quote(q, sizeof(q), addr);
		return error_set(e, EXIT_USAGE, "-w \"%s\" is not a mail "
		    "address (%s)", q, why);
	}
	for (i = 0; i < a->watch.n; i++)
		if (strcasecmp(a->watch.address[i], addr) == 0)
			return error_set(e, EXIT_USAGE, "-w %s: named twice",
			    addr);
	if (a->watch.n == MATCH_MAX_OBSERVERS)
		return error_set(e, EXIT_USAGE, "-w %s: more than %d observers",
		    addr, MATCH_MAX_OBSERVERS);
	snprintf(a->watch.address[a->watch.n++], MATCH_ADDRESS, "%s", addr);
	return 0;
}

static int
parse_args(int *argc, char ***argv, struct new_args *a, struct error *e)
{
	int ch;

	memset(a, 0, sizeof(*a));
	a->mode = "peer";
	while ((ch = cli_getopt(*argc, *argv, "k:m:s:o:a:j:w:MS")) != -1) {
		switch (ch) {
		case 'M':
			a->mail = 1;
			break;
		case 'S':
			a->mail = a->send = 1;
			break;
		case 'k':
			a->keypath = optarg;
			break;
		case 'm':
			a->mode = optarg;
			break;
		case 's':
			a->seed = optarg;
			break;
		case 'o':
			if (a->nopts >= (int)(sizeof(a->opts) /
			    sizeof(a->opts[0])))
				return error_set(e, EXIT_USAGE, "too many -o");
			a->opts[a->nopts++] = optarg;
			break;
		case 'a':
			if (a->naddr >= GAME_MAX_SEATS + 1)
				return error_set(e, EXIT_USAGE, "too many -a");
			a->addr[a->naddr++] = optarg;
			break;
		case 'j':
			a->judgepath = optarg;
			break;
		case 'w':
			if (observer(a, optarg, e) != 0)
				return -1;
			break;
		default:
			return cli_usage(e);
		}
	}
	*argc -= optind;
	*argv += optind;
	if (a->keypath == NULL)
		return cli_usage_why(e, "-k KEY is missing: the key of the seat "
		    "(or judge) who invites");
	if (*argc < 1)
		return cli_usage_why(e, "RULES is missing (adjudicator rules "
		    "lists the games)");
	if (strcmp(a->mode, "peer") != 0 && strcmp(a->mode, "judge") != 0)
		return error_set(e, EXIT_USAGE, "-m %s: the mode is peer or "
		    "judge", a->mode);
	if ((strcmp(a->mode, "judge") == 0) != (a->judgepath != NULL))
		return error_set(e, EXIT_USAGE, a->judgepath == NULL ?
		    "judge mode needs -j JUDGE.pub" :
		    "-j is for judge mode (-m judge)");
	return 0;
}

/* The rules, the seats and the options, before any key is opened. */
static const struct game_rules *
game_config(struct new_args *a, int nseats, struct game_config *cfg,
    struct clock_spec *clock, const char *name, struct error *e)
{
	const struct game_rules *r;
	int judged = strcmp(a->mode, "judge") == 0;
	uint8_t rnd[32];

	if ((r = game_find(name)) == NULL) {
		error_set(e, EXIT_USAGE, "unknown game \"%s\" (see adjudicator "
		    "rules)", name);
		return NULL;
	}
	if (!(r->modes & (judged ? GAME_MODE_JUDGE : GAME_MODE_PEER))) {
		error_set(e, EXIT_USAGE, "%s cannot be played in %s mode%s",
		    r->name, a->mode, judged ? "" : ": it needs a judge "
		    "(-m judge -j JUDGE.pub)");
		return NULL;
	}
	if (nseats < r->min_seats || nseats > r->max_seats) {
		if (r->min_seats == r->max_seats)
			error_set(e, EXIT_USAGE, "%s is for %d seats, not %d",
			    r->name, r->min_seats, nseats);
		else
			error_set(e, EXIT_USAGE, "%s is for %d to %d seats, not "
			    "%d", r->name, r->min_seats, r->max_seats, nseats);
		return NULL;
	}
	memset(cfg, 0, sizeof(*cfg));
	cfg->nseats = nseats;
	if (header_options(r, cfg, clock, &a->watch, &a->event, a->opts,
	    a->nopts, e) != 0)
		return NULL;
	if (a->seed != NULL) {
		if (strlen(a->seed) == 0 || strlen(a->seed) > 64 ||
		    strspn(a->seed, "0123456789abcdef") != strlen(a->seed)) {
			error_set(e, EXIT_USAGE, "-s %s: the seed is 1 to 64 "
			    "lowercase hex digits", a->seed);
			return NULL;
		}
		snprintf(cfg->seed, sizeof(cfg->seed), "%s", a->seed);
	} else {
		sec_random(rnd, sizeof(rnd));
		sec_hex(cfg->seed, sizeof(cfg->seed), rnd, sizeof(rnd));
	}
	return r;
}

/*
 * A game judged by mail (-a given, or -M) needs every seat's address and
 * the judge's: the judge's mail bot mails every seat, and each seat's
 * turn -M mails the judge.  Without one, the invitation would be made
 * and refused later.  -M alone (a peer game) needs the addresses of the
 * seats it goes to.
 */
static int
mail_addresses(const struct new_args *a, const struct key_public *to,
    int nseats, int judged, const char *const *addr, const char *judge_addr,
    int known, struct error *e)
{
	int i;

	if (judged && (a->naddr > 0 || a->mail || known)) {
		for (i = 0; i < nseats; i++)
			if (addr[i] == NULL)
				return error_set(e, EXIT_USAGE, "-a: no address "
				    "for %s: a game judged by mail needs every "
				    "seat's, and the judge's (-a %s=ADDRESS)",
				    to[i].name, to[i].name);
		if (judge_addr == NULL)
			return error_set(e, EXIT_USAGE, "-a: no address for the "
			    "judge: a game judged by mail needs every seat's, "
			    "and the judge's (-a judge=ADDRESS)");
		return 0;
	}
	if (a->watch.n > 0 || a->watch.open)
		return error_set(e, EXIT_USAGE, "%s: observers are mailed by "
		    "the judge: a game judged by mail alone (-m judge, -a "
		    "SEAT=ADDRESS for each seat and the judge)", a->watch.n > 0 ?
		    "-w" : "-o watch=yes");
	for (i = 0; a->mail && i < nseats; i++)
		if (addr[i] == NULL)
			return error_set(e, EXIT_USAGE, "-M: no address for %s "
			    "(-a %s=ADDRESS)", to[i].name, to[i].name);
	return 0;
}

/*
 * -a SEAT=ADDRESS: each seat's (or the judge's) mail address, by the
 * seat's name, once each; else the address the contacts know (known[i]:
 * the seat was given as a contact's name or address; judge_known: the
 * club's judge, in a game that goes by mail).
 */
static int
addresses(const struct new_args *a, const struct key_public *to, int nseats,
    int judged, const char **addr, const char **judge_addr,
    char known[][MAIL_FIELD], const char *judge_known, struct error *e)
{
	const char *eq, **slot;
	char why[80], q[160];
	size_t n;
	int i, j, filled = 0;

	for (i = 0; i < nseats; i++)
		addr[i] = NULL;
	*judge_addr = NULL;
	for (i = 0; i < a->naddr; i++) {
		if ((eq = strchr(a->addr[i], '=')) == NULL)
			return error_set(e, EXIT_USAGE, "-a %s: SEAT=ADDRESS",
			    a->addr[i]);
		n = (size_t)(eq - a->addr[i]);
		slot = NULL;
		if (n == 5 && strncmp(a->addr[i], "judge", 5) == 0 && judged)
			slot = judge_addr;
		for (j = 0; j < nseats; j++)
			if (strlen(to[j].name) == n &&
			    strncmp(a->addr[i], to[j].name, n) == 0)
				slot = &addr[j];
		if (slot == NULL)
			return error_set(e, EXIT_USAGE, "-a %s: %.*s is not a "
			    "seat of this game%s", a->addr[i], (int)n,
			    a->addr[i], judged ? " nor the judge" : "");
		if (*slot != NULL)
			return error_set(e, EXIT_USAGE, "-a %s: a second address "
			    "for %.*s", a->addr[i], (int)n, a->addr[i]);
		if (header_address_check(eq + 1, why, sizeof(why)) != 0) {
			error_quote(q, sizeof(q), eq + 1);
			return error_set(e, EXIT_USAGE, "-a %.*s: \"%s\" is not "
			    "a mail address (%s)", (int)n, a->addr[i], q, why);
		}
		*slot = eq + 1;
	}
	for (i = 0; i < nseats; i++)
		if (addr[i] == NULL && known[i][0] != '\0') {
			addr[i] = known[i];
			filled = 1;
		}
	/* the club's judge found in the contacts: the address its
	 * directory gave (MEMBERS), when the game goes by mail (-M needs
	 * the seats' addresses too: given, or found) */
	if (judged && *judge_addr == NULL && judge_known[0] != '\0' &&
	    (a->naddr > 0 || filled))
		*judge_addr = judge_known;
	return mail_addresses(a, to, nseats, judged, addr, *judge_addr,
	    filled, e);
}

/*
 * -S: the invitation's mail handed to the mailer, and a line on stderr
 * saying whom it went to (its To header, unfolded).  Nothing is kept
 * before a game directory is joined: a mailer that fails, and new -S
 * again makes another game.
 */
static int
send_invitation(const struct buf *mail, struct error *e)
{
	struct cli_mailer m;
	const char *p = (const char *)mail->data, *end = p + mail->len, *nl;
	struct buf to;

	signal(SIGPIPE, SIG_IGN);
	if (cli_mailer_default(NULL, &m, e) != 0 ||
	    cli_to_mailer(&m, mail, e) != 0) {
		if (e->status != EXIT_USAGE)
			e->status = EXIT_TEMPFAIL;
		return error_prefix(e, "the invitation was not sent");
	}
	buf_init(&to);
	/* the head's To line and its continuation lines */
	for (; p < end && *p != '\n'; p = nl + 1) {
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			nl = end;
		if (to.len > 0 && (*p == ' ' || *p == '\t'))
			buf_add(&to, p, (size_t)(nl - p));
		else if (to.len > 0)
			break;
		else if (nl - p > 4 && strncasecmp(p, "To: ", 4) == 0)
			buf_add(&to, p + 4, (size_t)(nl - p - 4));
	}
	if (buf_cstr(&to) == 0)
		fprintf(stderr, "the invitation sent to %s\n",
		    (char *)to.data);
	buf_free(&to);
	return 0;
}

/*
 * -M: the invitation as a whole mail from its creator (me: a seat, or
 * GAME_JUDGE) to everyone else, the game's id in the Subject and a few
 * lines above the armor saying what it is and how to join it.
 */
static int
invitation_mail(const struct match *m, int me, const struct buf *arm,
    struct buf *out, struct error *e)
{
	struct mail_head h;
	struct buf body;
	char subject[MAIL_FIELD];
	const char *by = match_author_name(m, me);
	int i, rc;

	memset(&h, 0, sizeof(h));
	h.from = me == GAME_JUDGE ? m->judge_address : m->seat[me].address;
	for (i = 0; i < m->nseats; i++)
		if (i != me)
			h.to[h.nto++] = m->seat[i].address;
	if (m->judge_mode && me != GAME_JUDGE)
		h.to[h.nto++] = m->judge_address;
	snprintf(subject, sizeof(subject), "[adjudicator] %s %.16s: an "
	    "invitation from %s", m->rules->name, m->game_hex, by);
	h.subject = subject;
	h.game = m->game_hex;
	buf_init(&body);
	buf_printf(&body, "adjudicator: %s invites you to a game of %s%s.\n"
	    "Game %.16s: %s.\nSeats, in turn order:", by, m->rules->name,
	    m->judge_mode ? ", judged" : "", m->game_hex, m->rules->title);
	for (i = 0; i < m->nseats; i++)
		buf_printf(&body, "%s %s <%s>", i ? "," : "", m->seat[i].name,
		    m->seat[i].address);
	if (m->judge_mode)
		buf_printf(&body, "; the judge <%s>", m->judge_address);
	for (i = 0; i < m->watch.n; i++)
		buf_printf(&body, "%s <%s>", i ? "," : ".\nObservers, mailed "
		    "what the public may know:", m->watch.address[i]);
	if (m->watch.open)
		buf_adds(&body, ".\nAnyone may ask the judge to watch it "
		    "(WATCH by mail)");
	buf_printf(&body, ".\nJoin it with \"adjudicator join -r ROOT -k "
	    "KEY\" (pipe this mail into it);\n\"adjudicator rules %s\" says "
	    "how to play.%s\n\n", m->rules->name, m->judge_mode ? "  The "
	    "judge's mail bot joins it\nby itself." : "");
	if (buf_add(&body, arm->data, arm->len) != 0) {
		buf_free(&body);
		return error_set(e, EXIT_SYSTEM, "out of memory");
	}
	rc = mail_compose(&h, (const char *)body.data, body.len, out, e);
	buf_free(&body);
	return rc;
}

/* Signs the header and reads it back as a game before it is sent; -M
 * (mail) makes it a whole mail from seat me. */
static int
invitation(const struct game_rules *r, const struct game_config *cfg,
    const struct clock_spec *clock, const struct match_watch *watch,
    const struct match_event *event,
    const struct key_secret *k, const struct key_public *to, int nseats,
    int judged,
    const char *const *addr, const char *judge_addr, int mail, int chosen,
    struct buf *arm, struct error *e)
{
	struct buf body, sb, whole;
	struct match *m;
	int rc = -1, me;

	buf_init(&body);
	buf_init(&sb);
	if (header_write(r, cfg, judged, to, addr, nseats, judged ?
	    &to[nseats] : NULL, judge_addr, clock, watch, event, chosen ? NULL :
	    k, &body, e) != 0 ||
	    envelope_sign(k, to, (size_t)nseats + judged, body.data, body.len,
	    &sb, e) != 0)
		goto done;
	if ((m = header_read(sb.data, sb.len, "invitation", e)) == NULL)
		goto done;
	rc = envelope_armor(sb.data, sb.len, to, (size_t)nseats + judged, arm,
	    e);
	if (rc == 0 && mail) {
		me = match_seat_of(m, &k->pub);
		buf_init(&whole);
		if ((rc = invitation_mail(m, me, arm, &whole, e)) == 0) {
			arm->len = 0;
			rc = buf_add(arm, whole.data, whole.len) != 0 ?
			    error_set(e, EXIT_SYSTEM, "out of memory") : 0;
		}
		buf_free(&whole);
	}
	match_free(m);
done:
	buf_free(&body);
	buf_free(&sb);
	return rc;
}

int
cmd_new(int argc, char **argv, struct error *e)
{
	struct new_args a;
	const struct game_rules *r;
	struct game_config cfg;
	struct clock_spec clock;
	struct key_public to[GAME_MAX_SEATS + 1];
	struct key_secret *k = NULL;
	const char *addr[GAME_MAX_SEATS], *judge_addr;
	const char *root = cli_default_root();
	char known[GAME_MAX_SEATS][MAIL_FIELD], judge_known[MAIL_FIELD] = "";
	struct buf arm;
	int i, nseats, judged, rc = -1, signer_ok = 0;

	if (parse_args(&argc, &argv, &a, e) != 0)
		return -1;
	nseats = argc - 1;
	judged = strcmp(a.mode, "judge") == 0;
	if ((r = game_config(&a, nseats, &cfg, &clock, argv[0], e)) == NULL)
		return -1;
	for (i = 0; i < nseats; i++) {
		/* a .pub file, or a contact's name or address */
		if (contacts_key(root, argv[1 + i], CONTACTS_MEMBER, &to[i],
		    known[i], e) != 0)
			return -1;
		snprintf(cfg.seat[i], sizeof(cfg.seat[i]), "%.32s", to[i].name);
	}
	if (judged && contacts_key(root, a.judgepath, CONTACTS_JUDGE,
	    &to[nseats], judge_known, e) != 0)
		return -1;
	if (addresses(&a, to, nseats, judged, addr, &judge_addr, known,
	    judge_known, e) != 0)
		return -1;
	buf_init(&arm);
	if ((k = cli_key_load(a.keypath, e)) == NULL)
		goto done;
	for (i = 0; i < nseats + judged; i++)
		signer_ok |= key_same(&k->pub, &to[i]);
	if (!signer_ok) {
		error_set(e, EXIT_USAGE, "%s: the creator must be one of the "
		    "seats or the judge", a.keypath);
		goto done;
	}
	if (invitation(r, &cfg, &clock, &a.watch, &a.event, k, to, nseats,
	    judged, addr, judge_addr, a.mail, a.seed != NULL, &arm, e) == 0)
		rc = a.send ? send_invitation(&arm, e) : cli_write(arm.data,
		    arm.len, e);
done:
	key_secret_free(k);
	buf_free(&arm);
	return rc;
}
