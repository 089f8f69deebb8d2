/* test_cfg.c -- configuration: every load and check error path (one
 * fixture each, exact message), dump/load round trips, presets, overrides. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cfg.h"
#include "infile.h"
#include "cfg_expect.h"

#define D "tests/data/cfg/"

/* Run from the repository root whatever the working directory. */
static void goto_root(const char *argv0)
{
    char buf[4096];
    snprintf(buf, sizeof buf, "%s", argv0);
    for (int up = 0; up < 6 && access("tests/data/cfg", F_OK) != 0; up++) {
        char *slash = strrchr(buf, '/');
        if (!slash) break;
        *slash = '\0';
        char dir[4200];
        snprintf(dir, sizeof dir, "%s/%s", buf, "tests/data/cfg");
        if (access(dir, F_OK) == 0 && chdir(buf) == 0) break;
    }
}

static void load_err(const char *file, const char *expect)
{
    gpu_cfg c;
    char err[512] = "";
    cfg_defaults(&c);
    assert_int_equal(cfg_load(&c, file, err, sizeof err), -1);
    assert_string_equal(err, expect);
}

/* ---------------------------------------------------------------- load errors */

static void test_load_errors(void **state)
{
    (void)state;
    load_err(D "unknown_key.cfg", D "unknown_key.cfg:3: unknown key; did you mean core.count? (core.cuont)");
    load_err(D "missing_eq.cfg", D "missing_eq.cfg:2: missing '=' (core.count 4)");
    load_err(D "empty_value.cfg", D "empty_value.cfg:2: empty value (core.count)");
    load_err(D "not_number.cfg", D "not_number.cfg:2: not a number 'four' (core.count)");
    load_err(D "negative.cfg", D "negative.cfg:2: not a number '-1' (l1.mshr)");
    load_err(D "out_of_range.cfg", D "out_of_range.cfg:2: value 161 out of range 1..160 (core.count)");
    load_err(D "parts_range.cfg", D "parts_range.cfg:2: value 129 out of range 1..128 (l2.parts)");
    load_err(D "removed_key.cfg", D "removed_key.cfg:3: key removed: shared-memory latency is lat.sld "
                                  "(loads) and lat.sst (stores); core.smem_lat was read and never used "
                                  "(core.smem_lat)");
    load_err(D "units_range.cfg", D "units_range.cfg:2: value 16 out of range 0..15 (units.ex_sp)");
    load_err(D "bad_enum.cfg",
             D "bad_enum.cfg:2: bad value 'fifo', allowed lrr|grr|gto|oldest|simplep|regionp (core.sched)");
    load_err(D "bad_enum_dram.cfg", D "bad_enum_dram.cfg:2: bad value 'fifo', allowed frfcfs|fcfs (dram.sched)");
    load_err(D "duplicate.cfg", D "duplicate.cfg:4: duplicate key, first set on line 2 (core.count)");
    load_err(D "include_loop_a.cfg", D "include_loop_b.cfg:2: include loop (include_loop_a.cfg)");
    load_err(D "include_missing.cfg", D "include_missing.cfg:3: cannot open include (no_such_file.cfg)");
    load_err(D "dup_power.cfg", D "dup_power.cfg:3: duplicate key, first set on line 2 (power.e_l1)");
    load_err(D "bad_power.cfg", D "bad_power.cfg:2: not a number 'lots' (power.e_l1)");
    load_err(D "no_such.cfg", D "no_such.cfg:0: cannot open configuration file (No such file or directory)");
}

static void test_include_override(void **state)
{
    (void)state;
    gpu_cfg c;
    char err[512] = "";
    cfg_defaults(&c);
    c.sm.n_cores = 1;
    /* include resolves relative to the including file; the later line in
     * the including file wins over the included value (4). */
    assert_int_equal(cfg_load(&c, D "include_ok.cfg", err, sizeof err), 0);
    assert_int_equal(c.sm.n_cores, 8);
    assert_string_equal(c.name, "small");
}

/* ---------------------------------------------------------------- check errors */

static void test_check_errors(void **state)
{
    (void)state;
    cfgx_check_refused(D "check_static_unset.cfg",
              D "check_static_unset.cfg:2: policy.static_n set but policy.cta_limit is not static (policy.static_n, policy.cta_limit)");
    cfgx_check_refused(D "check_static_zero.cfg",
              D "check_static_zero.cfg:2: policy.cta_limit = static needs policy.static_n >= 1 (policy.static_n)");
    cfgx_check_refused(D "check_static_big.cfg",
              D "check_static_big.cfg:4: policy.static_n = 9 exceeds core.max_ctas = 8 (policy.static_n, core.max_ctas)");
    cfgx_check_refused(D "check_units_zero.cfg", D "check_units_zero.cfg:2: units.sch = 0: every component needs two groups (units.sch)");
    cfgx_check_refused(D "check_units_odd.cfg",
              D "check_units_odd.cfg:2: units.ex_sp = 3 is odd: slots split into two equal groups (units.ex_sp)");
    cfgx_check_refused(D "check_nsched.cfg",
              D "check_nsched.cfg:2: core.n_sched = 3 does not divide the 32 warps per core (core.n_sched, core.max_warps)");
    cfgx_check_refused(D "check_threads.cfg",
              D "check_threads.cfg:2: core.max_threads = 1000 is not a multiple of 32 (core.max_threads)");
    cfgx_check_refused(D "check_warps.cfg",
              D "check_warps.cfg:2: core.max_warps = 40 exceeds core.max_threads / 32 = 32 (core.max_warps, core.max_threads)");
    cfgx_check_refused(D "check_lanes.cfg",
              D "check_lanes.cfg:2: lane counts must divide 32 (core.simt_lanes, core.sfu_lanes)");
    cfgx_check_refused(D "check_line.cfg", D "check_line.cfg:2: l1.line_bytes = 96 is not a power of two (l1.line_bytes)");
    cfgx_check_refused(D "check_l1_size.cfg",
              D "check_l1_size.cfg:2: l1.bytes = 10000 is not a multiple of assoc * line = 512 (l1.bytes, l1.assoc, l1.line_bytes)");
    cfgx_check_refused(D "check_l2_size.cfg",
              D "check_l2_size.cfg:2: l2.bytes = 100000 is not a multiple of assoc * line = 2048 (l2.bytes, l2.assoc, l1.line_bytes)");
    cfgx_check_refused(D "check_row.cfg",
              D "check_row.cfg:2: dram.row_bytes = 1000 must be a power of two >= l1.line_bytes (dram.row_bytes)");
    cfgx_check_refused(D "check_banks.cfg", D "check_banks.cfg:2: dram.banks = 6 is not a power of two (dram.banks)");
    cfgx_check_refused(D "check_bkgrp.cfg",
              D "check_bkgrp.cfg:2: dram.bank_groups = 3 must be a power of two dividing dram.banks = 8 "
                "(dram.bank_groups, dram.banks)");
    cfgx_check_refused(D "check_amap.cfg",
              D "check_amap.cfg:2: amap.mapping has 4 bank bits but dram.banks = 8 (amap.mapping, dram.banks)");
    /* each unit's checks: units/NAME/test_NAME.c; the policies': tests/model/ */
}

/* ---------------------------------------------------------------- registry */

/* One refusal of each kind, the whole message (docs/config.md). */
static void test_registry_refusals(void **state)
{
    (void)state;
    gpu_cfg c;
    char err[512] = "";
    const char *cl = CFG_WHERE_CMDLINE;
    cfg_defaults(&c);
    /* out of the key's range */
    assert_int_equal(cfg_set(&c, "core.count", "161", cl, err, sizeof err), -1);
    assert_string_equal(err, "<command line>: value 161 out of range 1..160 (core.count)");
    assert_int_equal(cfg_set(&c, "core.count", "144", cl, err, sizeof err), 0);
    assert_int_equal(cfg_set(&c, "l2.parts", "64", cl, err, sizeof err), 0);
    assert_int_equal(cfg_set(&c, "core.wb_cycles", "16", cl, err, sizeof err), -1);
    assert_string_equal(err, "<command line>: value 16 out of range 0..15 (core.wb_cycles)");
    assert_int_equal(cfg_set(&c, "run.seed", "18446744073709551616", cl, err, sizeof err), -1);
    assert_string_equal(err, "<command line>: value 18446744073709551616 out of range "
                             "0..18446744073709551615 (run.seed)");
    /* a unit key too wide for its RTL register, a unit's combination of
     * keys: each unit's own test (units/NAME/test_NAME.c, test_keys) */
}

static void visit_row(void *arg, const key_def *k, const char *value, const char *where)
{
    (void)value;
    (void)where;
    cfgx_key(k->name);
    ++*(size_t *)arg;
}

/* Every row of every table: a name, a help text, a source; a register width
 * never below the width the range needs is allowed, but the default value
 * must pass its own row's check. */
static void test_registry_rows(void **state)
{
    (void)state;
    gpu_cfg c;
    char err[512] = "";
    cfg_defaults(&c);
    assert_int_equal(cfg_check(&c, err, sizeof err), 0);
    const char *keys[] = { "core.count", "units.ex_sp", "l1.bytes", "dram.tCL",
                           "run.seed", "power.e_l1", "clock.core_mhz", "name" };
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        cfgx_key(keys[i]);
    /* every key of every table, the units' and the policies' included */
    size_t n = 0;
    cfg_visit(&c, visit_row, &n);
    assert_true(n > 100);
    assert_null(cfg_find_key("core.cuont"));
    /* the core counts the units receive: cfg_n_cores_i is CTL_CORES_BITS wide,
     * enough for every value of the key's range (a unit's own core-count keys:
     * its test_keys) */
    const key_def *count = cfg_find_key("core.count");
    assert_int_equal(count->bits, CTL_CORES_BITS);
    assert_int_equal(count->max, CTL_MAX_CORES);
    assert_true(CTL_MAX_CORES < (1u << CTL_CORES_BITS));
    assert_int_equal(cfg_find_key("l2.parts")->max, CTL_MAX_PARTS);
    assert_int_equal(cfg_find_key("core.wb_cycles")->max, 15);
    assert_null(cfg_find_key("core.smem_lat"));
}

/* ---------------------------------------------------------------- overrides */

static void test_overrides(void **state)
{
    (void)state;
    gpu_cfg c;
    char err[512] = "";
    cfg_defaults(&c);
    assert_int_equal(cfg_set(&c, "core.count", "16", "command line", err, sizeof err), 0);
    assert_int_equal(c.sm.n_cores, 16);
    assert_int_equal(cfg_set(&c, "dram.sched", "fcfs", "command line", err, sizeof err), 0);
    assert_int_equal(c.dram.dram_sched, DRAM_FCFS);
    assert_int_equal(cfg_set(&c, "run.seed", "0x10", "command line", err, sizeof err), 0);
    assert_int_equal(c.run.seed, 16);
    assert_int_equal(cfg_set(&c, "run.max_cycles", "18446744073709551615", "command line", err, sizeof err), 0);
    assert_true(c.run.max_cycles == UINT64_MAX);
    assert_int_equal(cfg_set(&c, "lat.sfu", "50", "command line", err, sizeof err), 0);
    assert_int_equal(c.sm.lat[1], 50);
    assert_int_equal(cfg_set(&c, "units.ex_ldst", "4", "command line", err, sizeof err), 0);
    assert_int_equal(c.sm.units[CTL_EX_LDST], 4);

    assert_int_equal(cfg_set(&c, "core.cont", "4", "command line", err, sizeof err), -1);
    assert_string_equal(err, "command line: unknown key; did you mean core.count? (core.cont)");
    assert_int_equal(cfg_set(&c, "core.count", "010", "command line", err, sizeof err), 0);
    assert_int_equal(c.sm.n_cores, 10);    /* decimal, not octal */
    assert_int_equal(cfg_set(&c, "core.count", "4x", "command line", err, sizeof err), -1);
    assert_string_equal(err, "command line: not a number '4x' (core.count)");
    assert_int_equal(cfg_set(&c, "name", "a#b", "command line", err, sizeof err), -1);
    assert_string_equal(err, "command line: '#' not allowed in a string value (name)");
    assert_int_equal(cfg_set(&c, "core.count", "", "command line", err, sizeof err), -1);
    assert_string_equal(err, "command line: empty value (core.count)");

    /* cfg_check derives the control units' copies. */
    assert_int_equal(cfg_check(&c, err, sizeof err), 0);
    assert_int_equal(c.ctl.n_cores, 10);
    assert_int_equal(c.ctl.n_parts, 2);
    assert_int_equal(c.ctl.units[CTL_EX_LDST], 4);
    assert_int_equal(c.ctl.simt_lanes, 32);
}

/* ---------------------------------------------------------------- round trips */

static void test_round_trip(void **state)
{
    (void)state;
    gpu_cfg c;
    char err[512] = "";
    cfg_defaults(&c);
    assert_int_equal(cfg_check(&c, err, sizeof err), 0);
    cfgx_round_trip(&c);
    /* non-default values in every kind of field */
    assert_int_equal(cfg_set(&c, "core.sched", "regionp", "t", err, sizeof err), 0);
    assert_int_equal(cfg_set(&c, "policy.cta_limit", "static", "t", err, sizeof err), 0);
    assert_int_equal(cfg_set(&c, "policy.static_n", "3", "t", err, sizeof err), 0);
    assert_int_equal(cfg_set(&c, "run.seed", "123456789012345", "t", err, sizeof err), 0);
    assert_int_equal(cfg_set(&c, "name", "my run", "t", err, sizeof err), 0);
    assert_int_equal(cfg_set(&c, "power.e_l1", "12.375", "t", err, sizeof err), 0);
    assert_int_equal(cfg_check(&c, err, sizeof err), 0);
    cfgx_round_trip(&c);
    /* GPGPU-Sim's DRAM and address map (SM6_TITANX's values); tRC below
     * tRAS + tRP is accepted as GPGPU-Sim does (RC 52 < RAS 37 + RP 16). */
    const char *gsim[][2] = {
        { "amap.mapping", "dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCC.BCCSSSSS" },
        { "amap.part_index", "random" }, { "amap.sub_parts", "2" }, { "dram.banks", "16" },
        { "l2.parts", "12" }, { "dram.latency", "100" }, { "dram.bank_groups", "4" },
        { "dram.bkgrp_index", "low" }, { "dram.tCCDL", "4" }, { "dram.tRTPL", "3" },
        { "dram.tWL", "6" }, { "dram.col_cmd", "atom" }, { "dram.dual_bus", "1" },
        { "dram.tRAS", "37" }, { "dram.tRP", "16" }, { "dram.tRC", "52" },
    };
    for (size_t i = 0; i < sizeof gsim / sizeof gsim[0]; i++)
        assert_int_equal(cfg_set(&c, gsim[i][0], gsim[i][1], "t", err, sizeof err), 0);
    assert_int_equal(cfg_check(&c, err, sizeof err), 0);
    assert_int_equal(c.mem.map.part_index, AMAP_PIDX_RANDOM);
    assert_int_equal(c.dram.col_cmd, DRAM_COL_ATOM);
    cfgx_round_trip(&c);
    /* a string key as long as its field allows (127 characters: the mask's
     * ignored spaces, as the preset fuzzer found it) is dumped whole */
    char longmap[AMAP_MAPPING_LEN];
    snprintf(longmap, sizeof longmap, "%-*s%s", (int)(sizeof longmap - 1 - 7),
             "dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCC.B",
             "CCSSSSS");
    assert_int_equal(strlen(longmap), AMAP_MAPPING_LEN - 1);
    assert_int_equal(cfg_set(&c, "amap.mapping", longmap, "t", err, sizeof err), 0);
    assert_int_equal(cfg_check(&c, err, sizeof err), 0);
    cfgx_round_trip(&c);
}

/* Every string key's whole value fits the buffer the dump formats it in. */
static void str_fits(void *arg, const key_def *k, const char *value, const char *where)
{
    (void)value; (void)where;
    if (k->type == KEY_STR) {
        assert_true(k->size <= KEY_VALUE_LEN);
        (*(int *)arg)++;
    }
}

static void test_string_keys_fit(void **state)
{
    (void)state;
    gpu_cfg c;
    cfg_defaults(&c);
    int n = 0;
    cfg_visit(&c, str_fits, &n);
    assert_true(n >= 2);          /* name, amap.mapping */
}

/* ---------------------------------------------------------------- presets */

static void load_preset(const char *path, gpu_cfg *c)
{
    char err[512] = "";
    cfg_defaults(c);
    int rc = cfg_load(c, path, err, sizeof err);
    if (rc) print_error("%s\n", err);
    assert_int_equal(rc, 0);
    rc = cfg_check(c, err, sizeof err);
    if (rc) print_error("%s\n", err);
    assert_int_equal(rc, 0);
    cfgx_round_trip(c);
}

static void test_presets(void **state)
{
    (void)state;
    gpu_cfg c, d;
    char err[512] = "";
    /* small.cfg restates the defaults exactly */
    load_preset("configs/small.cfg", &c);
    cfg_defaults(&d);
    assert_int_equal(cfg_check(&d, err, sizeof err), 0);
    assert_memory_equal(&c, &d, offsetof(gpu_cfg, origin));

    /* spot values straight from the papers' tables */
    load_preset("configs/kayiran30.cfg", &c);          /* seed 000 Table 1 */
    assert_string_equal(c.name, "kayiran30");
    assert_int_equal(c.sm.n_cores, 30);
    assert_int_equal(c.mem.n_parts, 8);
    assert_int_equal(c.clk.core_mhz, 1300);
    assert_int_equal(c.mem.line_bytes, 64);
    assert_int_equal(c.dram.tRC, 35);
    assert_int_equal(c.dram.dram_queue, 128);
    assert_int_equal(c.ctl.n_cores, 30);

    load_preset("configs/apsa60.cfg", &c);             /* seed 002 Table 2 */
    assert_int_equal(c.sm.n_cores, 60);
    assert_int_equal(c.sm.regs, 16384);
    assert_int_equal(c.mem.l2_assoc, 8);
    assert_int_equal(c.sm.sched, SCHED_GTO);

    load_preset("configs/c2050.cfg", &c);              /* seed 003 Table 1 */
    assert_int_equal(c.sm.n_cores, 14);
    assert_int_equal(c.mem.n_parts, 6);
    assert_int_equal(c.clk.dram_mhz, 750);
    assert_int_equal(c.dram.dram_queue, 16);
    assert_int_equal(c.dram.tRAS, 28);

    load_preset("configs/ucstates16.cfg", &c);         /* seed 004 Table 3 */
    assert_int_equal(c.sm.n_cores, 16);
    assert_int_equal(c.sm.max_threads, 1536);
    assert_int_equal(c.sm.max_warps, 48);
    assert_int_equal(c.mem.l2_bytes, 768 * 1024);
    assert_int_equal(c.dram.dram_banks, 16);
    assert_int_equal(c.sm.n_sched, 4);
}

/* ---------------------------------------------------------------- did you mean */

/* The "did you mean" rule measured on every candidate: the answer text_nearest
 * must give, although it skips candidates whose length rules them out. */
static const char *nearest_full(const char *s, char *const *cand, size_t n)
{
    const char *best = NULL;
    unsigned best_d = 10;
    for (size_t i = 0; i < n; i++) {
        unsigned d = text_distance(s, cand[i]);
        if (d <= 2 && d < best_d && d < strlen(cand[i])) { best = cand[i]; best_d = d; }
    }
    return best;
}

/* Every key of the registry (the dump of the defaults), misspelt by a dropped,
 * doubled, changed or swapped character and cut or grown by up to four:
 * text_nearest over the registry names the key nearest_full names. */
static void test_nearest_same_answer(void **state)
{
    (void)state;
    static gpu_cfg c;
    char *text = NULL, *save = NULL, *keys[CFG_MAX_KEYS];
    size_t len = 0, n = 0, tried = 0, named = 0;
    FILE *m = open_memstream(&text, &len);
    assert_non_null(m);
    cfg_defaults(&c);
    cfg_dump(&c, m);
    assert_int_equal(fclose(m), 0);
    for (char *l = strtok_r(text, "\n", &save); l && n < CFG_MAX_KEYS; l = strtok_r(NULL, "\n", &save)) {
        char *eq = strstr(l, " = ");
        if (l[0] != '#' && eq) { *eq = '\0'; keys[n++] = l; }
    }
    assert_true(n > 100);
    for (size_t k = 0; k < n; k++) {
        size_t kl = strlen(keys[k]);
        for (int edit = 0; edit < 12; edit++) {
            char typo[96];
            size_t at = kl / 2;
            snprintf(typo, sizeof typo, "%s", keys[k]);
            if (edit == 0) memmove(typo + at, typo + at + 1, kl - at);              /* dropped */
            else if (edit == 1) { memmove(typo + at + 1, typo + at, kl - at + 1); }  /* doubled */
            else if (edit == 2) typo[at] = typo[at] == 'x' ? 'y' : 'x';            /* changed */
            else if (edit == 3 && kl > 2) { char t = typo[at]; typo[at] = typo[at - 1]; typo[at - 1] = t; }
            else if (edit >= 4 && edit < 8) typo[kl > (size_t)(edit - 3) ? kl - (size_t)(edit - 3) : 0] = '\0';
            else if (edit >= 8) strncat(typo, "_xyz", (size_t)(edit - 7));
            const char *best = NULL;
            unsigned d = 10;
            for (size_t i = 0; i < n; i++) text_nearest(typo, keys[i], &best, &d);
            const char *want = nearest_full(typo, keys, n);
            if (want) assert_non_null(best);
            else assert_null(best);
            if (want) assert_string_equal(best, want);
            tried++;
            named += want != NULL;
        }
    }
    assert_true(named > tried / 3);   /* the typos are near enough to be named */
    free(text);
}

int main(int argc, char **argv)
{
    (void)argc;
    goto_root(argv[0]);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_load_errors),
        cmocka_unit_test(test_include_override),
        cmocka_unit_test(test_check_errors),
        cmocka_unit_test(test_registry_refusals),
        cmocka_unit_test(test_registry_rows),
        cmocka_unit_test(test_overrides),
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_string_keys_fit),
        cmocka_unit_test(test_presets),
        cmocka_unit_test(test_nearest_same_answer),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
