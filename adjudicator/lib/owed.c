/*
 * An owed opening in a player's words (owed.h).
 */
#include <stdio.h>
#include <string.h>

#include "game.h"
#include "match.h"
#include "owed.h"

void
owed_piece(const struct match *m, int seat, const char *id,
    enum owed_voice voice, char *out, size_t len)
{
	const char *who = m->seat[seat].name;
	char sq[5] = "", was[GAME_ID + 16];
	int named = -1;

	if (m->rules->piece_square == NULL ||
	    (named = m->rules->piece_square(m->state, seat, id, sq)) < 0)
		sq[0] = '\0';
	if (sq[0] == '\0' || strcmp(sq, id) == 0) {
		/* where it started, or off the board: its id says it */
		if (voice == OWED_PLAIN)
			snprintf(out, len, "%s", id);
		else
			snprintf(out, len, "%s%s %s%s",
			    voice == OWED_YOURS ? "your" : who,
			    voice == OWED_YOURS ? "" : "'s",
			    sq[0] != '\0' ? "piece on " : "", id);
		return;
	}
	/* moved: where it stands, and where it started (or the reserve
	 * it came from: "reserve r2") */
	snprintf(was, sizeof(was), "%s %s", named == 0 ? "started on" :
	    "reserve", id);
	if (voice == OWED_YOURS)
		snprintf(out, len, "your piece on %s, %s %s", sq,
		    named == 0 ? "which started on" : "from your reserve,", id);
	else
		snprintf(out, len, "%s%s piece on %s (%s)",
		    voice == OWED_OWNER ? who : "the",
		    voice == OWED_OWNER ? "'s" : "", sq, was);
}

void
owed_yours(const struct match *m, int seat, char *out, size_t len)
{
	const struct game_needs *n = &m->pending_needs;
	char piece[GAME_ID + 64];
	size_t l = 0;
	int i, k;

	out[0] = '\0';
	for (i = 0; m->pending && i < n->n; i++) {
		k = match_piece_index(m, seat, n->p[i].id);
		if (n->p[i].seat != seat || k < 0 || m->seat[seat].opened[k])
			continue;
		owed_piece(m, seat, n->p[i].id, OWED_YOURS, piece,
		    sizeof(piece));
		if (l + strlen(piece) + 6 >= len)
			break;	/* cut at a whole piece, never inside one */
		l += (size_t)snprintf(out + l, len - l, "%s%s",
		    l ? " and " : "", piece);
	}
}

int
owed_first(const struct match *m, char *out, size_t len)
{
	const struct game_needs *n = &m->pending_needs;
	char piece[GAME_ID + 64];
	int i, s, k;

	out[0] = '\0';
	for (i = 0; m->pending && i < n->n; i++) {
		s = n->p[i].seat;
		k = match_piece_index(m, s, n->p[i].id);
		if (k < 0 || m->seat[s].opened[k])
			continue;
		owed_piece(m, s, n->p[i].id, m->judge_mode ? OWED_OWNER :
		    OWED_PLAIN, piece, sizeof(piece));
		snprintf(out, len, "%s must open %s", m->judge_mode ?
		    "the judge" : m->seat[s].name, piece);
		return 0;
	}
	return -1;
}
