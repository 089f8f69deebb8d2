// ucs -- uC-States Gating Control Units of all cores (seed 004 Sec. 4,
// Algorithm 1; controllers.md section 5).  One interval timer, evaluation
// step counter and phase register shared by all cores (they all start
// together), the cfg-only threshold products computed once, and one ucs_gcu
// per core.  Cores with
// index >= cfg_n_cores_i are held in reset.  Mirrors units/ucs/ucs.c; the
// cycle-exact rules are in units/ucs/ucs.md.  Per-core vectors hold
// ctasim_pkg::NumComp components, NumItype SCH types and NumPg gate states.
module ucs #(
  parameter int NumCores = ctasim_pkg::MaxCores,
  parameter int CoresW   = ctasim_pkg::CoresW   // width of cfg_n_cores_i
) (
  input  logic                   clk_i,
  input  logic                   rst_ni,
  input  logic [CoresW-1:0]      cfg_n_cores_i,
  input  logic [ctasim_pkg::NumComp*4-1:0] cfg_units_i,
  input  logic [15:0]            cfg_period_i,
  input  logic [6:0]             cfg_th_u_pct_i,
  input  logic [9:0]             cfg_th_rt_i,
  // Break-even is accounted from pg_state_o by the power model (the C model
  // counts short episodes); the RTL keeps no break-even state.
  /* verilator lint_off UNUSED */
  input  logic [7:0]             cfg_break_even_i,
  /* verilator lint_on UNUSED */
  input  logic [7:0]             cfg_wakeup_i,
  input  logic                   kernel_start_i, // restart rotation at phase 1, tune all up
  input  logic [NumCores*ctasim_pkg::NumComp*4-1:0] busy_i,
  input  logic [NumCores*ctasim_pkg::NumItype*4-1:0] sch_busy_i,
  input  logic [NumCores*7-1:0]   mem_warps_i,
  input  logic [NumCores*3-1:0]   ldst_enter_i,
  input  logic [NumCores*ctasim_pkg::NumComp-1:0] empty_i,
  output logic [NumCores*ctasim_pkg::NumComp-1:0] tuned_down_o,
  output logic [NumCores*ctasim_pkg::NumComp-1:0] accepts_work_o,
  output logic [NumCores*ctasim_pkg::NumPg*ctasim_pkg::PgStateW-1:0] pg_state_o
);
  localparam int PeriodW = 16;  // cfg_period_i: T <= 2^16 - 1 counted cycles
  localparam int ThuW  = 12;    // 2 * 127 % * 15 units < 2^12
  localparam int ProdW = 29;    // widest product: sum(lambda) * th_RT < 2^19 * 2^10
  localparam int NumEval = 18;  // evaluation edges: 9 comparisons x (load, compare)
  localparam int EvW   = 5;
  localparam int NComp = ctasim_pkg::NumComp;
  localparam int NType = ctasim_pkg::NumItype;
  localparam int PgW   = ctasim_pkg::NumPg * ctasim_pkg::PgStateW;

  // ---------------------------------------------------------------- timer
  // T counted edges (the interval; T = 0 acts as 1), then NumEval evaluation
  // edges in which every core's datapath reads its counters; the commands
  // take effect at the last evaluation edge and the next interval starts on
  // the cycle after it (units/ucs/ucs.md, "Sequential decision").
  logic [PeriodW-1:0] cyc_d, cyc_q;
  logic [1:0]  phase_d, phase_q;   // 0,1,2 = phase 1,2,3 of the next decision
  logic        eval_d, eval_q;     // the counters are being read
  logic [EvW-1:0] ev_d, ev_q;      // evaluation edges done
  logic        counting, first, apply;

  assign counting = !kernel_start_i && !eval_q;
  assign first    = counting && (cyc_q == '0);
  assign apply    = !kernel_start_i && eval_q && (ev_q == EvW'(NumEval - 1));

  always_comb begin
    cyc_d   = cyc_q;
    phase_d = phase_q;
    eval_d  = eval_q;
    ev_d    = ev_q;
    if (kernel_start_i) begin
      cyc_d   = '0;
      phase_d = 2'd0;
      eval_d  = 1'b0;
      ev_d    = '0;
    end else if (counting) begin
      if ((17'(cyc_q) + 17'd1) >= 17'(cfg_period_i)) begin
        cyc_d  = '0;
        eval_d = 1'b1;     // the T-th counted cycle ends the interval
      end else begin
        cyc_d  = cyc_q + PeriodW'(1);
      end
    end else if (apply) begin
      eval_d  = 1'b0;
      ev_d    = '0;
      phase_d = (phase_q == 2'd2) ? 2'd0 : phase_q + 2'd1;
    end else begin
      ev_d    = ev_q + EvW'(1);
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      cyc_q   <= '0;
      phase_q <= 2'd0;
      eval_q  <= 1'b0;
      ev_q    <= '0;
    end else begin
      cyc_q   <= cyc_d;
      phase_q <= phase_d;
      eval_q  <= eval_d;
      ev_q    <= ev_d;
    end
  end

  // ---------------------------------------------------------------- limits
  // U < th_U <=> sum(busy) * 100 < th_U% * units * T (seed 004 Sec. 4,
  // phase 1: EX_SP at comparison 0, EX_SFU at 1); phase 3 compares SCH with
  // 2 th_U at comparison 4.  cfg-only, so one shared multiplier computes the
  // threshold the cores' current comparison needs.
  logic [ThuW-1:0]  thu;
  logic [3:0]       units_sel;
  logic [ProdW-1:0] thr, t_eff;
  always_comb begin
    if (phase_q == 2'd2) begin
      units_sel = cfg_units_i[ctasim_pkg::COMP_SCH*4 +: 4];
    end else if (ev_q[EvW-1:1] == '0) begin
      units_sel = cfg_units_i[ctasim_pkg::COMP_EX_SP*4 +: 4];
    end else begin
      units_sel = cfg_units_i[ctasim_pkg::COMP_EX_SFU*4 +: 4];
    end
  end
  assign thu   = (ThuW'(cfg_th_u_pct_i) * ThuW'(units_sel)) << ((phase_q == 2'd2) ? 1 : 0);
  assign t_eff = (cfg_period_i == '0) ? ProdW'(1) : ProdW'(cfg_period_i);
  assign thr   = ProdW'(thu) * t_eff;

  // ---------------------------------------------------------------- cores
  for (genvar c = 0; c < NumCores; c++) begin : g_core
    logic en;
    assign en = (CoresW'(c) < cfg_n_cores_i);
    ucs_gcu u_gcu (
      .clk_i,
      .rst_ni,
      .en_i           (en),
      .kernel_start_i,
      .counting_i     (counting),
      .first_i        (first),
      .apply_i        (apply),
      .ev_i           (ev_q),
      .phase_i        (phase_q),
      .cfg_units_i,
      .cfg_th_rt_i,
      .cfg_wakeup_i,
      .thr_i          (thr),
      .busy_i         (busy_i[c*NComp*4 +: NComp*4]),
      .sch_busy_i     (sch_busy_i[c*NType*4 +: NType*4]),
      .mem_warps_i    (mem_warps_i[c*7 +: 7]),
      .ldst_enter_i   (ldst_enter_i[c*3 +: 3]),
      .empty_i        (empty_i[c*NComp +: NComp]),
      .tuned_down_o   (tuned_down_o[c*NComp +: NComp]),
      .accepts_work_o (accepts_work_o[c*NComp +: NComp]),
      .pg_state_o     (pg_state_o[c*PgW +: PgW])
    );
  end

  // ================================================================ assertions
  // The unit's rules as checks (rtl/ctasim_assert.svh; docs/verification.md,
  // "Assertions"); nothing below changes the unit's behaviour.
`include "ctasim_assert.svh"
  `ASSERT_INIT
  // units/ucs/ucs.md "Sequential decision": 18 evaluation edges, steps 0..17
  `ASSERT(EvRange, ev_q < EvW'(NumEval), "evaluation step past 17")
  `ASSERT(EvZeroCounting, eval_q || ev_q == '0, "evaluation step while counting")
  // seed 004 Alg. 1: three phases in rotation
  `ASSERT(PhaseRange, phase_q != 2'd3, "phase code 3")
`ifdef CTASIM_ASSERT_ON
  // The edge before, in explicit registers the checks share ($past() reads
  // sampled values, which an edge evaluated together with its new inputs
  // would see stale: cosim/vmodel/vtop_ports.h, rising_edge).
  logic               asrt_start_q, asrt_apply_q, asrt_eval_q, asrt_stepping_q;
  logic [1:0]         asrt_phase_q;
  logic [EvW-1:0]     asrt_ev_q;
  logic [PeriodW-1:0] asrt_period_q;
  logic [CoresW-1:0]  asrt_ncores_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      asrt_start_q    <= 1'b0;
      asrt_apply_q    <= 1'b0;
      asrt_eval_q     <= 1'b0;
      asrt_stepping_q <= 1'b0;
      asrt_phase_q    <= 2'd0;
      asrt_ev_q       <= '0;
      asrt_period_q   <= '0;
      asrt_ncores_q   <= '0;
    end else begin
      asrt_start_q    <= kernel_start_i;
      asrt_apply_q    <= apply;
      asrt_eval_q     <= eval_q;
      asrt_stepping_q <= eval_q && !kernel_start_i && !apply;
      asrt_phase_q    <= phase_q;
      asrt_ev_q       <= ev_q;
      asrt_period_q   <= cfg_period_i;
      asrt_ncores_q   <= cfg_n_cores_i;
    end
  end
`endif
  `ASSERT(PhaseRotates, asrt_start_q ? phase_q == 2'd0 :
          (phase_q == asrt_phase_q || (asrt_apply_q &&
           phase_q == (asrt_phase_q == 2'd2 ? 2'd0 : asrt_phase_q + 2'd1))),
          "phase skipped or moved outside a decision")
  // units/ucs/ucs.md: the interval holds T counted cycles (T = 0 acts as 1)
  `ASSERT(IntervalBelowT, cfg_period_i != asrt_period_q || cyc_q == '0 || cyc_q < cfg_period_i,
          "interval counter reached T")
  `ASSERT(CycZeroInEval, !eval_q || cyc_q == '0, "interval counter moved while evaluating")
  // units/ucs/ucs.md: an evaluation lasts exactly 18 edges
  `ASSERT(EvalLength, !(asrt_eval_q && !eval_q && !asrt_start_q) ||
          asrt_ev_q == EvW'(NumEval - 1), "evaluation ended early")
  `ASSERT(EvSteps, !asrt_stepping_q || ev_q == asrt_ev_q + 1'b1, "evaluation step skipped")
  // units/ucs/ucs.md: a kernel start restarts the rotation at phase 1
  `ASSERT(StartResets, !asrt_start_q || (cyc_q == '0 && phase_q == 2'd0 &&
          !eval_q && ev_q == '0), "kernel start did not restart the timer")
  `ASSERT(ApplyOnce, !(apply && asrt_apply_q), "two decisions in a row")
  for (genvar c = 0; c < NumCores; c++) begin : g_asrt_core
    // units/ucs/ucs.md: cores >= n_cores are held in reset (all ON, nothing tuned down)
    `ASSERT(UnusedHeld, !(CoresW'(c) >= asrt_ncores_q) ||
            (tuned_down_o[c*NComp +: NComp] == '0 && pg_state_o[c*PgW +: PgW] == '0),
            "an unused core is gated")
  end
  `COVER(CovApplyPh1, apply && phase_q == 2'd0)
  `COVER(CovApplyPh2, apply && phase_q == 2'd1)
  `COVER(CovApplyPh3, apply && phase_q == 2'd2)
  `COVER(CovStartInEval, kernel_start_i && eval_q)
endmodule
