/*
 * Runs a command and reports its wall-clock time and peak resident set
 * size (ru_maxrss from wait4, the child and nothing else).  The command's
 * stdout goes to /dev/null unless -k is given.
 *
 *   peakrss [-k] COMMAND [ARG...]
 *
 * Prints on stderr: wall SECONDS maxrss_kib KIB status EXIT
 * and exits with the command's status (or 1 if it died of a signal).
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int
main(int argc, char **argv)
{
	struct timespec a, b;
	struct rusage ru;
	pid_t pid;
	int st, keep = 0, fd;

	if (argc > 1 && strcmp(argv[1], "-k") == 0) {
		keep = 1;
		argv++;
		argc--;
	}
	if (argc < 2) {
		fprintf(stderr, "usage: peakrss [-k] command [arg...]\n");
		return 2;
	}
	clock_gettime(CLOCK_MONOTONIC, &a);
	if ((pid = fork()) < 0) {
		perror("fork");
		return 1;
	}
	if (pid == 0) {
		if (!keep && (fd = open("/dev/null", O_WRONLY)) >= 0) {
			dup2(fd, 1);
			close(fd);
		}
		execvp(argv[1], argv + 1);
		perror(argv[1]);
		_exit(127);
	}
	if (wait4(pid, &st, 0, &ru) < 0) {
		perror("wait4");
		return 1;
	}
	clock_gettime(CLOCK_MONOTONIC, &b);
	fprintf(stderr, "wall %.6f maxrss_kib %ld status %d\n",
	    (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) / 1e9,
	    ru.ru_maxrss, WIFEXITED(st) ? WEXITSTATUS(st) : -1);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 1;
}
