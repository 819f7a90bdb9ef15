/*
 * Passphrases: from the terminal with echo off, or from the file named by
 * ADJUDICATOR_PASSPHRASE_FILE.  Never a prompt when there is no terminal.
 * This is the program's side: the library gets passphrases only through
 * pass_key, which the program hands to key_secret_load.
 */
#ifndef PASS_H
#define PASS_H

#include <stddef.h>

#include "error.h"

#define PASS_MAX	1024

/* Returns a sec_malloc'd NUL-terminated passphrase, or NULL. */
char	*pass_get(const char *prompt, int confirm, struct error *);
void	pass_free(char *);
/* A key_pass_fn (key.h): asks "passphrase for PATH: " into out. */
int	pass_key(const char *path, char *out, size_t outlen, void *arg,
	    struct error *);

#endif
