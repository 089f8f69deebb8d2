/* ofile.c -- atomic result files.  See ofile.h. */
#include "ofile.h"

#include <errno.h>
#include <libgen.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int ofile_check_target(const char *path, char *err, size_t errlen)
{
    struct stat st;
    if (!path[0]) {
        snprintf(err, errlen, "output path is empty");
        return -1;
    }
    if (lstat(path, &st) == 0) {
        if (S_ISLNK(st.st_mode) && stat(path, &st) != 0) return 0;   /* dangling: replaced */
        if (!S_ISREG(st.st_mode)) {
            snprintf(err, errlen, "%s: exists and is not a regular file (%s); refusing to replace it",
                     path, S_ISDIR(st.st_mode) ? "a directory" : S_ISCHR(st.st_mode) ? "a character device"
                     : S_ISBLK(st.st_mode) ? "a block device" : S_ISFIFO(st.st_mode) ? "a FIFO"
                     : S_ISSOCK(st.st_mode) ? "a socket" : "not a file");
            return -1;
        }
    } else if (errno != ENOENT) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    return 0;
}

int ofile_same(const char *a, const char *b)
{
    struct stat sa, sb;
    if (strcmp(a, b) == 0) return 1;
    if (stat(a, &sa) == 0 && stat(b, &sb) == 0) return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    char ra[4096], rb[4096], da[4096], db[4096];
    snprintf(da, sizeof da, "%s", a);
    snprintf(db, sizeof db, "%s", b);
    const char *ba = strrchr(a, '/'), *bb = strrchr(b, '/');
    ba = ba ? ba + 1 : a;
    bb = bb ? bb + 1 : b;
    if (strcmp(ba, bb) != 0) return 0;
    if (!realpath(dirname(da), ra) || !realpath(dirname(db), rb)) return 0;
    return strcmp(ra, rb) == 0;
}

int ofile_reserve(const char *path, char *tmp, size_t len, char *err, size_t errlen)
{
    if (ofile_check_target(path, err, errlen) < 0) return -1;
    char dir[4096];
    if (strlen(path) + 16 >= len || strlen(path) >= sizeof dir) {
        snprintf(err, errlen, "%s: path too long", path);
        return -1;
    }
    snprintf(dir, sizeof dir, "%s", path);
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    snprintf(tmp, len, "%s/.%s.XXXXXX", dirname(dir), base);
    int fd = mkstemp(tmp);
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
    snprintf(o->path, sizeof o->path, "%s", path);
    /* the mode a plain fopen would give (or the target's own) */
    struct stat st;
    mode_t mask = umask(0);
    umask(mask);
    (void)fchmod(fd, stat(path, &st) == 0 ? (st.st_mode & 07777) : (0666 & ~mask));
    o->f = fdopen(fd, "w");
    if (!o->f) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        close(fd);
        unlink(o->tmp);
        o->tmp[0] = 0;
        return -1;
    }
    return 0;
}

FILE *ofile_fp(ofile *o) { return o->f; }

int ofile_commit(ofile *o, char *err, size_t errlen)
{
    if (!o->f) {
        snprintf(err, errlen, "%s: not open", o->path);
        return -1;
    }
    int bad = fflush(o->f) != 0 || ferror(o->f);
    int e = errno;
    if (!bad && fsync(fileno(o->f)) != 0 && errno != EINVAL && errno != EROFS) { bad = 1; e = errno; }
    if (fclose(o->f) != 0 && !bad) { bad = 1; e = errno; }
    o->f = NULL;
    if (!bad && rename(o->tmp, o->path) != 0) { bad = 1; e = errno; }
    if (bad) {
        snprintf(err, errlen, "%s: write failed (%s); the file was not changed", o->path,
                 e ? strerror(e) : "stream error");
        unlink(o->tmp);
        o->tmp[0] = 0;
        return -1;
    }
    o->tmp[0] = 0;
    return 0;
}

int ofile_finish(ofile *o, int emit_rc, char *err, size_t errlen)
{
    if (emit_rc < 0) {
        snprintf(err, errlen, "%s: write failed; the file was not changed", o->path);
        ofile_abort(o);
        return -1;
    }
    return ofile_commit(o, err, errlen);
}

void ofile_abort(ofile *o)
{
    if (o->f) fclose(o->f);
    o->f = NULL;
    if (o->tmp[0]) unlink(o->tmp);
    o->tmp[0] = 0;
}
