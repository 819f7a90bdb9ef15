/*
 * Passphrases: from the terminal with echo off, or from the file named by
 * ADJUDICATOR_PASSPHRASE_FILE.  Never a prompt when there is no terminal.
 */
#ifndef PASS_H
#define PASS_H

#include <stddef.h>

#include "error.h"

#define PASS_MAX	1024

/* Returns a sec_malloc'd NUL-terminated passphrase, or NULL. */
char	*pass_get(const char *prompt, int confirm, struct error *);
void	pass_free(char *);

#endif
