/*
 * Files: bounded whole-file reads (stdin for "-" or NULL), atomic
 * replacement (temp file, fsync, rename), exclusive creation for secrets.
 * Temp files are DIR/.BASE.tmp.RANDOM; stale ones are swept (fsio.c).
 */
#ifndef FSIO_H
#define FSIO_H

#include <stddef.h>
#include <stdio.h>

#include "buf.h"
#include "error.h"

#define FSIO_MAX_INPUT	(16u * 1024 * 1024)
#define FSIO_TMP_STALE	60	/* seconds before a temp file is stale */

/*
 * The one way a named file is opened for reading: without blocking (a
 * FIFO with no writer is never waited on), never as a controlling
 * terminal, close-on-exec, and only when it is a regular file: a FIFO, a
 * device (/dev/zero), a socket or a directory is refused (1) "PATH: not
 * a regular file" at once.  The descriptor, or -1.
 */
int	fsio_open_regular(const char *path, struct error *);
/* The same as a stream; NULL or "-": stdin. */
FILE	*fsio_fopen_regular(const char *path, struct error *);
/* Reads path (stdin when NULL or "-"; else as fsio_read_regular) into b,
 * at most max bytes. */
int	fsio_read(const char *path, size_t max, struct buf *b, struct error *);
/*
 * Reads path, which must be a regular file (fsio_open_regular), into b,
 * at most max bytes (a larger file refused (3) by its size before a byte
 * is read); mode, when not NULL, receives its permission bits.
 */
int	fsio_read_regular(const char *path, size_t max, struct buf *b,
	    unsigned int *mode, struct error *);
/* Writes data to path atomically with the given mode. */
int	fsio_write_atomic(const char *path, const void *, size_t, int mode,
	    struct error *);
/* The same, not synced: for a cache that may be lost but never torn. */
int	fsio_write_cache(const char *path, const void *, size_t, int mode,
	    struct error *);
/*
 * Overwrites path in place (created if absent), cut to len, not synced:
 * for a cache whose reader tells a torn one (a MAC) and that must not
 * cost a rename (ext4 writes out a file renamed over another at once).
 * Stale temp files of path are swept as by the writes above.
 */
int	fsio_write_inplace(const char *path, const void *, size_t, int mode,
	    struct error *);
/* Creates path whole or not at all, never replacing anything: an
 * existing path is refused (1) "already exists; not overwritten". */
int	fsio_write_excl(const char *path, const void *, size_t, int mode,
	    struct error *);
/* Appends and fsyncs, whole or not at all: a new file is created whole
 * (as fsio_write_excl), and an append that fails is cut off again, so a
 * reader never finds an empty file or half a record. */
int	fsio_append(const char *path, const void *, size_t, struct error *);
/* Appends to a log in one write, not synced: a power cut may lose its
 * last lines; an append that fails is cut off again. */
int	fsio_append_log(const char *path, const void *, size_t,
	    struct error *);
/* Takes the lock file path (created 0600 if needed) exclusively,
 * waiting for it; *fd holds it until fsio_unlock (-1: nothing held). */
int	fsio_lock(const char *path, int *fd, struct error *);
void	fsio_unlock(int fd);
/* The names in dir but those beginning with '.', sorted (strcmp), in
 * *names (*n of them; fsio_names_free): 0; 1 when dir cannot be opened
 * (errno says why; nothing kept); -1 out of memory. */
int	fsio_names(const char *dir, char ***names, size_t *n, struct error *);
void	fsio_names_free(char **, size_t);
/* Whether the name path exists (lstat: a link to nothing exists). */
int	fsio_exists(const char *path);
/* The directory holding path, synced: a rename in it made durable. */
void	fsio_sync_dir_of(const char *path);
int	fsio_mkdir(const char *path, int mode, struct error *);
int	fsio_write_stdout(const void *, size_t, struct error *);
const char *fsio_name(const char *path);	/* "stdin" for NULL/"-" */

#endif
