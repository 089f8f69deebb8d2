/* rtl_bench.c -- the RTL unit benches' shared harness (rtl_bench.h). */
#include "rtl_bench.h"

#include <string.h>

FILE *rb_vec;

int rb_main(int argc, char **argv, const rb_suite *s)
{
    const char *path = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--vec") == 0 && i + 1 < argc) {
            path = argv[++i];
        } else {
            fprintf(stderr, "%s: unknown argument (%s); usage: %s [--vec FILE]\n", argv[0],
                    argv[i], argv[0]);
            return 2;
        }
    }
    if (path) {
        rb_vec = fopen(path, "w");
        if (!rb_vec) {
            fprintf(stderr, "%s: cannot write the vector file (%s)\n", argv[0], path);
            return 2;
        }
        if (s->vec_head)
            fputs(s->vec_head, rb_vec);
    }
    int rc = _cmocka_run_group_tests(s->name, s->tests, s->n_tests, s->setup, s->teardown);
    if (rb_vec) {
        if (s->vec_tail)
            fputs(s->vec_tail, rb_vec);
        fclose(rb_vec);
        rb_vec = NULL;
    }
    return rc;
}

uint64_t rb_xorshift(uint64_t *state)
{
    uint64_t x = *state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *state = x;
}

void rb_hits_add(uint64_t *total, const uint64_t *hits, int n)
{
    for (int i = 0; i < n; i++)
        total[i] += hits[i];
}

int rb_coverage(const char *unit, const uint64_t *total, int n, const char *(*name)(int),
                uint64_t cycles)
{
    int missing = 0;
    print_message("%s: %llu cycles compared\n", unit, (unsigned long long)cycles);
    for (int i = 0; i < n; i++) {
        print_message("  branch %-15s %llu\n", name(i), (unsigned long long)total[i]);
        if (total[i] == 0) {
            print_error("%s: branch %s never reached\n", unit, name(i));
            missing++;
        }
    }
    return missing;
}
