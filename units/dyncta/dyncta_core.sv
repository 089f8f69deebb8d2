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

  logic [LimitW-1:0] n_q;
  logic [CntW-1:0]   c_idle_q, c_mem_q;

  // Algorithm 1 on the counters including this cycle (saturating: never
  // wrap): C_idle >= t_idle or C_mem < t_mem_l increments, else C_mem >=
  // t_mem_h decrements.  Read only at a period end (and by the checks there).
  function automatic logic [CntW-1:0] sat_inc(input logic [CntW-1:0] c, input logic ev);
    sat_inc = (ev && c != CntMax) ? c + 1'b1 : c;
  endfunction
  function automatic logic rule_inc(input logic [CntW-1:0] c_idle, input logic [CntW-1:0] c_mem,
                                    input logic [CntW-1:0] t_idle, input logic [CntW-1:0] t_mem_l);
    rule_inc = (c_idle >= t_idle) || (c_mem < t_mem_l);
  endfunction
  // n = min(n + 1, N) on an increment; else max(n - 1, 1) on a decrement; else n.
  function automatic logic [LimitW-1:0] decide(input logic [LimitW-1:0] n,
                                               input logic [LimitW-1:0] n_max,
                                               input logic inc, input logic dec);
    if (inc)                                            decide = (n < n_max) ? n + 1'b1 : n;
    else if (dec && (n > {{(LimitW-1){1'b0}}, 1'b1}))  decide = n - 1'b1;
    else                                                decide = n;
  endfunction

  // The next state is written in the clocked block itself (no combinational
  // next-state signal, which a Verilated model evaluates twice per edge, on
  // the new inputs and again after the registers update): an ordinary cycle
  // costs the two counter increments, and the decision's comparisons are
  // evaluated only on the edge that ends a period.
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      n_q      <= '0;
      c_idle_q <= '0;
      c_mem_q  <= '0;
    end else begin
      if (!in_use_i) begin
        n_q <= '0;
      end else if (kernel_start_i) begin
        n_q <= n_init_i;
      end else if (period_end_i) begin
        n_q <= decide(n_q, n_max_i,
                      rule_inc(sat_inc(c_idle_q, idle_i), sat_inc(c_mem_q, mem_wait_i),
                               cfg_t_idle_i, cfg_t_mem_l_i),
                      sat_inc(c_mem_q, mem_wait_i) >= cfg_t_mem_h_i);
      end
      if (!in_use_i || kernel_start_i || period_end_i) begin
        c_idle_q <= '0;
        c_mem_q  <= '0;
      end else begin
        if (idle_i && c_idle_q != CntMax)    c_idle_q <= c_idle_q + 1'b1;
        if (mem_wait_i && c_mem_q != CntMax) c_mem_q  <= c_mem_q + 1'b1;
      end
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
  // The edge before, in explicit registers the checks share ($past() reads
  // sampled values, which an edge evaluated together with its new inputs
  // would see stale: cosim/vmodel/vtop_ports.h, rising_edge).  count: an
  // ordinary cycle of a core in use (no kernel start, no period end); every
  // other edge clears the counters.  inc / dec: Algorithm 1's conditions on a
  // period-end edge, 0 on every other (n holds inside a period: NHeldInPeriod),
  // so the comparisons are evaluated only where a decision is taken.
  logic              asrt_in_use_q, asrt_start_q, asrt_count_q;
  logic              asrt_idle_q, asrt_mem_q, asrt_inc_q, asrt_dec_q;
  logic [LimitW-1:0] asrt_n_q, asrt_n_init_q, asrt_n_max_q;
  logic [CntW-1:0]   asrt_c_idle_q, asrt_c_mem_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      asrt_in_use_q  <= 1'b0;
      asrt_start_q   <= 1'b0;
      asrt_count_q   <= 1'b0;
      asrt_idle_q    <= 1'b0;
      asrt_mem_q     <= 1'b0;
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
      asrt_count_q   <= in_use_i && !kernel_start_i && !period_end_i;
      asrt_idle_q    <= idle_i;
      asrt_mem_q     <= mem_wait_i;
      if (period_end_i) begin
        asrt_inc_q   <= rule_inc(sat_inc(c_idle_q, idle_i), sat_inc(c_mem_q, mem_wait_i),
                                 cfg_t_idle_i, cfg_t_mem_l_i);
        asrt_dec_q   <= !rule_inc(sat_inc(c_idle_q, idle_i), sat_inc(c_mem_q, mem_wait_i),
                                  cfg_t_idle_i, cfg_t_mem_l_i) &&
                        sat_inc(c_mem_q, mem_wait_i) >= cfg_t_mem_h_i;
      end else begin
        asrt_inc_q   <= 1'b0;
        asrt_dec_q   <= 1'b0;
      end
      asrt_n_q       <= n_q;
      asrt_n_init_q  <= n_init_i;
      asrt_n_max_q   <= n_max_i;
      asrt_c_idle_q  <= c_idle_q;
      asrt_c_mem_q   <= c_mem_q;
    end
  end
  logic asrt_run_q;  // the last edge was an ordinary cycle or a period end of a core in use
  assign asrt_run_q = asrt_in_use_q && !asrt_start_q;
`endif
  // seam (ctl_seam.h ctl_core_in): at most one issue class a cycle, so never idle and mem_wait
  `ASSUME(IdleXorMemWait, !(idle_i && mem_wait_i), "idle and mem_wait in the same cycle")
  // controllers.md 1: n is within 1..max(N,1) once a kernel started
  `ASSERT(NWithin1toN, !asrt_started_q || (n_q >= LimitW'(1) &&
          (n_q <= n_max_i || n_q == LimitW'(1))), "n outside 1..N")
  // A quiet edge: the edge before counted (core in use, no kernel start, no
  // period end), n held, and each counter held or, after a cycle with its
  // event, went up by one.  Every check of the group below holds on it by
  // inspection (n unchanged satisfies the n rules, the counter rules are the
  // two steps allowed, nothing cleared), so simulation skips the group then;
  // most edges of a core in use are quiet.  The condition is written in the
  // group's clocked block, read from the registers at the edge (a fault
  // written into a register between edges is seen).
  `ASSERT_GROUP_BEGIN(asrt_count_q && n_q == asrt_n_q &&
      (c_idle_q == asrt_c_idle_q || (asrt_idle_q && c_idle_q == asrt_c_idle_q + 1'b1)) &&
      (c_mem_q == asrt_c_mem_q || (asrt_mem_q && c_mem_q == asrt_c_mem_q + 1'b1)))
  // units/dyncta/dyncta.md: a core >= n_cores holds n = 0
  `ASSERT_IN(UnusedNZero, asrt_in_use_q || n_q == '0, "unused core's n is not 0")
  // seed 000 Alg. 1 INITIALIZE: n = max(1, floor(N/2)) at kernel start
  `ASSERT_IN(NInitAtStart, !asrt_start_q || n_q == asrt_n_init_q,
             "n after a kernel start is not max(1, N/2)")
  // seed 000 Alg. 1: n moves by one step per decision at most
  `ASSERT_IN(NStepOne, !asrt_run_q || n_q == asrt_n_q || n_q == asrt_n_q + 1'b1 ||
             n_q == asrt_n_q - 1'b1, "n moved by more than one")
  // units/dyncta/dyncta.md: n changes only at a period end or a kernel start
  `ASSERT_IN(NHeldInPeriod, !asrt_count_q || n_q == asrt_n_q,
             "n changed inside a sampling period")
  // seed 000 Alg. 1: increment only below N (n = min(n + 1, N))
  `ASSERT_IN(NIncBelowMax, !asrt_run_q || n_q <= asrt_n_q || asrt_n_q < asrt_n_max_q,
             "n incremented at N")
  // seed 000 Alg. 1: an increment needs C_idle >= t_idle or C_mem < t_mem_l
  `ASSERT_IN(NIncRule, !asrt_run_q || !(n_q > asrt_n_q) || asrt_inc_q,
             "n incremented without the increment condition")
  // seed 000 Alg. 1: a decrement needs C_mem >= t_mem_h and no increment condition
  `ASSERT_IN(NDecRule, !asrt_run_q || !(n_q < asrt_n_q) ||
             (asrt_dec_q && asrt_n_q > LimitW'(1)), "n decremented without the rule")
  // controllers.md: counters saturate, never wrap; one count a cycle at most
  `ASSERT_IN(IdleCntStep, !asrt_count_q || c_idle_q == asrt_c_idle_q ||
             c_idle_q == asrt_c_idle_q + 1'b1, "C_idle wrapped or jumped")
  `ASSERT_IN(MemCntStep, !asrt_count_q || c_mem_q == asrt_c_mem_q ||
             c_mem_q == asrt_c_mem_q + 1'b1, "C_mem wrapped or jumped")
  // seed 000 Sec. 4.1: C_idle counts idle cycles only, C_mem mem_wait cycles only
  `ASSERT_IN(IdleCntOnIdle, !asrt_count_q || asrt_idle_q ||
             c_idle_q == asrt_c_idle_q, "C_idle counted a non-idle cycle")
  `ASSERT_IN(MemCntOnMemWait, !asrt_count_q || asrt_mem_q ||
             c_mem_q == asrt_c_mem_q, "C_mem counted a cycle without mem_wait")
  // units/dyncta/dyncta.md: a decision, a kernel start or disuse clears both counters
  `ASSERT_IN(CntClearedAtDecision, asrt_count_q ||
             (c_idle_q == '0 && c_mem_q == '0), "counters not cleared")
  `ASSERT_GROUP_END
  `COVER(CovInc, asrt_run_q && n_q > asrt_n_q)
  `COVER(CovDec, asrt_run_q && n_q < asrt_n_q)
  `COVER(CovAtMax, asrt_started_q && n_q == n_max_i && n_max_i > LimitW'(1))
  `COVER(CovIdleSat, c_idle_q == CntMax)
endmodule
