/*
 * A helper thread started aside: on another CPU than the caller's, where
 * the system has one to spare (aside.c).
 */
#ifndef ASIDE_H
#define ASIDE_H

#include <pthread.h>

/*
 * Like pthread_create(t, NULL, fn, arg), but the thread is first placed
 * on a CPU other than the one the caller runs on, and given back every
 * CPU the process may use as soon as it runs.  A new thread is otherwise
 * often queued behind its busy creator (the scheduler places it on the
 * creator's CPU while the other is idle), and starts only when the
 * creator blocks: a helper meant to work beside the caller (a sync, a
 * mailer's start) would wait for the very work it was to overlap.  With
 * one CPU, or where the hint cannot be given, a plain thread.  0, or an
 * errno value.
 */
int	aside_start(pthread_t *, void *(*fn)(void *), void *arg);

#endif
