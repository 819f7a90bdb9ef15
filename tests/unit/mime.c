/*
 * Unit tests for the mail reader (mime.h): headers unfolded, Message-IDs,
 * encoded words (RFC 2047), a mailbox cut into its mails as a stream (mbox rules,
 * mails too large, the reading window's edges), and what the mail bot
 * makes of a mail's headers (mail_read).
 */
#include "mail.h"
#include "mailcmd.h"
#include "mime.h"
#include "unit.h"

/* --- headers --- */

static void
collect(void *arg, const char *name, const char *value)
{
	struct buf *b = arg;

	buf_printf(b, "%s%s=%s", b->len ? "|" : "", name, value);
}

static const struct {
	const char	*name, *text, *want;
	int		 body;		/* the body starts after this text */
	const char	*after;
} headers[] = {
	{ "two headers", "From: a@x\nSubject: hi\n\nbody\n", "From=a@x|"
	    "Subject=hi", 1, "body\n" },
	{ "folded", "Subject: a\n b\n\tc\nTo: d\n\n", "Subject=a b\tc|To=d", 1,
	    "" },
	{ "an mbox From line first", "From x Mon Nov 23\nFrom: a\n\nb",
	    "From=a", 1, "b" },
	{ "CRLF, blanks around values", "A: 1\r\nB:  2 \t\r\n\r\nx",
	    "A=1|B=2", 1, "x" },
	{ "no blank line: no body", "A: 1\nB: 2", "A=1|B=2", 0, NULL },
	{ "a blank line first: no headers", "\nA: 1\n\n", "", 0, NULL },
	{ "a name with a blank ends it", "A: 1\nA B: 2\n\n", "A=1", 0, NULL },
	{ "a line without colon ends it", "hello\n\nA: 1\n", "", 0, NULL },
	{ "a continuation first ends it", " x\nA: 1\n\n", "", 0, NULL },
	{ "an empty value", "A:\nB: x\n\n", "A=|B=x", 1, "" },
};

static void
test_headers(void)
{
	struct buf got, v;
	size_t i, off;
	int k;

	for (i = 0; i < UNIT_NELEM(headers); i++) {
		buf_init(&got);
		off = mime_headers(headers[i].text, strlen(headers[i].text),
		    collect, &got);
		buf_cstr(&got);
		unit_ok(strcmp(got.data != NULL ? (char *)got.data : "",
		    headers[i].want) == 0 && (headers[i].body ? off > 0 &&
		    strcmp(headers[i].text + off, headers[i].after) == 0 :
		    off == 0), "headers: %s (%s)", headers[i].name,
		    got.data != NULL ? (char *)got.data : "");
		buf_free(&got);
	}
	/* a value longer than MIME_VALUE is cut, folded or not */
	buf_init(&v);
	buf_adds(&v, "A: ");
	for (k = 0; k < 1500; k++)
		buf_addc(&v, 'x');
	buf_adds(&v, "\n ");
	for (k = 0; k < 1500; k++)
		buf_addc(&v, 'y');
	buf_adds(&v, "\n\n");
	buf_init(&got);
	off = mime_headers((char *)v.data, v.len, collect, &got);
	unit_ok(off == v.len && got.len > 2 + MIME_VALUE - 8 &&
	    got.len <= 2 + MIME_VALUE - 1 && got.data[got.len - 1] == 'y',
	    "headers: a value is unfolded and cut at %d bytes", MIME_VALUE - 1);
	buf_free(&got);
	buf_free(&v);
}

static void
test_message_id(void)
{
	static const struct {
		const char	*v;
		int		 ok;
	} ids[] = {
		{ "<a.b@example.org>", 1 }, { "a@b", 0 }, { "<a b@c>", 0 },
		{ "<a@b> x", 0 }, { "<a>b>", 0 }, { "<a@b", 0 },
		{ "<a\x7f@b>", 0 }, { "<a\r@b>", 0 }, { "<\xc3\xa9@b>", 0 },
	};
	char out[64], small[6];
	size_t i;

	for (i = 0; i < UNIT_NELEM(ids); i++)
		unit_ok(mime_id(ids[i].v, out, sizeof(out)) == ids[i].ok &&
		    (ids[i].ok ? strcmp(out, ids[i].v) == 0 : out[0] == '\0'),
		    "Message-ID \"%s\" %s", ids[i].v, ids[i].ok ? "kept" :
		    "refused");
	unit_ok(mime_id("<a@bc>", small, sizeof(small)) == 0 &&
	    small[0] == '\0', "Message-ID too long for its field: refused, "
	    "not cut");
	unit_ok(mime_message_id("From: a\nMessage-ID:\n <x@y>\n\nb", 28, out,
	    sizeof(out)) && strcmp(out, "<x@y>") == 0, "Message-ID folded");
}

static void
test_words(void)
{
	static const struct {
		const char	*in, *want;
	} words[] = {
		{ "plain text", "plain text" },
		{ "=?UTF-8?Q?H=45LP?=", "HELP" },
		{ "=?utf-8?B?SEVMUA==?=", "HELP" },
		{ "=?ISO-8859-1?Q?caf=E9?=", "caf\xc3\xa9" },
		{ "=?iso-8859-1*fr?q?d=E9j=E0_vu?=", "d\xc3\xa9j\xc3\xa0 vu" },
		{ "a =?utf-8?q?b?= =?utf-8?q?c?=  d", "a bc  d" },
		{ "=?utf-8?q?a?=\t=?utf-8?b?Yg==?= c", "ab c" },
		{ "=?koi8-r?B?8PLJ?= x", "??? x" },
		{ "=?utf-8?Q?a=0D=0Ab?=", "a  b" },
		{ "=?utf-8?Q?a b?=", "=?utf-8?Q?a b?=" },
		{ "=?utf-8?X?ab?=", "=?utf-8?X?ab?=" },
		{ "=?utf-8?B?%%%?=", "=?utf-8?B?%%%?=" },
		{ "=??Q?a?=", "=??Q?a?=" },
		{ "=?utf-8?Q?unterminated", "=?utf-8?Q?unterminated" },
		{ "Re: =?UTF-8?B?w6k=?= ok", "Re: \xc3\xa9 ok" },
	};
	char out[64], small[4];
	size_t i;

	for (i = 0; i < UNIT_NELEM(words); i++) {
		mime_words(words[i].in, out, sizeof(out));
		unit_ok(strcmp(out, words[i].want) == 0, "encoded words: "
		    "\"%s\" (\"%s\")", words[i].in, out);
	}
	mime_words("=?utf-8?q?abcdef?=", small, sizeof(small));
	unit_ok(strcmp(small, "abc") == 0, "encoded words: cut to the field");
}

/* What the mail bot makes of a mail's headers and first words. */
static void
test_mail_read(void)
{
	static const struct {
		const char	*name, *text, *from;
		int		 help, automatic;	/* help: 1 HELP, 2 LIST */
	} mails[] = {
		{ "Reply-To over From", "From: a@x\nReply-To: B <b@y>\n\nhi\n",
		    "b@y", 0, 0 },
		{ "From, named", "From: \"Doe, J\" <j@x>\n\nhi\n", "j@x", 0,
		    0 },
		{ "HELP subject, encoded", "From: a@x\nSubject: Re: "
		    "=?UTF-8?Q?h=45lp?=\n\n", "a@x", 1, 0 },
		{ "HELP, the body's first line", "From: a@x\n\n\n  help\n",
		    "a@x", 1, 0 },
		{ "HELP in a multipart's first part", "From: a@x\n"
		    "MIME-Version: 1.0\nContent-Type: multipart/alternative; "
		    "boundary=b\n\nThis is a multi-part message.\n--b\n"
		    "Content-Type: text/plain\n\nHELP\n--b\nContent-Type: "
		    "text/html\n\n<p>HELP</p>\n--b--\n", "a@x", 1, 0 },
		{ "HELP in a quoted-printable body", "From: a@x\n"
		    "Content-Type: text/plain\nContent-Transfer-Encoding: "
		    "quoted-printable\n\n=48ELP=\n\n", "a@x", 1, 0 },
		{ "HELP in an HTML-only mail", "From: a@x\nContent-Type: "
		    "text/html\n\n<div>help<br></div>\n", "a@x", 1, 0 },
		{ "not HELP: a longer line", "From: a@x\n\nhelp me please\n",
		    "a@x", 0, 0 },
		{ "a list's", "From: l@x\nList-Id: <l.x>\n\nhelp\n", "l@x", 1,
		    1 },
		{ "a bounce", "From: MAILER-DAEMON@x\n\n", "MAILER-DAEMON@x", 0,
		    1 },
		{ "LIST, the subject", "From: a@x\nSubject: Re: list\n\n",
		    "a@x", 2, 0 },
		{ "LIST, the body's first line", "From: a@x\n\n LIST \nx\n",
		    "a@x", 2, 0 },
		{ "not LIST: a list of moves", "From: a@x\nSubject: list of "
		    "moves\n\nlisting\n", "a@x", 0, 0 },
	};
	struct mail_in in;
	size_t i;

	for (i = 0; i < UNIT_NELEM(mails); i++) {
		mail_read(mails[i].text, strlen(mails[i].text), &in);
		unit_ok(strcmp(in.from, mails[i].from) == 0 &&
		    in.help + 2 * in.list == mails[i].help &&
		    in.automatic == mails[i].automatic, "mail_read: %s "
		    "(from %s, help %d, automatic %d)", mails[i].name, in.from,
		    in.help, in.automatic);
	}
}

/* WATCH GAMEID [CODE] and UNWATCH GAMEID, in a Subject or a first line. */
static void
test_mail_watch(void)
{
	static const struct {
		const char	*name, *text;
		int		 watch;
		const char	*game, *code;
	} mails[] = {
		{ "WATCH, the subject", "From: a@x\nSubject: WATCH 12ab\n\n", 1,
		    "12ab", "" },
		{ "WATCH with a code, after Re:", "From: a@x\nSubject: Re: "
		    "watch 12AB 0011223344556677\n\n", 1, "12AB",
		    "0011223344556677" },
		{ "WATCH, the first line", "From: a@x\nSubject: hi\n\n"
		    "  Watch 99ff  0011\nthanks\n", 1, "99ff", "0011" },
		{ "UNWATCH", "From: a@x\nSubject: unwatch 12ab\n\n", -1, "12ab",
		    "" },
		{ "a code too long: not the judge's", "From: a@x\nSubject: "
		    "WATCH 12ab 00112233445566778\n\n", 1, "12ab", "?" },
		{ "not WATCH: a word, not an id", "From: a@x\nSubject: watch "
		    "this game\n\n", 0, "", "" },
		{ "not WATCH: more words", "From: a@x\nSubject: watch 12ab "
		    "0011 please\n\n", 0, "", "" },
		{ "UNWATCH with its code", "From: a@x\nSubject: unwatch "
		    "12ab 0011\n\n", -1, "12ab", "0011" },
		{ "not UNWATCH: more words", "From: a@x\nSubject: unwatch "
		    "12ab 0011 now\n\n", 0, "", "" },
		{ "not WATCH: WATCHING", "From: a@x\nSubject: watching 12ab\n\n",
		    0, "", "" },
	};
	struct mail_in in;
	size_t i;

	for (i = 0; i < UNIT_NELEM(mails); i++) {
		mail_read(mails[i].text, strlen(mails[i].text), &in);
		unit_ok(in.watch == mails[i].watch && (in.watch == 0 ||
		    (strcmp(in.watch_game, mails[i].game) == 0 &&
		    strcmp(in.watch_code, mails[i].code) == 0)),
		    "mail_read: %s (watch %d, game %s, code %s)",
		    mails[i].name, in.watch, in.watch_game, in.watch_code);
	}
}

/* What the Subject and the first line say, kept for the mail commands
 * (mailcmd_said): trimmed, after any "Re:", in that order; a command's
 * word at the start, any case, then its arguments. */
static void
test_mail_said(void)
{
	static const struct {
		const char	*name, *text, *cmd;
		int		 said;
		const char	*args;
	} mails[] = {
		{ "REGISTER, the subject", "From: a@x\nSubject: Re: Register "
		    " 00ff \n\n-----BEGIN\n", "REGISTER", 1, "00ff" },
		{ "MEMBERS, the first line", "From: a@x\nSubject: hi\n\n"
		    "\n  members\nmore\n", "MEMBERS", 1, "" },
		{ "not REGISTER: UNREGISTER", "From: a@x\nSubject: "
		    "unregister\n\n", "REGISTER", 0, "" },
		{ "not MEMBERS: a longer word", "From: a@x\nSubject: "
		    "membership\n\n", "MEMBERS", 0, "" },
		{ "a line past its room: not kept", "From: a@x\nSubject: x\n"
		    "\nREGISTER 0123456789012345678901234567890123456789012345"
		    "67890123456789012345678901234567890123456789012345678901"
		    "2345678901234567890\n", "REGISTER", 0, "" },
	};
	struct mail_in in;
	char args[MAIL_SAID];
	size_t i;
	int said;

	for (i = 0; i < UNIT_NELEM(mails); i++) {
		mail_read(mails[i].text, strlen(mails[i].text), &in);
		args[0] = '\0';
		said = mailcmd_said(&in, mails[i].cmd, args, sizeof(args));
		unit_ok(said == mails[i].said && strcmp(args,
		    mails[i].args) == 0, "mail_read, mailcmd_said: %s (%d, "
		    "\"%s\")", mails[i].name, said, args);
	}
}

/* --- a mail's parts, each with what it is: its first line that says
 * anything --- */

static int
part_kind(void *arg, const struct mime_part *p, struct error *e)
{
	struct buf *b = arg;
	const char *t = p->text + strspn(p->text, "\n");

	(void)e;
	buf_printf(b, "%s%s:%.*s;", p->plain ? "p" : p->html ? "h" : "o",
	    p->whole ? "w" : "", (int)strcspn(t, "\n"), t);
	return 0;
}

static void
test_parts(void)
{
	static const struct {
		const char	*name, *text, *want;
	} mails[] = {
		{ "no MIME: the whole mail, headers and all", "From: a@x\n\n"
		    "hi\n", "pw:From: a@x;" },
		{ "no headers at all", "hello\n", "pw:hello;" },
		{ "a text part, an HTML part, an attachment", "From: a@x\n"
		    "Content-Type: multipart/mixed; boundary=b\n\n--b\n"
		    "Content-Type: text/plain; charset=utf-8\n\nhi\n--b\n"
		    "Content-Type: text/html\n\n<p>ho</p>\n--b\n"
		    "Content-Type: application/octet-stream\n"
		    "Content-Transfer-Encoding: base64\n\naGV5\n--b--\n",
		    "p:hi;h:ho;o:hey;" },
		{ "a part without a type is text", "Content-Type: multipart/"
		    "mixed; boundary=b\n\n--b\n\nplain\n--b--\n",
		    "p:plain;" },
		{ "an image", "Content-Type: image/png\n"
		    "Content-Transfer-Encoding: base64\n\naGV5\n", "o:hey;" },
	};
	struct error e;
	struct buf b;
	size_t i;
	int rc;

	for (i = 0; i < UNIT_NELEM(mails); i++) {
		buf_init(&b);
		rc = mime_parts(mails[i].text, strlen(mails[i].text), "m",
		    part_kind, &b, &e);
		buf_cstr(&b);
		unit_ok(rc == 0 && strcmp((char *)b.data, mails[i].want) == 0,
		    "mime_parts: %s (%s)", mails[i].name, (char *)b.data);
		buf_free(&b);
	}
}

/* --- a mailbox --- */

struct got {
	struct buf	 log;	/* "LEN[+]@OFFSET;" per mail, + if too large */
	struct buf	 text;	/* the mails, one after the other */
};

static int
take(void *arg, const struct mime_mail *m, struct error *e)
{
	struct got *g = arg;

	(void)e;
	buf_printf(&g->log, "%zu%s@%llu%s;", m->len, m->too_large ? "+" : "",
	    m->offset, m->mbox ? "" : "m");
	buf_add(&g->text, m->text, m->len);
	return 0;
}

static int
read_box(const char *t, size_t len, size_t limit, struct got *g)
{
	struct error e;
	FILE *f;
	int rc;

	buf_init(&g->log);
	buf_init(&g->text);
	if (len == 0)
		f = fopen("/dev/null", "r");
	else
		f = fmemopen((void *)(uintptr_t)t, len, "r");
	if (f == NULL)
		return -1;
	rc = mime_mailbox(f, "t", limit, take, g, &e);
	fclose(f);
	buf_cstr(&g->log);
	return rc;
}

static const struct {
	const char	*name, *text;
	size_t		 limit;
	const char	*want;		/* LEN[+]@OFFSET[m]; per mail */
} boxes[] = {
	{ "two mails", "From a\nx\n\nFrom b\ny\n", 100, "10@0;9@10;" },
	{ "a From line not after a blank line", "From a\nx\nFrom b\n", 100,
	    "16@0;" },
	{ "not an mbox: one mail", "x\n\nFrom b\n", 100, "10@0m;" },
	{ "empty: one empty mail", "", 100, "0@0m;" },
	{ "CRLF", "From a\r\nx\r\n\r\nFrom b\r\n", 100, "13@0;8@13;" },
	{ "quoted >From", "From a\n\n>From b\n\nFrom c\n", 100, "17@0;7@17;" },
	{ "blank lines, no last LF", "From a\n\n\n\nFrom b", 100,
	    "10@0;6@10;" },
	{ "a mail too large between two", "From a\n\nFrom b\n0123456789\n"
	    "0123456789\n\nFrom c\nc\n", 16, "8@0;16+@8;9@38;" },
	{ "the limit exactly", "From a\n123456789\n", 17, "17@0;" },
	{ "one byte over", "From a\n1234567890\n", 17, "17+@0;" },
	{ "not an mbox, too large", "Subject: x\n\n0123456789", 16,
	    "16+@0m;" },
};

static void
test_mailbox(void)
{
	struct got g;
	size_t i;
	int rc;

	for (i = 0; i < UNIT_NELEM(boxes); i++) {
		rc = read_box(boxes[i].text, strlen(boxes[i].text),
		    boxes[i].limit, &g);
		unit_ok(rc == 0 && strcmp((char *)g.log.data, boxes[i].want) ==
		    0, "mailbox: %s (%s)", boxes[i].name, (char *)g.log.data);
		buf_free(&g.log);
		buf_free(&g.text);
	}
}

/*
 * The window's edges: the second mail's From line at every offset around
 * the window (64 KiB), split by the line before it, by its own first
 * bytes, or by "From " itself; the mails come out whole either way.
 */
static void
test_mailbox_window(void)
{
	struct buf t;
	struct got g;
	char want[64];
	size_t at, n, bad = 0;
	int rc;

	for (at = 65520; at <= 65545; at++) {
		buf_init(&t);
		buf_adds(&t, "From a\n");
		while (t.len < at - 2)
			buf_addc(&t, t.len % 61 == 0 ? '\n' : 'x');
		/* a line of "x", then the blank line, at exactly at */
		if (t.data[t.len - 1] == '\n')
			t.data[t.len - 1] = 'x';
		buf_adds(&t, "\n\n");
		n = t.len;
		buf_adds(&t, "From b\nbody\n");
		snprintf(want, sizeof(want), "%zu@0;12@%zu;", n, n);
		if (read_box((char *)t.data, t.len, 1 << 20, &g) != 0 ||
		    strcmp((char *)g.log.data, want) != 0 ||
		    g.text.len != t.len ||
		    memcmp(g.text.data, t.data, t.len) != 0) {
			printf("# at %zu: %s, want %s\n", at,
			    (char *)g.log.data, want);
			bad++;
		}
		buf_free(&g.log);
		buf_free(&g.text);
		buf_free(&t);
	}
	unit_ok(bad == 0, "mailbox: a From line at each offset around the "
	    "window's end");
	/* a line longer than the window, "From " inside it: one mail */
	buf_init(&t);
	buf_adds(&t, "From a\n\n");
	for (n = 0; n < 200000; n++)
		buf_addc(&t, n % 1000 == 0 ? ' ' : 'y');
	buf_adds(&t, "\n\nFrom b\n");
	n = t.len;
	rc = read_box((char *)t.data, t.len, 1 << 20, &g);
	snprintf(want, sizeof(want), "%zu@0;7@%zu;", n - 7, n - 7);
	unit_ok(rc == 0 && g.text.len == n && strcmp((char *)g.log.data,
	    want) == 0, "mailbox: a line longer than the window (%s)",
	    (char *)g.log.data);
	buf_free(&g.log);
	buf_free(&g.text);
	/* too large: the head kept is its first MIME_HEAD bytes */
	rc = read_box((char *)t.data, t.len, 100000, &g);
	unit_ok(rc == 0 && strncmp((char *)g.log.data, "65536+@0;", 9) == 0,
	    "mailbox: a mail too large keeps its head (%s)",
	    (char *)g.log.data);
	buf_free(&g.log);
	buf_free(&g.text);
	buf_free(&t);
}

static void
test_too_large_named(void)
{
	static const char with[] = "From a\nMessage-ID: <m@x>\n\n";
	static const char without[] = "From a\nSubject: x\n\n";
	struct mime_mail m = { with, sizeof(with) - 1, 3, 1234, 1, 1 };
	char out[200];

	mime_mail_where(&m, "box", out, sizeof(out));
	unit_ok(strcmp(out, "box: mail 3") == 0, "a mail of an mbox: %s",
	    out);
	mime_mail_too_large(&m, "box: mail 3", 16u << 20, out, sizeof(out));
	unit_ok(strcmp(out, "box: mail 3 (Message-ID <m@x>): larger than 16 "
	    "MiB") == 0, "too large, by its Message-ID: %s", out);
	m.text = without;
	m.len = sizeof(without) - 1;
	mime_mail_too_large(&m, "box: mail 3", 1000, out, sizeof(out));
	unit_ok(strcmp(out, "box: mail 3 (at byte 1234): larger than 1000 "
	    "bytes") == 0, "too large, by its offset: %s", out);
	m.mbox = 0;
	mime_mail_where(&m, "box", out, sizeof(out));
	unit_ok(strcmp(out, "box") == 0, "one mail: %s", out);
}

int
main(void)
{
	unit_init();
	test_headers();
	test_message_id();
	test_words();
	test_mail_read();
	test_mail_watch();
	test_mail_said();
	test_parts();
	test_mailbox();
	test_mailbox_window();
	test_too_large_named();
	return unit_done();
}
