/*
 * A tournament's tables (formats/tournament.md, "The table"): text,
 * YAML and HTML, each from the standing alone (never from the order the
 * inputs came in), and the FIDE TRF-16 export ("TRF").
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tour.h"
#include "tour_int.h"
#include "ydoc.h"

/* a value in units of 1/unit, as a decimal */
void
tour_dec(char *out, size_t len, long v, unsigned unit)
{
	static const char *const q[] = { "", ".25", ".5", ".75" };
	long whole = v / (long)unit, part = v % (long)unit;

	snprintf(out, len, "%ld%s", whole, q[part * 4 / (long)unit]);
}

struct cells {
	long	*at;	/* per player and round, 2 games: a slot, or -1 */
	unsigned rounds;
};

static int
cells_of(const struct tour *t, struct cells *c, struct error *e)
{
	size_t i, n = t->d->n, k, j;
	const struct tour_slot *s;

	c->rounds = t->nrounds;
	if ((c->at = malloc((n * c->rounds * 2 + 1) * sizeof(*c->at))) ==
	    NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	for (i = 0; i < n * c->rounds * 2; i++)
		c->at[i] = -1;
	for (i = 0; i < t->ns; i++) {
		s = &t->s[i];
		if (s->g.round == 0)
			continue;
		k = (s->g.round - 1) * 2 + (s->g.game > 1);
		c->at[s->g.white * c->rounds * 2 + k] = (long)i;
		if (s->g.black != TOUR_NONE)
			c->at[s->g.black * c->rounds * 2 + k] = (long)i;
		for (j = 2; j < s->g.nseats; j++)
			c->at[s->g.more[j - 2] * c->rounds * 2 + k] = (long)i;
	}
	return 0;
}

/* What player p did in slot s: "w5 1", "b2 =", "bye", as text or as
 * TRF's opponent, colour and result. */
static void
cell(const struct tour *t, const struct tour_slot *s, unsigned p,
    unsigned *opp, char *colour, char *res)
{
	unsigned pw, pb, mine;
	int white = s->g.white == p;

	*opp = white ? s->g.black : s->g.white;
	*colour = white ? 'w' : 'b';
	tour_points(t, s, &pw, &pb);
	mine = white ? pw : pb;
	switch (s->res) {
	case TOUR_BYE:
		*colour = '-';
		*res = mine == 2 ? 'F' : mine == 1 ? 'H' : 'Z';
		if (tour_round_format(t->d, s->g.round) != TOUR_ROUND_ROBIN &&
		    t->d->bye2 == 2)
			*res = 'U';
		return;
	case TOUR_PENDING:
		*res = '.';
		return;
	case TOUR_VOID:
		*res = 'Z';
		*colour = '-';
		return;
	case TOUR_WHITE_FF:
	case TOUR_BLACK_FF:
		*res = mine == 2 ? '+' : '-';
		return;
	default:
		*res = mine == 2 ? '1' : mine == 1 ? '=' : '0';
	}
}

/* Player p at a table: its seat, "s2", and its points or "." */
static void
table_cell(const struct tour_slot *s, unsigned p, char *v, size_t len,
    unsigned *seat, char *pts, size_t plen)
{
	unsigned i;

	for (i = 0; i + 1 < s->g.nseats && tour_seat(&s->g, i) != p; i++)
		;
	*seat = i + 1;
	if (s->res == TOUR_TABLE)
		tour_dec(pts, plen, s->pts2[i], 2);
	else
		snprintf(pts, plen, "%s", s->res == TOUR_VOID ? "void" :
		    "pending");
	snprintf(v, len, "s%u %s", i + 1, s->res == TOUR_TABLE ? pts :
	    s->res == TOUR_VOID ? "Z" : ".");
}

static void
line_text(const struct tour *t, const struct cells *c,
    const struct tour_line *l, struct buf *b)
{
	const struct tour_decl *d = t->d;
	char v[32], col, res, pts[16];
	unsigned r, k, opp;
	long at;

	tour_dec(v, sizeof(v), l->score2, 2);
	buf_printf(b, "%4u  %4u  %-20s %5s", l->rank, l->player + 1,
	    d->p[l->player].name, v);
	for (k = 0; k < d->ntb; k++) {
		tour_dec(v, sizeof(v), l->tb[k], tour_tb_unit(d->tb[k]));
		buf_printf(b, " %6s", v);
	}
	for (r = 0; r < c->rounds; r++)
		for (k = 0; k < 2; k++) {
			at = c->at[(l->player * c->rounds + r) * 2 + k];
			if (at < 0) {
				if (k == 0)
					buf_printf(b, " %7s", "");
				continue;
			}
			cell(t, &t->s[at], l->player, &opp, &col, &res);
			if (t->s[at].g.nseats > 2)
				table_cell(&t->s[at], l->player, v, sizeof(v),
				    &opp, pts, sizeof(pts));
			else if (opp == TOUR_NONE)
				snprintf(v, sizeof(v), "%c", res);
			else
				snprintf(v, sizeof(v), "%c%u %c", col, opp + 1,
				    res);
			buf_printf(b, " %7s", v);
		}
	buf_adds(b, "\n");
}

static int
table_text(const struct tour *t, const struct tour_line *l,
    const struct cells *c, struct buf *b)
{
	const struct tour_decl *d = t->d;
	char v[32];
	size_t i, k;

	buf_printf(b, "%s (%s): %s, %s, %zu players, %u of %u rounds "
	    "paired\ntournament %s, director %s (%s)\n\n", d->name, d->id,
	    tour_format_name(d->format), d->rules->name, d->n, t->nrounds,
	    tour_rounds(d), d->hex, d->director.name, d->director.idhex);
	buf_printf(b, "rank  seed  %-20s %5s", "player", "score");
	for (k = 0; k < d->ntb; k++)
		buf_printf(b, " %6.6s", tour_tb_name(d->tb[k]));
	for (k = 0; k < c->rounds; k++) {
		snprintf(v, sizeof(v), "rd%zu", k + 1);
		buf_printf(b, " %7s", v);
	}
	buf_adds(b, "\n");
	for (i = 0; i < d->n; i++)
		line_text(t, c, &l[i], b);
	return 0;
}

static const char *
res_word(char res)
{
	switch (res) {
	case '1': return "1";
	case '=': return "0.5";
	case '0': return "0";
	case '+': return "1 forfeit";
	case '-': return "0 forfeit";
	case '.': return "pending";
	case 'Z': return "void";
	default: return "bye";
	}
}

static int
table_yaml(const struct tour *t, const struct tour_line *l,
    const struct cells *c, struct buf *b, struct error *e)
{
	const struct tour_decl *d = t->d;
	struct ydoc_writer *w;
	char v[32], col, res, pts[16];
	unsigned r, k, opp;
	size_t i;
	long at;

	if ((w = ydoc_writer_new(b)) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	ydoc_map_begin(w);
	ydoc_kv(w, "tournament", d->hex);
	ydoc_kv(w, "id", d->id);
	ydoc_kv(w, "name", d->name);
	ydoc_kv(w, "format", tour_format_name(d->format));
	ydoc_kvf(w, "rounds", "%u", t->nrounds);
	ydoc_key(w, "players");
	ydoc_seq_begin(w, 0);
	for (i = 0; i < d->n; i++) {
		ydoc_map_begin(w);
		ydoc_kvf(w, "rank", "%u", l[i].rank);
		ydoc_kvf(w, "seed", "%u", l[i].player + 1);
		ydoc_kv(w, "name", d->p[l[i].player].name);
		tour_dec(v, sizeof(v), l[i].score2, 2);
		ydoc_kv(w, "score", v);
		ydoc_key(w, "tiebreaks");
		ydoc_map_begin(w);
		for (k = 0; k < d->ntb; k++) {
			tour_dec(v, sizeof(v), l[i].tb[k],
			    tour_tb_unit(d->tb[k]));
			ydoc_kv(w, tour_tb_name(d->tb[k]), v);
		}
		ydoc_map_end(w);
		ydoc_key(w, "games");
		ydoc_seq_begin(w, 0);
		for (r = 0; r < c->rounds; r++)
			for (k = 0; k < 2; k++) {
				at = c->at[(l[i].player * c->rounds + r) * 2 +
				    k];
				if (at < 0)
					continue;
				cell(t, &t->s[at], l[i].player, &opp, &col,
				    &res);
				ydoc_map_begin(w);
				ydoc_kvf(w, "round", "%u", r + 1);
				if (k > 0)
					ydoc_kv(w, "game", "2");
				if (t->s[at].g.nseats > 2) {
					table_cell(&t->s[at], l[i].player, v,
					    sizeof(v), &opp, pts, sizeof(pts));
					ydoc_kvf(w, "seat", "%u", opp);
					ydoc_kv(w, "result", pts);
					ydoc_map_end(w);
					continue;
				}
				if (opp != TOUR_NONE) {
					ydoc_kv(w, "opponent",
					    d->p[opp].name);
					ydoc_kv(w, "colour", col == 'w' ?
					    "white" : "black");
				}
				ydoc_kv(w, "result", res_word(res));
				ydoc_map_end(w);
			}
		ydoc_seq_end(w);
		ydoc_map_end(w);
	}
	ydoc_seq_end(w);
	ydoc_map_end(w);
	if (ydoc_writer_end(w) != 0)
		return error_set(e, EXIT_SYSTEM, "cannot write the table");
	return 0;
}

static void
html_text(struct buf *b, const char *s)
{
	for (; *s != '\0'; s++)
		switch (*s) {
		case '<': buf_adds(b, "&lt;"); break;
		case '>': buf_adds(b, "&gt;"); break;
		case '&': buf_adds(b, "&amp;"); break;
		case '"': buf_adds(b, "&quot;"); break;
		default: buf_addc(b, (uint8_t)*s);
		}
}

/* The crosstable alone (TOUR_HTML_TABLE: what a page holds). */
static int
table_html(const struct tour *t, const struct tour_line *l,
    const struct cells *c, struct buf *b)
{
	const struct tour_decl *d = t->d;
	char v[32], col, res, pts[16];
	unsigned r, k, opp;
	size_t i;
	long at;

	buf_adds(b, "<table>\n<tr><th>rank</th><th>seed</th>"
	    "<th>player</th><th>score</th>");
	for (k = 0; k < d->ntb; k++)
		buf_printf(b, "<th>%s</th>", tour_tb_name(d->tb[k]));
	for (r = 0; r < c->rounds; r++)
		buf_printf(b, "<th>%u</th>", r + 1);
	buf_adds(b, "</tr>\n");
	for (i = 0; i < d->n; i++) {
		tour_dec(v, sizeof(v), l[i].score2, 2);
		buf_printf(b, "<tr><td>%u</td><td>%u</td><td>", l[i].rank,
		    l[i].player + 1);
		html_text(b, d->p[l[i].player].name);
		buf_printf(b, "</td><td>%s</td>", v);
		for (k = 0; k < d->ntb; k++) {
			tour_dec(v, sizeof(v), l[i].tb[k],
			    tour_tb_unit(d->tb[k]));
			buf_printf(b, "<td>%s</td>", v);
		}
		for (r = 0; r < c->rounds; r++) {
			buf_adds(b, "<td>");
			for (k = 0; k < 2; k++) {
				at = c->at[(l[i].player * c->rounds + r) * 2 +
				    k];
				if (at < 0)
					continue;
				cell(t, &t->s[at], l[i].player, &opp, &col,
				    &res);
				if (t->s[at].g.nseats > 2) {
					table_cell(&t->s[at], l[i].player, v,
					    sizeof(v), &opp, pts, sizeof(pts));
					buf_printf(b, "%s ", v);
				} else if (opp == TOUR_NONE)
					buf_printf(b, "%s ", res_word(res));
				else
					buf_printf(b, "%c%u %s ", col, opp + 1,
					    res_word(res));
			}
			buf_adds(b, "</td>");
		}
		buf_adds(b, "</tr>\n");
	}
	buf_adds(b, "</table>\n");
	return 0;
}

/* The table as a page of its own (tournament table -f html). */
static int
page_html(const struct tour *t, const struct tour_line *l,
    const struct cells *c, struct buf *b)
{
	const struct tour_decl *d = t->d;

	buf_adds(b, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
	    "<title>");
	html_text(b, d->name);
	buf_adds(b, "</title></head><body>\n<h1>");
	html_text(b, d->name);
	buf_printf(b, "</h1>\n<p>%s, %s, %u of %u rounds; tournament <code>"
	    "%s</code></p>\n", tour_format_name(d->format), d->rules->name,
	    t->nrounds, tour_rounds(d), d->hex);
	table_html(t, l, c, b);
	buf_adds(b, "</body></html>\n");
	return 0;
}

static int
ladder_text(const struct tour *t, enum tour_fmt f, struct buf *b,
    struct error *e)
{
	const struct tour_decl *d = t->d;
	unsigned *place, i, k, nw = 0;

	if ((place = calloc(d->n, sizeof(*place))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	if (tour_ladder(t, place, e) != 0) {
		free(place);
		return -1;
	}
	if (f == TOUR_YAML)
		buf_printf(b, "tournament: %s\nladder:\n", d->hex);
	else
		buf_printf(b, "%s: the ladder (a challenge at most %u places "
		    "above)\n", d->name, d->reach);
	for (i = k = 0; i < d->n; i++)
		if (t->withdrawn[place[i]] != 0)
			nw++;
		else if (f == TOUR_YAML)
			buf_printf(b, "- %s\n", d->p[place[i]].name);
		else
			buf_printf(b, "%4u  %s\n", ++k, d->p[place[i]].name);
	/* those who withdrew: off the places, in the order they held */
	if (nw > 0)
		buf_adds(b, f == TOUR_YAML ? "withdrawn:\n" : "withdrawn:");
	for (i = k = 0; i < d->n; i++)
		if (t->withdrawn[place[i]] == 0)
			continue;
		else if (f == TOUR_YAML)
			buf_printf(b, "- %s\n", d->p[place[i]].name);
		else
			buf_printf(b, "%s %s", k++ ? "," : "",
			    d->p[place[i]].name);
	if (nw > 0 && f != TOUR_YAML)
		buf_adds(b, "\n");
	free(place);
	return 0;
}

int
tour_table(const struct tour *t, enum tour_fmt f, struct buf *b,
    struct error *e)
{
	struct tour_line *l;
	struct cells c;
	int rc;

	if (t->d->format == TOUR_LADDER)
		return ladder_text(t, f, b, e);
	if (t->d->advance)
		return tour_table_stages(t, f, b, e);
	if ((l = calloc(t->d->n, sizeof(*l))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	c.at = NULL;
	if ((rc = tour_standing(t, l, e)) == 0 &&
	    (rc = cells_of(t, &c, e)) == 0)
		rc = f == TOUR_TEXT ? table_text(t, l, &c, b) :
		    f == TOUR_YAML ? table_yaml(t, l, &c, b, e) :
		    f == TOUR_HTML ? page_html(t, l, &c, b) :
		    table_html(t, l, &c, b);
	free(c.at);
	free(l);
	return rc;
}

int
tour_pairing_text(const struct tour *t, const struct tour_game *g,
    size_t n, struct buf *b, struct error *e)
{
	const struct tour_decl *d = t->d;
	unsigned k;
	size_t i;

	(void)e;
	for (i = 0; i < n; i++) {
		buf_printf(b, "round %u board %u", g[i].round, g[i].board);
		if (g[i].game > 1)
			buf_printf(b, " game %u", g[i].game);
		if (g[i].nseats > 2) {
			buf_printf(b, ": %s", d->p[g[i].white].name);
			for (k = 1; k < g[i].nseats; k++)
				buf_printf(b, ", %s", d->p[tour_seat(&g[i],
				    k)].name);
			buf_adds(b, " (in turn order)\n");
		} else if (g[i].black == TOUR_NONE)
			buf_printf(b, ": %s has the bye\n",
			    d->p[g[i].white].name);
		else
			buf_printf(b, ": %s (white) - %s (black)\n",
			    d->p[g[i].white].name, d->p[g[i].black].name);
	}
	return 0;
}

/* TRF-16: one 001 line a player, by seed (its start rank) */
int
tour_trf(const struct tour *t, struct buf *b, struct error *e)
{
	const struct tour_decl *d = t->d;
	struct tour_line *l;
	unsigned *rank, *score2, r, opp;
	struct cells c;
	char v[32], col, res, o[8], rt[8];
	size_t i;
	long at;

	if (d->format == TOUR_LADDER || d->seats > 2)
		return error_set(e, EXIT_REFUSED, "%s: no TRF (it pairs two "
		    "players a game)", d->format == TOUR_LADDER ? "a ladder" :
		    "a round robin of tables");
	if ((l = calloc(d->n, sizeof(*l))) == NULL ||
	    (rank = calloc(2 * d->n, sizeof(*rank))) == NULL) {
		free(l);
		return error_set(e, EXIT_SYSTEM, "out of memory");
	}
	c.at = NULL;
	if (tour_standing(t, l, e) != 0 || cells_of(t, &c, e) != 0) {
		free(l);
		free(rank);
		free(c.at);
		return -1;
	}
	score2 = rank + d->n;
	for (i = 0; i < d->n; i++) {
		rank[l[i].player] = l[i].rank;
		score2[l[i].player] = l[i].score2;
	}
	buf_printf(b, "012 %s\n022 adjudicator %s\n042 %s\n062 %zu\n"
	    "092 %s\n", d->name, d->id, d->starts[0] ? d->starts : "",
	    d->n, tour_format_name(d->format));
	if (d->format == TOUR_SWISS)
		buf_printf(b, "XXR %u\n", d->rounds);
	for (i = 0; i < d->n; i++) {
		snprintf(v, sizeof(v), "%u.%u", score2[i] / 2,
		    (score2[i] & 1) * 5);
		snprintf(rt, sizeof(rt), "%u", d->p[i].rating);
		buf_printf(b, "001 %4zu  %3s %-33.33s %4s %3s %11s %10s %4s "
		    "%4u", i + 1, "", d->p[i].name, d->p[i].rating ? rt : "",
		    "", "", "", v, rank[i]);
		for (r = 0; r < c.rounds; r++) {
			at = c.at[(i * c.rounds + r) * 2];
			if (at < 0) {
				buf_adds(b, "  0000 - Z");
				continue;
			}
			cell(t, &t->s[at], (unsigned)i, &opp, &col, &res);
			snprintf(o, sizeof(o), "%04u", opp == TOUR_NONE ? 0 :
			    opp + 1);
			buf_printf(b, "  %s %c %c", o, col, res == '.' ?
			    ' ' : res);
		}
		buf_adds(b, "\n");
	}
	free(c.at);
	free(l);
	free(rank);
	return 0;
}
