/*
 * The one fdatasync a move costs, for the floor of the per-move figures
 * (moves.sh): appends BYTES bytes to FILE (created if absent) and syncs
 * them, as a command's one commit does to its journal, and prints the
 * seconds that took.
 *
 *   syncfloor FILE BYTES
 *
 * Prints on stdout: sync SECONDS
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

int
main(int argc, char **argv)
{
	struct timespec a, b;
	static char data[65536];
	size_t n;
	int fd;

	if (argc != 3 || (n = strtoul(argv[2], NULL, 10)) > sizeof(data)) {
		fprintf(stderr, "usage: syncfloor FILE BYTES (at most %zu)\n",
		    sizeof(data));
		return 2;
	}
	memset(data, 'x', n);
	if ((fd = open(argv[1], O_WRONLY | O_APPEND | O_CREAT, 0600)) < 0) {
		perror(argv[1]);
		return 1;
	}
	clock_gettime(CLOCK_MONOTONIC, &a);
	if (write(fd, data, n) != (ssize_t)n || fdatasync(fd) != 0) {
		perror(argv[1]);
		return 1;
	}
	clock_gettime(CLOCK_MONOTONIC, &b);
	close(fd);
	printf("sync %.6f\n", (double)(b.tv_sec - a.tv_sec) +
	    (b.tv_nsec - a.tv_nsec) / 1e9);
	return 0;
}
