/* rtl_bench.c -- the RTL unit benches' shared harness (rtl_bench.h). */
#include "rtl_bench.h"
#include "rb_assert.h"
#include "rb_name.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

FILE *rb_vec;

void rb_vec_hex(FILE *f, const void *base, size_t stride, size_t off, int w)
{
    for (int nib = RB_CORES * w / 4 - 1; nib >= 0; nib--) {
        unsigned v = 0;
        for (int k = 0; k < 4; k++) {
            int pos = nib * 4 + k;
            uint8_t x = *((const uint8_t *)base + (size_t)(pos / w) * stride + off);
            v |= ((x >> (pos % w)) & 1u) << k;
        }
        fputc("0123456789abcdef"[v], f);
    }
}
rb_opts rb_opt;

static int rb_parse_u64(const char *s, uint64_t *v)
{
    char *end;
    errno = 0;
    unsigned long long x = strtoull(s, &end, 0);
    if (errno || end == s || *end || *s == '-')
        return -1;
    *v = x;
    return 0;
}

int rb_main(int argc, char **argv, const rb_suite *s)
{
    const char *path = NULL;
    for (int i = 1; i < argc; i++) {
        uint64_t v;
        if (strcmp(argv[i], "--vec") == 0 && i + 1 < argc) {
            path = argv[++i];
        } else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc &&
                   rb_parse_u64(argv[i + 1], &v) == 0) {
            rb_opt.seed = v;
            i++;
        } else if (strcmp(argv[i], "--iters") == 0 && i + 1 < argc &&
                   rb_parse_u64(argv[i + 1], &v) == 0 && v > 0 && v < 1000000) {
            rb_opt.iters = (uint32_t)v;
            i++;
        } else if (strcmp(argv[i], "--vec-random") == 0 && i + 1 < argc &&
                   rb_parse_u64(argv[i + 1], &v) == 0 && v < 100000) {
            rb_opt.vec_random = (uint32_t)v;
            i++;
        } else if (strcmp(argv[i], "--fst") == 0 && i + 1 < argc) {
            char fst[4096];
            const char *want = argv[++i];
            if (!rb_free_name(want, fst, sizeof fst)) {
                fprintf(stderr, "%s: --fst %s: no free name beside it (up to -9999)\n", argv[0], want);
                return 2;
            }
            if (strcmp(fst, want))
                printf("%s: --fst %s is taken (never overwritten); the waveform is %s\n",
                       s->name, want, fst);
            setenv("RB_FST", fst, 1);
        } else {
            fprintf(stderr,
                    "%s: unknown argument (%s); usage: %s [--vec FILE] [--seed S] "
                    "[--iters K] [--vec-random K] [--fst FILE]\n",
                    argv[0], argv[i], argv[0]);
            return 2;
        }
    }
    printf("%s: seed %llu, iters %u\n", s->name, (unsigned long long)rb_opt.seed,
           (unsigned)rb_opt.iters);
    fflush(stdout);
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

uint64_t rb_subseed(uint64_t i)
{
    if (rb_opt.seed == 0)
        return i;
    /* splitmix64 (Steele, Lea, Flood, OOPSLA 2014) of seed and index */
    uint64_t z = rb_opt.seed * 0x9E3779B97F4A7C15ull + i;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return z ? z : 1;
}

uint32_t rb_iters(uint32_t dflt)
{
    return rb_opt.iters ? rb_opt.iters : dflt;
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
    return rb_opt.seed ? 0 : missing;
}

static int rb_fsm_legal(const rb_fsm *f, int from, int to)
{
    const char *p = f->arcs;
    int a, b, n;
    while (sscanf(p, " %d>%d%n", &a, &b, &n) == 2) {
        if (a == from && b == to)
            return 1;
        p += n;
    }
    return 0;
}

int rb_fsm_report(const char *unit, const rb_fsm *f, int *unreached)
{
    int illegal = 0, missing = 0;
    for (int a = 0; a < f->n_states; a++)
        for (int b = 0; b < f->n_states; b++) {
            if (rb_fsm_legal(f, a, b)) {
                print_message("  arc %s:%s>%s %llu\n", f->name, f->states[a], f->states[b],
                              (unsigned long long)f->hits[a][b]);
                missing += f->hits[a][b] == 0;
            } else if (f->hits[a][b]) {
                print_error("%s: illegal arc %s:%s>%s taken %llu times\n", unit, f->name,
                            f->states[a], f->states[b], (unsigned long long)f->hits[a][b]);
                illegal++;
            }
        }
    if (unreached)
        *unreached = missing;
    return illegal;
}

void rb_assert_fired(const char *unit, int core, uint64_t edge, const char *const *names)
{
    rb_assert a;
    assert_int_equal(rb_assert_take(&a), 1);
    assert_string_equal(a.kind, "ASSERT");
    int known = 0;
    for (int i = 0; names[i]; i++) known |= !strcmp(a.name, names[i]);
    if (!known) fail_msg("%s: %s fired, none of the checks this fault breaks", unit, a.name);
    assert_string_equal(a.unit, unit);
    assert_int_equal(a.core, core);
    assert_int_equal(a.cycle, edge);
    char where[16], want[200];
    if (core < 0) snprintf(where, sizeof where, "-");
    else snprintf(where, sizeof where, "%d", core);
    snprintf(want, sizeof want, "assertion failed at cycle %llu: unit %s, core %s, ASSERT %s: ",
             (unsigned long long)edge, unit, where, a.name);
    assert_non_null(strstr(a.text, want));
}
