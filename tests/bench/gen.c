/*
 * Benchmark archive generator: plays random incognito games in memory
 * through the real protocol (selfplay: every entry signed, applied to
 * each seat's own match) until one finished, closed game has at least N
 * entries, and writes its archive.
 *
 * How a random game is made to run long: the game is created with a
 * large limit option (limit=100000 by default: 200,000 plies without an
 * interrogation before the draw), and while the transcript is shorter
 * than N the random player is biased: it picks uniformly among the plain
 * moves, leaving out interrogations and castle entries (the two ways
 * incognito ends early).  Only when a position offers nothing else does
 * it take any legal action.  Once N entries are reached it prefers
 * interrogations, then castle entries, then anything, so the game ends
 * within a few turns, and then every seat's end-of-game openings close
 * it.  A game that ends before N entries is thrown away and a new one
 * started (the count of games tried is printed).  The result is one
 * closed game that verify must accept; run.sh checks that.
 *
 *   gen [-j] [-n N] [-l LIMIT] [-d DIR] [-m DIR] ARCHIVE
 *
 * -d DIR also writes every signed entry as its own file DIR/NNNNNN (for
 * the minisign comparison: the same number of messages of the same
 * sizes).  -m DIR writes the game as mail, for building game directories
 * at any length with the real verbs: the seats' unencrypted keys and
 * public keys (and the judge's, with -j: a judged game), invite.msg,
 * and every message in the order it was sent, DIR/NNNNNN.msg, listed in
 * DIR/messages with one line each: "NNNNNN FROM TO SEQ ACTION" (FROM
 * and TO a seat, "judge" or "all"; SEQ the entry it carries, or the
 * last entry an update brings; ACTION the notation played, or "-").
 * Prints one line:
 *
 *   entries E bytes B mean_entry M games G
 *
 * where M is the mean size of a signed entry in bytes.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "armor.h"
#include "key.h"
#include "error.h"
#include "game.h"
#include "match.h"
#include "sec.h"
#include "selfplay.h"

#define MAX_GAMES	100

/* incognito: White (seat 0) attacks Black's castle a5, Black attacks e1 */
static const char *const enemy_castle[2] = { "a5", "e1" };

enum pick { PICK_LONG, PICK_END };

/* The messages of the game being played, for -m. */
struct mail {
	struct buf	 text;
	int		 from, to;
	uint64_t	 seq;
	char		 action[256];
};
static struct mail *mails;
static size_t nmails;
static char last_action[256];
static int judged;

static void
record(void *arg, int from, int to, const struct buf *armored)
{
	struct selfplay *sp = arg;
	struct mail *m;

	if ((m = realloc(mails, (nmails + 1) * sizeof(*m))) == NULL) {
		fprintf(stderr, "gen: out of memory\n");
		exit(1);
	}
	mails = m;
	m = &mails[nmails++];
	buf_init(&m->text);
	buf_add(&m->text, armored->data, armored->len);
	m->from = from;
	m->to = to;
	/* a peer's message carries the entry its sender has just applied;
	 * a judged seat's, the next one; an update, up to the judge's last */
	m->seq = from == GAME_JUDGE ? sp->party[GAME_JUDGE].m->seq :
	    sp->judged ? sp->party[from].m->seq + 1 : sp->party[from].m->seq;
	snprintf(m->action, sizeof(m->action), "%s", from == GAME_JUDGE ?
	    "-" : last_action[0] ? last_action : "-");
}

static void
mails_clear(void)
{
	size_t i;

	for (i = 0; i < nmails; i++)
		buf_free(&mails[i].text);
	free(mails);
	mails = NULL;
	nmails = 0;
}

static int
is_interrogation(const struct game_action *a)
{
	return strcmp(a->type, "interrogate") == 0;
}

static int
is_castle_entry(const struct game_action *a, int seat)
{
	const char *to;

	if (strcmp(a->type, "move") != 0)
		return 0;
	to = game_action_get(a, "to");
	return to != NULL && strcmp(to, enemy_castle[seat]) == 0;
}

/*
 * Chooses an action for seat.  PICK_LONG: a uniformly random plain move
 * (neither an interrogation nor a castle entry) when there is one.
 * PICK_END: an interrogation, else a castle entry, when there is one.
 * Otherwise any legal action.
 */
static int
choose(struct selfplay *sp, int seat, enum pick how, struct game_action *list,
    char *out, size_t len)
{
	/* class 0: plain move, 1: castle entry, 2: interrogation, 3: other */
	static const int order_long[] = { 0, -1 }, order_end[] = { 2, 1, -1 };
	const int *order = how == PICK_LONG ? order_long : order_end;
	static int idx[GAME_MAX_ACTIONS];
	int n, i, k = 0, cls;

	n = match_actions(sp->m[seat], seat, list, GAME_MAX_ACTIONS);
	if (n <= 0)
		return -1;
	for (; *order >= 0; order++) {
		for (k = 0, i = 0; i < n; i++) {
			cls = is_interrogation(&list[i]) ? 2 :
			    is_castle_entry(&list[i], seat) ? 1 :
			    strcmp(list[i].type, "move") == 0 ? 0 : 3;
			if (cls == *order)
				idx[k++] = i;
		}
		if (k > 0)
			break;
	}
	i = k > 0 && *order >= 0 ? idx[sec_uniform((uint32_t)k)] :
	    (int)sec_uniform((uint32_t)n);
	sp->rules->format(sp->m[seat]->state, &list[i], out, len);
	return 0;
}

/* One game; returns the selfplay when it closed, NULL on error. */
static struct selfplay *
play(const char *limit_opt, size_t want, struct game_action *list)
{
	struct error e;
	struct selfplay *sp;
	char act[256], opt[64], *opts[1];
	int s, next;
	long steps = 0;

	snprintf(opt, sizeof(opt), "%s", limit_opt);
	opts[0] = opt;
	if ((sp = selfplay_new("incognito", opts, 1, 2, judged, &e)) == NULL) {
		fprintf(stderr, "gen: new: %s\n", e.msg);
		exit(1);
	}
	mails_clear();
	sp->on_message = record;
	sp->on_message_arg = sp;
	last_action[0] = '\0';
	for (s = 0; s < 2; s++)
		if (selfplay_setup(sp, s, NULL, &e) != 0) {
			fprintf(stderr, "gen: setup %d: %s\n", s, e.msg);
			exit(1);
		}
	for (;;) {
		if (++steps > 10L * (long)want + 1000) {
			fprintf(stderr, "gen: game does not end\n");
			exit(1);
		}
		next = match_next_author(sp->m[0]);
		if (next < 0)
			break;
		last_action[0] = '\0';
		if (match_phase(sp->m[0]) == MATCH_FINAL ||
		    match_owes(sp->m[0], next)) {
			if (selfplay_turn(sp, next, NULL, &e) == 0)
				continue;
			/* after an opening the same seat may have to act */
		}
		if (choose(sp, next, sp->nentries < want ? PICK_LONG : PICK_END,
		    list, act, sizeof(act)) != 0) {
			fprintf(stderr, "gen: seat %d has no action at seq "
			    "%llu\n", next, (unsigned long long)sp->m[0]->seq);
			exit(1);
		}
		snprintf(last_action, sizeof(last_action), "%s", act);
		if (selfplay_turn(sp, next, act, &e) != 0) {
			fprintf(stderr, "gen: seq %llu seat %d \"%s\": %s\n",
			    (unsigned long long)sp->m[0]->seq + 1, next, act,
			    e.msg);
			exit(1);
		}
	}
	if (match_phase(sp->m[0]) != MATCH_CLOSED) {
		fprintf(stderr, "gen: game not closed\n");
		exit(1);
	}
	return sp;
}

static void
write_file(const char *path, const void *p, size_t len)
{
	FILE *f;

	if ((f = fopen(path, "wb")) == NULL ||
	    fwrite(p, 1, len, f) != len || fclose(f) != 0) {
		fprintf(stderr, "gen: %s: %s\n", path, strerror(errno));
		exit(1);
	}
}

static const char *
who(const struct selfplay *sp, int s)
{
	return s < 0 ? "all" : s == GAME_JUDGE ? "judge" :
	    sp->m[0]->seat[s].name;
}

/* -m DIR: the keys, the invitation and every message, as mailed. */
static void
write_mail(struct selfplay *sp, const char *dir)
{
	struct error e;
	char path[4096], line[KEY_LINE_MAX], publine[KEY_LINE_MAX + 2];
	FILE *list;
	size_t i;
	int s;

	if (mkdir(dir, 0700) != 0 && errno != EEXIST) {
		fprintf(stderr, "gen: %s: %s\n", dir, strerror(errno));
		exit(1);
	}
	for (s = 0; s < SELFPLAY_PARTIES; s++) {
		if (sp->key[s] == NULL)
			continue;
		snprintf(path, sizeof(path), "%s/%s.key", dir, who(sp, s));
		if (key_secret_write(path, sp->key[s], NULL, 0, &e) != 0) {
			fprintf(stderr, "gen: %s\n", e.msg);
			exit(1);
		}
		key_public_line(&sp->key[s]->pub, line, sizeof(line));
		snprintf(publine, sizeof(publine), "%s\n", line);
		snprintf(path, sizeof(path), "%s/%s.pub", dir, who(sp, s));
		write_file(path, publine, strlen(publine));
	}
	snprintf(path, sizeof(path), "%s/invite.msg", dir);
	write_file(path, sp->invitation.data, sp->invitation.len);
	snprintf(path, sizeof(path), "%s/messages", dir);
	if ((list = fopen(path, "w")) == NULL) {
		fprintf(stderr, "gen: %s: %s\n", path, strerror(errno));
		exit(1);
	}
	for (i = 0; i < nmails; i++) {
		snprintf(path, sizeof(path), "%s/%06zu.msg", dir, i + 1);
		write_file(path, mails[i].text.data, mails[i].text.len);
		fprintf(list, "%06zu %s %s %llu %s\n", i + 1,
		    who(sp, mails[i].from), who(sp, mails[i].to),
		    (unsigned long long)mails[i].seq, mails[i].action);
	}
	fclose(list);
}

static void
usage(void)
{
	fprintf(stderr, "usage: gen [-j] [-n N] [-l LIMIT] [-d DIR] [-m DIR] "
	    "ARCHIVE\n");
	exit(2);
}

int
main(int argc, char **argv)
{
	struct error e;
	struct selfplay *sp = NULL;
	struct game_action *list;
	struct buf out;
	const char *dir = NULL, *maildir = NULL;
	char limit_opt[64], path[4096];
	long n = 10000, limit = 100000;
	size_t i, total = 0;
	int ch, games;

	while ((ch = getopt(argc, argv, "jn:l:d:m:")) != -1)
		switch (ch) {
		case 'j':
			judged = 1;
			break;
		case 'm':
			maildir = optarg;
			break;
		case 'n':
			n = strtol(optarg, NULL, 10);
			break;
		case 'l':
			limit = strtol(optarg, NULL, 10);
			break;
		case 'd':
			dir = optarg;
			break;
		default:
			usage();
		}
	if (optind + 1 != argc || n < 1 || limit < 1)
		usage();
	if (sec_init() != 0) {
		fprintf(stderr, "gen: sec_init failed\n");
		return 1;
	}
	snprintf(limit_opt, sizeof(limit_opt), "limit=%ld", limit);
	if ((list = calloc(GAME_MAX_ACTIONS, sizeof(*list))) == NULL) {
		fprintf(stderr, "gen: out of memory\n");
		return 1;
	}
	for (games = 1; games <= MAX_GAMES; games++) {
		sp = play(limit_opt, (size_t)n, list);
		if (sp->nentries >= (size_t)n)
			break;
		selfplay_free(sp);
		sp = NULL;
	}
	free(list);
	if (sp == NULL) {
		fprintf(stderr, "gen: no game reached %ld entries in %d tries\n",
		    n, MAX_GAMES);
		return 1;
	}
	buf_init(&out);
	if (selfplay_archive(sp, &out, &e) != 0) {
		fprintf(stderr, "gen: archive: %s\n", e.msg);
		return 1;
	}
	write_file(argv[optind], out.data, out.len);
	if (dir != NULL && mkdir(dir, 0755) != 0 && errno != EEXIST) {
		fprintf(stderr, "gen: %s: %s\n", dir, strerror(errno));
		return 1;
	}
	for (i = 0; i < sp->nentries; i++) {
		total += sp->entries[i].len;
		if (dir == NULL)
			continue;
		snprintf(path, sizeof(path), "%s/%06zu", dir, i);
		write_file(path, sp->entries[i].data, sp->entries[i].len);
	}
	if (maildir != NULL)
		write_mail(sp, maildir);
	printf("entries %zu bytes %zu mean_entry %zu games %d\n",
	    sp->nentries, out.len, (total + sp->nentries / 2) / sp->nentries,
	    games);
	buf_free(&out);
	selfplay_free(sp);
	return 0;
}
