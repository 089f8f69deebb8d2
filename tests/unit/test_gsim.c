/* test_gsim.c -- GPGPU-Sim / Accel-Sim option files onto ctasim's keys:
 * a hand-written config with known options (every mapped key, exact), the
 * reader (comments, quotes across lines, the last occurrence wins, the
 * trace.config beside), every refusal with its whole message, the preset
 * writer (provenance, deferred refusals, reload), the shipped presets, and
 * the table in docs/config.md. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gsim.h"

#define BASIC "tests/data/gsim/basic/gpgpusim.config"
#define BASIC_TRACE "tests/data/gsim/basic/trace.config"

static char tmpdir[64];

static void goto_root(const char *argv0)
{
    char buf[4096];
    snprintf(buf, sizeof buf, "%s", argv0);
    for (int up = 0; up < 6 && access("tests/data/gsim", F_OK) != 0; up++) {
        char *slash = strrchr(buf, '/');
        if (!slash) break;
        *slash = '\0';
        char dir[4200];
        snprintf(dir, sizeof dir, "%s/%s", buf, "tests/data/gsim");
        if (access(dir, F_OK) == 0 && chdir(buf) == 0) break;
    }
}

/* text into tmpdir/name; returns the path (static buffer per call site). */
static const char *put(const char *name, const char *text, char *path, size_t len)
{
    snprintf(path, len, "%s/%s", tmpdir, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
    return path;
}

/* Load + apply onto the defaults; the return code of the first step that fails. */
static int load_apply(gsim *g, gpu_cfg *c, const char *path, const char *trace, int mode,
                      char *err, size_t errlen)
{
    cfg_defaults(c);
    memset(g, 0, sizeof *g);
    if (gsim_load(g, path, trace, err, errlen) < 0) return -1;
    if (gsim_apply(g, c, mode, err, errlen) < 0) return -2;
    if (cfg_check(c, err, errlen) < 0) { gsim_explain(g, err, errlen); return -3; }
    return 0;
}

/* ---------------------------------------------------------------- the table */

static void test_selfcheck(void **state)
{
    (void)state;
    char err[256] = "";
    assert_int_equal(gsim_selfcheck(err, sizeof err), 0);
    assert_string_equal(err, "");
}

/* ---------------------------------------------------------------- a known config */

static void test_basic_keys(void **state)
{
    (void)state;
    gsim *g = calloc(1, sizeof *g);
    gpu_cfg c;
    char err[512] = "";
    assert_int_equal(load_apply(g, &c, BASIC, NULL, GSIM_STRICT, err, sizeof err), 0);
    assert_int_equal(g->n_files, 2);                       /* trace.config beside, read */
    assert_string_equal(g->files[1], BASIC_TRACE);
    /* clocks rounded to whole MHz */
    assert_int_equal(c.clk.core_mhz, 1200); assert_int_equal(c.clk.icnt_mhz, 1100);
    assert_int_equal(c.clk.l2_mhz, 1000); assert_int_equal(c.clk.dram_mhz, 901);
    /* core */
    const sm_params *s = &c.sm;
    assert_int_equal(s->n_cores, 12);                      /* 6 clusters x 2 */
    assert_int_equal(s->max_threads, 1536); assert_int_equal(s->max_warps, 48);
    assert_int_equal(s->simt_lanes, 32); assert_int_equal(s->sfu_lanes, 32);
    assert_int_equal(s->max_ctas, 24);                     /* the second -gpgpu_shader_cta */
    assert_int_equal(s->regs, 65536); assert_int_equal(s->smem_bytes, 65536);
    assert_int_equal(s->n_sched, 2); assert_int_equal(s->sched, SCHED_LRR);
    assert_int_equal(s->units[CTL_IFID], 2);               /* not given: the default */
    assert_int_equal(s->units[CTL_IDOC_SP], 2); assert_int_equal(s->units[CTL_IDOC_SFU], 4);
    assert_int_equal(s->units[CTL_IDOC_LDST], 6); assert_int_equal(s->units[CTL_OCEX_SP], 2);
    assert_int_equal(s->units[CTL_OCEX_SFU], 4); assert_int_equal(s->units[CTL_OCEX_LDST], 6);
    assert_int_equal(s->units[CTL_OC_SP], 6); assert_int_equal(s->units[CTL_OC_SFU], 2);
    assert_int_equal(s->units[CTL_OC_LDST], 4);           /* specialized collectors */
    assert_int_equal(s->units[CTL_EX_SP], 2); assert_int_equal(s->units[CTL_EX_SFU], 4);
    assert_int_equal(s->lat[IC_SP], 6); assert_int_equal(s->ii[IC_SP], 2);
    assert_int_equal(s->lat[IC_SFU], 24); assert_int_equal(s->ii[IC_SFU], 8);
    assert_int_equal(s->lat[IC_DP], 40); assert_int_equal(s->ii[IC_DP], 16);
    assert_int_equal(s->lat[IC_BRA], 7); assert_int_equal(s->ii[IC_BRA], 3);   /* spec unit 1 on */
    assert_int_equal(s->lat[IC_SLD], 20); assert_int_equal(s->lat[IC_SST], 20);
    /* memory */
    const mem_params *m = &c.mem;
    assert_int_equal(m->l1_bytes, 8 * 128 * 8); assert_int_equal(m->l1_assoc, 8);
    assert_int_equal(m->line_bytes, 128); assert_int_equal(m->l1_mshr, 64);
    assert_int_equal(m->l1_mshr_merge, 4); assert_int_equal(m->l1_miss_queue, 12);
    assert_int_equal(m->l1_lat, 28); assert_int_equal(m->l1_flush, 1);  /* a name alone: 1 */
    assert_int_equal(m->icnt_flit_bytes, 32);
    assert_int_equal(m->n_parts, 4);
    assert_int_equal(m->l2_bytes, 32 * 128 * 8);           /* per sub-partition (slice) */
    assert_int_equal(m->map.sub_parts, 2);                 /* two slices a channel */
    assert_int_equal(m->l2_assoc, 8); assert_int_equal(m->l2_mshr, 32); assert_int_equal(m->l2_queue, 8);
    assert_int_equal(m->l2_rop_stage, 1);
    assert_int_equal(m->l2_lat, 75);                       /* 90 core cycles x 1000.4 / 1200 */
    const dram_params *d = &c.dram;
    assert_int_equal(d->dram_banks, 8); assert_int_equal(d->tCCD, 2); assert_int_equal(d->tRRD, 6);
    assert_int_equal(d->tRCD, 12); assert_int_equal(d->tRAS, 28); assert_int_equal(d->tRP, 12);
    assert_int_equal(d->tRC, 40);                          /* max(RC 38, RAS + RP 40) */
    assert_int_equal(d->tCL, 12); assert_int_equal(d->tWTR, 5); assert_int_equal(d->tWR, 12);
    assert_int_equal(d->dram_row_bytes, 4096);             /* 6 C + 6 S bits */
    assert_int_equal(d->dram_bus_bytes, 8);                /* 4 B x 1 chip x QDR / 2 */
    assert_int_equal(d->dram_burst, 4);                    /* 2 x BL 8 / 4 */
    assert_int_equal(d->dram_queue, 32); assert_int_equal(d->dram_sched, DRAM_FCFS);
    /* L1 banks, sectors, the latency queue; DRAM write latency, atoms; the address map */
    assert_int_equal(m->l1_banks, 1);                      /* absent: GPGPU-Sim's default 1 */
    assert_int_equal(m->l1_lat_on_miss, 1); assert_int_equal(s->units[CTL_EX_LDST], 1);
    assert_int_equal(m->l1_sector_bytes, 32);              /* dl1 S */
    assert_int_equal(m->l2_sector_bytes, 128);             /* dl2 N: the line, unsectored */
    assert_int_equal(d->tWL, 4); assert_int_equal(d->col_cmd, DRAM_COL_ATOM);
    assert_int_equal(d->bank_groups, 1); assert_int_equal(d->latency, 0);     /* not given */
    assert_string_equal(m->map.mapping, "dramid@8;00000000.00000000.00000000.00000000.0000RRRR."
                        "RRRRRRRR.RBBBCCCC.CCSSSSSS");
    assert_int_equal(m->map.sub_parts, 2); assert_int_equal(m->map.part_index, AMAP_PIDX_NONE);
    free(g);
}

static void test_basic_unmodelled(void **state)
{
    (void)state;
    gsim *g = calloc(1, sizeof *g);
    gpu_cfg c;
    char err[512] = "";
    assert_int_equal(load_apply(g, &c, BASIC, NULL, GSIM_STRICT, err, sizeof err), 0);
    assert_int_equal(gsim_unmodelled(g), 8);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    gsim_print_unmodelled(g, f);
    fclose(f);
    assert_string_equal(buf, BASIC ", " BASIC_TRACE ": 8 GPGPU-Sim options without a ctasim "
        "counterpart, not modelled: -gpgpu_pipeline_widths[ID_OC_DP,ID_OC_INT,OC_EX_DP,OC_EX_INT,"
        "EX_WB], -gpgpu_operand_collector_num_units_gen, -gpgpu_cache:dl1[rep,wr,alloc,"
        "wr_alloc,set_index,mshr_type,fifo,port], -gpgpu_cache:dl2[rep,wr,alloc,wr_alloc,"
        "set_index,mshr_type,merge,mq,fifo,port], -gpgpu_dram_partition_queues[l2_dram,dram_l2,"
        "l2_icnt], -gpgpu_unknown_option, -trace_opcode_latency_initiation_int, "
        "-specialized_unit_1[units,max_latency,ID_OC,OC_EX,name]\n");
    free(buf);
    free(g);
}

/* The dump names each key's option and line; the last -gpgpu_shader_cta (line 8) counts. */
static void test_basic_provenance(void **state)
{
    (void)state;
    gsim *g = calloc(1, sizeof *g);
    gpu_cfg c;
    char err[512] = "";
    assert_int_equal(load_apply(g, &c, BASIC, NULL, GSIM_STRICT, err, sizeof err), 0);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_int_equal(gsim_write(g, &c, f, 1), 0);
    fclose(f);
    assert_non_null(strstr(buf, "\ncore.count = 12                    # -gpgpu_n_clusters 6 x "
                           "-gpgpu_n_cores_per_cluster 2 (" BASIC ":3,4)\n"));
    assert_non_null(strstr(buf, "\ncore.max_ctas = 24                 # -gpgpu_shader_cta 24 ("
                           BASIC ":8)\n"));
    assert_non_null(strstr(buf, "\nlat.bra = 7                        # "
                           "-trace_opcode_latency_initiation_spec_op_1 latency=7 (" BASIC_TRACE ":6)\n"));
    assert_non_null(strstr(buf, "\ndram.tRC = 40                      # -gpgpu_dram_timing_opt "
                           "tRC = max(RC, RAS + RP) = max(38, 28 + 12) = 40 (" BASIC ":29)\n"));
    assert_non_null(strstr(buf, "\nrun.seed = 1\n"));      /* a default: no comment */
    assert_non_null(strstr(buf, "#   -gpgpu_unknown_option 7  (" BASIC ":39)\n"));
    free(buf);
    free(g);
}

/* Written as a preset and read back: the same configuration. */
static void test_preset_reload(void **state)
{
    (void)state;
    gsim *g = calloc(1, sizeof *g);
    gpu_cfg c, r;
    char err[512] = "", path[128];
    assert_int_equal(load_apply(g, &c, BASIC, NULL, GSIM_STRICT, err, sizeof err), 0);
    snprintf(path, sizeof path, "%s/basic.cfg", tmpdir);
    FILE *f = fopen(path, "w");
    assert_int_equal(gsim_write(g, &c, f, 0), 0);
    fclose(f);
    cfg_defaults(&r);
    assert_int_equal(cfg_load(&r, path, err, sizeof err), 0);
    assert_int_equal(cfg_check(&r, err, sizeof err), 0);
    assert_memory_equal(&r.sm, &c.sm, sizeof c.sm);
    assert_memory_equal(&r.mem, &c.mem, sizeof c.mem);
    assert_memory_equal(&r.dram, &c.dram, sizeof c.dram);
    assert_memory_equal(&r.clk, &c.clk, sizeof c.clk);
    free(g);
}

/* Options absent leave the keys; a combined option absent takes GPGPU-Sim's default. */
static void test_defaults(void **state)
{
    (void)state;
    gsim *g = calloc(1, sizeof *g);
    gpu_cfg c;
    char err[512] = "", p[128];
    put("d.config", "-gpgpu_n_clusters 5\n-gpgpu_dram_buswidth 4\n-gpgpu_dram_burst_length 4\n"
        "-gpgpu_l2_rop_latency 100\n-trace_opcode_latency_initiation_int 9,2\n", p, sizeof p);
    assert_int_equal(load_apply(g, &c, p, NULL, GSIM_STRICT, err, sizeof err), 0);
    assert_int_equal(c.sm.n_cores, 15);              /* x 3 cores per cluster */
    assert_int_equal(c.dram.dram_bus_bytes, 4);      /* 4 B x 1 chip x DDR 2 / 2 */
    assert_int_equal(c.dram.dram_burst, 4);          /* 2 x 4 / 2 */
    assert_int_equal(c.mem.l2_lat, 400);             /* 100 x 2000 / 500 MHz */
    assert_int_equal(c.sm.lat[IC_BRA], 9);           /* no spec unit 1: branches time as int */
    assert_int_equal(c.sm.ii[IC_BRA], 2);
    assert_int_equal(c.sm.max_ctas, 8);              /* not given: ctasim's value kept */
    assert_int_equal(gsim_unmodelled(g), 0);
    free(g);
}

/* The reader: quotes across lines, '#' anywhere, a bool with no value,
 * negative values, the legacy positional DRAM timing. */
static void test_reader(void **state)
{
    (void)state;
    gsim *g = calloc(1, sizeof *g);
    gpu_cfg c;
    char err[512] = "", p[128];
    put("r.config", "  -gpgpu_flush_l1_cache   -gpgpu_shader_cta 0x1f # hex, as GPGPU-Sim reads it\n"
        "-gpgpu_num_sp_units 010\t\t# a leading 0 is octal there too: 8\n"
        "-gpgpu_dram_timing_opt 16:2:8:16:37:16:52:16:6:7:16\n"
        "-some_flag -gpgpu_scheduler \"old\"\n-x -1\n", p, sizeof p);
    assert_int_equal(load_apply(g, &c, p, NULL, GSIM_STRICT, err, sizeof err), 0);
    assert_int_equal(c.mem.l1_flush, 1);
    assert_int_equal(c.sm.max_ctas, 31);
    assert_int_equal(c.sm.units[CTL_EX_SP], 8);
    assert_int_equal(c.dram.dram_banks, 16); assert_int_equal(c.dram.tRC, 53);
    assert_int_equal(c.dram.tWTR, 7);
    assert_int_equal(c.sm.sched, SCHED_OLDEST);
    assert_int_equal(gsim_unmodelled(g), 2);         /* -some_flag (no value), -x -1 */
    assert_int_equal(c.dram.tWL, 6);                 /* the ninth number */
    assert_string_equal(g->opt[4].name, "-some_flag");
    assert_int_equal(g->opt[4].has_value, 0);
    assert_string_equal(g->opt[6].value, "-1");
    free(g);
}

/* The rows of the L1 (banks, sectors, latency queue, one LD/ST unit), the
 * GPGPU-Sim DRAM (latency, bank groups, WL, atoms, dual bus) and the
 * address map, each value chosen apart from the keys' defaults. */
#define MAP16 "dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCC.BCCSSSSS"

static void test_mem_rows(void **state)
{
    (void)state;
    gsim *g = calloc(1, sizeof *g);
    gpu_cfg c;
    char err[512] = "", p[128];
    put("m.config",
        "-gpgpu_n_mem 4\n"
        "-gpgpu_n_sub_partition_per_mchannel 2\n"
        "-gpgpu_cache:dl1 S:4:128:64,L:L:s:N:L,A:256:8,16:0,32\n"
        "-gpgpu_cache:dl2 S:32:128:16,L:B:m:L:P,A:256:64,16:0,32\n"
        "-gpgpu_l1_banks 4\n"
        "-gpgpu_l1_banks_byte_interleaving 64\n"
        "-gpgpu_l1_latency 20\n"
        "-gpgpu_dram_timing_opt nbk=16:CCD=2:RRD=8:RCD=16:RAS=37:RP=16:RC=52:CL=16:WL=6:CDLR=7:WR=16:"
        "nbkgrp=4:CCDL=5:RTPL=3\n"
        "-dram_latency 90\n"
        "-dram_dual_bus_interface 1\n"
        "-dram_bnkgrp_indexing_policy 1\n"
        "-dram_bnk_indexing_policy 2\n"
        "-gpgpu_memory_partition_indexing 4\n"
        "-gpgpu_mem_addr_mapping " MAP16 "\n"
        "-gpgpu_dram_buswidth 2\n"
        "-gpgpu_n_mem_per_ctrlr 2\n"
        "-gpgpu_dram_burst_length 8\n"
        "-dram_data_command_freq_ratio 4\n", p, sizeof p);
    assert_int_equal(load_apply(g, &c, p, NULL, GSIM_STRICT, err, sizeof err), 0);
    const mem_params *m = &c.mem;
    const dram_params *d = &c.dram;
    assert_int_equal(m->l1_banks, 4); assert_int_equal(m->l1_bank_bytes, 64);
    assert_int_equal(m->l1_sector_bytes, 32); assert_int_equal(m->l2_sector_bytes, 32);
    assert_int_equal(m->l1_lat, 20); assert_int_equal(m->l1_lat_on_miss, 1);
    assert_int_equal(c.sm.units[CTL_EX_LDST], 1);
    assert_int_equal(d->latency, 90); assert_int_equal(d->dual_bus, 1);
    assert_int_equal(d->tWL, 6); assert_int_equal(d->bank_groups, 4);
    assert_int_equal(d->tCCDL, 5); assert_int_equal(d->tRTPL, 3);
    assert_int_equal(d->bkgrp_index, DRAM_BKGRP_LOW); assert_int_equal(d->col_cmd, DRAM_COL_ATOM);
    assert_int_equal(d->dram_banks, 16); assert_int_equal(d->dram_row_bytes, 2048);
    assert_int_equal(d->dram_bus_bytes * d->dram_burst, 32);     /* the atom: 8 x 2 x 2 B */
    assert_string_equal(m->map.mapping, MAP16);
    assert_int_equal(m->map.part_index, AMAP_PIDX_RANDOM);
    assert_int_equal(m->map.bank_index, AMAP_BIDX_IPOLY);
    assert_int_equal(m->map.sub_parts, 2);
    assert_int_equal(gsim_unmodelled(g), 2);         /* dl1 and dl2 policy fields */
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_int_equal(gsim_write(g, &c, f, 0), 0);
    fclose(f);
    char line[600];
    snprintf(line, sizeof line, "\ndram.col_cmd = atom                # -gpgpu_dram_burst_length 8 x "
             "-gpgpu_dram_buswidth 2 x -gpgpu_n_mem_per_ctrlr 2 = 32 B per column command "
             "(dram_atom_size) (%s:17,15,16)\n", p);
    assert_non_null(strstr(buf, line));
    snprintf(line, sizeof line, "\namap.mapping = " MAP16 " # -gpgpu_mem_addr_mapping " MAP16 " (%s:14)\n", p);
    assert_non_null(strstr(buf, line));
    snprintf(line, sizeof line, "\nl1.lat_on_miss = 1                 # -gpgpu_l1_latency 20: the L1 "
             "latency queue precedes the tag lookup (shader.cc l1_latency_queue) (%s:7)\n", p);
    assert_non_null(strstr(buf, line));
    free(buf);
    free(g);
}

/* -gpgpu_l1_latency without -gpgpu_l1_banks (SM2_GTX480, SM3_KEPLER_TITAN):
 * GPGPU-Sim's one bank; the indexing options without a mapping string hash
 * GPGPU-Sim's built-in map, which ctasim does not model: listed; the
 * sub-partitions become L2 slices of ctasim's map. */
static void test_mem_rows_defaults(void **state)
{
    (void)state;
    gsim *g = calloc(1, sizeof *g);
    gpu_cfg c;
    char err[512] = "", p[128];
    put("md.config", "-gpgpu_l1_latency 35\n-gpgpu_memory_partition_indexing 4\n"
        "-dram_bnk_indexing_policy 1\n-gpgpu_n_sub_partition_per_mchannel 2\n", p, sizeof p);
    assert_int_equal(load_apply(g, &c, p, NULL, GSIM_STRICT, err, sizeof err), 0);
    assert_int_equal(c.mem.l1_banks, 1); assert_int_equal(c.mem.l1_lat_on_miss, 1);
    assert_int_equal(c.sm.units[CTL_EX_LDST], 1);
    assert_string_equal(c.mem.map.mapping, "ctasim");
    assert_int_equal(c.mem.map.part_index, AMAP_PIDX_NONE);
    assert_int_equal(c.mem.map.sub_parts, 2);        /* slices of ctasim's map */
    assert_int_equal(gsim_unmodelled(g), 2);
    assert_string_equal(g->opt[1].name, "-gpgpu_memory_partition_indexing");
    assert_int_equal(g->opt[1].used, 0);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_int_equal(gsim_write(g, &c, f, 0), 0);
    fclose(f);
    char line[400];
    snprintf(line, sizeof line, "\nl1.banks = 1                       # -gpgpu_l1_latency 35: "
             "-gpgpu_l1_banks 1 (GPGPU-Sim's default) (%s:1)\n", p);
    assert_non_null(strstr(buf, line));
    free(buf);
    free(g);
}

/* ---------------------------------------------------------------- refusals */

typedef struct bad_case {
    const char *text;
    int         step;       /* load_apply's return: -1 read, -2 apply, -3 check */
    const char *expect;     /* after "PATH:" */
} bad_case;

static const bad_case bad_cases[] = {
    /* the reader */
    { "-gpgpu_n_mem 4\ngpgpu_n_clusters 2\n", -1,
      "2: not an option name: GPGPU-Sim options start with '-' (gpgpu_n_clusters)" },
    { "-config other.config\n", -1, "1: nested -config is not read: give each file to ctasim "
      "(--gpgpusim-config, --trace-config) (-config)" },
    { "\n-gpgpu_dram_timing_opt \"nbk=16:CCD=2\n  RRD=8\n", -1,
      "2: unterminated quoted value (-gpgpu_dram_timing_opt)" },
    /* values no key can hold */
    { "-gpgpu_shader_cta 40\n", -2, "1: value 40 out of range 1..32 (core.max_ctas) from -gpgpu_shader_cta 40" },
    { "-gpgpu_num_sp_units 16\n", -2,
      "1: value 16 out of range 0..15 (units.ex_sp) from -gpgpu_num_sp_units 16" },
    { "-gpgpu_n_mem 2\n-gpgpu_cache:dl1 S:4:128:2048,L:L:s:N:L,A:256:8,16:0,32\n", -2,
      "2: value 2048 out of range 1..1024 (l1.assoc) from -gpgpu_cache:dl1 assoc=2048" },
    { "-gpgpu_frfcfs_dram_sched_queue_size 0\n", -2, "1: value 0 out of range 2..1024 (dram.queue) "
      "from -gpgpu_frfcfs_dram_sched_queue_size 0" },
    { "-gpgpu_shader_core_pipeline 1024:16\n", -2, "1: a warp of 16 threads: ctasim's warps are "
      "32 threads (core.simt_lanes) from -gpgpu_shader_core_pipeline warp=16" },
    { "-gpgpu_scheduler two_level_active:6:0:1\n", -2, "1: 'two_level_active:6:0:1' has no ctasim "
      "counterpart, mapped are lrr|gto|old (core.sched) from -gpgpu_scheduler two_level_active:6:0:1" },
    { "-gpgpu_dram_scheduler 2\n", -2, "1: '2' has no ctasim counterpart, mapped are 0|1 (dram.sched) "
      "from -gpgpu_dram_scheduler 2" },
    { "-gpgpu_cache:dl1 N:4:128:4,L:L:m:N:L,A:32:8,8\n-gpgpu_cache:dl2 N:4:64:4,L:B:m:N:L,A:32:8,8\n", -2,
      "2: a 64 B line where -gpgpu_cache:dl1 line=128 gave 128 B: ctasim has one line size for "
      "L1 and L2 (l1.line_bytes) from -gpgpu_cache:dl2 line=64" },
    { "-gpgpu_dram_buswidth 3\n-dram_data_command_freq_ratio 1\n", -2, "1: 3 bytes per DRAM command "
      "cycle: ctasim's channel moves 2 x dram.bus_bytes per cycle (dram.bus_bytes) from "
      "-gpgpu_dram_buswidth 3 x -gpgpu_n_mem_per_ctrlr 1 x -dram_data_command_freq_ratio 1 / 2" },
    { "-gpgpu_dram_burst_length 3\n-dram_data_command_freq_ratio 4\n", -2, "1: 2 x burst length / "
      "ratio = 1.5 is not whole (dram.burst) from -gpgpu_dram_burst_length 3 x 2 / "
      "-dram_data_command_freq_ratio 4" },
    { "-gpgpu_shader_cta -4\n", -2, "1: '-4' is not a whole number >= 0 (core.max_ctas) from "
      "-gpgpu_shader_cta -4" },
    { "-gpgpu_shader_cta\n", -2, "1: no value (-gpgpu_shader_cta)" },
    /* malformed values */
    { "-gpgpu_cache:dl1 S:4:128\n", -2, "1: malformed value 'S:4:128', expected <N|S>:<nsets>:"
      "<line>:<assoc>,<rep>:<wr>:<alloc>:<wr_alloc>:<set_index>,<mshr_type>:<mshr>:<merge>,<mq>"
      "[:<fifo>][,<port>] (-gpgpu_cache:dl1)" },
    { "-gpgpu_cache:dl1 X:4:128:4,L:L:m:N:L,A:32:8,8\n", -2, "1: malformed value "
      "'X:4:128:4,L:L:m:N:L,A:32:8,8' (sector 'X' is not one of NS), expected <N|S>:<nsets>:<line>:<assoc>,<rep>:<wr>:<alloc>:"
      "<wr_alloc>:<set_index>,<mshr_type>:<mshr>:<merge>,<mq>[:<fifo>][,<port>] (-gpgpu_cache:dl1)" },
    { "-gpgpu_dram_timing_opt nbk=16:CCD=2:RRD=8:RCD=16:RAS=37:RP=16:CL=16:WL=6:CDLR=7:WR=16\n", -2,
      "1: malformed value 'nbk=16:CCD=2:RRD=8:RCD=16:RAS=37:RP=16:CL=16:WL=6:CDLR=7:WR=...' (RC missing), expected "
      "nbk=..:CCD=..:RRD=..:RCD=..:RAS=..:RP=..:RC=..:CL=..:WL=..:CDLR=..:WR=..[:nbkgrp=..:CCDL=..:"
      "RTPL=..] or 11 to 14 numbers in that order (-gpgpu_dram_timing_opt)" },
    { "-gpgpu_dram_timing_opt nbk=16:XYZ=2\n", -2, "1: malformed value 'nbk=16:XYZ=2' (unknown name XYZ), expected "
      "nbk=..:CCD=..:RRD=..:RCD=..:RAS=..:RP=..:RC=..:CL=..:WL=..:CDLR=..:WR=..[:nbkgrp=..:CCDL=..:"
      "RTPL=..] or 11 to 14 numbers in that order (-gpgpu_dram_timing_opt)" },
    { "-gpgpu_clock_domains 1417.0:1417.0\n", -2, "1: malformed value '1417.0:1417.0', expected "
      "<core>:<icnt>:<l2>:<dram> (MHz) (-gpgpu_clock_domains)" },
    { "-gpgpu_mem_addr_mapping dramid@8;RRRR.BBBB.CCCC.SSSS\n", -2, "1: malformed value "
      "'dramid@8;RRRR.BBBB.CCCC.SSSS' (16 bits), expected [dramid@<bit>;]<64 bits of D B R C S 0> "
      "(-gpgpu_mem_addr_mapping)" },
    { "-gpgpu_pipeline_widths 4,0,0,4,4,4,0,0,4,4\n", -2, "1: malformed value '4,0,0,4,4,4,0,0,4,4', "
      "expected 11 or 13 comma-separated widths ID_OC_SP,...,EX_WB[,ID_OC_TENSOR_CORE,"
      "OC_EX_TENSOR_CORE] (-gpgpu_pipeline_widths)" },
    { "-trace_opcode_latency_initiation_sp 4\n", -2, "1: malformed value '4', expected "
      "<latency>,<initiation> (-trace_opcode_latency_initiation_sp)" },
    { "-gpgpu_flush_l1_cache 2\n", -2, "1: malformed value '2', expected 0 or 1 (-gpgpu_flush_l1_cache)" },
    { "-gpgpu_n_clusters 4\n-gpgpu_n_cores_per_cluster two\n", -2, "2: malformed value 'two', "
      "expected an integer (-gpgpu_n_cores_per_cluster)" },
    /* the rows of L1 banks, GPGPU-Sim's DRAM and its address map */
    { "-gpgpu_l1_banks 0\n", -2, "1: 0 has no ctasim counterpart: l1.banks = 0 is no bank model "
      "(l1.banks) from -gpgpu_l1_banks 0" },
    { "-gpgpu_dram_timing_opt nbk=16:CCD=2:RRD=8:RCD=16:RAS=37:RP=16:RC=52:CL=16:WL=0:CDLR=7:WR=16\n", -2,
      "1: 0 has no ctasim counterpart: dram.tWL = 0 is WL = tCL (dram.tWL) from -gpgpu_dram_timing_opt WL=0" },
    { "-gpgpu_memory_partition_indexing 3\n-gpgpu_mem_addr_mapping " MAP16 "\n", -2, "1: '3' has no "
      "ctasim counterpart, mapped are 0|1|2|4 (amap.part_index) from -gpgpu_memory_partition_indexing 3" },
    { "-dram_bnkgrp_indexing_policy 2\n", -2, "1: '2' has no ctasim counterpart, mapped are 0|1 "
      "(dram.bkgrp_index) from -dram_bnkgrp_indexing_policy 2" },
    /* combinations (cfg_check), named with the option */
    { "-gpgpu_n_mem 4\n-gpgpu_mem_addr_mapping " MAP16 "\n", -3, "2: amap.mapping has 4 bank bits but "
      "dram.banks = 8 (amap.mapping, dram.banks) from -gpgpu_mem_addr_mapping " MAP16 },
    { "-gpgpu_dram_timing_opt nbk=16:CCD=2:RRD=8:RCD=16:RAS=37:RP=16:RC=52:CL=16:WL=6:CDLR=7:WR=16:nbkgrp=3\n",
      -3, "1: dram.bank_groups = 3 must be a power of two dividing dram.banks = 16 (dram.bank_groups, "
      "dram.banks) from -gpgpu_dram_timing_opt nbkgrp=3" },
    { "-gpgpu_l1_banks 3\n", -3, "1: l1.banks = 3 is not a power of two (l1.banks) from -gpgpu_l1_banks 3" },
    { "-gpgpu_num_sp_units 3\n", -3, "1: units.ex_sp = 3 is odd: slots split into two equal groups "
      "(units.ex_sp) from -gpgpu_num_sp_units 3" },
    { "-gpgpu_shader_core_pipeline 2048:32\n-gpgpu_num_sched_per_core 3\n", -3, "2: core.n_sched = 3 "
      "does not divide the 64 warps per core (core.n_sched, core.max_warps) from -gpgpu_num_sched_per_core 3" },
};

static void test_refusals(void **state)
{
    (void)state;
    gsim *g = calloc(1, sizeof *g);
    for (size_t i = 0; i < sizeof bad_cases / sizeof bad_cases[0]; i++) {
        gpu_cfg c;
        char err[1024] = "", p[128], expect[1200], name[32];
        snprintf(name, sizeof name, "bad%zu.config", i);
        put(name, bad_cases[i].text, p, sizeof p);
        int rc = load_apply(g, &c, p, NULL, GSIM_STRICT, err, sizeof err);
        snprintf(expect, sizeof expect, "%s:%s", p, bad_cases[i].expect);
        if (rc != bad_cases[i].step || strcmp(err, expect) != 0)
            print_error("case %zu: rc %d\n got  %s\n want %s\n", i, rc, err, expect);
        assert_int_equal(rc, bad_cases[i].step);
        assert_string_equal(err, expect);
    }
    free(g);
}

static void test_missing_file(void **state)
{
    (void)state;
    gsim *g = calloc(1, sizeof *g);
    gpu_cfg c;
    char err[512] = "", p[128];
    snprintf(p, sizeof p, "%s/absent.config", tmpdir);
    assert_int_equal(load_apply(g, &c, p, NULL, GSIM_STRICT, err, sizeof err), -1);
    char expect[300];
    snprintf(expect, sizeof expect, "%s:0: cannot open GPGPU-Sim option file (No such file or directory)", p);
    assert_string_equal(err, expect);
    /* an explicit --trace-config that is absent is an error too */
    assert_int_equal(load_apply(g, &c, BASIC, p, GSIM_STRICT, err, sizeof err), -1);
    assert_string_equal(err, expect);
    free(g);
}

/* A preset being written keeps a value the ranges refuse, marked. */
static void test_defer(void **state)
{
    (void)state;
    gsim *g = calloc(1, sizeof *g);
    gpu_cfg c;
    char err[512] = "", p[128];
    put("defer.config", "-gpgpu_shader_cta 40\n-gpgpu_n_mem 6\n", p, sizeof p);
    cfg_defaults(&c);
    assert_int_equal(gsim_load(g, p, NULL, err, sizeof err), 0);
    assert_int_equal(gsim_apply(g, &c, GSIM_DEFER, err, sizeof err), 0);
    assert_int_equal(g->n_refused, 1);
    assert_int_equal(c.sm.max_ctas, 8);                  /* not set */
    assert_int_equal(c.mem.n_parts, 6);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    gsim_write(g, &c, f, 0);
    fclose(f);
    char line[400];
    snprintf(line, sizeof line, "\ncore.max_ctas = 40                 # -gpgpu_shader_cta 40 (%s:1); "
             "refused by this build: value 40 out of range 1..32 (core.max_ctas)\n", p);
    assert_non_null(strstr(buf, line));
    assert_non_null(strstr(buf, "# 1 value below is refused by this build's key ranges"));
    free(buf);
    free(g);
}

/* ---------------------------------------------------------------- the presets */

/* Every key line of a generated preset names an option and FILE:LINE (or --set). */
static void check_preset_comments(const char *path)
{
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char line[1024];
    int keys = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n') continue;
        keys++;
        const char *hash = strstr(line, "# ");
        if (!hash || !(strncmp(hash, "# --set", 7) == 0 ||
                       (hash[2] == '-' && strstr(hash, ".config:") && strstr(hash, ")"))))
            fail_msg("%s: key without its option: %s", path, line);
        if (strncmp(line, "name = ", 7) != 0 && !strstr(hash, "accel-sim/"))
            fail_msg("%s: key without its source repository: %s", path, line);
    }
    fclose(f);
    assert_true(keys > 50);
}

static void test_preset_titanx(void **state)
{
    (void)state;
    gpu_cfg c;
    char err[512] = "";
    cfg_defaults(&c);
    assert_int_equal(cfg_load(&c, "configs/accelsim/SM6_TITANX.cfg", err, sizeof err), 0);
    assert_int_equal(cfg_check(&c, err, sizeof err), 0);
    assert_string_equal(c.name, "SM6_TITANX");
    assert_int_equal(c.sm.n_cores, 28); assert_int_equal(c.mem.n_parts, 12);
    assert_int_equal(c.mem.l1_assoc, 96); assert_int_equal(c.mem.l1_bytes, 49152);
    assert_int_equal(c.mem.l2_bytes, 131072); assert_int_equal(c.dram.tRC, 53);
    assert_int_equal(c.mem.l2_rop_stage, 1);
    assert_int_equal(c.clk.dram_mhz, 2500); assert_int_equal(c.dram.dram_bus_bytes, 8);
    /* the mechanisms GPGPU-Sim's TITANX has */
    assert_int_equal(c.mem.l1_sector_bytes, 32); assert_int_equal(c.mem.l2_sector_bytes, 32);
    assert_int_equal(c.mem.l1_banks, 2); assert_int_equal(c.mem.l1_lat_on_miss, 1);
    assert_int_equal(c.sm.units[CTL_EX_LDST], 1);
    assert_int_equal(c.dram.latency, 100); assert_int_equal(c.dram.bank_groups, 4);
    assert_int_equal(c.dram.bkgrp_index, DRAM_BKGRP_LOW); assert_int_equal(c.dram.tCCDL, 4);
    assert_int_equal(c.dram.tRTPL, 3); assert_int_equal(c.dram.tWL, 6);
    assert_int_equal(c.dram.col_cmd, DRAM_COL_ATOM);
    assert_string_equal(c.mem.map.mapping, MAP16);
    assert_int_equal(c.mem.map.part_index, AMAP_PIDX_RANDOM); assert_int_equal(c.mem.map.sub_parts, 2);
    check_preset_comments("configs/accelsim/SM6_TITANX.cfg");
}

static void test_preset_others(void **state)
{
    (void)state;
    gpu_cfg c;
    char err[512] = "";
    cfg_defaults(&c);
    assert_int_equal(cfg_load(&c, "configs/accelsim/SM86_RTX3070.cfg", err, sizeof err), 0);
    assert_int_equal(cfg_check(&c, err, sizeof err), 0);
    assert_int_equal(c.sm.n_cores, 46); assert_int_equal(c.clk.dram_mhz, 3501);
    check_preset_comments("configs/accelsim/SM86_RTX3070.cfg");
    check_preset_comments("configs/accelsim/SM7_QV100.cfg");
    /* QV100 (80 SMs, 32 channels) loads once core.count and l2.parts take it */
    cfg_defaults(&c);
    if (cfg_load(&c, "configs/accelsim/SM7_QV100.cfg", err, sizeof err) == 0) {
        assert_int_equal(cfg_check(&c, err, sizeof err), 0);
        assert_int_equal(c.sm.n_cores, 80);
    } else {
        assert_non_null(strstr(err, "value 80 out of range 1..64 (core.count)"));
    }
}

/* ---------------------------------------------------------------- docs */

static void test_docs_table(void **state)
{
    (void)state;
    char *want = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&want, &len);
    gsim_table_md(f);
    fclose(f);
    FILE *d = fopen("docs/config.md", "r");
    assert_non_null(d);
    static char doc[1 << 18];
    size_t n = fread(doc, 1, sizeof doc - 1, d);
    fclose(d);
    doc[n] = '\0';
    const char *b = strstr(doc, "<!-- gsim-table begin -->\n"), *e = strstr(doc, "<!-- gsim-table end -->");
    assert_non_null(b);
    assert_non_null(e);
    b += strlen("<!-- gsim-table begin -->\n");
    if ((size_t)(e - b) != strlen(want) || strncmp(b, want, strlen(want)) != 0) {
        FILE *o = fopen("build/gsim-table.md", "w");
        if (o) { fputs(want, o); fclose(o); }
        fail_msg("docs/config.md's option table differs from gsim_table_md(): "
                 "build/gsim-table.md holds the table to paste between the markers");
    }
    free(want);
}

int main(int argc, char **argv)
{
    (void)argc;
    goto_root(argv[0]);
    snprintf(tmpdir, sizeof tmpdir, "/tmp/test_gsim.XXXXXX");
    if (!mkdtemp(tmpdir)) return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_selfcheck),
        cmocka_unit_test(test_basic_keys),
        cmocka_unit_test(test_basic_unmodelled),
        cmocka_unit_test(test_basic_provenance),
        cmocka_unit_test(test_preset_reload),
        cmocka_unit_test(test_defaults),
        cmocka_unit_test(test_reader),
        cmocka_unit_test(test_mem_rows),
        cmocka_unit_test(test_mem_rows_defaults),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_missing_file),
        cmocka_unit_test(test_defer),
        cmocka_unit_test(test_preset_titanx),
        cmocka_unit_test(test_preset_others),
        cmocka_unit_test(test_docs_table),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", tmpdir);
    if (system(cmd) != 0) rc = rc ? rc : 1;
    return rc;
}
