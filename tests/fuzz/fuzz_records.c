/*
 * libFuzzer harness: the judge's own record files, as an operator's
 * mistake or a damaged disk may leave them.  The first byte says which
 * (its value modulo 8), the rest is the file:
 *
 *   0  GAMEDIR/watchers  (watchers_parse, with two observers named in
 *                         the header, so that the cap's room is walked)
 *   1  ROOT/outbox       (mailqueue_outbox_parse)
 *   2  ROOT/judge.recent (club_recent_parse, at a fixed now)
 *   3  ROOT/judge.yaml   (club_conf_parse)
 *   4  ROOT/members      (club_members_parse)
 *   5  ROOT/digest/NAME  (digest_parse, an update held once more)
 *   6  ROOT/seeks        (club_seeks_parse, at a fixed now)
 *   7  ROOT/challenges   (club_challenges_parse, at a fixed now)
 *
 * Seeds in tests/fuzz/corpus/records/, the first byte 0 to 7 before
 * each sample: the samples of formats/ and files a real judge wrote.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "club.h"
#include "digest.h"
#include "mailqueue.h"
#include "match.h"
#include "sec.h"
#include "watchers.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

#define GAME	"b32c74e059572fb6b32c74e059572fb6" \
		"b32c74e059572fb6b32c74e059572fb6"

/* what a record read may hand on, touched so the sanitizers see it */
static size_t
touch_watchers(const struct watchers *ws)
{
	size_t total = 0;
	int i;

	for (i = 0; i < ws->n; i++)
		total += strlen(ws->w[i].address) + (size_t)ws->w[i].seq +
		    (size_t)ws->w[i].state;
	return total;
}

#define NOW	INT64_C(1796083200)

/* ROOT/seeks: each seek found by its id, none lapsed */
static void
seeks(const uint8_t *p, size_t n, struct error *e)
{
	struct club_seeks ks;
	size_t i;

	if (club_seeks_parse(p, n, "seeks", NOW, &ks, e) != 0)
		return;
	for (i = 0; i < ks.n; i++)
		if (club_seek_id(&ks, ks.s[i].id) != &ks.s[i] ||
		    ks.s[i].until <= NOW)
			__builtin_trap();
	club_seeks_free(&ks);
}

/* ROOT/challenges: each found by its id, none lapsed, and written back
 * as read (the writer's own check of its fields) */
static void
challenges(const uint8_t *p, size_t n, struct error *e)
{
	struct club_challenges cs;
	size_t i;

	if (club_challenges_parse(p, n, "challenges", NOW, &cs, e) != 0)
		return;
	for (i = 0; i < cs.n; i++)
		if (club_challenge_id(&cs, cs.c[i].id) != &cs.c[i] ||
		    cs.c[i].until <= NOW || cs.c[i].until < cs.c[i].made)
			__builtin_trap();
	club_challenges_free(&cs);
}

static void
records(unsigned kind, const uint8_t *p, size_t n)
{
	static struct watchers ws;
	static const struct match_watch named = { 1, 2,
	    { "carol@example.org", "dave@example.org" } };
	struct mailqueue_mail *m = NULL;
	struct club_recent rec;
	struct club_conf conf;
	struct club_members dir;
	struct digest dig;
	char id[MAILQUEUE_RUNID + 1];
	struct error e;
	size_t i, k = 0;

	error_clear(&e);
	switch (kind) {
	case 0:
		if (watchers_parse(&ws, (const char *)p, n, "watchers",
		    &named, &e) == 0) {
			(void)touch_watchers(&ws);
			/* one more by mail, as WATCH would */
			(void)watchers_add(&ws, "eve@example.org");
			if (ws.n > WATCHERS_MAX)
				__builtin_trap();
		}
		break;
	case 1:
		if (mailqueue_outbox_parse("outbox", p, n, id, &m, &k,
		    &e) == 0)
			for (i = 0; i < k; i++)
				if (m[i].text.len > n)
					__builtin_trap();
		mailqueue_mails_free(m, k);
		break;
	case 2:
		if (club_recent_parse(p, n, "judge.recent", NOW, &rec,
		    &e) == 0)
			club_recent_free(&rec);
		break;
	case 3:
		if (club_conf_parse(p, n, "judge.yaml", &conf, &e) == 0)
			club_conf_free(&conf);
		break;
	case 5:
		if (digest_parse(p, n, "digest", &dig, &e) == 0) {
			if (dig.n > DIGEST_HELD_MAX)
				__builtin_trap();
			(void)digest_hold(&dig, 1, GAME, 1, "x", 1, &e);
			(void)digest_due(&dig, 6);
			digest_free(&dig);
		}
		break;
	case 6:
		seeks(p, n, &e);
		break;
	case 7:
		challenges(p, n, &e);
		break;
	default:
		if (club_members_parse(p, n, "members", &dir, &e) == 0) {
			for (i = 0; i < dir.n; i++)
				if (club_member_named(&dir,
				    dir.m[i].name) != &dir.m[i])
					__builtin_trap();
			club_members_free(&dir);
		}
		break;
	}
	/* every refusal is one line */
	if (memchr(e.msg, '\n', strlen(e.msg)) != NULL)
		__builtin_trap();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int ready;

	if (!ready) {
		if (sec_init() != 0)
			return 0;
		ready = 1;
	}
	if (size == 0)
		return 0;
	records(data[0] % 8, data + 1, size - 1);
	return 0;
}
