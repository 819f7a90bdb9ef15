/*
 * The last event, as every picture says it.  See view_last.h.
 */
#include "match.h"
#include "view_last.h"

const char *
view_last(const struct match *m)
{
	return m->bare_stamp ? m->said : m->what;
}

int
view_last_stamp(const struct match *m)
{
	return m->bare_stamp;
}

void
view_last_news(struct buf *b, const struct match *m)
{
	if (!m->bare_stamp)
		buf_printf(b, "  entry %llu: %s\n", (unsigned long long)m->seq,
		    m->what);
}
