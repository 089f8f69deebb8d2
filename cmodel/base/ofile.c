/* ofile.c -- atomic result files, the inputs they must not be, and what a
 * signal leaves behind.  See ofile.h. */
#include "ofile.h"

#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "infile.h"

/* ---------------------------------------------------------------- temporaries
 * The temporaries that exist now, the child process group and the work
 * folder a signal must not leave behind: the one record a signal handler
 * can reach.  Changed with the handled signals blocked. */

typedef struct tracked {
    struct tracked *next;
    char path[];
} tracked;

static struct {
    tracked *volatile head;
    volatile pid_t    child;            /* process group of a running child, 0 = none */
    char              dir[4096];        /* work folder removed on a signal, "" = none */
} live;

static const int HANDLED[3] = { SIGINT, SIGTERM, SIGHUP };

static void block(sigset_t *old)
{
    sigset_t s;
    sigemptyset(&s);
    for (int i = 0; i < 3; i++) sigaddset(&s, HANDLED[i]);
    sigprocmask(SIG_BLOCK, &s, old);
}

static void unblock(const sigset_t *old) { sigprocmask(SIG_SETMASK, old, NULL); }

void ofile_track(const char *path)
{
    size_t n = strlen(path) + 1;
    tracked *t = malloc(sizeof *t + n);
    if (!t) return;
    memcpy(t->path, path, n);
    sigset_t old;
    block(&old);
    t->next = live.head;
    live.head = t;
    unblock(&old);
}

void ofile_untrack(const char *path)
{
    sigset_t old;
    block(&old);
    for (tracked *volatile *p = &live.head; *p; p = &(*p)->next)
        if (!strcmp((*p)->path, path)) {
            tracked *t = *p;
            *p = t->next;
            free(t);
            break;
        }
    unblock(&old);
}

void ofile_track_child(pid_t pgid)
{
    live.child = pgid;
}

void ofile_track_dir(const char *dir)
{
    sigset_t old;
    block(&old);
    snprintf(live.dir, sizeof live.dir, "%s", dir ? dir : "");
    unblock(&old);
}

/* Async-signal-safe: only kill, waitpid, unlink, fork, execv, _exit. */
static void on_signal(int sig)
{
    if (live.child > 0) {
        kill(-live.child, SIGTERM);
        while (waitpid(-live.child, NULL, 0) > 0 || errno == EINTR) {}
        kill(-live.child, SIGKILL);     /* what the child left running in its group */
    }
    for (tracked *t = live.head; t; t = t->next) unlink(t->path);
    if (live.dir[0]) {
        pid_t p = fork();
        if (p == 0) {
            char *const argv[] = { "rm", "-rf", "--", live.dir, NULL };
            execv("/bin/rm", argv);
            _exit(127);
        }
        if (p > 0) while (waitpid(p, NULL, 0) < 0 && errno == EINTR) {}
    }
    _exit(128 + sig);
}

void ofile_on_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    for (int i = 0; i < 3; i++) sigaddset(&sa.sa_mask, HANDLED[i]);
    for (int i = 0; i < 3; i++) {
        struct sigaction was;
        /* a signal ignored on entry (nohup, a shell's background job) stays ignored */
        if (sigaction(HANDLED[i], NULL, &was) == 0 && was.sa_handler == SIG_IGN) continue;
        sigaction(HANDLED[i], &sa, NULL);
    }
}

/* ---------------------------------------------------------------- targets */

static const char *kind_of(mode_t m)
{
    return S_ISDIR(m) ? "a directory" : S_ISCHR(m) ? "a character device" : S_ISBLK(m) ? "a block device"
         : S_ISFIFO(m) ? "a FIFO" : S_ISSOCK(m) ? "a socket" : "not a file";
}

int ofile_resolve(const char *path, char *out, size_t len, char *err, size_t errlen)
{
    struct stat st;
    if (!path[0]) {
        snprintf(err, errlen, "output path is empty");
        return -1;
    }
    if (lstat(path, &st) != 0 || !S_ISLNK(st.st_mode)) {
        if (strlen(path) >= len) {
            snprintf(err, errlen, "%s: path too long", path);
            return -1;
        }
        snprintf(out, len, "%s", path);
        return 0;
    }
    /* a symbolic link: its target is written, the link is kept */
    char real[PATH_MAX];
    if (!realpath(path, real)) {
        snprintf(err, errlen, "%s: is a symbolic link to a missing file or folder (%s); name the "
                 "file to write", path, strerror(errno));
        return -1;
    }
    if (strlen(real) >= len) {
        snprintf(err, errlen, "%s: path too long", path);
        return -1;
    }
    snprintf(out, len, "%s", real);
    return 0;
}

int ofile_check_target(const char *path, char *err, size_t errlen)
{
    char target[4096];
    struct stat st;
    if (ofile_resolve(path, target, sizeof target, err, errlen) < 0) return -1;
    if (stat(target, &st) == 0) {
        if (!S_ISREG(st.st_mode)) {
            snprintf(err, errlen, "%s: exists and is not a regular file (%s); refusing to replace it",
                     path, kind_of(st.st_mode));
            return -1;
        }
    } else if (errno != ENOENT) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    return 0;
}

int ofile_is_input(const char *path, const char *opt, char *err, size_t errlen)
{
    struct stat st;
    if (stat(path, &st) != 0) return 0;
    const infile_seen *in = infile_find((unsigned long long)st.st_dev, (unsigned long long)st.st_ino);
    if (!in) return 0;
    char q[300];
    snprintf(err, errlen, "%s: is also an input of this run (read as %s); refusing to overwrite "
             "it (%s)", path, text_quote(in->path, 200, q, sizeof q), opt);
    return -1;
}

int ofile_dir_has_input(const char *dir, const char *opt, char *err, size_t errlen)
{
    struct stat ds;
    if (stat(dir, &ds) != 0) return 0;
    for (size_t i = 0;; i++) {
        const infile_seen *in = infile_nth(i);
        if (!in) return 0;
        char d[sizeof in->path];
        struct stat ps;
        snprintf(d, sizeof d, "%s", in->path);
        if (stat(dirname(d), &ps) == 0 && ps.st_dev == ds.st_dev && ps.st_ino == ds.st_ino) {
            char q[300];
            snprintf(err, errlen, "%s: holds %s, an input of this run; refusing to write into "
                     "it (%s)", dir, text_quote(in->path, 200, q, sizeof q), opt);
            return -1;
        }
    }
}

int ofile_same(const char *a, const char *b)
{
    struct stat sa, sb;
    if (strcmp(a, b) == 0) return 1;
    if (stat(a, &sa) == 0 && stat(b, &sb) == 0) return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    char ra[PATH_MAX], rb[PATH_MAX], da[4096], db[4096];
    snprintf(da, sizeof da, "%s", a);
    snprintf(db, sizeof db, "%s", b);
    const char *ba = strrchr(a, '/'), *bb = strrchr(b, '/');
    ba = ba ? ba + 1 : a;
    bb = bb ? bb + 1 : b;
    if (strcmp(ba, bb) != 0) return 0;
    if (!realpath(dirname(da), ra) || !realpath(dirname(db), rb)) return 0;
    return strcmp(ra, rb) == 0;
}

/* ---------------------------------------------------------------- writing */

int ofile_reserve(const char *path, char *tmp, size_t len, char *err, size_t errlen)
{
    char target[4096], dir[4096];
    if (ofile_check_target(path, err, errlen) < 0) return -1;
    if (ofile_resolve(path, target, sizeof target, err, errlen) < 0) return -1;
    if (strlen(target) + 16 >= len) {
        snprintf(err, errlen, "%s: path too long", path);
        return -1;
    }
    snprintf(dir, sizeof dir, "%s", target);
    const char *base = strrchr(target, '/');
    base = base ? base + 1 : target;
    snprintf(tmp, len, "%s/.%s.XXXXXX", dirname(dir), base);
    sigset_t old;
    block(&old);                /* the temporary is tracked before a signal can see it */
    int fd = mkstemp(tmp);
    if (fd >= 0) ofile_track(tmp);
    unblock(&old);
    if (fd < 0) {
        snprintf(err, errlen, "%s: cannot create a file in its folder (%s)", path, strerror(errno));
        tmp[0] = 0;
        return -2;
    }
    return fd;
}

int ofile_open(ofile *o, const char *path, char *err, size_t errlen)
{
    memset(o, 0, sizeof *o);
    int fd = ofile_reserve(path, o->tmp, sizeof o->tmp, err, errlen);
    if (fd < 0) return -1;
    snprintf(o->shown, sizeof o->shown, "%s", path);
    if (ofile_resolve(path, o->path, sizeof o->path, err, errlen) < 0) {
        close(fd);
        ofile_discard(o->tmp);
        o->tmp[0] = 0;
        return -1;
    }
    /* the mode a plain fopen would give (or the target's own) */
    struct stat st;
    mode_t mask = umask(0);
    umask(mask);
    (void)fchmod(fd, stat(o->path, &st) == 0 ? (st.st_mode & 07777) : (0666 & ~mask));
    o->f = fdopen(fd, "w");
    if (!o->f) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        close(fd);
        ofile_discard(o->tmp);
        o->tmp[0] = 0;
        return -1;
    }
    return 0;
}

FILE *ofile_fp(ofile *o) { return o->f; }

int ofile_seal(ofile *o, char *err, size_t errlen)
{
    if (!o->f) {
        snprintf(err, errlen, "%s: not open", o->shown);
        return -1;
    }
    int bad = fflush(o->f) != 0 || ferror(o->f);
    int e = errno;
    if (!bad && fsync(fileno(o->f)) != 0 && errno != EINVAL && errno != EROFS) { bad = 1; e = errno; }
    if (fclose(o->f) != 0 && !bad) { bad = 1; e = errno; }
    o->f = NULL;
    if (bad) {
        snprintf(err, errlen, "%s: write failed (%s); the file was not changed", o->shown,
                 e ? strerror(e) : "stream error");
        ofile_discard(o->tmp);
        o->tmp[0] = 0;
        return -1;
    }
    return 0;
}

int ofile_place(ofile *o, char *err, size_t errlen)
{
    if (rename(o->tmp, o->path) != 0) {
        snprintf(err, errlen, "%s: write failed (%s); the file was not changed", o->shown,
                 strerror(errno));
        ofile_discard(o->tmp);
        o->tmp[0] = 0;
        return -1;
    }
    ofile_untrack(o->tmp);
    o->tmp[0] = 0;
    return 0;
}

int ofile_commit(ofile *o, char *err, size_t errlen)
{
    if (ofile_seal(o, err, errlen) < 0) return -1;
    return ofile_place(o, err, errlen);
}

int ofile_finish(ofile *o, int emit_rc, char *err, size_t errlen)
{
    if (emit_rc < 0) {
        snprintf(err, errlen, "%s: write failed; the file was not changed", o->shown);
        ofile_abort(o);
        return -1;
    }
    return ofile_commit(o, err, errlen);
}

void ofile_discard(const char *tmp)
{
    if (!tmp[0]) return;
    unlink(tmp);
    ofile_untrack(tmp);
}

void ofile_abort(ofile *o)
{
    if (o->f) fclose(o->f);
    o->f = NULL;
    ofile_discard(o->tmp);
    o->tmp[0] = 0;
}

int ofile_stdout_flush(char *err, size_t errlen)
{
    if (fflush(stdout) != 0 || ferror(stdout)) {
        snprintf(err, errlen, "standard output: write failed (%s)",
                 errno ? strerror(errno) : "stream error");
        return -1;
    }
    return 0;
}
