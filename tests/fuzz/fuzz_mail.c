/*
 * libFuzzer harness for the mail reader alone (mime.h), no armor: the
 * bytes as a mailbox read as a stream (a small limit, so that mails too
 * large are met too), and each mail's headers, the mail bot's reading of
 * them (mail_read) and the text of each of its parts.  The reader must
 * never read out of bounds, leak or crash, whatever the mbox, the
 * headers, the MIME structure, the encodings or the HTML look like.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "mail.h"
#include "mime.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

#define FUZZ_LIMIT	8192	/* a mail kept, at most */

static size_t total;

/* Touches every byte, so that ASan sees any bad length. */
static void
touch(const char *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		total += (unsigned char)p[i];
}

static void
header(void *arg, const char *name, const char *value)
{
	(void)arg;
	touch(name, strlen(name));
	touch(value, strlen(value));
}

static int
text(void *arg, const char *t, size_t n, int html, struct error *e)
{
	(void)arg;
	(void)e;
	touch(t, n);
	total += (size_t)html;
	return 0;
}

static int
one_mail(void *arg, const struct mime_mail *m, struct error *e)
{
	struct mail_in in;
	char where[512], line[600], id[MIME_VALUE];
	struct error ign;

	(void)arg;
	(void)e;
	touch(m->text, m->len);
	mime_mail_where(m, "fuzz", where, sizeof(where));
	mime_mail_too_large(m, where, FUZZ_LIMIT, line, sizeof(line));
	touch(line, strlen(line));
	(void)mime_headers(m->text, m->len, header, NULL);
	if (mime_message_id(m->text, m->len, id, sizeof(id)))
		touch(id, strlen(id));
	mail_read(m->text, m->len, &in);
	touch(in.from, strlen(in.from));
	touch(in.subject, strlen(in.subject));
	if (!m->too_large) {
		error_clear(&ign);
		(void)mime_texts(m->text, m->len, where, text, NULL, &ign);
	}
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct error e;
	FILE *f;

	error_clear(&e);
	if (size == 0) {
		/* fmemopen refuses an empty buffer: the empty mail as is */
		struct mime_mail m = { "", 0, 1, 0, 0, 0 };

		return one_mail(NULL, &m, &e);
	}
	if ((f = fmemopen((void *)(uintptr_t)data, size, "r")) == NULL)
		return 0;
	(void)mime_mailbox(f, "fuzz", FUZZ_LIMIT, one_mail, NULL, &e);
	fclose(f);
	return 0;
}
