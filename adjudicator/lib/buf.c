/*
 * Byte buffers and bounds-checked cursors.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "sec.h"

void
buf_init(struct buf *b)
{
	b->data = NULL;
	b->len = b->cap = b->hw = 0;
}

void
buf_free(struct buf *b)
{
	if (b->data != NULL) {
		/* buffers may have held plaintext; do not leave it in the
		 * heap.  Only what was reserved can have been written: a
		 * doubled capacity's untouched half is not wiped for nothing */
		sec_wipe(b->data, b->hw < b->cap ? b->hw : b->cap);
		free(b->data);
	}
	buf_init(b);
}

int
buf_reserve(struct buf *b, size_t more)
{
	size_t ncap;
	uint8_t *n;

	if (more > SIZE_MAX - b->len - 1)
		return -1;
	if (b->len + more + 1 > b->hw)
		b->hw = b->len + more + 1;
	if (b->len + more + 1 <= b->cap)
		return 0;
	ncap = b->cap ? b->cap : 256;
	while (ncap < b->len + more + 1) {
		if (ncap > SIZE_MAX / 2)
			return -1;
		ncap *= 2;
	}
	if ((n = realloc(b->data, ncap)) == NULL)
		return -1;
	b->data = n;
	b->cap = ncap;
	return 0;
}

int
buf_add(struct buf *b, const void *p, size_t n)
{
	if (buf_reserve(b, n) != 0)
		return -1;
	if (n > 0)
		memcpy(b->data + b->len, p, n);
	b->len += n;
	b->data[b->len] = '\0';
	return 0;
}

int
buf_addc(struct buf *b, uint8_t c)
{
	return buf_add(b, &c, 1);
}

int
buf_adds(struct buf *b, const char *s)
{
	return buf_add(b, s, strlen(s));
}

int
buf_printf(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	size_t room;
	int n;

	/* straight into the room there is, most often enough: formatted
	 * once; the whole room then counts as written (buf_free wipes it) */
	if (b->cap > b->len + 1) {
		room = b->cap - b->len;
		(void)buf_reserve(b, room - 1);	/* no new memory: hw */
		va_start(ap, fmt);
		n = vsnprintf((char *)b->data + b->len, room, fmt, ap);
		va_end(ap);
		if (n < 0)
			return -1;
		if ((size_t)n < room) {
			b->len += (size_t)n;
			return 0;
		}
	} else {
		va_start(ap, fmt);
		n = vsnprintf(NULL, 0, fmt, ap);
		va_end(ap);
	}
	if (n < 0 || buf_reserve(b, (size_t)n + 1) != 0)
		return -1;
	va_start(ap, fmt);
	vsnprintf((char *)b->data + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
	return 0;
}

int
buf_add_u16(struct buf *b, uint16_t v)
{
	uint8_t x[2] = { v & 0xff, v >> 8 };

	return buf_add(b, x, sizeof(x));
}

void
buf_put_u32(uint8_t *p, uint32_t v)
{
	int i;

	for (i = 0; i < 4; i++)
		p[i] = (v >> (8 * i)) & 0xff;
}

uint32_t
buf_get_u32(const uint8_t *p)
{
	return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) |
	    ((uint32_t)p[3] << 24);
}

int
buf_add_u32(struct buf *b, uint32_t v)
{
	uint8_t x[4];

	buf_put_u32(x, v);
	return buf_add(b, x, sizeof(x));
}

int
buf_add_u64(struct buf *b, uint64_t v)
{
	uint8_t x[8];
	int i;

	for (i = 0; i < 8; i++)
		x[i] = (v >> (8 * i)) & 0xff;
	return buf_add(b, x, sizeof(x));
}

int
buf_add_field(struct buf *b, const void *p, size_t n)
{
	if (n > UINT32_MAX)
		return -1;
	if (buf_add_u32(b, (uint32_t)n) != 0)
		return -1;
	return buf_add(b, p, n);
}

int
buf_cstr(struct buf *b)
{
	/* an empty buffer has no NUL yet: buf_reserve() does not write one */
	if (buf_reserve(b, 0) != 0)
		return -1;
	b->data[b->len] = '\0';
	return 0;
}

/* A sentence in lines of at most 76 columns, broken at spaces. */
void
buf_wrap(struct buf *b, const char *say)
{
	size_t col = 0, w;

	while (*say != '\0') {
		w = strcspn(say, " ");
		if (col > 0 && col + 1 + w > 76) {
			buf_adds(b, "\n");
			col = 0;
		} else if (col > 0) {
			buf_adds(b, " ");
			col++;
		}
		buf_add(b, say, w);
		col += w;
		say += w;
		say += strspn(say, " ");
	}
	buf_adds(b, "\n");
}

int
cursor_take(struct cursor *c, void *out, size_t n)
{
	if (c->left < n)
		return -1;
	memcpy(out, c->p, n);
	c->p += n;
	c->left -= n;
	return 0;
}

int
cursor_skip(struct cursor *c, const uint8_t **at, size_t n)
{
	if (c->left < n)
		return -1;
	if (at != NULL)
		*at = c->p;
	c->p += n;
	c->left -= n;
	return 0;
}

int
cursor_u8(struct cursor *c, uint8_t *v)
{
	return cursor_take(c, v, 1);
}

int
cursor_u16(struct cursor *c, uint16_t *v)
{
	uint8_t x[2];

	if (cursor_take(c, x, 2) != 0)
		return -1;
	*v = (uint16_t)(x[0] | (x[1] << 8));
	return 0;
}

int
cursor_u32(struct cursor *c, uint32_t *v)
{
	uint8_t x[4];

	if (cursor_take(c, x, 4) != 0)
		return -1;
	*v = buf_get_u32(x);
	return 0;
}

int
cursor_u64(struct cursor *c, uint64_t *v)
{
	uint8_t x[8];
	int i;

	if (cursor_take(c, x, 8) != 0)
		return -1;
	*v = 0;
	for (i = 7; i >= 0; i--)
		*v = (*v << 8) | x[i];
	return 0;
}

const char *
buf_line(const char *t, size_t len, size_t *off, size_t *n)
{
	const char *line, *nl;

	if (*off >= len)
		return NULL;
	line = t + *off;
	nl = memchr(line, '\n', len - *off);
	*n = nl != NULL ? (size_t)(nl - line) : len - *off;
	*off += *n + (nl != NULL);
	if (*n > 0 && line[*n - 1] == '\r')
		(*n)--;
	return line;
}
