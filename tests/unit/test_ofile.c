/* test_ofile.c -- result files: written whole or not at all, never onto
 * something that is not a regular file, write errors caught with the path. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#include "fsize_limit.h"
#include "infile.h"
#include "ofile.h"

static char dir[] = "/tmp/test_ofile_XXXXXX";

static void path_of(char *buf, size_t n, const char *name) { snprintf(buf, n, "%s/%s", dir, name); }

static void slurp(const char *path, char *buf, size_t n)
{
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    size_t got = fread(buf, 1, n - 1, f);
    buf[got] = 0;
    fclose(f);
}

static int count_entries(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "ls -A %s | wc -l", dir);
    FILE *p = popen(cmd, "r");
    int n = -1;
    assert_int_equal(fscanf(p, "%d", &n), 1);
    pclose(p);
    return n;
}

static void test_write_and_replace(void **state)
{
    (void)state;
    char path[256], buf[64], err[512];
    path_of(path, sizeof path, "out.json");
    ofile o;
    assert_int_equal(ofile_open(&o, path, err, sizeof err), 0);
    fputs("first", ofile_fp(&o));
    assert_int_equal(access(path, F_OK), -1);          /* nothing there until commit */
    assert_int_equal(ofile_commit(&o, err, sizeof err), 0);
    slurp(path, buf, sizeof buf);
    assert_string_equal(buf, "first");
    assert_int_equal(ofile_open(&o, path, err, sizeof err), 0);
    fputs("second", ofile_fp(&o));
    slurp(path, buf, sizeof buf);
    assert_string_equal(buf, "first");                  /* old result intact while writing */
    assert_int_equal(ofile_commit(&o, err, sizeof err), 0);
    slurp(path, buf, sizeof buf);
    assert_string_equal(buf, "second");
    assert_int_equal(count_entries(), 1);               /* no temporary left */
    unlink(path);
}

static void test_refuses_non_files(void **state)
{
    (void)state;
    char fifo[256], sub[256], err[512];
    path_of(fifo, sizeof fifo, "pipe");
    path_of(sub, sizeof sub, "sub");
    assert_int_equal(mkfifo(fifo, 0600), 0);
    assert_int_equal(mkdir(sub, 0700), 0);
    ofile o;
    assert_int_equal(ofile_open(&o, fifo, err, sizeof err), -1);
    char want[512];
    snprintf(want, sizeof want, "%s: exists and is not a regular file (a FIFO); refusing to replace it", fifo);
    assert_string_equal(err, want);
    struct stat st;
    assert_int_equal(stat(fifo, &st), 0);
    assert_true(S_ISFIFO(st.st_mode));                  /* left intact */
    assert_int_equal(ofile_open(&o, sub, err, sizeof err), -1);
    assert_non_null(strstr(err, "(a directory)"));
    assert_int_equal(ofile_check_target(fifo, err, sizeof err), -1);
    unlink(fifo);
    rmdir(sub);
}

static void test_missing_folder(void **state)
{
    (void)state;
    char path[256], err[512], want[600];
    path_of(path, sizeof path, "no/such/out.json");
    ofile o;
    assert_int_equal(ofile_open(&o, path, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s: cannot create a file in its folder (No such file or directory)", path);
    assert_string_equal(err, want);
}

struct big_write { const char *path; char *err; size_t errlen; };

/* 20 000 bytes through an ofile; ofile_commit's result. */
static int write_big(void *arg)
{
    struct big_write *b = arg;
    ofile o;
    if (ofile_open(&o, b->path, b->err, b->errlen) < 0) return -2;
    for (int i = 0; i < 2000; i++) fputs("0123456789", ofile_fp(&o));
    return ofile_commit(&o, b->err, b->errlen);
}

/* A full disk, as a file-size limit: the commit fails with the path, the old
 * file stays, no temporary is left. */
static void test_write_error_keeps_old(void **state)
{
    (void)state;
    char path[256], buf[64], err[512];
    path_of(path, sizeof path, "big.json");
    FILE *f = fopen(path, "w");
    fputs("old", f);
    fclose(f);
    struct big_write bw = { path, err, sizeof err };
    assert_int_equal(with_fsize_limit(4096, write_big, &bw), -1);
    char want[512];
    snprintf(want, sizeof want, "%s: write failed (File too large); the file was not changed", path);
    assert_string_equal(err, want);
    slurp(path, buf, sizeof buf);
    assert_string_equal(buf, "old");
    assert_int_equal(count_entries(), 1);
    unlink(path);
}

static void test_same(void **state)
{
    (void)state;
    char a[256], b[256];
    path_of(a, sizeof a, "x.out");
    snprintf(b, sizeof b, "%s/./x.out", dir);
    assert_true(ofile_same(a, b));                      /* neither exists yet */
    path_of(b, sizeof b, "y.out");
    assert_false(ofile_same(a, b));
}

/* An output that is a symbolic link writes the link's target and keeps the
 * link; a dangling link is refused. */
static void test_link_target_written(void **state)
{
    (void)state;
    char target[256], link[256], dang[256], buf[64], err[512];
    path_of(target, sizeof target, "target.json");
    path_of(link, sizeof link, "link.json");
    path_of(dang, sizeof dang, "dangling.json");
    FILE *f = fopen(target, "w");
    fputs("old", f);
    fclose(f);
    assert_int_equal(symlink("target.json", link), 0);
    ofile o;
    assert_int_equal(ofile_open(&o, link, err, sizeof err), 0);
    fputs("new", ofile_fp(&o));
    assert_int_equal(ofile_commit(&o, err, sizeof err), 0);
    struct stat st;
    assert_int_equal(lstat(link, &st), 0);
    assert_true(S_ISLNK(st.st_mode));                   /* the link stays a link */
    slurp(target, buf, sizeof buf);
    assert_string_equal(buf, "new");                    /* its target was written */
    assert_int_equal(symlink("missing.json", dang), 0);
    assert_int_equal(ofile_open(&o, dang, err, sizeof err), -1);
    assert_non_null(strstr(err, "dangling.json: is a symbolic link to a missing file"));
    assert_int_equal(count_entries(), 3);               /* no temporary left */
    unlink(link);
    unlink(dang);
    unlink(target);
}

/* An output that is a file infile_open() read (by any name) is refused; a
 * folder holding one is refused to a writer of several files. */
static void test_output_is_input(void **state)
{
    (void)state;
    char in[256], alias[256], other[256], err[512];
    path_of(in, sizeof in, "in.cfg");
    path_of(alias, sizeof alias, "alias.cfg");
    path_of(other, sizeof other, "other.json");
    FILE *f = fopen(in, "w");
    fputs("x = 1\n", f);
    fclose(f);
    assert_int_equal(link(in, alias), 0);               /* a hard link: the same file */
    infile_forget();
    assert_int_equal(ofile_is_input(in, "--json", err, sizeof err), 0);
    FILE *r = infile_open(in, "configuration file", 0, err, sizeof err);
    assert_non_null(r);
    fclose(r);
    assert_int_equal(ofile_is_input(alias, "--json", err, sizeof err), -1);
    char want[600];
    snprintf(want, sizeof want, "%s: is also an input of this run (read as %s); refusing to "
             "overwrite it (--json)", alias, in);
    assert_string_equal(err, want);
    assert_int_equal(ofile_is_input(other, "--json", err, sizeof err), 0);
    assert_int_equal(ofile_dir_has_input(dir, "--write-trace", err, sizeof err), -1);
    assert_non_null(strstr(err, "an input of this run; refusing to write into it (--write-trace)"));
    infile_forget();
    assert_int_equal(ofile_dir_has_input(dir, "--write-trace", err, sizeof err), 0);
    unlink(in);
    unlink(alias);
}

static int setup(void **state)
{
    (void)state;
    return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    return rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_write_and_replace),
        cmocka_unit_test(test_refuses_non_files),
        cmocka_unit_test(test_missing_folder),
        cmocka_unit_test(test_write_error_keeps_old),
        cmocka_unit_test(test_same),
        cmocka_unit_test(test_link_target_written),
        cmocka_unit_test(test_output_is_input),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
