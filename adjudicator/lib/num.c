/*
 * Numbers and words of the program's own record files, read strictly.
 * See num.h.
 */
#include <string.h>

#include "num.h"

int
num_parse(const char *s, size_t n, uint64_t max, uint64_t *v)
{
	uint64_t x = 0;
	size_t i;

	if (n == 0 || (n > 1 && s[0] == '0'))
		return -1;
	for (i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		/* x * 10 + d <= max, without overflow */
		if (x > (max - (uint64_t)(s[i] - '0')) / 10 ||
		    (uint64_t)(s[i] - '0') > max)
			return -1;
		x = x * 10 + (uint64_t)(s[i] - '0');
	}
	*v = x;
	return 0;
}

int
num_parse_str(const char *s, uint64_t max, uint64_t *v)
{
	return num_parse(s, strlen(s), max, v);
}

int
num_words(char *line, char **word, int max)
{
	char *p = line, *sp;
	int n = 0;

	for (;;) {
		if (n == max || *p == '\0' || *p == ' ')
			return -1;
		word[n++] = p;
		if ((sp = strchr(p, ' ')) == NULL)
			return n;
		*sp = '\0';
		p = sp + 1;
	}
}
