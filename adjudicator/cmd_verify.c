/*
 * verify: audit a whole game from its archive.  Entries are read, checked
 * and applied one at a time, so memory does not grow with the game.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "armor.h"
#include "cli.h"
#include "fsio.h"
#include "match.h"

#define ENTRY_MAX	(ENVELOPE_MAX_BODY + 4096)

int
cmd_verify(int argc, char **argv, struct error *e)
{
	const char *in = NULL;
	FILE *f;
	struct armor_stream *s = NULL;
	struct match *m = NULL;
	struct game_result r;
	uint8_t hdr[8], *blob = NULL;
	uint32_t count, len, i;
	struct cursor c;
	char where[64];
	struct buf out;
	int rc = -1, bad = -1, k, first;

	if (argc > 2 || (argc == 2 && argv[1][0] == '-' && argv[1][1] != '\0'))
		return cli_usage(e);
	if (argc == 2)
		in = argv[1];
	if (in == NULL || strcmp(in, "-") == 0)
		f = stdin;
	else if ((f = fopen(in, "r")) == NULL)
		return error_errno(e, "%s", in);
	buf_init(&out);
	if ((s = armor_stream_open(f, ARMOR_ARCHIVE, fsio_name(in), e)) == NULL)
		goto done;
	if ((blob = malloc(ENTRY_MAX)) == NULL) {
		error_set(e, EXIT_SYSTEM, "out of memory");
		goto done;
	}
	if (armor_stream_read(s, hdr, sizeof(hdr), e) != 0 ||
	    armor_stream_read(s, &count, 4, e) != 0) {
		if (e->msg[0] == '\0')
			error_set(e, EXIT_MALFORMED, "%s: archive truncated",
			    fsio_name(in));
		goto done;
	}
	c.p = (const uint8_t *)&count;
	c.left = 4;
	cursor_u32(&c, &count);
	if (memcmp(hdr, "ADJA", 4) != 0 || hdr[4] != 1) {
		error_set(e, EXIT_MALFORMED, "%s: not an adjudicator archive",
		    fsio_name(in));
		goto done;
	}
	if (count == 0) {
		error_set(e, EXIT_MALFORMED, "%s: empty archive", fsio_name(in));
		goto done;
	}
	for (i = 0; i < count; i++) {
		uint8_t lb[4];

		if (armor_stream_read(s, lb, 4, e) != 0)
			goto truncated;
		c.p = lb;
		c.left = 4;
		cursor_u32(&c, &len);
		if (len > ENTRY_MAX) {
			error_set(e, EXIT_MALFORMED, "%s: entry %u is too large",
			    fsio_name(in), i);
			goto done;
		}
		if (armor_stream_read(s, blob, len, e) != 0)
			goto truncated;
		snprintf(where, sizeof(where), "seq %u", i);
		if (i == 0) {
			if ((m = match_from_header(blob, len, where, e)) == NULL)
				goto done;
			m->verifying = 1;
			continue;
		}
		if (match_apply(m, blob, len, where, &bad, e) != 0) {
			if (bad >= 0) {
				size_t l = strlen(e->msg);

				snprintf(e->msg + l, sizeof(e->msg) - l,
				    "; %s cheated and loses", m->seat[bad].name);
			}
			goto done;
		}
	}
	if (armor_stream_end(s, e) != 0)
		goto done;
	if (match_audit(m, e) != 0)
		goto done;
	match_result(m, &r);
	buf_printf(&out, "%s game %s\n", m->rules->name, m->game_hex);
	buf_adds(&out, "seats:");
	for (k = 0; k < m->nseats; k++)
		buf_printf(&out, " %s (%s)", m->seat[k].name,
		    m->seat[k].key.idhex);
	buf_printf(&out, "\nentries: %u, every signature, the hash chain, the "
	    "turn order, every opening and every action check out\n", count);
	if (r.draw)
		buf_printf(&out, "result: draw (%s)\n", r.why);
	else {
		buf_adds(&out, "result: ");
		first = 1;
		for (k = 0; k < m->nseats; k++)
			if (r.winner[k]) {
				buf_printf(&out, "%s%s", first ? "" : " and ",
				    m->seat[k].name);
				first = 0;
			}
		buf_printf(&out, " won (%s)\n", r.why);
	}
	rc = fsio_write_stdout(out.data, out.len, e);
	goto done;
truncated:
	/* the stream said why: bad base64, or the block ended early */
	error_prefix(e, "entry %u of %u", i, count);
done:
	free(blob);
	match_free(m);
	armor_stream_close(s);
	buf_free(&out);
	if (f != stdin)
		fclose(f);
	return rc;
}
