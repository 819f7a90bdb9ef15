/*
 * A mailbox read as a stream.  See mime.h.
 *
 * The input goes through a window of BOX_CHUNK bytes, line by line (a
 * line longer than the window in pieces), and only the mail being read is
 * kept: a year of play, or one huge junk mail, costs the memory of the
 * largest mail kept, never of the mailbox.  A mail that outgrows the
 * limit is not kept past its head and is passed over to the next "From "
 * line, so the mails after it are read as if it were not there.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mime.h"

#define BOX_CHUNK	65536

struct box {
	FILE		*f;
	size_t		 limit;
	size_t		 rpos, rlen;
	int		 eof;
	struct buf	 mail;		/* the mail being read, or its head */
	struct mime_mail cur;
	unsigned long long off;		/* of the next byte of the input */
	int		 bol;		/* the next byte starts a line */
	int		 blank;		/* the line before it was blank */
	size_t		 linelen;	/* bytes of the current line so far */
	char		 last;		/* the last of them */
	char		 rbuf[BOX_CHUNK];	/* last: never zeroed */
};

/* More of the input into the window, after what is left of it. */
static int
more(struct box *b, const char *name, struct error *e)
{
	size_t n;

	if (b->rpos > 0) {
		memmove(b->rbuf, b->rbuf + b->rpos, b->rlen - b->rpos);
		b->rlen -= b->rpos;
		b->rpos = 0;
	}
	n = fread(b->rbuf + b->rlen, 1, sizeof(b->rbuf) - b->rlen, b->f);
	if (n == 0) {
		if (ferror(b->f))
			return error_errno(e, "%s", name);
		b->eof = 1;
	}
	b->rlen += n;
	return 0;
}

/* The mail read so far, handed over; the next starts empty. */
static int
hand_over(struct box *b, mime_mail_fn *each, void *arg, struct error *e)
{
	int rc;

	if (buf_cstr(&b->mail) != 0)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	b->cur.text = (const char *)b->mail.data;
	b->cur.len = b->mail.len;
	rc = each(arg, &b->cur, e);
	b->mail.len = 0;
	b->cur.n++;
	b->cur.offset = b->off;
	b->cur.too_large = 0;
	return rc;
}

/* A piece of the current mail: kept while the mail fits the limit, and
 * then its head only. */
static int
keep(struct box *b, const char *p, size_t k, struct error *e)
{
	size_t head = b->limit < MIME_HEAD ? b->limit : MIME_HEAD;

	if (!b->cur.too_large && b->mail.len + k > b->limit) {
		b->cur.too_large = 1;
		if (b->mail.len > head)
			b->mail.len = head;
	}
	if (b->cur.too_large) {
		if (b->mail.len >= head)
			return 0;
		if (k > head - b->mail.len)
			k = head - b->mail.len;
	}
	if (buf_add(&b->mail, p, k) != 0)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	return 0;
}

/*
 * The next piece of a line, up to its LF or the end of the window; at
 * the start of a line, at least the 5 bytes of "From " when the line
 * has them.  0 at the end of the input.
 */
static int
piece(struct box *b, const char *name, size_t *k, struct error *e)
{
	const char *p, *nl;
	size_t avail;

	for (;;) {
		avail = b->rlen - b->rpos;
		p = b->rbuf + b->rpos;
		if (b->eof || (avail > 0 && (!b->bol || avail >= 5 ||
		    memchr(p, '\n', avail) != NULL)))
			break;
		if (more(b, name, e) != 0)
			return -1;
	}
	if (avail == 0)
		return 0;
	nl = memchr(p, '\n', avail);
	*k = nl != NULL ? (size_t)(nl - p) + 1 : avail;
	return 1;
}

int
mime_mailbox(FILE *f, const char *name, size_t limit, mime_mail_fn *each,
    void *arg, struct error *e)
{
	struct box *b;
	const char *p;
	size_t k, n;
	int got, rc = -1;

	/* every field zeroed but the window, which only fread fills: a
	 * one-mail run reads a few KiB, and 64 KiB zeroed is 16 pages
	 * touched for nothing */
	if ((b = malloc(sizeof(*b))) == NULL)
		return error_set(e, EXIT_SYSTEM, "out of memory");
	memset(b, 0, offsetof(struct box, rbuf));
	b->f = f;
	b->limit = limit;
	b->bol = 1;
	b->cur.n = 1;
	buf_init(&b->mail);
	while ((got = piece(b, name, &k, e)) > 0) {
		p = b->rbuf + b->rpos;
		if (b->bol) {
			/* an mbox starts with a From line; a From line after
			 * a blank line starts the next mail */
			if (b->off == 0)
				b->cur.mbox = k >= 5 && memcmp(p, "From ", 5) == 0;
			else if (b->cur.mbox && b->blank && k >= 5 &&
			    memcmp(p, "From ", 5) == 0 &&
			    hand_over(b, each, arg, e) != 0)
				goto done;
			b->linelen = 0;
		}
		if (keep(b, p, k, e) != 0)
			goto done;
		n = p[k - 1] == '\n' ? k - 1 : k;
		if (n > 0) {
			b->linelen += n;
			b->last = p[n - 1];
		}
		b->bol = p[k - 1] == '\n';
		if (b->bol)
			b->blank = b->linelen == 0 || (b->linelen == 1 &&
			    b->last == '\r');
		b->rpos += k;
		b->off += k;
	}
	/* the last mail (an empty input is one empty mail) */
	if (got < 0 || hand_over(b, each, arg, e) != 0)
		goto done;
	rc = 0;
done:
	buf_free(&b->mail);
	free(b);
	return rc;
}

void
mime_mail_where(const struct mime_mail *m, const char *input, char *out,
    size_t len)
{
	if (m->mbox)
		snprintf(out, len, "%.300s: mail %lu", input, m->n);
	else
		snprintf(out, len, "%.300s", input);
}

void
mime_mail_too_large(const struct mime_mail *m, const char *where,
    size_t limit, char *out, size_t len)
{
	char id[MIME_VALUE], lim[32];

	if (limit % (1024 * 1024) == 0)
		snprintf(lim, sizeof(lim), "%zu MiB", limit / (1024 * 1024));
	else
		snprintf(lim, sizeof(lim), "%zu bytes", limit);
	if (mime_message_id(m->text, m->len, id, sizeof(id)))
		snprintf(out, len, "%.300s (Message-ID %.100s): larger than %s",
		    where, id, lim);
	else
		snprintf(out, len, "%.300s (at byte %llu): larger than %s",
		    where, m->offset, lim);
}
