/*
 * wire: the envelope taken apart, for CLI tests that hand-make what a
 * dishonest seat, judge or forwarder would send (formats/envelope.md).
 * Linked against the library archive like the unit tests; keys must be
 * unencrypted (keygen -N).
 *
 *   wire sign KEY BODY RECIPIENT.pub...   a signed blob of any body
 *   wire unwrap KEY MSG                   the signed blob inside a message
 *   wire wrap BLOB RECIPIENT.pub...       a blob encrypted and armored as is
 *   wire hash BLOB                        the entry hash (prev), in hex
 *   wire game [-k KEY]... [-t TIME] [-e resign:SEAT|draw]
 *       RULES NSEATS peer|judge all|SEAT [OPT=VAL...]
 *                                         the archive of a whole random
 *                                         game played in memory (all: the
 *                                         transcript; SEAT, a number from
 *                                         0: that seat's export); -k:
 *                                         between these keys (seats,
 *                                         then the judge), -t: created
 *                                         then, -e: ended so
 *
 * unwrap then wrap is what a recipient who forwards a message does;
 * wrap of a blob whose signature does not hold is a message only a
 * signature check can refuse.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "armor.h"
#include "envelope.h"
#include "fsio.h"
#include "selfplay.h"

static int
recipients(char **argv, int n, struct key_public *to, struct error *e)
{
	int i;

	if (n < 1 || n > ENVELOPE_MAX_RECIPIENTS)
		return error_set(e, EXIT_USAGE, "1 to %d recipients",
		    ENVELOPE_MAX_RECIPIENTS);
	for (i = 0; i < n; i++)
		if (key_public_load(argv[i], &to[i], e) != 0)
			return -1;
	return 0;
}

/*
 * A random game to its end, as the playout test plays it.  Before the
 * rules' name: -k KEY (unencrypted; once per seat in order, then the
 * judge's) plays between those keys, -t TIME sets the header's creation
 * time, -e resign:SEAT or -e draw ends the game so.
 */
static int
game(int argc, char **argv, struct buf *out, struct error *e)
{
	struct key_secret *keys[GAME_MAX_SEATS + 1] = { NULL };
	struct selfplay_end how = { -1, 0, -1 };
	struct selfplay *sp = NULL;
	const char *created = NULL;
	int i = 2, nk = 0, nseats, rc = -1;

	for (; i + 1 < argc && argv[i][0] == '-'; i += 2) {
		if (strcmp(argv[i], "-k") == 0 && nk < GAME_MAX_SEATS + 1) {
			if ((keys[nk++] = key_secret_load(argv[i + 1], NULL,
			    NULL, e)) == NULL)
				goto done;
		} else if (strcmp(argv[i], "-t") == 0)
			created = argv[i + 1];
		else if (strcmp(argv[i], "-e") == 0 &&
		    strncmp(argv[i + 1], "resign:", 7) == 0) {
			how.plies = 0;
			how.resign = atoi(argv[i + 1] + 7);
		} else if (strcmp(argv[i], "-e") == 0 &&
		    strcmp(argv[i + 1], "draw") == 0) {
			how.plies = 0;
			how.draw = 1;
		}
		else {
			error_set(e, EXIT_USAGE, "game: %s %s?", argv[i],
			    argv[i + 1]);
			goto done;
		}
	}
	if (argc - i < 4) {
		error_set(e, EXIT_USAGE, "game: RULES NSEATS MODE WHO");
		goto done;
	}
	nseats = atoi(argv[i + 1]);
	if (nk > 0 && nk != nseats + (strcmp(argv[i + 2], "judge") == 0)) {
		error_set(e, EXIT_USAGE, "game: %d keys for %d seats", nk,
		    nseats);
		goto done;
	}
	if ((sp = selfplay_new_as(argv[i], argv + i + 4, argc - i - 4, nseats,
	    strcmp(argv[i + 2], "judge") == 0, nk > 0 ? keys : NULL, created,
	    e)) == NULL)
		goto done;
	if (selfplay_run(sp, &how, e) != 0)
		goto done;
	rc = strcmp(argv[i + 3], "all") == 0 ? selfplay_archive(sp, out, e) :
	    selfplay_export(sp, atoi(argv[i + 3]), out, e);
done:
	selfplay_free(sp);
	for (i = 0; i < GAME_MAX_SEATS + 1; i++)
		key_secret_free(keys[i]);
	return rc;
}

static int
run(int argc, char **argv, struct buf *out, struct error *e)
{
	struct key_public to[ENVELOPE_MAX_RECIPIENTS];
	struct armor_list l = { NULL, 0, NULL };
	struct key_secret *k = NULL;
	struct envelope env;
	struct buf in;
	uint8_t h[SEC_HASH];
	char hex[2 * SEC_HASH + 1];
	int rc = -1;

	buf_init(&in);
	if (argc >= 5 && strcmp(argv[1], "sign") == 0) {
		if ((k = key_secret_load(argv[2], NULL, NULL, e)) == NULL ||
		    fsio_read(argv[3], ENVELOPE_MAX_BODY, &in, e) != 0 ||
		    recipients(argv + 4, argc - 4, to, e) != 0)
			goto done;
		rc = envelope_sign(k, to, (size_t)(argc - 4), in.data, in.len,
		    out, e);
	} else if (argc == 4 && strcmp(argv[1], "unwrap") == 0) {
		if ((k = key_secret_load(argv[2], NULL, NULL, e)) == NULL ||
		    fsio_read(argv[3], FSIO_MAX_INPUT, &in, e) != 0 ||
		    armor_read((char *)in.data, in.len, ARMOR_MESSAGE, argv[3],
		    &l, e) != 0)
			goto done;
		rc = envelope_open(l.items[0].data, l.items[0].len, k, out,
		    &env, argv[3], e);
	} else if (argc >= 4 && strcmp(argv[1], "wrap") == 0) {
		if (fsio_read(argv[2], FSIO_MAX_INPUT, &in, e) != 0 ||
		    recipients(argv + 3, argc - 3, to, e) != 0)
			goto done;
		rc = envelope_armor(in.data, in.len, to, (size_t)(argc - 3), out,
		    e);
	} else if (argc == 3 && strcmp(argv[1], "hash") == 0) {
		if (fsio_read(argv[2], FSIO_MAX_INPUT, &in, e) != 0)
			goto done;
		if (envelope_hash(in.data, in.len, h) != 0) {
			error_set(e, EXIT_SYSTEM, "cannot hash");
			goto done;
		}
		sec_hex(hex, sizeof(hex), h, sizeof(h));
		rc = buf_adds(out, hex) != 0 || buf_adds(out, "\n") != 0 ?
		    error_set(e, EXIT_SYSTEM, "out of memory") : 0;
	} else if (argc >= 6 && strcmp(argv[1], "game") == 0)
		rc = game(argc, argv, out, e);
	else
		rc = error_set(e, EXIT_USAGE, "usage: wire sign KEY BODY "
		    "RECIPIENT.pub... | unwrap KEY MSG | wrap BLOB "
		    "RECIPIENT.pub... | hash BLOB | game [-k KEY]... [-t TIME] "
		    "[-e resign:SEAT|draw] RULES NSEATS peer|judge all|SEAT "
		    "[OPT=VAL...]");
done:
	key_secret_free(k);
	armor_list_free(&l);
	buf_free(&in);
	return rc;
}

int
main(int argc, char **argv)
{
	struct error e;
	struct buf out;
	int rc;

	error_clear(&e);
	if (sec_init() != 0) {
		fprintf(stderr, "wire: cannot initialise libsodium\n");
		return EXIT_SYSTEM;
	}
	buf_init(&out);
	rc = run(argc, argv, &out, &e);
	if (rc == 0)
		rc = fsio_write_stdout(out.data, out.len, &e);
	buf_free(&out);
	if (rc != 0) {
		fprintf(stderr, "wire: %s\n", e.msg);
		return e.status == EXIT_OK ? EXIT_SYSTEM : (int)e.status;
	}
	return 0;
}
