// ctl_top -- all five control units behind the one seam of cmodel/ctl/ctl_seam.h
// (docs/cosim.md).  The ports are exactly the seam's signals: every ctl_in
// field is an input, every ctl_out field an output, every ctl_cfg field a
// quasi-static cfg_*_i port ("programmable register").  Per-core fields are
// flattened into packed vectors, core c at [c*W +: W]; per-core arrays (busy,
// sch_busy, pg_state) are flattened core-major: element i of core c at
// [(c*COUNT + i)*W +: W].  Wiring only: every unit runs every cycle here
// (the `trace` and `cov` models); the `fast` model Verilates each unit on
// its own and steps only the units a run asks for (docs/cosim.md, "Units
// stepped"); the policy stack in cmodel/gpu/seam.c chooses which outputs the
// model obeys.
//
// Mapping (seam field -> port, width per element):
//   ctl_in.kernel_start            kernel_start_i                 1
//   ctl_in.n_max                   n_max_i                        6
//   ctl_in.n_cta                   n_cta_i                       20
//   ctl_in.alloc                   alloc_i                        1
//   ctl_in.alloc_cores             alloc_cores_i                  8
//   ctl_in.dram_cycles             dram_cycles_i                  3
//   ctl_in.dram_busy[p]            dram_busy_i[p*3 +: 3]          3
//   ctl_in.core[c].issued          core_issued_i[c]               1
//   ctl_in.core[c].stalled         core_stalled_i[c]              1  (no unit uses it)
//   ctl_in.core[c].idle            core_idle_i[c]                 1
//   ctl_in.core[c].mem_wait        core_mem_wait_i[c]             1
//   ctl_in.core[c].active          core_active_i[c]               1
//   ctl_in.core[c].drained         core_drained_i[c]              1
//   ctl_in.core[c].req             core_req_i[c]                  1
//   ctl_in.core[c].cta_done        core_cta_done_i[c*2 +: 2]      2
//   ctl_in.core[c].thread_insts    core_thread_insts_i[c*7 +: 7]  7
//   ctl_in.core[c].max_lanes       core_max_lanes_i[c*6 +: 6]     6
//   ctl_in.core[c].busy[i]         core_busy_i[(c*14+i)*4 +: 4]   4
//   ctl_in.core[c].sch_busy[j]     core_sch_busy_i[(c*3+j)*4 +: 4] 4
//   ctl_in.core[c].mem_warps       core_mem_warps_i[c*7 +: 7]     7
//   ctl_in.core[c].ldst_enter      core_ldst_enter_i[c*3 +: 3]    3
//   ctl_in.core[c].empty           core_empty_i[c*14 +: 14]      14
//   ctl_out.claso_ready            claso_ready_o                  1
//   ctl_out.credit_global          credit_global_o               24 (two's complement)
//   ctl_out.ar_phase / ar_type     ar_phase_o / ar_type_o         2
//   ctl_out.ar_limit1 / fc_on      ar_limit1_o / fc_on_o          1
//   ctl_out.core_clk_pct           core_clk_pct_o                 8 (two's complement)
//   ctl_out.mem_clk_pct            mem_clk_pct_o                  8 (two's complement)
//   ctl_out.core[c].dyncta_n       dyncta_n_o[c*6 +: 6]           6
//   ctl_out.core[c].grant          grant_o[c]                     1
//   ctl_out.core[c].refuse         refuse_o[c]                    1
//   ctl_out.core[c].credit         credit_o[c*24 +: 24]          24 (two's complement)
//   ctl_out.core[c].dc_enable      dc_enable_o[c]                 1
//   ctl_out.core[c].dc_power_on    dc_power_on_o[c]               1
//   ctl_out.core[c].ar_enable      ar_enable_o[c]                 1
//   ctl_out.core[c].tuned_down     tuned_down_o[c*14 +: 14]      14
//   ctl_out.core[c].accepts_work   accepts_work_o[c*14 +: 14]    14
//   ctl_out.core[c].pg_state[g]    pg_state_o[(c*4+g)*2 +: 2]     2
//   ctl_cfg.X                      cfg_X_i (same name; units[i] at cfg_units_i[i*4 +: 4])
// Units: dyncta (seed 000 Sec. 4.1), dyncore (seed 000 Sec. 4.2), claso
// (seed 003 Sec. 3), arcta (seed 002 Sec. 3, core 0's counters), ucs (seed 004
// Sec. 4).
module ctl_top #(
  parameter int NumCores = ctasim_pkg::MaxCores,  // the runtime count is cfg_n_cores_i
  parameter int NumParts = ctasim_pkg::MaxParts   // the runtime count is cfg_n_parts_i
) (
  input  logic                    clk_i,
  input  logic                    rst_ni,
  // ---- programmable registers (ctl_cfg)
  input  logic [ctasim_pkg::CoresW-1:0] cfg_n_cores_i,
  input  logic [ctasim_pkg::PartsW-1:0] cfg_n_parts_i,
  input  logic [ctasim_pkg::NumComp*4-1:0]      cfg_units_i,
  input  logic [5:0]              cfg_simt_lanes_i,
  input  logic [15:0]             cfg_dyncta_period_i,
  input  logic [10:0]             cfg_dyncta_t_idle_i,
  input  logic [10:0]             cfg_dyncta_t_mem_l_i,
  input  logic [10:0]             cfg_dyncta_t_mem_h_i,
  input  logic [15:0]             cfg_dyncore_period_i,
  input  logic [3:0]              cfg_dyncore_frac_num_i,
  input  logic [3:0]              cfg_dyncore_frac_den_i,
  input  logic [ctasim_pkg::CoresW-1:0] cfg_dyncore_k_i,
  input  logic                    cfg_dyncore_tact_counted_i,
  input  logic [7:0]              cfg_claso_p_a_i,
  input  logic [7:0]              cfg_claso_p_l_i,
  input  logic [15:0]             cfg_ar_window_i,
  input  logic [6:0]              cfg_ar_t_u_ipc_i,
  input  logic [6:0]              cfg_ar_t_l_ipc_i,
  input  logic [16:0]             cfg_ar_t_max_bw_mpct_i,
  input  logic [6:0]              cfg_ar_t_gbr_i,
  input  logic [5:0]              cfg_ar_good_lanes_i,
  input  logic [6:0]              cfg_ar_core_pct_i,
  input  logic [6:0]              cfg_ar_mem_pct_i,
  input  logic [15:0]             cfg_uc_period_i,
  input  logic [6:0]              cfg_uc_th_u_pct_i,
  input  logic [9:0]              cfg_uc_th_rt_i,
  input  logic [7:0]              cfg_uc_break_even_i,
  input  logic [7:0]              cfg_uc_wakeup_i,
  // ---- global inputs (ctl_in)
  input  logic                    kernel_start_i,
  input  logic [5:0]              n_max_i,
  input  logic [19:0]             n_cta_i,
  input  logic                    alloc_i,
  input  logic [ctasim_pkg::CoresW-1:0] alloc_cores_i,
  input  logic [2:0]              dram_cycles_i,
  input  logic [NumParts*3-1:0]    dram_busy_i,
  // ---- per-core inputs (ctl_in.core[c])
  // Only core 0's issue counters feed AR-CTA's profiling, and no unit reads
  // `stalled`: the ports exist so the top is the whole seam.
  /* verilator lint_off UNUSED */
  input  logic [NumCores-1:0]      core_issued_i,
  input  logic [NumCores-1:0]      core_stalled_i,
  input  logic [NumCores*2-1:0]    core_cta_done_i,
  input  logic [NumCores*7-1:0]    core_thread_insts_i,
  input  logic [NumCores*6-1:0]    core_max_lanes_i,
  /* verilator lint_on UNUSED */
  input  logic [NumCores-1:0]      core_idle_i,
  input  logic [NumCores-1:0]      core_mem_wait_i,
  input  logic [NumCores-1:0]      core_active_i,
  input  logic [NumCores-1:0]      core_drained_i,
  input  logic [NumCores-1:0]      core_req_i,
  input  logic [NumCores*ctasim_pkg::NumComp*4-1:0] core_busy_i,
  input  logic [NumCores*ctasim_pkg::NumItype*4-1:0] core_sch_busy_i,
  input  logic [NumCores*7-1:0]    core_mem_warps_i,
  input  logic [NumCores*3-1:0]    core_ldst_enter_i,
  input  logic [NumCores*ctasim_pkg::NumComp-1:0] core_empty_i,
  // ---- global outputs (ctl_out)
  output logic                    claso_ready_o,
  output logic [23:0]             credit_global_o,
  output logic [ctasim_pkg::ArPhaseW-1:0] ar_phase_o,
  output logic [ctasim_pkg::ArTypeW-1:0] ar_type_o,
  output logic                    ar_limit1_o,
  output logic                    fc_on_o,
  output logic [7:0]              core_clk_pct_o,
  output logic [7:0]              mem_clk_pct_o,
  // ---- per-core outputs (ctl_out.core[c])
  output logic [NumCores*6-1:0]    dyncta_n_o,
  output logic [NumCores-1:0]      grant_o,
  output logic [NumCores-1:0]      refuse_o,
  output logic [NumCores*24-1:0]   credit_o,
  output logic [NumCores-1:0]      dc_enable_o,
  output logic [NumCores-1:0]      dc_power_on_o,
  output logic [NumCores-1:0]      ar_enable_o,
  output logic [NumCores*ctasim_pkg::NumComp-1:0] tuned_down_o,
  output logic [NumCores*ctasim_pkg::NumComp-1:0] accepts_work_o,
  output logic [NumCores*ctasim_pkg::NumPg*ctasim_pkg::PgStateW-1:0] pg_state_o
);

  // DYNCTA: per-core CTA limit n (seed 000 Sec. 4.1).
  dyncta #(
    .NumCores (NumCores)
  ) u_dyncta (
    .clk_i,
    .rst_ni,
    .cfg_n_cores_i,
    .cfg_period_i   (cfg_dyncta_period_i),
    .cfg_t_idle_i   (cfg_dyncta_t_idle_i),
    .cfg_t_mem_l_i  (cfg_dyncta_t_mem_l_i),
    .cfg_t_mem_h_i  (cfg_dyncta_t_mem_h_i),
    .kernel_start_i,
    .n_max_i,
    .idle_i         (core_idle_i),
    .mem_wait_i     (core_mem_wait_i),
    .n_o            (dyncta_n_o)
  );

  // DYNCORE: global core gating (seed 000 Sec. 4.2).
  dyncore #(
    .NumCores (NumCores)
  ) u_dyncore (
    .clk_i,
    .rst_ni,
    .cfg_n_cores_i,
    .cfg_period_i   (cfg_dyncore_period_i),
    .cfg_frac_num_i (cfg_dyncore_frac_num_i),
    .cfg_frac_den_i (cfg_dyncore_frac_den_i),
    .cfg_k_i        (cfg_dyncore_k_i),
    .cfg_tact_counted_i (cfg_dyncore_tact_counted_i),
    .kernel_start_i,
    .active_i       (core_active_i),
    .drained_i      (core_drained_i),
    .enable_o       (dc_enable_o),
    .power_on_o     (dc_power_on_o)
  );

  // CLASO: credit allocator and consumers (seed 003 Sec. 3).
  claso #(
    .NumCores (NumCores)
  ) u_claso (
    .clk_i,
    .rst_ni,
    .cfg_p_a_i       (cfg_claso_p_a_i),
    .cfg_p_l_i       (cfg_claso_p_l_i),
    .alloc_i,
    .n_cta_i,
    .alloc_cores_i,
    .req_i           (core_req_i),
    .ready_o         (claso_ready_o),
    .credit_global_o,
    .grant_o,
    .refuse_o,
    .credit_o
  );

  // AR-CTA decision unit and frequency calibrator (seed 002 Sec. 3): it
  // profiles core 0 only.
  arcta #(
    .NumCores (NumCores),
    .NumParts (NumParts)
  ) u_arcta (
    .clk_i,
    .rst_ni,
    .cfg_n_cores_i,
    .cfg_n_parts_i,
    .cfg_window_i        (cfg_ar_window_i),
    .cfg_t_u_ipc_i       (cfg_ar_t_u_ipc_i),
    .cfg_t_l_ipc_i       (cfg_ar_t_l_ipc_i),
    .cfg_t_max_bw_mpct_i (cfg_ar_t_max_bw_mpct_i),
    .cfg_t_gbr_i         (cfg_ar_t_gbr_i),
    .cfg_good_lanes_i    (cfg_ar_good_lanes_i),
    .cfg_simt_lanes_i,
    .cfg_core_pct_i      (cfg_ar_core_pct_i),
    .cfg_mem_pct_i       (cfg_ar_mem_pct_i),
    .kernel_start_i,
    .thread_insts_i      (core_thread_insts_i[6:0]),
    .max_lanes_i         (core_max_lanes_i[5:0]),
    .issued_i            (core_issued_i[0]),
    .cta_done_i          (core_cta_done_i[1:0]),
    .dram_cycles_i,
    .dram_busy_i,
    .phase_o             (ar_phase_o),
    .type_o              (ar_type_o),
    .limit1_o            (ar_limit1_o),
    .fc_on_o,
    .core_clk_pct_o,
    .mem_clk_pct_o,
    .enable_o            (ar_enable_o)
  );

  // uC-States Gating Control Units (seed 004 Sec. 4).
  ucs #(
    .NumCores (NumCores)
  ) u_ucs (
    .clk_i,
    .rst_ni,
    .cfg_n_cores_i,
    .cfg_units_i,
    .cfg_period_i      (cfg_uc_period_i),
    .cfg_th_u_pct_i    (cfg_uc_th_u_pct_i),
    .cfg_th_rt_i       (cfg_uc_th_rt_i),
    .cfg_break_even_i  (cfg_uc_break_even_i),
    .cfg_wakeup_i      (cfg_uc_wakeup_i),
    .kernel_start_i,
    .busy_i            (core_busy_i),
    .sch_busy_i        (core_sch_busy_i),
    .mem_warps_i       (core_mem_warps_i),
    .ldst_enter_i      (core_ldst_enter_i),
    .empty_i           (core_empty_i),
    .tuned_down_o,
    .accepts_work_o,
    .pg_state_o
  );

  // ================================================================ assertions
  // The seam's guarantees on the inputs (checked as assertions in simulation,
  // assumed by the proof) and rules across the units (rtl/ctasim_assert.svh;
  // docs/verification.md, "Assertions"); nothing below changes behaviour.
`include "ctasim_assert.svh"
  `ASSERT_INIT
  for (genvar c = 0; c < NumCores; c++) begin : g_asrt_core
    // ctl_seam.h ctl_core_in: at most one of issued / stalled / mem_wait / idle a cycle
    `ASSUME(OneIssueClass, 3'(core_issued_i[c]) + 3'(core_stalled_i[c]) + 3'(core_idle_i[c]) +
            3'(core_mem_wait_i[c]) <= 3'd1, "two issue classes in one core-cycle")
    // ctl_seam.h: N_act counts issuing cycles and stalls on busy units only (seed 000 Sec. 4.2)
    `ASSUME(ActiveIssuesOrStalls, !core_active_i[c] || core_issued_i[c] || core_stalled_i[c],
            "active without issue or stall")
    // ctl_seam.h: thread instructions and lanes come from issued warp instructions only
    `ASSUME(LanesNeedIssue, core_issued_i[c] ||
            (core_thread_insts_i[c*7 +: 7] == '0 && core_max_lanes_i[c*6 +: 6] == '0),
            "lanes counted without an issue")
    // ctl_seam.h: max_lanes is one instruction's lanes, part of thread_insts (saturating at 127)
    `ASSUME(LanesInInsts, 7'(core_max_lanes_i[c*6 +: 6]) <= core_thread_insts_i[c*7 +: 7],
            "max_lanes above thread_insts")
    // controllers.md 3: CLASO requests come from the cores in use only
    `ASSUME(ReqFromUsed, ctasim_pkg::CoresW'(c) < cfg_n_cores_i || !core_req_i[c],
            "CTA request from an unused core")
    // issue rule: CLASO grant xor refuse, at the seam
    `ASSERT(GrantXorRefuse, !(grant_o[c] && refuse_o[c]), "grant and refuse together")
    // docs/units/claso.md: replies only to requests of a ready cycle
    `ASSERT(ReplyNeedsReq, !(grant_o[c] || refuse_o[c]) || ($past(core_req_i[c]) &&
            $past(claso_ready_o)), "reply without a request in a ready cycle")
    // controllers.md: cores >= n_cores get nothing from any unit
    `ASSERT(UnusedQuiet, ctasim_pkg::CoresW'(c) < cfg_n_cores_i || !$stable(cfg_n_cores_i) ||
            (dyncta_n_o[c*6 +: 6] == '0 && !dc_enable_o[c] && !dc_power_on_o[c] && !grant_o[c] &&
             tuned_down_o[c*ctasim_pkg::NumComp +: ctasim_pkg::NumComp] == '0 &&
             (c == 0 || !ar_enable_o[c])), "an unused core has a unit's output")
    // seed 000 Sec. 4.2: a core DYNCORE powered off is not enabled
    `ASSERT(OffNotEnabled, dc_power_on_o[c] || !dc_enable_o[c], "OFF core enabled")
  end
  // seed 002 Sec. 3.1: profiling runs core 0 alone at CTA limit 1
  `ASSERT(ArProfileCore0, !ar_limit1_o || ar_enable_o == NumCores'(1), "profiling on other cores")
  // seed 002 Sec. 3.2: the frequency calibrator only for type II kernels
  `ASSERT(FcTypeTwo, fc_on_o == (ar_type_o == ctasim_pkg::AR_TYPE2), "calibrator outside type II")
  // seed 003 Alg. 1: C_g saturates at -1
  `ASSERT(CreditGlobalSat, !credit_global_o[23] || credit_global_o == '1, "C_g below -1")
  // docs/units/claso.md: no reply while CLASO divides
  `ASSERT(NoReplyUnready, $past(claso_ready_o) || (grant_o == '0 && refuse_o == '0),
          "reply while not ready")
  `ASSERT_KNOWN(ReadyKnown, claso_ready_o)
  `ASSERT_KNOWN(PhaseKnown, ar_phase_o)
  `ASSERT_KNOWN(DynctaKnown, dyncta_n_o)
  `COVER(CovAllUnitsBusy, claso_ready_o && ar_phase_o == ctasim_pkg::AR_ACTION)
endmodule
