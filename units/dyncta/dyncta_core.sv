// dyncta_core -- DYNCTA state and decision of one core (seed 000, Kayiran et
// al., Sec. 4.1, Algorithm 1 / Fig. 6; controllers.md section 1).
// C reference: units/dyncta/dyncta.c (step_core, decide).  Timing: units/dyncta/dyncta.md.
module dyncta_core #(
  parameter int CntW   = 11,  // C_idle / C_mem width (paper: 11-bit counters)
  parameter int LimitW = 6    // CTA limit width
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             in_use_i,        // core index < cfg n_cores
  input  logic             kernel_start_i,  // restart: n = n_init_i, counters cleared
  input  logic [LimitW-1:0]   n_init_i,        // max(1, floor(N/2)) of the starting kernel
  input  logic [LimitW-1:0]   n_max_i,         // N latched at the last kernel start
  input  logic             period_end_i,    // this edge ends a sampling period
  input  logic             idle_i,
  input  logic             mem_wait_i,
  input  logic [CntW-1:0] cfg_t_idle_i,
  input  logic [CntW-1:0] cfg_t_mem_l_i,
  input  logic [CntW-1:0] cfg_t_mem_h_i,
  output logic [LimitW-1:0]   n_o
);

  localparam logic [CntW-1:0] CntMax = {CntW{1'b1}};

  logic [LimitW-1:0]   n_d, n_q;
  logic [CntW-1:0] c_idle_d, c_idle_q, c_mem_d, c_mem_q;
  logic [CntW-1:0] c_idle_sum, c_mem_sum;  // counters including this cycle
  logic             want_inc, want_dec;
  logic [LimitW-1:0]   n_decided;

  // Saturating event counters: never wrap.
  always_comb begin
    c_idle_sum = (idle_i && c_idle_q != CntMax) ? c_idle_q + 1'b1 : c_idle_q;
    c_mem_sum  = (mem_wait_i && c_mem_q != CntMax) ? c_mem_q + 1'b1 : c_mem_q;
  end

  // Algorithm 1: C_idle >= t_idle or C_mem < t_mem_l increments (n < N),
  // else C_mem >= t_mem_h decrements (n > 1), else keep.
  always_comb begin
    want_inc  = (c_idle_sum >= cfg_t_idle_i) || (c_mem_sum < cfg_t_mem_l_i);
    want_dec  = !want_inc && (c_mem_sum >= cfg_t_mem_h_i);
    n_decided = n_q;
    if (want_inc && (n_q < n_max_i)) begin
      n_decided = n_q + 1'b1;
    end else if (want_dec && (n_q > {{(LimitW-1){1'b0}}, 1'b1})) begin
      n_decided = n_q - 1'b1;
    end
  end

  always_comb begin
    n_d      = n_q;
    c_idle_d = c_idle_sum;
    c_mem_d  = c_mem_sum;
    if (!in_use_i) begin
      n_d      = '0;
      c_idle_d = '0;
      c_mem_d  = '0;
    end else if (kernel_start_i) begin
      n_d      = n_init_i;
      c_idle_d = '0;
      c_mem_d  = '0;
    end else if (period_end_i) begin
      n_d      = n_decided;
      c_idle_d = '0;
      c_mem_d  = '0;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      n_q      <= '0;
      c_idle_q <= '0;
      c_mem_q  <= '0;
    end else begin
      n_q      <= n_d;
      c_idle_q <= c_idle_d;
      c_mem_q  <= c_mem_d;
    end
  end

  assign n_o = n_q;

  // ================================================================ assertions
  // The unit's rules as checks (rtl/ctasim_assert.svh; docs/verification.md,
  // "Assertions"); nothing below changes the unit's behaviour.
`include "ctasim_assert.svh"
  `ASSERT_INIT
`ifdef CTASIM_ASSERT_ON
  // started: a kernel start reached this core since it came into use
  logic asrt_started_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni)              asrt_started_q <= 1'b0;
    else if (!in_use_i)       asrt_started_q <= 1'b0;
    else if (kernel_start_i)  asrt_started_q <= 1'b1;
  end
  logic asrt_run;   // the last edge was an ordinary cycle of a core in use
  assign asrt_run = in_use_i && !kernel_start_i;
  // The edge before, in explicit registers the checks share ($past() reads
  // sampled values, which an edge evaluated together with its new inputs
  // would see stale: cosim/vmodel/vtop_ports.h, rising_edge).
  logic              asrt_in_use_q, asrt_start_q, asrt_run_q, asrt_count_q;
  logic              asrt_no_idle_q, asrt_no_mem_q, asrt_clr_q, asrt_inc_q, asrt_dec_q;
  logic [LimitW-1:0] asrt_n_q, asrt_n_init_q, asrt_n_max_q;
  logic [CntW-1:0]   asrt_c_idle_q, asrt_c_mem_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      asrt_in_use_q  <= 1'b0;
      asrt_start_q   <= 1'b0;
      asrt_run_q     <= 1'b0;
      asrt_count_q   <= 1'b0;
      asrt_no_idle_q <= 1'b0;
      asrt_no_mem_q  <= 1'b0;
      asrt_clr_q     <= 1'b0;
      asrt_inc_q     <= 1'b0;
      asrt_dec_q     <= 1'b0;
      asrt_n_q       <= '0;
      asrt_n_init_q  <= '0;
      asrt_n_max_q   <= '0;
      asrt_c_idle_q  <= '0;
      asrt_c_mem_q   <= '0;
    end else begin
      asrt_in_use_q  <= in_use_i;
      asrt_start_q   <= in_use_i && kernel_start_i;
      asrt_run_q     <= asrt_run;
      asrt_count_q   <= asrt_run && !period_end_i;
      asrt_no_idle_q <= asrt_run && !period_end_i && !idle_i;
      asrt_no_mem_q  <= asrt_run && !period_end_i && !mem_wait_i;
      asrt_clr_q     <= !in_use_i || kernel_start_i || period_end_i;
      asrt_inc_q     <= want_inc;
      asrt_dec_q     <= want_dec;
      asrt_n_q       <= n_q;
      asrt_n_init_q  <= n_init_i;
      asrt_n_max_q   <= n_max_i;
      asrt_c_idle_q  <= c_idle_q;
      asrt_c_mem_q   <= c_mem_q;
    end
  end
`endif
  // seam (ctl_seam.h ctl_core_in): at most one issue class a cycle, so never idle and mem_wait
  `ASSUME(IdleXorMemWait, !(idle_i && mem_wait_i), "idle and mem_wait in the same cycle")
  // units/dyncta/dyncta.md: a core >= n_cores holds n = 0
  `ASSERT(UnusedNZero, asrt_in_use_q || n_q == '0, "unused core's n is not 0")
  // seed 000 Alg. 1 INITIALIZE: n = max(1, floor(N/2)) at kernel start
  `ASSERT(NInitAtStart, !asrt_start_q || n_q == asrt_n_init_q,
          "n after a kernel start is not max(1, N/2)")
  // controllers.md 1: n is within 1..max(N,1) once a kernel started
  `ASSERT(NWithin1toN, !asrt_started_q || (n_q >= LimitW'(1) &&
          (n_q <= n_max_i || n_q == LimitW'(1))), "n outside 1..N")
  // seed 000 Alg. 1: n moves by one step per decision at most
  `ASSERT(NStepOne, !asrt_run_q || n_q == asrt_n_q || n_q == asrt_n_q + 1'b1 ||
          n_q == asrt_n_q - 1'b1, "n moved by more than one")
  // units/dyncta/dyncta.md: n changes only at a period end or a kernel start
  `ASSERT(NHeldInPeriod, !asrt_count_q || n_q == asrt_n_q,
          "n changed inside a sampling period")
  // seed 000 Alg. 1: increment only below N (n = min(n + 1, N))
  `ASSERT(NIncBelowMax, !asrt_run_q || n_q <= asrt_n_q || asrt_n_q < asrt_n_max_q,
          "n incremented at N")
  // seed 000 Alg. 1: an increment needs C_idle >= t_idle or C_mem < t_mem_l
  `ASSERT(NIncRule, !asrt_run_q || !(n_q > asrt_n_q) || asrt_inc_q,
          "n incremented without the increment condition")
  // seed 000 Alg. 1: a decrement needs C_mem >= t_mem_h and no increment condition
  `ASSERT(NDecRule, !asrt_run_q || !(n_q < asrt_n_q) ||
          (asrt_dec_q && asrt_n_q > LimitW'(1)), "n decremented without the rule")
  // controllers.md: counters saturate, never wrap; one count a cycle at most
  `ASSERT(IdleCntStep, !asrt_count_q || c_idle_q == asrt_c_idle_q ||
          c_idle_q == asrt_c_idle_q + 1'b1, "C_idle wrapped or jumped")
  `ASSERT(MemCntStep, !asrt_count_q || c_mem_q == asrt_c_mem_q ||
          c_mem_q == asrt_c_mem_q + 1'b1, "C_mem wrapped or jumped")
  // seed 000 Sec. 4.1: C_idle counts idle cycles only, C_mem mem_wait cycles only
  `ASSERT(IdleCntOnIdle, !asrt_no_idle_q ||
          c_idle_q == asrt_c_idle_q, "C_idle counted a non-idle cycle")
  `ASSERT(MemCntOnMemWait, !asrt_no_mem_q ||
          c_mem_q == asrt_c_mem_q, "C_mem counted a cycle without mem_wait")
  // units/dyncta/dyncta.md: a decision, a kernel start or disuse clears both counters
  `ASSERT(CntClearedAtDecision, !asrt_clr_q ||
          (c_idle_q == '0 && c_mem_q == '0), "counters not cleared")
  `COVER(CovInc, asrt_run_q && n_q > asrt_n_q)
  `COVER(CovDec, asrt_run_q && n_q < asrt_n_q)
  `COVER(CovAtMax, asrt_started_q && n_q == n_max_i && n_max_i > LimitW'(1))
  `COVER(CovIdleSat, c_idle_q == CntMax)
endmodule
