/*
 * A tournament's round deadlines, by the judge itself (formats/
 * tournament.md, "Round deadlines"): each game of it still under way
 * when its deadline passed (the declaration's deadline after its
 * header's time) is ended by the judge's ruling adjudicate, the result
 * the clocks give (tour_deadline.c), its seats mailed their updates as
 * for any ruling.  Then its round is over as any other.  A game over, or
 * whose slot the director ruled or a withdrawal forfeits, is left alone,
 * so that a second run rules nothing again; the decision is taken on the
 * game as its own lock holds it (mailbot_rule_if).
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "mailbot.h"
#include "mailbot_tour.h"
#include "match.h"
#include "root.h"
#include "tour.h"
#include "tour_deadline.h"
#include "when.h"

struct due {
	const struct tour_decl	*d;
	char			 reason[160];
	char			 winner[KEY_NAME_MAX + 1];
};

/* mailbot_rule_fn: the clocks' result at the game's deadline, unless it
 * is over */
static int
decide(void *arg, const struct match *m, struct entry_rule *r,
    struct error *e)
{
	struct due *u = arg;
	int64_t deadline = tour_deadline_of(u->d, m->created_at);
	int w;

	(void)e;
	if (match_phase(m) == MATCH_CLOSED)
		return 1;
	w = tour_deadline_winner(&m->clk, &m->clock, m->nseats, deadline);
	snprintf(u->winner, sizeof(u->winner), "%s", w < 0 ? "draw" :
	    m->seat[w].name);
	tour_deadline_reason(deadline, u->reason, sizeof(u->reason));
	memset(r, 0, sizeof(*r));
	r->what = "adjudicate";
	r->reason = u->reason;
	r->seat = -1;
	r->result = u->winner;
	return 0;
}

/* The game of slot s, when its deadline has passed: its directory. */
static int
overdue(const char *root, const struct tour_decl *d,
    const struct tour_slot *s, int64_t now, char *dir, size_t len,
    struct error *e)
{
	struct match *x;
	struct buf sb;
	char file[48], path[PATH_MAX], game[ROOT_ID];
	int rc, due = 0;

	snprintf(file, sizeof(file), "game-%u-%u-%u.hdr", s->g.round,
	    s->g.board, s->g.game);
	buf_init(&sb);
	if ((rc = mailbot_tour_path(root, d->id, file, path, sizeof(path),
	    e)) == 0 && (rc = mailbot_tour_kept(path, &sb, e)) == 1) {
		rc = (x = header_read(sb.data, sb.len, path, e)) == NULL ?
		    -1 : 0;
		if (x != NULL) {
			snprintf(game, sizeof(game), "%s", x->game_hex);
			due = now >= tour_deadline_of(d, x->created_at);
		}
		match_free(x);
	}
	buf_free(&sb);
	if (rc != 0 || !due || root_dir(root, game, dir, len, e) != 0)
		return rc < 0 ? -1 : 0;
	return root_is_game(dir) ? 1 : 0;
}

int
mailbot_tour_deadlines(struct mailbot *b, const struct tour *t,
    struct error *e)
{
	struct due u;
	char dir[PATH_MAX];
	int64_t now = when_now();
	size_t i;
	int n = 0, rc;

	if (t->d->deadline == 0)
		return 0;
	memset(&u, 0, sizeof(u));
	u.d = t->d;
	for (i = 0; i < t->ns; i++) {
		if (t->s[i].res != TOUR_PENDING ||
		    t->s[i].g.black == TOUR_NONE)
			continue;
		if ((rc = overdue(b->root, t->d, &t->s[i], now, dir,
		    sizeof(dir), e)) < 0)
			return -1;
		if (rc == 0)
			continue;
		if ((rc = mailbot_rule_if(b, dir, decide, &u, now, e)) < 0)
			return -1;
		n += rc == 0;
	}
	return n;
}
