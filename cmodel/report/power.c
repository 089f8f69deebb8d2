/* power.c -- the activity-based power model.  See power.h.
 *
 * Sources of the defaults.  The papers give ratios, not a coefficient table:
 *  - seed 004 Sec. 6: static power of each core component is proportional to
 *    its area; non-core components (memory system, DRAM) are 40 % of static
 *    power on its 16-core, 6-partition baseline (charged per partition); a power-gated group has no static power; gating costs a
 *    break-even time of 19 cycles.  We charge each gate+wake pair the group's
 *    static energy over the break-even time (the definition of break-even).
 *  - Relative component areas (s_comp) are this project's assumption for a
 *    Fermi-class core: execution units and operand collectors dominate; they
 *    are configuration keys so a user with GPUWattch area numbers can set them.
 *  - Per-event energies are of the magnitudes GPUWattch-class models report
 *    for 40 nm parts (a few pJ per thread operation, tens of pJ per cache
 *    access, about 15 nJ per 128-byte DRAM line transfer); they are
 *    assumptions, and every one is a power.* key.  Measured with them: the
 *    30-core preset (kayiran30) averages 80 W running compute_fma (65 % of
 *    it static) and 68 W running stream_copy (DRAM 18 W) -- the range
 *    GPUWattch-class models report for a Fermi GTX 480-class GPU.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "infile.h"
#include "power.h"
#include "stats_table.h"

#define POWER_BASELINE_MAX (64u << 20)   /* a --json report is far smaller */

/* Every coefficient is a key power.<field>, 0..1e9 (sources above). */
#define PK(f, unit, h) KEY_F(power_cfg, "power." #f, offsetof(power_cfg, f), 1e9, unit, "power.c header", h)
#define PKC(i, n, h) KEY_F(power_cfg, "power." n, offsetof(power_cfg, s_comp) + (i) * sizeof(double), \
                           1e9, "mW", "power.c header", h)
#define PKK(i, n, h) KEY_F(power_cfg, "power." n, offsetof(power_cfg, clk_comp) + (i) * sizeof(double), \
                           1e9, "mW", "power.c header", h)

static const key_def power_rows[] = {
    PK(e_fetch, "pJ", "per instruction fetched and decoded (IFID busy slot)"),
    PK(e_issue, "pJ", "per warp instruction issued (SCH busy slot)"),
    PK(e_idoc, "pJ", "per instruction passing IDOC"),
    PK(e_oc, "pJ", "per instruction collecting its operands (register-file reads)"),
    PK(e_ocex, "pJ", "per instruction passing OCEX"),
    PK(e_sp_thread, "pJ", "per SP thread instruction"),
    PK(e_sfu_thread, "pJ", "per SFU thread instruction"),
    PK(e_dp_thread, "pJ", "per double-precision thread instruction"),
    PK(e_ldst_access, "pJ", "per line access issued by EX_LDST"),
    PK(e_l1, "pJ", "per L1 access"),
    PK(e_l2, "pJ", "per L2 access"),
    PK(e_flit, "pJ", "per crossbar flit"),
    PK(e_dram_rw, "pJ", "per DRAM line read or write"),
    PK(e_dram_act, "pJ", "per DRAM activate+precharge"),
    PKC(CTL_IFID, "s_ifid", "static, IFID (both groups)"),
    PKC(CTL_SCH, "s_sch", "static, warp schedulers"),
    PKC(CTL_IDOC_SP, "s_idoc_sp", "static"), PKC(CTL_IDOC_SFU, "s_idoc_sfu", "static"),
    PKC(CTL_IDOC_LDST, "s_idoc_ldst", "static"),
    PKC(CTL_OC_SP, "s_oc_sp", "static"), PKC(CTL_OC_SFU, "s_oc_sfu", "static"),
    PKC(CTL_OC_LDST, "s_oc_ldst", "static"),
    PKC(CTL_OCEX_SP, "s_ocex_sp", "static"), PKC(CTL_OCEX_SFU, "s_ocex_sfu", "static"),
    PKC(CTL_OCEX_LDST, "s_ocex_ldst", "static"),
    PKC(CTL_EX_SP, "s_ex_sp", "static"), PKC(CTL_EX_SFU, "s_ex_sfu", "static"),
    PKC(CTL_EX_LDST, "s_ex_ldst", "static"),
    PK(s_core_other, "mW", "static per core never gated (register file, L1, shared memory)"),
    PKK(CTL_IFID, "clk_ifid", "clock power"), PKK(CTL_SCH, "clk_sch", "clock power"),
    PKK(CTL_IDOC_SP, "clk_idoc_sp", "clock power"), PKK(CTL_IDOC_SFU, "clk_idoc_sfu", "clock power"),
    PKK(CTL_IDOC_LDST, "clk_idoc_ldst", "clock power"),
    PKK(CTL_OC_SP, "clk_oc_sp", "clock power"), PKK(CTL_OC_SFU, "clk_oc_sfu", "clock power"),
    PKK(CTL_OC_LDST, "clk_oc_ldst", "clock power"),
    PKK(CTL_OCEX_SP, "clk_ocex_sp", "clock power"), PKK(CTL_OCEX_SFU, "clk_ocex_sfu", "clock power"),
    PKK(CTL_OCEX_LDST, "clk_ocex_ldst", "clock power"),
    PKK(CTL_EX_SP, "clk_ex_sp", "clock power"), PKK(CTL_EX_SFU, "clk_ex_sfu", "clock power"),
    PKK(CTL_EX_LDST, "clk_ex_ldst", "clock power"),
    PK(s_l2, "mW", "static per L2 slice (0 with s_dram 0: seed 004 Sec. 6 share, power.c)"),
    PK(s_dram, "mW", "static (background) per DRAM channel (0 with s_l2 0: as s_l2)"),
    KEY_F(power_cfg, "power.pcpg", offsetof(power_cfg, pcpg), 1, "", "seed 000 Sec. 5; seed 002 Sec. 5.3",
          "per-core power gating of off / idle-disabled cores (0 = clock gating only, they leak)"),
    PK(s_const, "mW", "uncore constant"),
};
const key_table power_keys = KEY_TABLE("power", NULL, power_rows);

void power_cfg_defaults(power_cfg *p)
{
    memset(p, 0, sizeof *p);
    p->e_fetch = 300; p->e_issue = 200;
    p->e_idoc = 60;   p->e_oc = 600;    p->e_ocex = 60;
    p->e_sp_thread = 60; p->e_sfu_thread = 150; p->e_dp_thread = 200;
    p->e_ldst_access = 400;
    p->e_l1 = 800;    p->e_l2 = 1500;   p->e_flit = 300;
    p->e_dram_rw = 15000; p->e_dram_act = 8000;
    /* relative areas as mW at the nominal voltage, per core */
    static const double s[CTL_NCOMP] = {
        60,  /* IFID */      40,  /* SCH */
        15, 10, 10,          /* IDOC */
        90, 40, 40,          /* OC */
        15, 10, 10,          /* OCEX */
        260, 90, 70          /* EX_SP, EX_SFU, EX_LDST */
    };
    for (int i = 0; i < CTL_NCOMP; i++) {
        p->s_comp[i] = s[i];
        p->clk_comp[i] = s[i] * 0.25;
    }
    p->s_core_other = 250;
    /* non-core static per partition: left at 0, power_l2_part_mw and
     * power_dram_part_mw derive it from the core areas (seed 004 Sec. 6) */
    p->s_l2 = 0;
    p->s_dram = 0;
    p->s_const = 2000;
}

static const char *row_names[PW_NROWS] = {
    "IFID", "SCH", "IDOC", "OC", "OCEX", "EX_SP", "EX_SFU", "EX_LDST",
    "L1", "L2", "ICNT", "DRAM", "gating", "constant"
};
const char *power_row_name(int row) { return row >= 0 && row < PW_NROWS ? row_names[row] : "?"; }

static int comp_row(int comp)
{
    switch (comp) {
    case CTL_IFID: return PW_IFID;
    case CTL_SCH: return PW_SCH;
    case CTL_IDOC_SP: case CTL_IDOC_SFU: case CTL_IDOC_LDST: return PW_IDOC;
    case CTL_OC_SP: case CTL_OC_SFU: case CTL_OC_LDST: return PW_OC;
    case CTL_OCEX_SP: case CTL_OCEX_SFU: case CTL_OCEX_LDST: return PW_OCEX;
    case CTL_EX_SP: return PW_EX_SP;
    case CTL_EX_SFU: return PW_EX_SFU;
    default: return PW_EX_LDST;
    }
}

static const int pg_comp[CTL_NPG] = { CTL_SCH, CTL_EX_SP, CTL_EX_SFU, CTL_IFID };

/* Static and clock energy of the cores into stat_j (and the gating
 * transitions into *gating_j), per core:
 *  - a core a unit turned off (off_cycles) or powered but clock-gated
 *    (gated_cycles: may receive no CTA and holds none -- the idle half of
 *    seed 002 Sec. 3.1.3) draws no clock power; with per-core power gating
 *    (pcpg) it draws nothing, without it it still leaks (gpu-model.md; seed
 *    000 Sec. 5 reports its core gating with and without PCPG, seed 002 Sec.
 *    5.3 measures ApSA without power gating);
 *  - power-gated groups (half a component) pay no static power while off,
 *    clock-gated groups save half the component's clock power.
 * scale = the average core period times the DVFS static factor. */
static void core_static(const power_cfg *p, const ctl_cfg *ctl, const kstats *k, int pcpg,
                        double scale, double *stat_j, double *gating_j)
{
    const double mw = 1e-3;
    for (uint32_t c = 0; c < k->n_cores; c++) {
        const core_ctl_stats *t = &k->ctl[c];
        double dark = (double)t->off_cycles + (double)t->gated_cycles;
        double on_cycles = (double)k->cycles - dark;
        double leak_cycles = on_cycles + (pcpg ? 0 : dark);
        for (int i = 0; i < CTL_NCOMP; i++) {
            double e = p->s_comp[i] * leak_cycles;
            double clk = p->clk_comp[i] * on_cycles;
            int pg = -1;
            for (int g = 0; g < CTL_NPG; g++) if (pg_comp[g] == i) pg = g;
            if (pg >= 0) {
                /* IFID: the decoder (PG) is half of IFID's area; the buffer is CG */
                double share = i == CTL_IFID ? 0.5 : 1.0;
                e -= p->s_comp[i] * share * 0.5 * (double)t->pg_off_cycles[pg];
                clk -= p->clk_comp[i] * share * 0.5 * (double)t->pg_off_cycles[pg];
                /* gate + wake: the group's static energy over the break-even time */
                if (gating_j)
                    *gating_j += p->s_comp[i] * share * 0.5 * mw * scale *
                                 ctl->uc_break_even * (double)t->pg_gatings[pg];
                if (i == CTL_IFID) clk -= p->clk_comp[i] * 0.5 * 0.5 * (double)t->down_cycles[i];
            } else {
                clk -= p->clk_comp[i] * 0.5 * (double)t->down_cycles[i];
            }
            stat_j[comp_row(i)] += (e + clk) * mw * scale;
        }
        stat_j[PW_L1] += p->s_core_other * leak_cycles * mw * scale;
    }
}

/* Static power of one memory partition's L2 slice and of its DRAM channel,
 * mW.  Set by power.s_l2 / power.s_dram; left at 0, both come from seed 004
 * Sec. 6: non-core components (memory system, DRAM) are 40 % of static power
 * on its baseline of 16 cores and 6 memory controllers (Table 3), so one
 * partition draws 16/6 x 0.4/0.6 of a full core's static power, half in its
 * L2 slice and half in its DRAM channel.  A fixed amount per partition: a
 * GPU with more or fewer cores (seed 002's 30- and 60-core comparison) keeps
 * the same memory system and the same non-core leakage. */
#define PW_REF_CORES 16.0   /* seed 004 Table 3: 16 shader cores */
#define PW_REF_PARTS 6.0    /* seed 004 Table 3: 6 memory controllers */
#define PW_NONCORE_SHARE 0.4 /* seed 004 Sec. 6: non-core share of static power */

static double noncore_part_mw(const power_cfg *p)
{
    double core_mw = p->s_core_other;
    for (int i = 0; i < CTL_NCOMP; i++) core_mw += p->s_comp[i];
    return core_mw * PW_REF_CORES / PW_REF_PARTS * PW_NONCORE_SHARE / (1.0 - PW_NONCORE_SHARE);
}

double power_l2_part_mw(const power_cfg *p)
{
    return p->s_l2 > 0 || p->s_dram > 0 ? p->s_l2 : 0.5 * noncore_part_mw(p);
}

double power_dram_part_mw(const power_cfg *p)
{
    return p->s_l2 > 0 || p->s_dram > 0 ? p->s_dram : 0.5 * noncore_part_mw(p);
}

void power_compute(const power_cfg *p, const ctl_cfg *ctl, const report *r, power_report *out)
{
    const kstats *k = &r->total;
    memset(out, 0, sizeof *out);
    if (k->cycles == 0) return;
    double time_s = (double)k->time_fs / 1e15;
    double tcyc = time_s / (double)k->cycles;         /* average core period */
    double fc = (double)k->fc_cycles / (double)k->cycles;
    /* DVFS (seed 002 Sec. 3 calibrator; V proportional to f): dynamic x (1+p)^2,
     * static x (1+p), for the share of time the calibrator was on. */
    double cp = ctl->ar_core_pct / 100.0, mp = ctl->ar_mem_pct / 100.0;
    double core_dyn = (1 - fc) + fc * (1 - cp) * (1 - cp), core_st = (1 - fc) + fc * (1 - cp);
    double mem_dyn = (1 - fc) + fc * (1 + mp) * (1 + mp), mem_st = (1 - fc) + fc * (1 + mp);
    const double pj = 1e-12, mw = 1e-3;

    /* dynamic, core side */
    for (uint32_t c = 0; c < k->n_cores; c++) {
        const core_stats *s = &k->core[c];
        out->dyn_j[PW_IFID] += p->e_fetch * (double)s->busy[CTL_IFID];
        out->dyn_j[PW_SCH] += p->e_issue * (double)s->busy[CTL_SCH];
        /* IDOC, OC and OCEX: energy per instruction passing, not per cycle an
         * instruction waits there (a stalled instruction reads no registers) */
        double piped = 0;
        for (int cl = 0; cl < IC_NCLASS; cl++)
            if (cl != IC_BAR && cl != IC_HINT && cl != IC_EXIT) piped += (double)s->class_insts[cl];
        out->dyn_j[PW_IDOC] += p->e_idoc * piped;
        out->dyn_j[PW_OC] += p->e_oc * piped;
        out->dyn_j[PW_OCEX] += p->e_ocex * piped;
        out->dyn_j[PW_EX_SP] += p->e_sp_thread * (double)(s->class_threads[IC_SP] + s->class_threads[IC_BRA]) +
                                p->e_dp_thread * (double)s->class_threads[IC_DP];
        out->dyn_j[PW_EX_SFU] += p->e_sfu_thread * (double)s->class_threads[IC_SFU];
        out->dyn_j[PW_EX_LDST] += p->e_ldst_access *
            (double)(s->l1_lines + s->class_insts[IC_SLD] + s->class_insts[IC_SST]);
    }
    for (int i = 0; i <= PW_EX_LDST; i++) out->dyn_j[i] *= pj * core_dyn;

    /* dynamic, memory side */
    const mem_stats *m = &k->mem;
    double l2 = 0, dram_rw = 0, act = 0;
    for (uint32_t q = 0; q < r->n_parts; q++) {
        l2 += (double)(m->part[q].l2_hits + m->part[q].l2_misses);
        dram_rw += (double)(m->part[q].dram_reads + m->part[q].dram_writes);
        act += (double)m->part[q].dram_activates;
    }
    out->dyn_j[PW_L1] = p->e_l1 * (double)(m->l1_hits + m->l1_misses) * pj * core_dyn;
    out->dyn_j[PW_L2] = p->e_l2 * l2 * pj * mem_dyn;
    out->dyn_j[PW_ICNT] = p->e_flit * (double)(m->icnt_req_flits + m->icnt_resp_flits) * pj * mem_dyn;
    out->dyn_j[PW_DRAM] = (p->e_dram_rw * dram_rw + p->e_dram_act * act) * pj * mem_dyn;

    /* static and clock power, core side */
    core_static(p, ctl, k, p->pcpg != 0, tcyc * core_st, out->stat_j, &out->dyn_j[PW_GATING]);
    /* non-core static: per memory partition (an L2 slice and its DRAM
     * channel), whatever the core count (power_l2_part_mw) */
    out->stat_j[PW_L2] = power_l2_part_mw(p) * r->n_parts * mw * time_s * mem_st;
    out->stat_j[PW_DRAM] = power_dram_part_mw(p) * r->n_parts * mw * time_s * mem_st;
    out->stat_j[PW_CONST] = p->s_const * mw * time_s;

    out->time_s = time_s;
    double st = 0;
    for (int i = 0; i < PW_NROWS; i++) {
        out->total_j += out->dyn_j[i] + out->stat_j[i];
        st += out->stat_j[i];
    }
    out->avg_w = time_s > 0 ? out->total_j / time_s : 0;
    out->static_share = out->total_j > 0 ? st / out->total_j : 0;
    /* the same run with the other per-core power-gating choice */
    double alt[PW_NROWS] = { 0 }, here[PW_NROWS] = { 0 }, d = 0;
    core_static(p, ctl, k, p->pcpg == 0, tcyc * core_st, alt, NULL);
    core_static(p, ctl, k, p->pcpg != 0, tcyc * core_st, here, NULL);
    for (int i = 0; i < PW_NROWS; i++) d += alt[i] - here[i];
    out->pcpg = p->pcpg != 0;
    out->alt_total_j = out->total_j + d;
    out->alt_avg_w = time_s > 0 ? out->alt_total_j / time_s : 0;
}

void power_add_control(power_report *p, double dyn_w, double leak_w)
{
    double st = p->static_share * p->total_j;
    p->ctl_dyn_j = dyn_w * p->time_s;
    p->ctl_stat_j = leak_w * p->time_s;
    p->have_ctl = 1;
    p->total_j += p->ctl_dyn_j + p->ctl_stat_j;
    p->alt_total_j += p->ctl_dyn_j + p->ctl_stat_j;
    p->avg_w = p->time_s > 0 ? p->total_j / p->time_s : 0;
    p->alt_avg_w = p->time_s > 0 ? p->alt_total_j / p->time_s : 0;
    p->static_share = p->total_j > 0 ? (st + p->ctl_stat_j) / p->total_j : 0;
}

void power_print(const power_report *p, FILE *out)
{
    double dyn = p->ctl_dyn_j, st = p->ctl_stat_j;
    for (int i = 0; i < PW_NROWS; i++) { dyn += p->dyn_j[i]; st += p->stat_j[i]; }
    fprintf(out, "  power: %.2f W average (dynamic %.2f W, static %.2f W), energy %.4g J\n",
            p->avg_w, p->time_s > 0 ? dyn / p->time_s : 0, p->time_s > 0 ? st / p->time_s : 0,
            p->total_j);
    fprintf(out, "    %-9s %10s %10s\n", "component", "dyn W", "static W");
    for (int i = 0; i < PW_NROWS; i++)
        fprintf(out, "    %-9s %10.3f %10.3f\n", row_names[i],
                p->time_s > 0 ? p->dyn_j[i] / p->time_s : 0, p->time_s > 0 ? p->stat_j[i] / p->time_s : 0);
    /* a few mW: 6 decimals, or it would read 0.000 */
    if (p->have_ctl)
        fprintf(out, "    %-9s %10.6f %10.6f  (gate level, --rtl-power)\n", "control",
                p->time_s > 0 ? p->ctl_dyn_j / p->time_s : 0,
                p->time_s > 0 ? p->ctl_stat_j / p->time_s : 0);
    fprintf(out, "  static share %.1f %%; %s per-core power gating: %.2f W\n", 100.0 * p->static_share,
            p->pcpg ? "without" : "with", p->alt_avg_w);
    if (p->have_base)
        fprintf(out, "  relative to baseline: energy %.3f, average power %.3f (static share %.1f %%)\n",
                p->base_total_j > 0 ? p->total_j / p->base_total_j : 0,
                p->base_avg_w > 0 ? p->avg_w / p->base_avg_w : 0, 100.0 * p->static_share);
}

static int json_number(const char *text, const char *key, double *v)
{
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\":", key);
    const char *s = strstr(text, pat);
    if (!s) return -1;
    char *end;
    *v = strtod(s + strlen(pat), &end);
    return end == s + strlen(pat) ? -1 : 0;
}

int power_load_baseline(power_report *p, const char *path, char *err, size_t errlen)
{
    FILE *f = infile_open(path, "baseline JSON (--power-baseline)", POWER_BASELINE_MAX, err, errlen);
    if (!f) return -1;
    char *buf = malloc(POWER_BASELINE_MAX + 1);
    if (!buf) { fclose(f); snprintf(err, errlen, "%s:0: out of memory", path); return -1; }
    size_t n = fread(buf, 1, POWER_BASELINE_MAX, f);
    int bad = ferror(f);
    fclose(f);
    buf[n] = 0;
    const char *pw = bad ? NULL : strstr(buf, "\"power\":");
    int rc = 0;
    if (bad) {
        snprintf(err, errlen, "%s:0: read error (--power-baseline)", path);
        rc = -1;
    } else if (!pw || json_number(pw, "energy_j", &p->base_total_j) < 0 ||
               json_number(pw, "power_w", &p->base_avg_w) < 0) {
        snprintf(err, errlen, "%s:0: no \"power\" object with energy_j and power_w (write it with --json)", path);
        rc = -1;
    } else if (!(p->base_total_j > 0) || !(p->base_avg_w > 0)) {
        snprintf(err, errlen, "%s:0: baseline energy_j and power_w must be above 0 (--power-baseline)", path);
        rc = -1;
    }
    free(buf);
    if (rc == 0) p->have_base = 1;
    return rc;
}

/* One row of the report (STATS_JSON_POWER_ROW). */
static void power_json_row(jw *w, const char *name, double dyn_j, double stat_j)
{
#define PR_STR(v, fmt) jw_string(w, v)
#define PR_DBL(v, fmt) jw_double(w, fmt, v)
#define PR(key, unit, desc, type, v, fmt) jw_key(w, #key); PR_##type(v, fmt);
    jw_object_begin(w);
    STATS_JSON_POWER_ROW(PR)
    jw_object_end(w);
#undef PR
}

static void power_json_rows(jw *w, const power_report *p)
{
    jw_array_begin(w);
    for (int i = 0; i < PW_NROWS; i++) power_json_row(w, row_names[i], p->dyn_j[i], p->stat_j[i]);
    if (p->have_ctl)   /* --rtl-power: the control units' gate-level power */
        power_json_row(w, "control", p->ctl_dyn_j, p->ctl_stat_j);
    jw_array_end(w);
}

void power_json(jw *w, const power_report *p)
{
#define PJ_DBL(v, fmt) jw_double(w, fmt, v)
#define PJ_ROWS(v, fmt) power_json_rows(w, v)
#define PJ(key, unit, desc, type, v, fmt, when) \
    if (when) {                                 \
        jw_key(w, #key);                        \
        PJ_##type(v, fmt);                      \
    }
    jw_object_begin(w);
    STATS_JSON_POWER(PJ)
    jw_object_end(w);
#undef PJ
}
