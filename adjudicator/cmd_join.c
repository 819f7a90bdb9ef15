/*
 * join: create a game directory from an invitation.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "armor.h"
#include "cli.h"
#include "fsio.h"
#include "match.h"
#include "restore.h"
#include "root.h"

/* The invitation is the message of the input that holds a header. */
static struct match *
find_header(const struct armor_list *l, const struct key_secret *k,
    struct buf *sb, const char *name, struct error *e)
{
	struct envelope env;
	struct match *m = NULL;
	struct error ign, first;
	size_t i;
	int opened = 0;

	error_clear(&first);
	for (i = 0; i < l->n && m == NULL; i++) {
		sb->len = 0;
		/* a seat's new holder gets the invitation from the judge, sealed
		 * to a key it was not signed for: a header only */
		if (envelope_open(l->items[i].data, l->items[i].len, k, sb, &env,
		    name, &ign) != 0) {
			if (first.status == EXIT_OK)
				first = ign;
			sb->len = 0;
			if (envelope_open_forwarded(l->items[i].data,
			    l->items[i].len, k, sb, &env, name, &ign) != 0)
				continue;
		}
		opened = 1;
		m = header_parse(sb->data, sb->len, name, l->n == 1 ? e : &ign);
		if (m == NULL && l->n == 1)
			return NULL;
	}
	if (m == NULL && !opened)
		*e = first;	/* nothing in it for this key */
	else if (m == NULL)
		error_set(e, EXIT_MALFORMED, "%s: no invitation found", name);
	return m;
}

/* What came with the invitation (a whole update, a package's entries and
 * setup), taken by the new copy as receive would. */
static int
take_rest(const char *dir, const struct key_secret *k, const struct buf *text,
    const char *name, struct error *e)
{
	struct gamedir g;
	int rc;

	if (gamedir_open(dir, GAMEDIR_WRITE, &g, &cli_report_stderr, e) != 0)
		return -1;
	rc = transcript_receive(&g.t, k, (const char *)text->data, text->len,
	    name, e) != 0 || gamedir_commit(&g, e) != 0 ? -1 : 0;
	gamedir_close(&g);
	return rc;
}

/* A peer game's setup lives in its directory alone: said on joining it,
 * join -d's or join -r's. */
static void
backup_note(void *arg, const char *dir)
{
	char shown[PATH_MAX];

	(void)arg;
	root_short(dir, shown, sizeof(shown));
	fprintf(stderr, "%s: in a peer game your setup lives only in this "
	    "directory: keep a backup elsewhere (adjudicator backup -d %s "
	    ">FILE; join -d DIR -k KEY FILE restores it)\n", shown, shown);
}

/* join -r ROOT: every invitation of the input for this key filed under
 * ROOT/GAMEID; joined before, it is there already and nothing changes. */
static int
join_root(const char *root, const char *keypath, const char *in,
    struct error *e)
{
	struct root_joining j;
	struct key_secret *k = NULL;
	FILE *f;
	int rc = -1;

	if ((f = cli_open(in, e)) == NULL)
		return -1;
	/* the key is checked once, where a game starts to use it */
	if ((k = cli_key_load(keypath, e)) == NULL ||
	    key_secret_check(k, keypath, e) != 0)
		goto done;
	memset(&j, 0, sizeof(j));
	j.root = root;
	j.keypath = keypath;
	j.k = k;
	j.name = fsio_name(in);
	j.report = &cli_report_stderr;
	j.peer = backup_note;
	rc = root_join(&j, f, e);
done:
	key_secret_free(k);
	cli_close(f);
	return rc;
}

int
cmd_join(int argc, char **argv, struct error *e)
{
	const char *dir = NULL, *keypath = NULL, *in = NULL, *root = NULL;
	char seatfile[4200];
	struct key_secret *k = NULL;
	struct armor_list l = { NULL, 0, NULL };
	struct buf text, sb;
	struct match *m = NULL;
	int ch, rc = -1, seat;

	while ((ch = cli_getopt(argc, argv, "d:k:r:")) != -1) {
		switch (ch) {
		case 'd':
			dir = optarg;
			break;
		case 'r':
			root = optarg;
			break;
		case 'k':
			keypath = optarg;
			break;
		default:
			return cli_usage(e);
		}
	}
	argc -= optind;
	argv += optind;
	if (dir != NULL && root != NULL)
		return cli_usage_why(e, "-d and -r together: the game goes in "
		    "GAMEDIR, or under ROOT");
	if (dir == NULL && root == NULL &&
	    (root = cli_default_root()) == NULL)
		return cli_usage_why(e, "-d GAMEDIR or -r ROOT is missing: "
		    "where the game goes (no ADJUDICATOR_ROOT, and no "
		    "~/games)");
	if (keypath == NULL)
		return cli_usage_why(e, "-k KEY is missing: your key");
	if (cli_operands(argc, argv, 1, e) != 0)
		return -1;
	if (argc == 1)
		in = argv[0];
	if (root != NULL)
		return join_root(root, keypath, in, e);
	/* refused before any passphrase is asked for (a join that did not
	 * finish, with no seat file, is taken up again) */
	if (snprintf(seatfile, sizeof(seatfile), "%s/seat", dir) > 0 &&
	    fsio_exists(seatfile))
		return error_set(e, EXIT_REFUSED, "%s: already exists; join "
		    "creates a new game directory", dir);
	buf_init(&text);
	buf_init(&sb);
	if (cli_read(in, &text, e) != 0 ||
	    armor_read((char *)text.data, text.len, ARMOR_MESSAGE,
	    fsio_name(in), &l, e) != 0 ||
	    (k = cli_key_load(keypath, e)) == NULL ||
	    key_secret_check(k, keypath, e) != 0 ||
	    (m = find_header(&l, k, &sb, fsio_name(in), e)) == NULL)
		goto done;
	/* a key the invitation does not name: the seat the entries that
	 * come with it hand to this key */
	if ((seat = match_seat_of(m, &k->pub)) < 0 &&
	    restore_holder(m, &l, k, fsio_name(in), &seat, e) != 0)
		goto done;
	if (gamedir_create(dir, sb.data, sb.len, match_author_name(m, seat),
	    keypath, e) != 0)
		goto done;
	fprintf(stderr, "joined %s game %.16s as %s\n", m->rules->name,
	    m->game_hex, match_author_name(m, seat));
	/* what came with it (a backup, a whole update): taken as receive
	 * takes it; a refusal leaves the directory joined */
	rc = l.n > 1 ? take_rest(dir, k, &text, fsio_name(in), e) : 0;
	if (rc == 0 && !m->judge_mode)
		backup_note(NULL, dir);
done:
	match_free(m);
	key_secret_free(k);
	armor_list_free(&l);
	buf_free(&text);
	buf_free(&sb);
	return rc;
}
