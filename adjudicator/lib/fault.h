/*
 * Fault injection, for the tests only.  In a build with -DADJ_FAULT every
 * I/O call that changes a file (open for writing, write, sync, rename,
 * link, mkdir, truncate) first passes FAULT(): the Nth such call of the
 * process (ADJ_FAULT_AT=N) fails with EIO, or ENOSPC
 * (ADJ_FAULT_ERRNO=ENOSPC), or the process dies there (ADJ_FAULT_MODE=die,
 * by SIGKILL).  When the fault fires, the file named by ADJ_FAULT_MARK is
 * created, so a test can tell a run that met its fault from one that
 * ended before it.  In any other build FAULT() is 0 and costs nothing.
 */
#ifndef FAULT_H
#define FAULT_H

#ifdef ADJ_FAULT
int	fault_hit(const char *what);
#define FAULT(what)	fault_hit(what)
#else
#define FAULT(what)	0
#endif

#endif
