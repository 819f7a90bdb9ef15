/*
 * A player's contacts of one club: the directory a club's judge signed
 * (MEMBERS by mail, formats/club.md) taken into ROOT/contacts/JUDGEID
 * (the judge's key id), so that the player knows each member's key, and
 * a key that changed is never taken silently: an import says every new,
 * changed and gone member, and refuses a directory older than the one
 * it holds.  Written whole and atomically.
 */
#ifndef CONTACTS_H
#define CONTACTS_H

#include <stddef.h>
#include <stdint.h>

#include "envelope.h"
#include "error.h"
#include "key.h"
#include "mail.h"

#define CONTACTS_DIR		"contacts"
#define CONTACTS_MAX		10000
#define CONTACTS_FINGERPRINT	50	/* 10 groups of 4 hex digits */

struct contact {
	char			name[KEY_NAME_MAX + 1];
	struct key_public	key;
	char			address[MAIL_FIELD];	/* "" unknown */
};

/* What an import changed, one a member. */
enum contact_news { CONTACT_NEW, CONTACT_KEY, CONTACT_ADDRESS, CONTACT_GONE };

struct contact_change {
	enum contact_news	news;
	struct contact		now;		/* gone: as it was */
	struct key_public	before;		/* CONTACT_KEY: the old key */
};

struct contacts_import {
	struct key_public	 judge;		/* who signed it */
	char			 address[MAIL_FIELD];	/* the judge's, ""
							 * none given */
	int			 address_news;	/* not the one held */
	int			 first;		/* no contacts of it before */
	int64_t			 time;		/* when it signed it */
	size_t			 members;
	struct contact_change	*ch;
	size_t			 nch;
};

/*
 * The directory in the signed message env (opened by the caller, where
 * naming it) into root's contacts of its judge (judge: NULL, any judge;
 * else the signer must be it).  0, or -1: EXIT_MALFORMED (not such a
 * directory), EXIT_REFUSED (another judge's, or older than the
 * contacts), EXIT_SYSTEM; nothing written then.
 */
int	contacts_import(const char *root, const struct envelope *env,
	    const struct key_public *judge, const char *where,
	    struct contacts_import *, struct error *);
void	contacts_import_free(struct contacts_import *);
/* What contacts_key looks for: a member (its name, or its address when
 * the argument holds an @), a club's judge (its key's name or id, or
 * its address when the directory gave it). */
#define CONTACTS_MEMBER	1
#define CONTACTS_JUDGE	2

/*
 * The public key a command was given as arg: a file when it exists or
 * is no name, key id or address (key_public_load, its errors); else a
 * name or address (want) looked up in every contacts file of root
 * (ROOT/contacts/JUDGEID) and in root's own directory (ROOT/members, a
 * club's judge).  root NULL: none.  address (MAIL_FIELD bytes, may be
 * NULL): the contact's address, "" unknown.  -1: EXIT_USAGE (found in no
 * contacts), EXIT_REFUSED (two keys for it), or the contacts' own errors;
 * nothing written.
 */
int	contacts_key(const char *root, const char *arg, int want,
	    struct key_public *, char *address, struct error *);
/* Whether contacts_key would look arg up rather than load a file. */
int	contacts_is_name(const char *arg);
/* A key's fingerprint, for a person to compare: "ABCD EF01 ...". */
void	contacts_fingerprint(const struct key_public *,
	    char out[CONTACTS_FINGERPRINT]);

#endif
