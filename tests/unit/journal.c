/*
 * The journal (formats/gamedir.md): the record layout byte for byte, its
 * CRC-32C check against the standard check value, commits, a torn tail
 * ignored and then cut by the next commit, damage refused.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "unit.h"

#include "journal.h"

/* CRC-32C bit by bit, straight from the definition */
static uint32_t
crc_slow(const uint8_t *p, size_t n)
{
	uint32_t c = 0xffffffffu;
	int k;

	while (n-- > 0) {
		c ^= *p++;
		for (k = 0; k < 8; k++)
			c = (c >> 1) ^ (0x82f63b78u & (0u - (c & 1)));
	}
	return ~c;
}

static uint32_t
le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	    (uint32_t)p[3] << 24;
}

static size_t
file_read(const char *path, uint8_t *buf, size_t max)
{
	FILE *f = fopen(path, "rb");
	size_t n;

	if (f == NULL)
		return 0;
	n = fread(buf, 1, max, f);
	fclose(f);
	return n;
}

static void
append(const char *path, const void *p, size_t n)
{
	FILE *f = fopen(path, "ab");

	if (f != NULL) {
		fwrite(p, 1, n, f);
		fclose(f);
	}
}

/* Every record's check in the file against the bit-by-bit CRC-32C. */
static int
checks_match(const char *path)
{
	struct stat st;
	uint8_t *raw;
	size_t n, off = 0;
	int ok = 1;

	if (stat(path, &st) != 0 || (raw = malloc((size_t)st.st_size)) == NULL)
		return 0;
	if (file_read(path, raw, (size_t)st.st_size) != (size_t)st.st_size)
		ok = 0;
	while (ok && off + 28 <= (size_t)st.st_size) {
		n = le32(raw + off + 4);
		ok = le32(raw + off + 16 + n + 4) == crc_slow(raw + off,
		    16 + n + 4);
		off += 16 + n + 12;
	}
	free(raw);
	return ok && off == (size_t)st.st_size;
}

/*
 * Every payload length from 0 to 1,100, each read into a buffer of its own:
 * a buffer sized to the record (a power of two) is where an off-by-a-few
 * write shows, under the sanitizer build.  Read in order, then backwards
 * (every read outside what the last one fetched), each check compared
 * with the bit-by-bit CRC.
 */
static int
every_length(const char *dir)
{
	char sub[4300];
	static uint8_t pay[1101];
	static uint64_t at[1101];
	struct journal j;
	struct journal_record r;
	struct error e;
	uint64_t off = 0;
	size_t n;
	int ok = 1;

	snprintf(sub, sizeof(sub), "%s/lengths", dir);
	if (mkdir(sub, 0700) != 0)
		return 0;
	for (n = 0; n < sizeof(pay); n++)
		pay[n] = (uint8_t)(n * 7 + 1);
	if (journal_open(&j, sub, 1, &e) != 0)
		return 0;
	for (n = 0; n < sizeof(pay) && ok; n++)
		ok = journal_add(&j, JOURNAL_ENTRY, n, pay, n, &e) == 0;
	ok = ok && journal_commit(&j, &e) == 0;
	for (n = 0; n < sizeof(pay) && ok; n++) {
		buf_init(&r.data);
		at[n] = off;
		ok = journal_read(&j, off, &r, &e) == 0 && r.num == n &&
		    r.data.len == n && memcmp(r.data.data, pay, n) == 0;
		off = r.next;
		buf_free(&r.data);
	}
	for (n = sizeof(pay); n-- > 0 && ok;) {
		buf_init(&r.data);
		ok = journal_read(&j, at[n], &r, &e) == 0 && r.num == n &&
		    r.data.len == n && memcmp(r.data.data, pay, n) == 0;
		buf_free(&r.data);
	}
	journal_close(&j);
	snprintf(sub, sizeof(sub), "%s/lengths/journal", dir);
	return ok && checks_match(sub);
}

int
main(void)
{
	char dir[] = "/tmp/adjjournalXXXXXX", path[4200];
	static uint8_t raw[4096];
	struct journal j;
	struct journal_record r;
	struct error e;
	size_t n;
	uint64_t end;
	int rc;

	unit_init();
	unit_ok(crc_slow((const uint8_t *)"123456789", 9) == 0xe3069283u,
	    "CRC-32C of \"123456789\" is the standard check value");
	unit_ok(journal_crc_selftest() == 0, "the CRC this machine uses (the "
	    "crc32 instruction where there is one) is the portable one's, "
	    "every length to 300 from every alignment");
	if (mkdtemp(dir) == NULL)
		return unit_done();
	snprintf(path, sizeof(path), "%s/journal", dir);
	rc = journal_open(&j, dir, 1, &e) == 0 &&
	    journal_add(&j, JOURNAL_ENTRY, 7, "hello", 5, &e) == 0 &&
	    journal_commit(&j, &e) == 0;
	unit_ok(rc, "a record committed");
	end = j.end;
	journal_close(&j);
	n = file_read(path, raw, sizeof(raw));
	/* type 2, length 5, num 7, "hello", 5, check; then the commit */
	unit_ok(n == 2 * 16 + 2 * 12 + 5 && le32(raw) == JOURNAL_ENTRY &&
	    le32(raw + 4) == 5 && le32(raw + 8) == 7 && le32(raw + 12) == 0 &&
	    memcmp(raw + 16, "hello", 5) == 0 && le32(raw + 21) == 5,
	    "the record's layout, byte for byte");
	unit_ok(le32(raw + 25) == crc_slow(raw, 25) &&
	    le32(raw + 29) == ~crc_slow(raw, 25),
	    "its check: CRC-32C of what precedes it, then its complement");
	/* a torn tail: half a record, no commit */
	append(path, raw, 20);
	buf_init(&r.data);
	rc = journal_open(&j, dir, 0, &e) == 0 && j.end == end &&
	    journal_read(&j, 0, &r, &e) == 0 && r.type == JOURNAL_ENTRY &&
	    r.num == 7 && r.data.len == 5;
	journal_close(&j);
	unit_ok(rc, "a torn tail is not read");
	rc = journal_open(&j, dir, 1, &e) == 0 &&
	    journal_add(&j, JOURNAL_DROP, 8, NULL, 0, &e) == 0 &&
	    journal_commit(&j, &e) == 0;
	journal_close(&j);
	n = file_read(path, raw, sizeof(raw));
	unit_ok(rc && n == end + 2 * (16 + 12), "the next commit cuts it off");
	/* damage before the last commit the head knows of */
	raw[18] ^= 0x40;
	{
		FILE *f = fopen(path, "r+b");

		if (f != NULL) {
			fwrite(raw, 1, n, f);
			fclose(f);
		}
	}
	error_clear(&e);
	rc = journal_open(&j, dir, 0, &e);
	journal_close(&j);
	unit_ok(unit_err(rc, &e, EXIT_MALFORMED, "damaged at offset 0"),
	    "a damaged record is refused when the journal opens (%s)", e.msg);
	/* without the head's word, the scan stops at the damage; a later
	 * commit the head knew of says it is damage, not a torn tail */
	snprintf(path, sizeof(path), "%s/journal.head", dir);
	{
		FILE *f = fopen(path, "wb");
		uint8_t h[8] = { 0 };
		size_t k;

		for (k = 0; k < 8; k++)
			h[k] = (uint8_t)(n >> (8 * k));
		if (f != NULL) {
			fwrite(h, 1, sizeof(h), f);
			fclose(f);
		}
	}
	raw[n - 10] ^= 0x01;	/* the last commit record, too */
	snprintf(path, sizeof(path), "%s/journal", dir);
	{
		FILE *f = fopen(path, "r+b");

		if (f != NULL) {
			fwrite(raw, 1, n, f);
			fclose(f);
		}
	}
	error_clear(&e);
	rc = journal_open(&j, dir, 1, &e);
	journal_close(&j);
	unit_ok(unit_err(rc, &e, EXIT_MALFORMED, "damaged"),
	    "records breaking off before a known commit are refused");
	/* with no head file, a whole commit after the damage says it */
	snprintf(path, sizeof(path), "%s/journal.head", dir);
	unlink(path);
	error_clear(&e);
	rc = journal_open(&j, dir, 1, &e);
	journal_close(&j);
	unit_ok(unit_err(rc, &e, EXIT_MALFORMED, "damaged at offset 0"),
	    "without journal.head, damage before a whole commit is refused "
	    "(%s)", e.msg);
	buf_free(&r.data);
	unit_ok(every_length(dir), "records of every length up to 1,100 "
	    "bytes read back whole, in order and backwards, each into a "
	    "fresh buffer, each check the bit-by-bit CRC-32C");
	snprintf(path, sizeof(path), "rm -rf %s", dir);
	if (system(path) != 0)
		unit_ok(0, "cleanup");
	return unit_done();
}
