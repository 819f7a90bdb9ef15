/*
 * A mailer that speaks SMTP on its standard input and output, as
 * "sendmail -bs" does, and discards every mail: the one mailer process of
 * a drained queue's run in tests/bench/drain.sh, costing the run its start
 * and the conversation, nothing else.
 */
#include <stdio.h>
#include <string.h>

static void
reply(const char *s)
{
	fputs(s, stdout);
	fputs("\r\n", stdout);
	fflush(stdout);
}

int
main(void)
{
	char line[4096];

	reply("220 smtpnull");
	while (fgets(line, sizeof(line), stdin) != NULL) {
		if (strncmp(line, "DATA", 4) == 0) {
			reply("354 go ahead");
			while (fgets(line, sizeof(line), stdin) != NULL &&
			    strcmp(line, ".\r\n") != 0)
				;
			reply("250 discarded");
		} else if (strncmp(line, "QUIT", 4) == 0) {
			reply("221 bye");
			return 0;
		} else
			reply("250 OK");
	}
	return 0;
}
