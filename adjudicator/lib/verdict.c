/*
 * An archive's audit as a verdict (verdict.h): archive_verify_stream with
 * the hooks that keep what a verdict names (the game, each entry's
 * signer, a disputed claim, disputed stamps), and the one line said of
 * each archive of an input of several.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "armor.h"
#include "dispute.h"
#include "match.h"
#include "receipt.h"
#include "verdict.h"

void
verdict_init(struct verdict *v)
{
	memset(v, 0, sizeof(*v));
	buf_init(&v->dispute);
	buf_init(&v->stamps);
}

void
verdict_again(struct verdict *v, struct buf *out)
{
	free(v->steps.s);
	memset(&v->steps, 0, sizeof(v->steps));
	v->dispute.len = 0;
	v->stamps.len = 0;
	v->game[0] = '\0';
	out->len = 0;
}

void
verdict_free(struct verdict *v)
{
	free(v->steps.s);
	buf_free(&v->dispute);
	buf_free(&v->stamps);
	memset(v, 0, sizeof(*v));
}

/* The end of an archive that checked out: its game, and what is
 * disputed in it (a claim: no result anyone can rely on; the judge's
 * stamps: a seat's word for the club's operator). */
static int
ended(void *arg, const struct match *m, struct error *e)
{
	struct verdict *v = arg;

	(void)e;
	snprintf(v->game, sizeof(v->game), "%s game %.16s", m->rules->name,
	    m->game_hex);
	if (m->dispute.on)
		dispute_text(m, &v->dispute);
	receipt_verdict(m, &v->stamps);
	return 0;
}

static int
entry(void *arg, const struct match *m, struct error *e)
{
	struct verdict *v = arg;

	return archive_step(&v->steps, m, e);
}

int
verdict_audit(struct armor_stream *s, const char *where, int threads,
    void (*step)(void *, uint32_t, uint32_t), struct verdict *v,
    struct buf *out, struct error *e)
{
	struct archive_progress hooks = { .end = ended, .entry = entry };

	hooks.arg = v;
	hooks.step = step;
	if (archive_verify_stream(s, where, threads, &hooks, out, e) != 0)
		return -1;
	if (v->dispute.len > 0) {
		buf_cstr(&v->dispute);
		return error_set(e, EXIT_REFUSED, "%s: no result: %s", where,
		    (char *)v->dispute.data);
	}
	/* the result as signed, but a seat says the judge's stamp took
	 * its time: for the club's operator to rule on */
	if (v->stamps.len > 0) {
		buf_cstr(&v->stamps);
		return error_set(e, EXIT_REFUSED, "%s: %s", where,
		    (char *)v->stamps.data);
	}
	return 0;
}

void
verdict_line(const char *name, int k, const struct verdict *v, int rc,
    const struct buf *out, const struct error *why, struct buf *line)
{
	char where[300], game[240];
	const char *r, *msg = why->msg;
	size_t len;

	snprintf(where, sizeof(where), k == 1 ? "%s" : "%s: archive %d",
	    name, k);
	game[0] = '\0';
	if (rc == 0 || v->steps.game[0] != '\0')
		snprintf(game, sizeof(game), " (%s%.16s)", rc == 0 ? v->game :
		    "game ", rc == 0 ? "" : v->steps.game);
	if (rc == 0) {
		r = out->len > 0 ? strstr((const char *)out->data,
		    "\nresult: ") : NULL;
		len = r != NULL ? strcspn(r + 1, "\n") : 0;
		buf_printf(line, "%s: archive %d%s: checks out; %.*s\n", name,
		    k, game, (int)len, r != NULL ? r + 1 : "");
		return;
	}
	len = strlen(where);
	if (strncmp(msg, where, len) == 0 && msg[len] == ':')
		msg += len;
	else
		msg = NULL;
	buf_printf(line, "%s: archive %d%s%s%s\n", name, k, game,
	    msg != NULL ? msg : ": ", msg != NULL ? "" : why->msg);
}

int
verdict_holds(const char *text, size_t len)
{
	static const char s[] = "-----BEGIN " ARMOR_ARCHIVE "-----";
	size_t n = sizeof(s) - 1, i;

	for (i = 0; i + n <= len; i++)
		if (text[i] == s[0] && memcmp(text + i, s, n) == 0)
			return 1;
	return 0;
}

int
verdict_text(const char *text, size_t len, const char *name, int max,
    struct buf *out, struct error *e)
{
	struct armor_stream *s;
	struct verdict v;
	struct buf sum;
	struct error why;
	char where[300];
	FILE *f;
	int k = 0, rc, more = 0;

	if (!verdict_holds(text, len))
		return 0;
	if ((f = fmemopen((void *)text, len, "r")) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	verdict_init(&v);
	buf_init(&sum);
	error_clear(&why);
	if ((s = armor_stream_open(f, ARMOR_ARCHIVE, name, &why)) == NULL) {
		if (why.status == EXIT_SYSTEM) {
			*e = why;
			k = -1;
		} else {
			buf_printf(out, "%s\n", why.msg);
			k = 1;
		}
		goto done;
	}
	do {
		snprintf(where, sizeof(where), "%s: archive %d", name, k + 1);
		rc = verdict_audit(s, k == 0 ? name : where, 1, NULL, &v,
		    &sum, &why);
		if (rc != 0 && why.status == EXIT_SYSTEM) {
			*e = why;
			k = -1;
			break;
		}
		/* (k + 1 named: one alone is "archive 1" here too) */
		verdict_line(name, k + 1, &v, rc, &sum, &why, out);
		k++;
		verdict_again(&v, &sum);
		error_clear(&why);
		snprintf(where, sizeof(where), "%s: archive %d", name, k + 1);
	} while (k < max && (more = armor_stream_next(s, where, &why)) == 0);
	if (more < 0 && why.status == EXIT_SYSTEM) {
		*e = why;
		k = -1;
	}
	armor_stream_close(s);
done:
	verdict_free(&v);
	buf_free(&sum);
	fclose(f);
	return k;
}
