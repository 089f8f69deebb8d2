/* fsize_limit.h -- a full disk for tests: run fn(arg) with the process's
 * file-size limit at `bytes` and SIGXFSZ ignored, so a write past it fails
 * with EFBIG the way a write to a full disk fails with ENOSPC. */
#ifndef FSIZE_LIMIT_H
#define FSIZE_LIMIT_H

#include <signal.h>
#include <sys/resource.h>

static inline int with_fsize_limit(rlim_t bytes, int (*fn)(void *), void *arg)
{
    struct rlimit old, lim;
    void (*prev)(int) = signal(SIGXFSZ, SIG_IGN);
    getrlimit(RLIMIT_FSIZE, &old);
    lim = old;
    lim.rlim_cur = bytes;
    if (setrlimit(RLIMIT_FSIZE, &lim) != 0) return -2;
    int rc = fn(arg);
    setrlimit(RLIMIT_FSIZE, &old);
    signal(SIGXFSZ, prev);
    return rc;
}

#endif
