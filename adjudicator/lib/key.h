/*
 * Identities: an Ed25519 signing pair and an X25519 box pair.  The public
 * key is one pasteable line carrying the name and a short key id; the
 * secret key file is armored binary, passphrase-encrypted unless -N.
 */
#ifndef KEY_H
#define KEY_H

#include <stdint.h>

#include "error.h"
#include "sec.h"

#define KEY_NAME_MAX	32
#define KEY_ID		8		/* bytes of key id */
#define KEY_ID_HEX	(2 * KEY_ID + 1)
#define KEY_LINE_MAX	256
#define KEY_PUB_TAG	"adjudicator-pk1"
#define KEY_PASS_MAX	1024		/* passphrase buffer, with the NUL */

struct key_public {
	char	name[KEY_NAME_MAX + 1];
	uint8_t	sign_pk[SEC_SIGN_PK];
	uint8_t	box_pk[SEC_BOX_PK];
	uint8_t	id[KEY_ID];
	char	idhex[KEY_ID_HEX];
};

struct key_holder;

/*
 * A secret key: what signs and opens sealed boxes.  Its two secret halves
 * are here, or a holder outside this process (a key agent, agent.h) signs
 * and opens for it and the halves stay zero: the envelope and the judge
 * call key_sign() and key_unseal() the same way for both.  Lives in
 * guarded memory: always released with key_secret_free().
 */
struct key_secret {
	struct key_public pub;
	uint8_t	sign_sk[SEC_SIGN_SK];
	uint8_t	box_sk[SEC_BOX_SK];
	const struct key_holder	*holder;	/* NULL: the halves above */
	void	*holder_arg;
};

/*
 * The other implementation: sign fills sig; unseal opens a sealed box of
 * clen bytes into m (clen - SEC_SEAL_EXTRA bytes) and returns 0, 1 when
 * the box does not open with this key, -1 with the error set; release
 * (from key_secret_free) lets go of arg.
 */
struct key_holder {
	int	(*sign)(void *arg, const struct key_public *,
		    uint8_t sig[SEC_SIG], const void *, size_t, struct error *);
	int	(*unseal)(void *arg, const struct key_public *, uint8_t *m,
		    const uint8_t *c, size_t clen, struct error *);
	void	(*release)(void *arg);
};

/* A key whose halves holder keeps; arg is released with the key, also
 * when this fails. */
struct key_secret *key_held(const struct key_public *,
	    const struct key_holder *, void *arg, struct error *);
/* Ed25519 over exactly these bytes; -1 with the error set. */
int	key_sign(const struct key_secret *, uint8_t sig[SEC_SIG], const void *,
	    size_t, struct error *);
/* A sealed box to this key opened into m: 0; 1 when it does not open;
 * -1 with the error set (the holder failed). */
int	key_unseal(const struct key_secret *, uint8_t *m, const uint8_t *c,
	    size_t clen, struct error *);

int	key_name_ok(const char *);
/* Fills in the key id from the keys; -1 only if hashing failed. */
int	key_compute_id(struct key_public *);
struct key_secret *key_generate(const char *name, struct error *);
void	key_secret_free(struct key_secret *);

/* -1 (and "") when the buffer is too small. */
int	key_public_line(const struct key_public *, char *, size_t);
int	key_public_parse(const char *line, struct key_public *,
	    const char *where, struct error *);
/* points 0: the line checked but not the keys' curve points (a key read
 * back from where this program stored it after checking it in full). */
int	key_public_parse_as(const char *line, struct key_public *, int points,
	    const char *where, struct error *);
int	key_public_load(const char *path, struct key_public *, struct error *);

/* pass == NULL writes an unencrypted key. */
int	key_secret_write(const char *path, const struct key_secret *,
	    const char *pass, size_t passlen, struct error *);
/*
 * The library never asks a person for anything: the program supplies the
 * passphrase of an encrypted key through this function.  It fills out
 * (outlen bytes of guarded memory, wiped and freed by the library) with a
 * NUL-terminated passphrase and returns 0, or sets the error and returns
 * -1.  path names the key file, for a prompt.
 */
typedef int key_pass_fn(const char *path, char *out, size_t outlen,
	    void *arg, struct error *);

/* Calls pass(path, ..., arg) only when the file is encrypted; with pass
 * NULL an encrypted key is refused ("passphrase needed"). */
struct key_secret *key_secret_load(const char *path, key_pass_fn *pass,
	    void *arg, struct error *);
/*
 * A key file's key id, as its header says, and whether it is encrypted,
 * without its passphrase: what is asked of a key agent.  The file is
 * checked as key_secret_load checks it (armor, checksum, mode), but the
 * id is only the header's: whoever uses it checks the keys against it.
 */
int	key_secret_id(const char *path, uint8_t id[KEY_ID], int *encrypted,
	    struct error *);
/* Where a program's secret keys come from (a file, an agent): what a
 * library function that loads keys by path is given. */
typedef struct key_secret *key_load_fn(const char *path, void *arg,
	    struct error *);
/*
 * Parses a key file already read; pass may be NULL for unencrypted ones.
 * The public keys are the file's own, checked against its key id, not
 * derived from the secret halves: key_secret_check() does that, once,
 * where a key starts to be used.
 */
struct key_secret *key_secret_decode(const char *text, size_t len,
	    const char *pass, size_t passlen, int *needs_pass,
	    const char *where, struct error *);

/* The secret halves make the public keys (a key from a holder: 0);
 * "corrupt" (exit status 3) when they do not.  Where a key starts to be
 * used: keygen, join, the agent's add. */
int	key_secret_check(const struct key_secret *, const char *where,
	    struct error *);

int	key_same(const struct key_public *, const struct key_public *);

#endif
