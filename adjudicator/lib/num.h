/*
 * Numbers and words in the program's own record files (the judge's
 * watchers, outbox and its marks; formats/gamedir.md), read strictly: a
 * number is decimal digits only, no sign, no blank, no leading zero but
 * "0" itself, and at most a stated bound, so that "-1", " 7", "+7" or a
 * value past the bound is a damaged record, never a wrapped one.
 */
#ifndef NUM_H
#define NUM_H

#include <stddef.h>
#include <stdint.h>

/* The number of exactly the n bytes at s, at most max, in *v: 0, or -1
 * (*v unchanged) when they are not one. */
int	num_parse(const char *s, size_t n, uint64_t max, uint64_t *v);
/* The same for a NUL-ended string. */
int	num_parse_str(const char *s, uint64_t max, uint64_t *v);
/*
 * Splits a line (NUL-ended, no newline) in place into at most max words
 * separated by one space each: how many there were, or -1 when a word is
 * empty (two spaces, a space at either end) or there are more than max.
 */
int	num_words(char *line, char **word, int max);

#endif
