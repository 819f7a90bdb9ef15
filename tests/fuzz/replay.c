/*
 * A plain main() for the fuzz harnesses: runs LLVMFuzzerTestOneInput on
 * each file named on the command line, so that the corpus is replayed by
 * "make check" (and under ASan by "make check-asan") without libFuzzer.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static int
replay(const char *path)
{
	FILE *f;
	uint8_t *data = NULL, *n;
	size_t len = 0, cap = 0, got;

	if ((f = fopen(path, "rb")) == NULL) {
		fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
		return -1;
	}
	for (;;) {
		if (cap - len < 4096) {
			cap = cap ? cap * 2 : 8192;
			if ((n = realloc(data, cap)) == NULL) {
				fprintf(stderr, "replay: out of memory\n");
				free(data);
				fclose(f);
				return -1;
			}
			data = n;
		}
		got = fread(data + len, 1, cap - len, f);
		len += got;
		if (got == 0)
			break;
	}
	if (ferror(f)) {
		fprintf(stderr, "replay: %s: read error\n", path);
		free(data);
		fclose(f);
		return -1;
	}
	fclose(f);
	/* an exact-size copy, so that ASan catches a read one past the end */
	if ((n = malloc(len ? len : 1)) == NULL) {
		free(data);
		return -1;
	}
	memcpy(n, data, len);
	free(data);
	LLVMFuzzerTestOneInput(n, len);
	free(n);
	return 0;
}

int
main(int argc, char **argv)
{
	int i, rc = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: %s FILE...\n", argv[0]);
		return 2;
	}
	for (i = 1; i < argc; i++)
		if (replay(argv[i]) != 0)
			rc = 1;
	if (rc == 0)
		printf("replayed %d inputs\n", argc - 1);
	return rc;
}
