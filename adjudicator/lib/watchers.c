/*
 * The record of a judged game's observers and its cap.  See watchers.h.
 *
 * The table is full at WATCHERS_MAX lines.  By construction no more than
 * MATCH_MAX_OBSERVERS of them are named (a header names no more) and no
 * more than WATCHERS_BY_MAIL by mail are on or done (watchers_add and
 * watchers_parse refuse more), so a table that is full holds a line by
 * mail turned off whenever one more may come, and that line gives its
 * place: nothing is ever written past the table, whatever the file said.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "fsio.h"
#include "num.h"
#include "watchers.h"

static const char *const states[] = { "on", "off", "done" };

struct watcher *
watchers_find(struct watchers *ws, const char *address)
{
	int i;

	for (i = 0; i < ws->n; i++)
		if (strcasecmp(ws->w[i].address, address) == 0)
			return &ws->w[i];
	return NULL;
}

int
watchers_by_mail(const struct watchers *ws)
{
	int i, n = 0;

	for (i = 0; i < ws->n; i++)
		n += !ws->w[i].named && ws->w[i].state != WATCHER_OFF;
	return n;
}

/* A place for one more line: a new one, or one by mail turned off. */
static struct watcher *
place(struct watchers *ws)
{
	int i;

	if (ws->n < WATCHERS_MAX)
		return &ws->w[ws->n++];
	for (i = 0; i < ws->n; i++)
		if (!ws->w[i].named && ws->w[i].state == WATCHER_OFF)
			return &ws->w[i];
	return NULL;
}

static struct watcher *
put(struct watchers *ws, const char *address, int named)
{
	struct watcher *w;

	if ((w = place(ws)) == NULL)
		return NULL;
	memset(w, 0, sizeof(*w));
	snprintf(w->address, sizeof(w->address), "%s", address);
	w->state = WATCHER_ON;
	w->named = named;
	return w;
}

struct watcher *
watchers_add(struct watchers *ws, const char *address)
{
	if (watchers_by_mail(ws) >= WATCHERS_BY_MAIL)
		return NULL;
	return put(ws, address, 0);
}

/* One line of the record: ADDRESS SEQ STATE. */
static int
line_of(struct watchers *ws, char *line, const char *path, unsigned n,
    struct error *e)
{
	char *word[3], why[80];
	uint64_t seq;
	struct watcher *w;
	int k;

	if (num_words(line, word, 3) != 3 ||
	    strlen(word[0]) >= MATCH_ADDRESS ||
	    header_address_check(word[0], why, sizeof(why)) != 0 ||
	    num_parse_str(word[1], WATCHERS_SEQ_MAX, &seq) != 0)
		return error_set(e, EXIT_MALFORMED, "%s:%u: not ADDRESS SEQ "
		    "STATE", path, n);
	for (k = 0; k < 3 && strcmp(word[2], states[k]) != 0; k++)
		;
	if (k == 3)
		return error_set(e, EXIT_MALFORMED, "%s:%u: the state is on, "
		    "off or done", path, n);
	if (watchers_find(ws, word[0]) != NULL)
		return error_set(e, EXIT_MALFORMED, "%s:%u: %s a second time",
		    path, n, word[0]);
	if (ws->n == WATCHERS_MAX)
		return error_set(e, EXIT_MALFORMED, "%s:%u: more than %d "
		    "observers, the most a record holds", path, n,
		    WATCHERS_MAX);
	w = put(ws, word[0], 0);	/* not full: a new line */
	w->seq = seq;
	w->state = k;
	return 0;
}

int
watchers_parse(struct watchers *ws, const char *text, size_t len,
    const char *path, const struct match_watch *mw, struct error *e)
{
	const char *p = text, *end = text + len, *nl;
	char line[MATCH_ADDRESS + 64];
	struct watcher *w;
	unsigned n = 0;
	int i;

	memset(ws, 0, sizeof(*ws));
	for (; p < end; p = nl + 1) {
		n++;
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			nl = end;
		if (memchr(p, '\0', (size_t)(nl - p)) != NULL ||
		    (size_t)(nl - p) >= sizeof(line))
			return error_set(e, EXIT_MALFORMED, "%s:%u: not "
			    "ADDRESS SEQ STATE", path, n);
		memcpy(line, p, (size_t)(nl - p));
		line[nl - p] = '\0';
		if (line[0] != '#' && line[0] != '\0' &&
		    line_of(ws, line, path, n, e) != 0)
			return -1;
	}
	/* the header's observers, in the same table: named ones never give
	 * their place, so the lines by mail must leave room for them */
	for (i = 0; i < mw->n; i++) {
		if ((w = watchers_find(ws, mw->address[i])) == NULL &&
		    (w = put(ws, mw->address[i], 1)) == NULL)
			return error_set(e, EXIT_MALFORMED, "%s: no room for "
			    "%s, whom the game's header names: more than %d "
			    "lines", path, mw->address[i], WATCHERS_MAX);
		w->named = 1;
	}
	if ((i = watchers_by_mail(ws)) > WATCHERS_BY_MAIL)
		return error_set(e, EXIT_MALFORMED, "%s: %d observers by mail "
		    "on or done, more than the %d a game takes", path, i,
		    WATCHERS_BY_MAIL);
	return 0;
}

static int
path_of(const char *dir, char path[PATH_MAX], struct error *e)
{
	if ((size_t)snprintf(path, PATH_MAX, "%s/%s", dir, WATCHERS_FILE) >=
	    PATH_MAX)
		return error_set(e, EXIT_USAGE, "%s: path too long", dir);
	return 0;
}

int
watchers_load(const char *dir, const struct match_watch *mw,
    struct watchers *ws, struct error *e)
{
	char path[PATH_MAX];
	struct buf b;
	int rc = -1;

	memset(ws, 0, sizeof(*ws));
	if (path_of(dir, path, e) != 0)
		return -1;
	buf_init(&b);
	if (!fsio_exists(path) || fsio_read_regular(path, WATCHERS_FILE_MAX,
	    &b, NULL, e) == 0)
		rc = watchers_parse(ws, (const char *)b.data, b.len, path, mw,
		    e);
	buf_free(&b);
	return rc;
}

int
watchers_save(const char *dir, const struct watchers *ws, struct error *e)
{
	char path[PATH_MAX];
	struct buf b;
	int i, rc;

	if (path_of(dir, path, e) != 0)
		return -1;
	buf_init(&b);
	buf_adds(&b, "# adjudicator watchers 1: ADDRESS, the last entry "
	    "mailed, on|off|done\n");
	for (i = 0; i < ws->n; i++)
		buf_printf(&b, "%s %llu %s\n", ws->w[i].address,
		    (unsigned long long)ws->w[i].seq, states[ws->w[i].state]);
	rc = fsio_write_atomic(path, b.data, b.len, 0600, e);
	buf_free(&b);
	return rc;
}
