/*
 * repair: save what is whole in a game directory whose journal is
 * damaged, and say what must come again.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "armor.h"
#include "cli.h"
#include "fsio.h"
#include "pass.h"

static void
say(void *arg, const char *line)
{
	(void)arg;
	fprintf(stderr, "%s\n", line);
}

/* The invitation's signed header, when entry 0 itself is damaged. */
static int
invitation(const char *keypath, const char *in, struct buf *sb,
    struct error *e)
{
	struct armor_list l = { NULL, 0, NULL };
	struct key_secret *k = NULL;
	struct envelope env;
	struct match *m = NULL;
	struct error ign;
	struct buf text;
	size_t i;
	int rc = -1;

	buf_init(&text);
	if (cli_read(in, &text, e) != 0 ||
	    armor_read((char *)text.data, text.len, ARMOR_MESSAGE,
	    fsio_name(in), &l, e) != 0 ||
	    (k = key_secret_load(keypath, pass_key, NULL, e)) == NULL)
		goto done;
	for (i = 0; i < l.n && m == NULL; i++) {
		sb->len = 0;
		if (envelope_open(l.items[i].data, l.items[i].len, k, sb, &env,
		    fsio_name(in), &ign) == 0)
			m = header_parse(sb->data, sb->len, fsio_name(in), &ign);
	}
	if (m == NULL)
		error_set(e, EXIT_MALFORMED, "%s: no invitation for this key",
		    fsio_name(in));
	else
		rc = 0;
done:
	match_free(m);
	key_secret_free(k);
	armor_list_free(&l);
	buf_free(&text);
	return rc;
}

/* What brings the lost entries back, for whoever holds this copy. */
static void
hints(const char *dir, const struct gamedir_repair *r)
{
	struct gamedir g;
	struct error ign;
	const struct match *m;
	int s;

	if (cli_gamedir(dir, NULL, GAMEDIR_READ, &g, &ign) != 0)
		return;
	m = g.t.m;
	if (r->lost_to > r->kept_to || r->maybe_entry || r->updates > 0) {
		if (g.t.me == GAME_JUDGE)
			printf("The seats' messages from seq %llu on bring them "
			    "back: each seat's \"adjudicator resend -d GAMEDIR "
			    "SEQ\", given to \"adjudicator judge\" here.\n",
			    (unsigned long long)r->kept_to + 1);
		else if (m->judge_mode)
			printf("The judge's updates from seq %llu on bring them "
			    "back: ask its operator for \"adjudicator resend "
			    "-d JUDGEDIR -s %s %llu\" (mailing the judge your "
			    "last message again brings the last of them).\n",
			    (unsigned long long)r->again_from, g.seat,
			    (unsigned long long)r->again_from);
		else
			printf("Each seat's \"adjudicator resend -d GAMEDIR "
			    "SEQ\" prints its message again (yours too: "
			    "\"adjudicator resend -d %s SEQ\"); give them to "
			    "\"adjudicator receive -d %s\".\n", dir, dir);
	}
	for (s = 0; s < m->nseats; s++)
		if (r->secrets_lost & (1u << s))
			printf("%s's setup (its openings) was in the damaged "
			    "part: this copy no longer holds it%s.\n",
			    m->seat[s].name, g.t.me == GAME_JUDGE ? "" :
			    "; a backup of the game directory restores it");
	gamedir_close(&g);
}

int
cmd_repair(int argc, char **argv, struct error *e)
{
	const char *dir = NULL, *keypath = NULL;
	struct gamedir_repair r;
	struct report rep = { say, NULL, NULL };
	struct buf header;
	int ch, rc = -1;

	while ((ch = cli_getopt(argc, argv, "d:k:")) != -1) {
		if (ch == 'd')
			dir = optarg;
		else if (ch == 'k')
			keypath = optarg;
		else
			return cli_usage(e);
	}
	argc -= optind;
	argv += optind;
	if (dir == NULL || argc > 1 || (argc == 1) != (keypath != NULL))
		return cli_usage(e);
	buf_init(&header);
	if (argc == 1 && invitation(keypath, argv[0], &header, e) != 0)
		goto done;
	if (gamedir_repair(dir, argc == 1 ? header.data : NULL, header.len,
	    &rep, &r, e) != 0)
		goto done;
	if (r.whole)
		printf("%s: every record of the journal is whole; nothing to "
		    "repair.\n", dir);
	else {
		printf("%s: repaired: entries 0 to %llu kept; the damaged "
		    "journal is kept as %s.\n", dir,
		    (unsigned long long)r.kept_to, r.damaged);
		if (r.lost_to > r.kept_to)
			printf("Entries %llu to %llu must come again.\n",
			    (unsigned long long)r.kept_to + 1,
			    (unsigned long long)r.lost_to);
		else if (r.maybe_entry)
			printf("An entry after %llu that was in the damaged "
			    "part comes again the same way.\n",
			    (unsigned long long)r.kept_to);
		hints(dir, &r);
	}
	rc = 0;
done:
	buf_free(&header);
	return rc;
}
