/*
 * The journal: one append-only file of checksummed records, the only
 * thing a game directory makes durable (formats/gamedir.md).  A command
 * adds records to a batch in memory and commits the batch at once: one
 * write, one fdatasync.  A crash in the middle leaves a torn tail after
 * the last commit, which readers ignore and the next writer cuts off; so
 * a command's changes are all kept, or none.
 *
 * Two small files beside it only make reading fast and are rebuilt from
 * the journal when they disagree with it: journal.idx (where each entry
 * and each message sent is, by seq) and journal.head (where the last
 * committed batch ends).
 */
#ifndef JOURNAL_H
#define JOURNAL_H

#include <stdint.h>

#include "buf.h"
#include "error.h"

enum journal_type {
	JOURNAL_KEY = 1,	/* the directory's checkpoint key */
	JOURNAL_ENTRY,		/* u64 seq, a signed entry */
	JOURNAL_OUTBOX,		/* u64 seq, the armored message sent */
	JOURNAL_EARLY,		/* u64 seq, an early entry and its carrier */
	JOURNAL_DROP,		/* u64 seq: that early entry is done */
	JOURNAL_SECRET,		/* u32 seat, the setup's openings */
	JOURNAL_PRIVATE,	/* u32 seat, one opening received privately */
	JOURNAL_UPDATE,		/* u32 seat, an update received or sent */
	JOURNAL_SENT,		/* u32 seat, what the judge has sent it */
	JOURNAL_COMMIT,		/* the end of a batch */
	JOURNAL_REMIND,		/* u32 seat, the judge's notices of its clock */
	JOURNAL_FORK,		/* u64 seq, an entry forking it (dispute) */
	JOURNAL_RECEIPT		/* u64 seq, when the update to it came */
};

#define JOURNAL_MAX_RECORD	(32u * 1024 * 1024)

/* What the last read fetched: records read in order cost one read(2)
 * per window, not three per record. */
struct journal_window {
	uint8_t		*p;
	uint64_t	 off;		/* where p[0] is in the file */
	size_t		 len;		/* bytes held */
	size_t		 cap;
};

struct journal {
	int		fd;
	int		writable;
	char		path[4096];
	uint64_t	end;		/* the end of the last commit */
	uint64_t	synced;		/* the end of the last one synced */
	uint64_t	head;		/* where journal.head says one ended */
	struct buf	batch;		/* records not yet committed */
	int		idx_fd;		/* -1 when there is no index */
	struct journal_window win;	/* of fd */
	struct journal_window iwin;	/* of idx_fd */
	/* a commit begun, not yet ended (journal_commit_begin) */
	int		begun;
	uint64_t	sync_base;	/* where that commit starts */
};

struct journal_record {
	enum journal_type type;
	uint64_t	  off;		/* where it starts */
	uint64_t	  next;		/* where the next one starts */
	uint64_t	  num;		/* the seq, or the seat */
	struct buf	  data;
};

/* Opens (creates, when writable and absent) dir/journal.  Finds the last
 * commit: a writer cuts off a torn tail. */
int	journal_open(struct journal *, const char *dir, int writable,
	    struct error *);
int	journal_exists(const char *dir);
void	journal_close(struct journal *);
/* Adds a record to the batch: num is its seq or seat. */
int	journal_add(struct journal *, enum journal_type, uint64_t num,
	    const void *, size_t, struct error *);
/* Appends the batch and a commit record, then fdatasync: durable. */
int	journal_commit(struct journal *, struct error *);
/*
 * journal_commit in two halves, so that the caller can work while the
 * disk does (build what it sends once the records are durable): begin
 * appends the batch and starts writing it out (sync_file_range, where
 * the system has it), without waiting; end syncs it (fdatasync), which by
 * then mostly waits for what is under way.  Between the two, committed records may be read and new
 * ones added to the next batch, but nothing committed.  If the sync
 * failed, end cuts the commit off again, drops the next batch and fails:
 * nothing of it may be trusted (nor what was built on it sent).
 */
int	journal_commit_begin(struct journal *, struct error *);
int	journal_commit_end(struct journal *, struct error *);
/* A commit left to the kernel to write: what may be lost to a power cut
 * with no harm done (the judge's record of what it has sent). */
int	journal_commit_lazy(struct journal *, struct error *);
/* Reads the record at off (within the committed part), checksum
 * checked.  r->data must be initialised; it is replaced. */
int	journal_read(struct journal *, uint64_t off, struct journal_record *,
	    struct error *);
/*
 * The whole file mapped, whatever it holds, damaged or not: the scan at
 * open, and a repair.  A record is looked at where it lies.
 */
struct journal_view {
	const uint8_t	*p;
	uint64_t	 size;
	int		 fd;	/* -1: the caller's */
};
struct journal_ref {
	enum journal_type type;
	uint64_t	  num;
	const uint8_t	 *data;
	size_t		  len;
};
int	journal_view_open(const char *dir, struct journal_view *,
	    struct error *);
int	journal_view_map(struct journal_view *, int fd, uint64_t size,
	    struct error *);
void	journal_view_close(struct journal_view *);
/* The whole record at off: its length (0: none there), and what it is
 * in r (may be NULL). */
size_t	journal_view_record(const struct journal_view *, uint64_t off,
	    struct journal_ref *);
/* The next offset after from where a whole record starts (size: none). */
uint64_t journal_view_resync(const struct journal_view *, uint64_t from);
/* Where the entry (or the message sent) of seq is: 0 when unknown.  The
 * index is advice: callers check what they read there. */
uint64_t journal_where(struct journal *, uint64_t seq, int outbox);
/* Rebuilds the index by reading every record (a stale or missing one). */
int	journal_reindex(struct journal *, struct error *);
/* The unit test's: the CRC this machine uses (the crc32 instruction where
 * there is one) against the portable one, every length to 300: 0 when
 * they agree. */
int	journal_crc_selftest(void);

#endif
