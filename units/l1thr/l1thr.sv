// l1thr -- the L1-miss throttle for all cores: one shared sampling-period
// counter and latched N, per core a saturating L1-miss counter M and the CTA
// limit n.  The worked example of docs/adding-a-unit.md (no paper).
// C reference: units/l1thr/l1thr.c.  Timing (units/l1thr/l1thr.md): a
// kernel_start edge sets n = N and restarts the period; the edge of the T-th
// following cycle decides: M > t_miss lowers n (not below 1), else n rises
// (not above N); cfg_period_i = 0 acts as 1; cores >= cfg_n_cores_i hold 0.
module l1thr #(
  parameter int NumCores = ctasim_pkg::MaxCores,  // compile-time maximum (CTL_MAX_CORES)
  parameter int CoresW   = ctasim_pkg::CoresW,    // width of cfg_n_cores_i
  parameter int PeriodW  = 16,  // width of the sampling period T
  parameter int CntW     = 16,  // M and t_miss width
  parameter int MissW    = 3,   // misses reported in one cycle
  parameter int LimitW   = 6    // CTA limit width
) (
  input  logic                       clk_i,
  input  logic                       rst_ni,
  input  logic [CoresW-1:0]          cfg_n_cores_i,
  input  logic [PeriodW-1:0]         cfg_period_i,   // T, default 2048
  input  logic [CntW-1:0]            cfg_t_miss_i,   // default 512
  input  logic                       kernel_start_i,
  input  logic [LimitW-1:0]          n_max_i,        // N, sampled with kernel_start_i
  input  logic [NumCores*MissW-1:0]  l1_miss_i,      // core i at [i*MissW +: MissW]
  output logic [NumCores*LimitW-1:0] n_o             // core i at [i*LimitW +: LimitW]
);

  localparam logic [CntW:0] CntMax = {1'b0, {CntW{1'b1}}};

`include "ctasim_assert.svh"
  `ASSERT_INIT

  logic [PeriodW-1:0] period_cnt_d, period_cnt_q;  // cycles counted in this period
  logic [PeriodW:0]   period_counted;              // including this cycle
  logic               period_end;
  logic [LimitW-1:0]  n_max_d, n_max_q;

  assign period_counted = {1'b0, period_cnt_q} + 1'b1;
  assign period_end     = !kernel_start_i && (period_counted >= {1'b0, cfg_period_i});
  assign period_cnt_d   = (kernel_start_i || period_end) ? '0 : period_counted[PeriodW-1:0];
  assign n_max_d        = kernel_start_i ? n_max_i : n_max_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      period_cnt_q <= '0;
      n_max_q      <= '0;
    end else begin
      period_cnt_q <= period_cnt_d;
      n_max_q      <= n_max_d;
    end
  end

`ifdef CTASIM_ASSERT_ON
  // The edge before, in explicit registers the checks share ($past() reads
  // sampled values, which an edge evaluated together with its new inputs
  // would see stale: cosim/vmodel/vtop_ports.h, rising_edge).
  logic               asrt_start_q, asrt_end_q;
  logic [PeriodW-1:0] asrt_period_q, asrt_cnt_q;
  logic [LimitW-1:0]  asrt_n_max_i_q, asrt_n_max_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      asrt_start_q   <= 1'b0;
      asrt_end_q     <= 1'b0;
      asrt_period_q  <= '0;
      asrt_cnt_q     <= '0;
      asrt_n_max_i_q <= '0;
      asrt_n_max_q   <= '0;
    end else begin
      asrt_start_q   <= kernel_start_i;
      asrt_end_q     <= period_end;
      asrt_period_q  <= cfg_period_i;
      asrt_cnt_q     <= period_cnt_q;
      asrt_n_max_i_q <= n_max_i;
      asrt_n_max_q   <= n_max_q;
    end
  end
`endif

  // M plus a cycle's misses, saturating (the carry out saturates).
  function automatic logic [CntW-1:0] m_plus(input logic [CntW-1:0] m, input logic [MissW-1:0] miss);
    logic [CntW:0] wide;
    wide   = {1'b0, m} + (CntW+1)'(miss);
    m_plus = wide[CntW] ? CntMax[CntW-1:0] : wide[CntW-1:0];
  endfunction

  for (genvar i = 0; i < NumCores; i++) begin : g_core
    logic              in_use;
    logic [LimitW-1:0] n_q;         // the core's CTA limit n
    logic [CntW-1:0]   m_q;         // M, misses counted in this period
    logic [MissW-1:0]  miss;        // this cycle's misses

    assign in_use = CoresW'(i) < cfg_n_cores_i;
    assign miss   = l1_miss_i[i*MissW +: MissW];

    // The next state is written in the clocked block itself (no combinational
    // next-state signal, which a Verilated model evaluates twice per edge, on
    // the new inputs and again after the registers update): an ordinary cycle
    // costs one saturating add, the decision's comparison only the edge that
    // ends a period.
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        n_q <= '0;
        m_q <= '0;
      end else if (!in_use) begin
        n_q <= '0;
        m_q <= '0;
      end else if (kernel_start_i) begin
        n_q <= n_max_i;
        m_q <= '0;
      end else if (period_end) begin
        if (m_plus(m_q, miss) > cfg_t_miss_i) begin
          if (n_q > LimitW'(1)) n_q <= n_q - 1'b1;
        end else if (n_q < n_max_q) begin
          n_q <= n_q + 1'b1;
        end
        m_q <= '0;
      end else begin
        m_q <= m_plus(m_q, miss);
      end
    end

    assign n_o[i*LimitW +: LimitW] = n_q;

    // ---- the core's checks (assertions: see the end of the module)
`ifdef CTASIM_ASSERT_ON
    logic asrt_run;   // this edge is an ordinary cycle of a core in use
    assign asrt_run = in_use && !kernel_start_i;
    // the core's edge before (the shared ones above); over: M > t_miss at a
    // period end, 0 on every other edge (n moves only at a decision: NStepOne)
    logic              asrt_in_use_q, asrt_cstart_q, asrt_run_q, asrt_count_q, asrt_over_q;
    logic [LimitW-1:0] asrt_n_q;
    logic [CntW-1:0]   asrt_m_q;
    logic [MissW-1:0]  asrt_miss_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        asrt_in_use_q <= 1'b0;
        asrt_cstart_q <= 1'b0;
        asrt_run_q    <= 1'b0;
        asrt_count_q  <= 1'b0;
        asrt_over_q   <= 1'b0;
        asrt_n_q      <= '0;
        asrt_m_q      <= '0;
        asrt_miss_q   <= '0;
      end else begin
        asrt_in_use_q <= in_use;
        asrt_cstart_q <= in_use && kernel_start_i;
        asrt_run_q    <= asrt_run;
        asrt_count_q  <= asrt_run && !period_end;
        asrt_over_q   <= period_end && m_plus(m_q, miss) > cfg_t_miss_i;
        asrt_n_q      <= n_q;
        asrt_m_q      <= m_q;
        asrt_miss_q   <= miss;
      end
    end
`endif
    // A quiet edge: the edge before counted (core in use, no kernel start, no
    // period end), n held and M is the count.  Every check of the group below
    // holds on it by inspection (n unchanged satisfies the n rules, a
    // saturating sum never falls), so simulation skips the group then; most
    // edges of a core in use are quiet.  The condition is written in the
    // group's clocked block, read from the registers at the edge (a fault
    // written into a register between edges is seen, test_assert_fires).
    `ASSERT_GROUP_BEGIN(asrt_count_q && n_q == asrt_n_q && m_q == m_plus(asrt_m_q, asrt_miss_q))
    // cores >= n_cores output 0 and count nothing
    `ASSERT_IN(UnusedCoreZero, asrt_in_use_q || (n_q == '0 && m_q == '0),
               "unused core's n or M is not 0")
    // a kernel start gives n = N
    `ASSERT_IN(NIsNAtStart, !asrt_cstart_q || n_q == asrt_n_max_i_q,
               "n is not N after a kernel start")
    // n moves by at most one, and only at a decision
    `ASSERT_IN(NStepOne, !asrt_run_q || n_q == asrt_n_q ||
               (asrt_end_q && (n_q == asrt_n_q + 1'b1 || n_q == asrt_n_q - 1'b1)),
               "n moved by more than one or outside a decision")
    // the limit falls only on more than t_miss misses, and never below 1
    `ASSERT_IN(NDecRule, !asrt_run_q || !(n_q < asrt_n_q) ||
               (asrt_over_q && n_q >= LimitW'(1)),
               "n fell without more than t_miss misses, or below 1")
    // it rises only on at most t_miss misses, and never above N
    `ASSERT_IN(NIncRule, !asrt_run_q || !(n_q > asrt_n_q) ||
               (!asrt_over_q && n_q <= asrt_n_max_q),
               "n rose on more than t_miss misses, or above N")
    // M adds the cycle's misses (saturating) and clears at a decision
    `ASSERT_IN(MissCount, !asrt_run_q || m_q == (asrt_end_q ? '0 : m_plus(asrt_m_q, asrt_miss_q)),
               "M is not the count")
    `ASSERT_IN(MissSaturates, !asrt_count_q || m_q >= asrt_m_q, "M wrapped")
    `ASSERT_GROUP_END
    `COVER(CovDec, asrt_run_q && n_q < asrt_n_q)
    `COVER(CovInc, asrt_run_q && n_q > asrt_n_q)
    `COVER(CovHoldAt1, asrt_run_q && asrt_end_q && asrt_over_q && n_q == LimitW'(1))
    `COVER(CovSat, m_q == CntMax[CntW-1:0])
  end

  // ================================================================ assertions
  // The unit's rules as checks (rtl/ctasim_assert.svh, included at the top;
  // docs/verification.md, "Assertions"); nothing below changes the unit's
  // behaviour.  The per-core checks are in g_core.
  // T = 0 acts as 1; the counter stays below T
  `ASSERT(PeriodCntBelowT, cfg_period_i != asrt_period_q || period_cnt_q == '0 ||
          period_cnt_q < cfg_period_i, "period counter reached T")
  // a kernel start restarts the period
  `ASSERT(PeriodRestart, !asrt_start_q || period_cnt_q == '0,
          "period not restarted by a kernel start")
  // a decision restarts the period
  `ASSERT(PeriodEndClears, !asrt_end_q || period_cnt_q == '0,
          "period counter not cleared at the decision")
  // every other cycle counts by one
  `ASSERT(PeriodCounts, asrt_start_q || asrt_end_q ||
          period_cnt_q == asrt_cnt_q + 1'b1, "period counter skipped")
  // N is sampled with the kernel start and held
  `ASSERT(NMaxLatched, !asrt_start_q || n_max_q == asrt_n_max_i_q, "N not latched")
  `ASSERT(NMaxHeld, asrt_start_q || n_max_q == asrt_n_max_q, "N changed mid-kernel")
  `ASSERT_KNOWN(NKnown, n_o)
  `COVER(CovPeriodEnd, period_end)
  `COVER(CovStartMidPeriod, kernel_start_i && period_cnt_q != '0)
endmodule
