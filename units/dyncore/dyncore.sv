// dyncore -- DYNCORE global core gating (seed 000, Kayiran et al., Sec. 4.2;
// controllers.md section 2).  C reference: units/dyncore/dyncore.c.
// Per used core (index < cfg_n_cores_i) a mode ON / DRAINING / OFF held in two
// flops, enable_q (ON) and power_q (not OFF); unused cores are held ON
// internally and their outputs forced to 0.  Counted cores = used cores not
// OFF.  The edge E of the T-th counted cycle after kernel start / the last
// decision ends the period: the one shared multiplier loads g_act_q <=
// G_act * frac_den.  The next cycle is the evaluation cycle (eval_q, its
// inputs not counted): the same multiplier forms frac_num * core_cycles and
// one comparator decides at its edge E + 1 (units/dyncore/dyncore.md):
//   below = G_act * frac_den < frac_num * core_cycles   (G_act < t_act)
//   core_cycles sums the used cores each cycle (cfg_tact_counted_i = 0: the
//   paper's fixed t_act, 40960 for 30 cores) or the counted cores (= 1).
//   below and all used cores ON -> the K highest used cores drain (never core 0)
//   below otherwise             -> hold
//   not below                   -> every DRAINING / OFF core back ON
// A DRAINING core turns OFF at the edge of a cycle with drained_i = 1.
module dyncore #(
  parameter int NumCores = ctasim_pkg::MaxCores,  // compile-time maximum (CTL_MAX_CORES)
  parameter int CoresW   = ctasim_pkg::CoresW,  // width of cfg_n_cores_i, cfg_k_i, popcounts
  parameter int PeriodW  = 16,  // width of the sampling period T
  parameter int FracW    = 4,   // width of frac_num / frac_den
  parameter int SumW     = 24   // G_act and core_cycles (160 * 65535 < 2^24)
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  input  logic [CoresW-1:0]  cfg_n_cores_i,
  input  logic [PeriodW-1:0] cfg_period_i,     // T, default 2048
  input  logic [FracW-1:0]   cfg_frac_num_i,   // t_act fraction, default 2/3
  input  logic [FracW-1:0]   cfg_frac_den_i,
  input  logic [CoresW-1:0]  cfg_k_i,          // cores to gate, default 8
  input  logic                cfg_tact_counted_i, // t_act over counted (1) or used (0) cores
  input  logic                kernel_start_i,
  input  logic [NumCores-1:0]  active_i,         // N_act of this cycle per core
  input  logic [NumCores-1:0]  drained_i,        // no resident CTA per core
  output logic [NumCores-1:0]  enable_o,
  output logic [NumCores-1:0]  power_on_o
);

  localparam logic [SumW-1:0] SumMax = {SumW{1'b1}};
  localparam int      ProdW = SumW + FracW;

  logic [PeriodW-1:0] period_cnt_d, period_cnt_q;
  logic [PeriodW:0]   period_counted;
  logic                period_end;
  logic                eval_d, eval_q;                // the evaluation cycle after E
  logic [ProdW-1:0]   g_act_d, g_act_q;             // G_act; G_act * den in the evaluation cycle
  logic [SumW-1:0]    core_cyc_d, core_cyc_q;
  logic [SumW:0]      g_act_sum, core_cyc_sum;      // including this cycle, unsaturated
  logic [SumW-1:0]    g_act_now, core_cyc_now;      // saturated
  logic [CoresW-1:0]  n_active, n_counted, n_used;  // popcounts over counted / used cores
  logic [CoresW-1:0]  n_tact;                       // cores t_act is made of this cycle
  logic [SumW-1:0]    mul_a;                        // the one multiplier's operands
  logic [FracW-1:0]   mul_b;
  logic [ProdW-1:0]   mul;
  logic                below, all_on, gate, wake, restart;
  logic [CoresW-1:0]  first_gated;
  logic [NumCores-1:0]  in_use, counted;
  logic [NumCores-1:0]  enable_d, enable_q, power_d, power_q;

  for (genvar i = 0; i < NumCores; i++) begin : g_use
    localparam logic [CoresW-1:0] Idx = CoresW'(i);
    assign in_use[i]  = Idx < cfg_n_cores_i;
    assign counted[i] = in_use[i] && power_q[i];
  end

  // Popcounts: G_act sums N_act of the cores not turned off (Sec. 4.2).
  always_comb begin
    n_active  = '0;
    n_counted = '0;
    n_used    = '0;
    for (int i = 0; i < NumCores; i++) begin
      n_active  = n_active + CoresW'(counted[i] && active_i[i]);
      n_counted = n_counted + CoresW'(counted[i]);
      n_used    = n_used + CoresW'(in_use[i]);
    end
  end

  assign period_counted = {1'b0, period_cnt_q} + 1'b1;
  assign period_end     = !kernel_start_i && !eval_q && (period_counted >= {1'b0, cfg_period_i});
  assign g_act_sum      = {1'b0, g_act_q[SumW-1:0]} + (SumW+1)'(n_active);
  assign n_tact         = cfg_tact_counted_i ? n_counted : n_used;
  assign core_cyc_sum   = {1'b0, core_cyc_q} + (SumW+1)'(n_tact);
  assign g_act_now      = g_act_sum[SumW] ? SumMax : g_act_sum[SumW-1:0];
  assign core_cyc_now   = core_cyc_sum[SumW] ? SumMax : core_cyc_sum[SumW-1:0];
  // t_act = frac_num/frac_den * cores * T (40960 = 2/3 * 30 * 2048),
  // compared by cross-multiplication: G_act * den < num * core_cycles.
  // One multiplier: G_act * den in the period's last cycle (into g_act_q),
  // core_cycles * num in the evaluation cycle (compared with g_act_q).
  assign mul_a          = eval_q ? core_cyc_q : g_act_now;
  assign mul_b          = eval_q ? cfg_frac_num_i : cfg_frac_den_i;
  assign mul            = ProdW'(mul_a) * ProdW'(mul_b);
  assign below          = g_act_q < mul;
  assign all_on         = &(enable_q | ~in_use);
  // (a kernel start in the evaluation cycle forces every core ON below,
  // whatever gate and wake say)
  assign gate           = eval_q && below && all_on;
  assign wake           = eval_q && !below && !all_on;
  assign first_gated    = (cfg_n_cores_i > cfg_k_i) ? (cfg_n_cores_i - cfg_k_i) : CoresW'(1);

  // A kernel start or the evaluation cycle restarts the period and clears
  // the sums; the period's last cycle loads the product and stops counting.
  assign restart      = kernel_start_i || eval_q;
  assign eval_d       = period_end;
  assign period_cnt_d = (restart || period_end) ? '0 : period_counted[PeriodW-1:0];
  assign g_act_d      = restart ? '0 : (period_end ? mul : ProdW'(g_act_now));
  assign core_cyc_d   = restart ? '0 : core_cyc_now;

  // Next mode per core: ON on unused / kernel start / wake; a gate drains the
  // cores >= first_gated; a DRAINING core (enable 0, power 1) that is drained
  // turns OFF.
  for (genvar i = 0; i < NumCores; i++) begin : g_mode
    localparam logic [CoresW-1:0] Idx = CoresW'(i);
    logic force_on, draining;
    assign force_on    = !in_use[i] || kernel_start_i || wake;
    assign draining    = !enable_q[i] && power_q[i];
    assign enable_d[i] = force_on || (gate ? (Idx < first_gated) : enable_q[i]);
    assign power_d[i]  = force_on || (power_q[i] && !(draining && drained_i[i]));
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      period_cnt_q <= '0;
      eval_q       <= 1'b0;
      g_act_q      <= '0;
      core_cyc_q   <= '0;
      enable_q     <= '1;  // reset: every core ON
      power_q      <= '1;
    end else begin
      period_cnt_q <= period_cnt_d;
      eval_q       <= eval_d;
      g_act_q      <= g_act_d;
      core_cyc_q   <= core_cyc_d;
      enable_q     <= enable_d;
      power_q      <= power_d;
    end
  end

  assign enable_o   = enable_q & in_use;
  assign power_on_o = power_q & in_use;

  // ================================================================ assertions
  // The unit's rules as checks (rtl/ctasim_assert.svh; docs/verification.md,
  // "Assertions"); nothing below changes the unit's behaviour.
`include "ctasim_assert.svh"
  `ASSERT_INIT
`ifdef CTASIM_ASSERT_ON
  logic [CoresW-1:0] asrt_n_gated;   // used cores not ON
  always_comb begin
    asrt_n_gated = '0;
    for (int i = 0; i < NumCores; i++) asrt_n_gated = asrt_n_gated + CoresW'(in_use[i] && !enable_q[i]);
  end
  // The edge before, in explicit registers the checks share ($past() reads
  // sampled values, which an edge evaluated together with its new inputs
  // would see stale: cosim/vmodel/vtop_ports.h, rising_edge).
  logic                asrt_start_q, asrt_end_q, asrt_eval_q, asrt_restart_q, asrt_wake_q;
  logic                asrt_gate_q;
  logic [CoresW-1:0]   asrt_k_q, asrt_ncores_q;
  logic [ProdW-1:0]    asrt_g_act_q;
  logic [SumW-1:0]     asrt_core_cyc_q;
  logic [NumCores-1:0] asrt_enable_q, asrt_power_q, asrt_drained_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      asrt_start_q    <= 1'b0;
      asrt_end_q      <= 1'b0;
      asrt_eval_q     <= 1'b0;
      asrt_restart_q  <= 1'b0;
      asrt_wake_q     <= 1'b0;
      asrt_gate_q     <= 1'b0;
      asrt_k_q        <= '0;
      asrt_ncores_q   <= '0;
      asrt_g_act_q    <= '0;
      asrt_core_cyc_q <= '0;
      asrt_enable_q   <= '0;
      asrt_power_q    <= '0;
      asrt_drained_q  <= '0;
    end else begin
      asrt_start_q    <= kernel_start_i;
      asrt_end_q      <= period_end;
      asrt_eval_q     <= eval_q;
      asrt_restart_q  <= restart;
      asrt_wake_q     <= wake;
      asrt_gate_q     <= gate;
      asrt_k_q        <= cfg_k_i;
      asrt_ncores_q   <= cfg_n_cores_i;
      asrt_g_act_q    <= g_act_q;
      asrt_core_cyc_q <= core_cyc_q;
      asrt_enable_q   <= enable_q;
      asrt_power_q    <= power_q;
      asrt_drained_q  <= drained_i;
    end
  end
`endif
  // units/dyncore/dyncore.md: core 0 is never gated
  `ASSERT(Core0NeverGated, cfg_n_cores_i == '0 || (enable_o[0] && power_on_o[0]),
          "core 0 left ON")
  // seed 000 Sec. 4.2: DYNCORE never turns off more than k cores (nor all of them)
  `ASSERT(AtMostKGated, cfg_k_i != asrt_k_q || cfg_n_cores_i != asrt_ncores_q ||
          (asrt_n_gated <= cfg_k_i && (cfg_n_cores_i == '0 || asrt_n_gated < cfg_n_cores_i)),
          "more than k cores gated")
  // units/dyncore/dyncore.md: unused cores output 0
  `ASSERT(UnusedOutputsZero, ((enable_o | power_on_o) & ~in_use) == '0,
          "an unused core's enable or power is 1")
  // units/dyncore/dyncore.md: the period's last cycle is followed by exactly one evaluation cycle
  `ASSERT(EvalAfterPeriodEnd, eval_q == asrt_end_q, "evaluation cycle misplaced")
  `ASSERT(EvalOneCycle, !(eval_q && asrt_eval_q), "evaluation lasted two cycles")
  // units/dyncore/dyncore.md: the evaluation cycle's inputs are not counted
  `ASSERT(NoEndInEval, !(eval_q && period_end), "a period ended in an evaluation cycle")
  // units/dyncore/dyncore.md: a kernel start or the evaluation clears the sums
  `ASSERT(SumsCleared, !asrt_restart_q || (g_act_q == '0 && core_cyc_q == '0),
          "G_act or core_cycles not cleared")
  // controllers.md: counters saturate, never wrap (G_act grows inside a period)
  `ASSERT(GActGrows, asrt_restart_q || asrt_end_q || g_act_q >= asrt_g_act_q,
          "G_act wrapped")
  `ASSERT(CoreCycGrows, asrt_restart_q || core_cyc_q >= asrt_core_cyc_q,
          "core_cycles wrapped")
  // units/dyncore/dyncore.md: a kernel start turns every used core ON
  `ASSERT(StartAllOn, !asrt_start_q || (enable_o == in_use && power_on_o == in_use),
          "a core not ON after a kernel start")
  // units/dyncore/dyncore.md: G_act >= t_act with a core gated wakes every core
  `ASSERT(WakeAllOn, !asrt_wake_q || enable_o == in_use, "a core not woken")
  // units/dyncore/dyncore.md: cores drain only when all used cores were ON
  `ASSERT(GateFromAllOn, (in_use & asrt_enable_q & ~enable_q) == '0 || asrt_gate_q,
          "a core started draining outside a gate decision")
`ifdef CTASIM_ASSERT_ON
  // The per-core checks below are quiet on an edge where no core changed
  // mode, no core is enabled while OFF and no ON core sits above a gated
  // one: ModeValid and GateHighest hold by the last two, OffFromDraining
  // and OffWhenDrained because no core lost power, OffToOn because an OFF
  // core (power unchanged at 0) is not enabled.  One test over the vector of
  // cores then stands for every core's checks (most edges of a run).
  logic [NumCores-1:0] asrt_above;  // core i ON above a gated core i - 1
  assign asrt_above = in_use & enable_q & ~((enable_q << 1) | NumCores'(1));
  logic asrt_quiet;
  assign asrt_quiet = ((enable_q ^ asrt_enable_q) | (power_q ^ asrt_power_q) |
                       (enable_q & ~power_q) | asrt_above) == '0;
`endif
  for (genvar i = 0; i < NumCores; i++) begin : g_asrt_core
    `ASSERT_GROUP_BEGIN(asrt_quiet)
    // mode encoding: enable (ON) implies power (not OFF)
    `ASSERT_IN(ModeValid, !enable_q[i] || power_q[i], "core enabled while OFF")
    // seed 000 Sec. 4.2 / units/dyncore/dyncore.md: ON -> DRAINING -> OFF, never ON -> OFF
    `ASSERT_IN(OffFromDraining, !(asrt_power_q[i] && !power_q[i]) || !asrt_enable_q[i],
               "core went OFF without draining")
    // units/dyncore/dyncore.md: a DRAINING core turns OFF only once drained
    `ASSERT_IN(OffWhenDrained, !(asrt_power_q[i] && !power_q[i]) || asrt_drained_q[i],
               "core turned OFF with CTAs resident")
    // units/dyncore/dyncore.md: an OFF core comes back ON directly (never DRAINING)
    `ASSERT_IN(OffToOn, asrt_power_q[i] || enable_q[i] == power_q[i],
               "OFF core went to DRAINING")
    `ASSERT_GROUP_END
    if (i > 0) begin : g_order
      `ASSERT_GROUP_BEGIN(asrt_quiet)
      // units/dyncore/dyncore.md: the K highest used cores drain: no ON core above a gated one
      `ASSERT_IN(GateHighest, !(in_use[i] && enable_q[i] && !enable_q[i-1]),
                 "a core is ON above a gated core")
      `ASSERT_GROUP_END
    end
  end
  `ASSERT_KNOWN(EnableKnown, enable_o)
  `ASSERT_KNOWN(PowerKnown, power_on_o)
  `COVER(CovGate, gate)
  `COVER(CovWake, wake)
  `COVER(CovDraining, (in_use & ~enable_q & power_q) != '0)
  `COVER(CovCoreDrainedOff, (in_use & ~power_q) != '0)
  `COVER(CovHold, eval_q && below && !all_on)
endmodule
