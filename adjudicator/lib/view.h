/*
 * What a seat sees: the board as text (for a plain-text mail), as YAML
 * (for programs), as an SVG picture; and the summary line verify prints.
 * A viewer is a seat index, or -1 for the public view.  Only what that
 * viewer knows is ever shown.  formats/view.md.
 */
#ifndef VIEW_H
#define VIEW_H

#include "buf.h"
#include "error.h"

struct match;

/*
 * dir: the viewer's game directory as the user names it, for the last
 * line, what to type next (with a legal action for an example: m must
 * then be the viewer's own copy); NULL writes GAMEDIR and no example.
 */
void	view_text(const struct match *, int viewer, const char *dir,
	    struct buf *);
/* What a stranger may read, addressed to viewer: the public board, whose
 * turn, what to type with the game named dir (NULL: GAMEDIR; no example
 * drawn from what viewer knows). */
void	view_text_public(const struct match *, int viewer, const char *dir,
	    struct buf *);
int	view_yaml(const struct match *, int viewer, const char *dir,
	    struct buf *, struct error *);

/* What the viewer can do next; say is empty when there is nothing. */
struct view_next {
	char	say[80];	/* "Your turn", "Waiting for bob" */
	char	command[400];	/* the command line, words in capitals to fill */
	char	example[400];	/* the command line filled in, or "" */
	char	note[400];	/* a sentence more, or "" */
};
void	view_next(const struct match *, int viewer, const char *dir,
	    struct view_next *);
/*
 * Where the viewer's copy is, for the commands: dir as -d takes it ("."
 * when the commands run in it: no -d; NULL: GAMEDIR, no example), the
 * root it is filed in (receive -r), and whether its next entry is sent
 * and the judge has not brought it back.  A seat whose header gives the
 * addresses is told the whole mail (-M) and the pipe to sendmail.
 */
struct view_place {
	const char	*dir;
	const char	*root;
	int		 sent;
};
void	view_next_at(const struct match *, int viewer,
	    const struct view_place *, struct view_next *);
/* Whether viewer plays by mail (its commands send with -S), and the
 * command line it types for VERB ARGS in its copy at dir (NULL: -d
 * GAMEDIR), as the views write it. */
int	view_by_mail(const struct match *, int viewer);
void	view_command(const struct match *, int viewer, const char *dir,
	    const char *verb, const char *args, char *, size_t);
void	view_text_at(const struct match *, int viewer,
	    const struct view_place *, struct buf *);
int	view_yaml_at(const struct match *, int viewer,
	    const struct view_place *, struct buf *, struct error *);
/* The SVG picture for a seat, the public (-1), or VIEW_ALL: every piece
 * this match knows (a finished game's replay -a, every setup given from
 * the start). */
#define VIEW_ALL	(-2)
int	view_svg(const struct match *, int viewer, struct buf *,
	    struct error *);
/* Whose entry, the result, obligations: the lines under the board. */
void	view_summary(const struct match *, struct buf *);
/* The clocks against now, in lines (nothing without a clock), and as the
 * YAML view's clock map (view_clock.c). */
void	view_clock(const struct match *, int64_t now, struct buf *);
struct ydoc_writer;
void	view_clock_yaml(const struct match *, int64_t now,
	    struct ydoc_writer *);
/* The result in one line: "alice won (...)", "a draw (...)". */
void	view_result(const struct match *, struct buf *);
/* "Score: red 16, yellow 8 ...", when the game keeps scores. */
void	view_scores(const struct match *, struct buf *);

#endif
