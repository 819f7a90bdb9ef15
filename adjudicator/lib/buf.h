/*
 * Growable byte buffers, and the little-endian integer encoding used by
 * every binary record (envelope, key file, commitment).
 */
#ifndef BUF_H
#define BUF_H

#include <stddef.h>
#include <stdint.h>

struct buf {
	uint8_t	*data;
	size_t	 len;
	size_t	 cap;
	size_t	 hw;	/* how far it was ever reserved: what buf_free wipes */
};

void	buf_init(struct buf *);
void	buf_free(struct buf *);	/* releases and wipes */
int	buf_reserve(struct buf *, size_t);
int	buf_add(struct buf *, const void *, size_t);
int	buf_addc(struct buf *, uint8_t);
int	buf_adds(struct buf *, const char *);
int	buf_printf(struct buf *, const char *, ...)
	    __attribute__((format(printf, 2, 3)));
int	buf_add_u16(struct buf *, uint16_t);
int	buf_add_u32(struct buf *, uint32_t);
int	buf_add_u64(struct buf *, uint64_t);
/* A little-endian u32 into or out of 4 bytes in place (a frame's length,
 * a fixed record). */
void	buf_put_u32(uint8_t *, uint32_t);
uint32_t buf_get_u32(const uint8_t *);
/* u32 length then the bytes */
int	buf_add_field(struct buf *, const void *, size_t);
/* Makes data a NUL-terminated string (NUL not counted in len). */
int	buf_cstr(struct buf *);
/* A sentence in lines of at most 76 columns, broken at spaces. */
void	buf_wrap(struct buf *, const char *);
/*
 * The next line of text t (len bytes) from *off, its length in *n without
 * its line end ("\n" or "\r\n"), *off moved past it; NULL at the end.
 */
const char *buf_line(const char *t, size_t len, size_t *off, size_t *n);

/* A read cursor over bytes; every read checks the remaining length. */
struct cursor {
	const uint8_t	*p;
	size_t		 left;
};

int	cursor_take(struct cursor *, void *, size_t);
int	cursor_skip(struct cursor *, const uint8_t **, size_t);
int	cursor_u8(struct cursor *, uint8_t *);
int	cursor_u16(struct cursor *, uint16_t *);
int	cursor_u32(struct cursor *, uint32_t *);
int	cursor_u64(struct cursor *, uint64_t *);

#endif
