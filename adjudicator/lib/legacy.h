/*
 * Game directories made before the journal (a file per entry, per message
 * sent, per secret): imported once into a journal, so that a game under
 * way carries on after an upgrade.  formats/gamedir.md.
 */
#ifndef LEGACY_H
#define LEGACY_H

#include "error.h"

/* Imports GAMEDIR's older layout into GAMEDIR/journal, then removes the
 * older files.  The caller holds the directory's lock. */
int	legacy_import(const char *dir, struct error *);

#endif
