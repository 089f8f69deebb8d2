// dyncta -- DYNCTA for all cores (seed 000, Kayiran et al., Sec. 4.1,
// Algorithm 1; controllers.md section 1): one shared sampling-period counter
// and latched N, one dyncta_core per core.  C reference: units/dyncta/dyncta.c.
// Timing (units/dyncta/dyncta.md): a kernel_start edge restarts the period;
// the edge of the T-th following cycle decides; cfg_period_i = 0 acts as 1.
module dyncta #(
  parameter int NumCores = ctasim_pkg::MaxCores,  // compile-time maximum (CTL_MAX_CORES)
  parameter int CoresW   = ctasim_pkg::CoresW,  // width of cfg_n_cores_i
  parameter int PeriodW  = 16,  // width of the sampling period T
  parameter int CntW     = 11,  // C_idle / C_mem and threshold width
  parameter int LimitW   = 6    // CTA limit width
) (
  input  logic                   clk_i,
  input  logic                   rst_ni,
  input  logic [CoresW-1:0]     cfg_n_cores_i,
  input  logic [PeriodW-1:0]    cfg_period_i,   // T, default 2048
  input  logic [CntW-1:0]       cfg_t_idle_i,   // default 16
  input  logic [CntW-1:0]       cfg_t_mem_l_i,  // default 128
  input  logic [CntW-1:0]       cfg_t_mem_h_i,  // default 384
  input  logic                   kernel_start_i,
  input  logic [LimitW-1:0]         n_max_i,        // N, sampled with kernel_start_i
  input  logic [NumCores-1:0]     idle_i,
  input  logic [NumCores-1:0]     mem_wait_i,
  output logic [NumCores*LimitW-1:0] n_o             // core i at [i*LimitW +: LimitW]
);

  logic [PeriodW-1:0] period_cnt_d, period_cnt_q;  // cycles counted in this period
  logic [PeriodW:0]   period_counted;              // including this cycle
  logic                period_end;
  logic [LimitW-1:0]      n_max_d, n_max_q;
  logic [LimitW-1:0]      n_half, n_init;

  assign period_counted = {1'b0, period_cnt_q} + 1'b1;
  assign period_end     = !kernel_start_i && (period_counted >= {1'b0, cfg_period_i});
  assign period_cnt_d   = (kernel_start_i || period_end) ? '0 : period_counted[PeriodW-1:0];
  assign n_max_d        = kernel_start_i ? n_max_i : n_max_q;
  // Algorithm 1 INITIALIZE: n = floor(N/2), at least 1.
  assign n_half         = n_max_i >> 1;
  assign n_init         = (n_half == '0) ? LimitW'(1) : n_half;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      period_cnt_q <= '0;
      n_max_q      <= '0;
    end else begin
      period_cnt_q <= period_cnt_d;
      n_max_q      <= n_max_d;
    end
  end

  for (genvar i = 0; i < NumCores; i++) begin : g_core
    localparam logic [CoresW-1:0] Idx = CoresW'(i);
    dyncta_core #(
      .CntW (CntW),
      .LimitW   (LimitW)
    ) u_core (
      .clk_i          (clk_i),
      .rst_ni         (rst_ni),
      .in_use_i       (Idx < cfg_n_cores_i),
      .kernel_start_i (kernel_start_i),
      .n_init_i       (n_init),
      .n_max_i        (n_max_q),
      .period_end_i   (period_end),
      .idle_i         (idle_i[i]),
      .mem_wait_i     (mem_wait_i[i]),
      .cfg_t_idle_i   (cfg_t_idle_i),
      .cfg_t_mem_l_i  (cfg_t_mem_l_i),
      .cfg_t_mem_h_i  (cfg_t_mem_h_i),
      .n_o            (n_o[i*LimitW +: LimitW])
    );
  end

  // ================================================================ assertions
  // The unit's rules as checks (rtl/ctasim_assert.svh; docs/verification.md,
  // "Assertions"); nothing below changes the unit's behaviour.
`include "ctasim_assert.svh"
  `ASSERT_INIT
`ifdef CTASIM_ASSERT_ON
  // The edge before, in explicit registers the checks share ($past() reads
  // sampled values, which an edge evaluated together with its new inputs
  // would see stale: cosim/vmodel/vtop_ports.h, rising_edge).
  logic                       asrt_start_q, asrt_end_q;
  logic [PeriodW-1:0]         asrt_period_q, asrt_cnt_q;
  logic [CoresW-1:0]          asrt_ncores_q;
  logic [LimitW-1:0]          asrt_n_max_i_q, asrt_n_max_q;
  logic [NumCores*LimitW-1:0] asrt_n_o_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      asrt_start_q   <= 1'b0;
      asrt_end_q     <= 1'b0;
      asrt_period_q  <= '0;
      asrt_cnt_q     <= '0;
      asrt_ncores_q  <= '0;
      asrt_n_max_i_q <= '0;
      asrt_n_max_q   <= '0;
      asrt_n_o_q     <= '0;
    end else begin
      asrt_start_q   <= kernel_start_i;
      asrt_end_q     <= period_end;
      asrt_period_q  <= cfg_period_i;
      asrt_cnt_q     <= period_cnt_q;
      asrt_ncores_q  <= cfg_n_cores_i;
      asrt_n_max_i_q <= n_max_i;
      asrt_n_max_q   <= n_max_q;
      asrt_n_o_q     <= n_o;
    end
  end
`endif
  // units/dyncta/dyncta.md: T = 0 acts as 1; the counter stays below T
  `ASSERT(PeriodCntBelowT, cfg_period_i != asrt_period_q || period_cnt_q == '0 ||
          period_cnt_q < cfg_period_i, "period counter reached T")
  // units/dyncta/dyncta.md: a kernel start restarts the period
  `ASSERT(PeriodRestart, !asrt_start_q || period_cnt_q == '0,
          "period not restarted by a kernel start")
  // units/dyncta/dyncta.md: a period end restarts the count
  `ASSERT(PeriodEndClears, !asrt_end_q || period_cnt_q == '0,
          "period counter not cleared at the decision")
  // the period counts every other cycle by one
  `ASSERT(PeriodCounts, asrt_start_q || asrt_end_q ||
          period_cnt_q == asrt_cnt_q + 1'b1, "period counter skipped")
  // units/dyncta/dyncta.md: a kernel start never decides in the same edge
  `ASSERT(NoEndAtStart, !(period_end && kernel_start_i), "decision in a kernel-start cycle")
  // seed 000 Alg. 1: N is sampled with the kernel start and held
  `ASSERT(NMaxLatched, !asrt_start_q || n_max_q == asrt_n_max_i_q, "N not latched")
  `ASSERT(NMaxHeld, asrt_start_q || n_max_q == asrt_n_max_q, "N changed mid-kernel")
  // seed 000 Alg. 1 INITIALIZE: n_init = max(1, floor(N/2)) lies in 1..max(N,1)
  `ASSERT(NInitRange, n_init >= LimitW'(1) && (n_init <= n_max_i || n_init == LimitW'(1)),
          "n_init outside 1..N")
  // units/dyncta/dyncta.md: all cores decide at the same edge: n moves only then
  `ASSERT(NMovesAtDecision, asrt_start_q || asrt_end_q || cfg_n_cores_i != asrt_ncores_q ||
          n_o == asrt_n_o_q, "a core's n moved outside a decision edge")
  // cores >= n_cores output 0: each dyncta_core's UnusedNZero (its in_use_i
  // of the edge before is CoresW'(i) < asrt_ncores_q here), not repeated per core
  `ASSERT_KNOWN(NKnown, n_o)
  `COVER(CovPeriodEnd, period_end)
  `COVER(CovStartMidPeriod, kernel_start_i && period_cnt_q != '0)
endmodule
