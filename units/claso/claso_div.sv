// claso_div -- sequential restoring divider for the CLASO credit allocator
// (seed 003 Sec. 3.3: "the credit allocator performs division and mod
// computations").  start_i loads the operands; each of the next DividendW edges
// shifts one dividend bit into the partial remainder, subtracts the divisor
// if it fits and shifts that quotient bit in.  done_o is high for the one
// cycle after the last step, with quotient_o / remainder_o valid from then
// until the next start.  A start while busy restarts the division.
// C twin: claso_div_start / claso_div_step in units/claso/claso.c.
module claso_div #(
  parameter int DividendW = 20,  // dividend and quotient width
  parameter int DivisorW  = ctasim_pkg::CoresW  // divisor and remainder width
) (
  input  logic          clk_i,
  input  logic          rst_ni,
  input  logic          start_i,
  input  logic [DividendW-1:0]  dividend_i,
  input  logic [DivisorW-1:0] divisor_i,
  output logic          done_o,
  output logic [DividendW-1:0]  quotient_o,
  output logic [DivisorW-1:0] remainder_o
);
  localparam int CntW = $clog2(DividendW + 1);
  localparam logic [CntW-1:0] Steps = CntW'(DividendW);
  localparam logic [CntW-1:0] One   = CntW'(1);

  logic [DividendW-1:0]  quo_d, quo_q;
  logic [DivisorW-1:0] rem_d, rem_q, div_d, div_q;
  logic [CntW-1:0] count_d, count_q;
  logic          done_d, done_q;
  logic [DivisorW:0]   shifted;
  logic          fits;
  logic [DivisorW-1:0] step_rem;
  logic [DividendW-1:0]  step_quo;

  // one restoring step; the difference is below div_q, so it fits DW bits
  assign shifted  = {rem_q, quo_q[DividendW-1]};
  assign fits     = shifted >= {1'b0, div_q};
  assign step_rem = fits ? shifted[DivisorW-1:0] - div_q : shifted[DivisorW-1:0];
  assign step_quo = {quo_q[DividendW-2:0], fits};

  always_comb begin
    quo_d   = quo_q;
    rem_d   = rem_q;
    div_d   = div_q;
    count_d = count_q;
    done_d  = 1'b0;
    if (start_i) begin
      quo_d   = dividend_i;
      rem_d   = '0;
      div_d   = divisor_i;
      count_d = Steps;
    end else if (count_q != '0) begin
      rem_d   = step_rem;
      quo_d   = step_quo;
      count_d = count_q - One;
      done_d  = count_q == One;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      quo_q   <= '0;
      rem_q   <= '0;
      div_q   <= '0;
      count_q <= '0;
      done_q  <= 1'b0;
    end else begin
      quo_q   <= quo_d;
      rem_q   <= rem_d;
      div_q   <= div_d;
      count_q <= count_d;
      done_q  <= done_d;
    end
  end

  assign done_o      = done_q;
  assign quotient_o  = quo_q;
  assign remainder_o = rem_q;

  // ================================================================ assertions
  // The unit's rules as checks (rtl/ctasim_assert.svh; docs/verification.md,
  // "Assertions"); nothing below changes the unit's behaviour.
`include "ctasim_assert.svh"
  `ASSERT_INIT
`ifdef CTASIM_ASSERT_ON
  logic [DividendW-1:0] asrt_dividend_q;   // the dividend of the running division
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni)      asrt_dividend_q <= '0;
    else if (start_i) asrt_dividend_q <= dividend_i;
  end
  localparam int AsrtW = DividendW + DivisorW;
  logic [AsrtW-1:0] asrt_back;   // quotient * divisor + remainder
  assign asrt_back = AsrtW'(quo_q) * AsrtW'(div_q) + AsrtW'(rem_q);
  // The edge before, in explicit registers the checks share ($past() reads
  // sampled values, which an edge evaluated together with its new inputs
  // would see stale: cosim/vmodel/vtop_ports.h, rising_edge).
  logic                 asrt_start_q, asrt_done_q;
  logic [CntW-1:0]      asrt_count_q;
  logic [DividendW-1:0] asrt_dividend_i_q, asrt_quo_q;
  logic [DivisorW-1:0]  asrt_divisor_i_q, asrt_rem_q, asrt_div_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      asrt_start_q      <= 1'b0;
      asrt_done_q       <= 1'b0;
      asrt_count_q      <= '0;
      asrt_dividend_i_q <= '0;
      asrt_quo_q        <= '0;
      asrt_divisor_i_q  <= '0;
      asrt_rem_q        <= '0;
      asrt_div_q        <= '0;
    end else begin
      asrt_start_q      <= start_i;
      asrt_done_q       <= done_q;
      asrt_count_q      <= count_q;
      asrt_dividend_i_q <= dividend_i;
      asrt_quo_q        <= quo_q;
      asrt_divisor_i_q  <= divisor_i;
      asrt_rem_q        <= rem_q;
      asrt_div_q        <= div_q;
    end
  end
`endif
  // claso_alloc never divides by 0 (it divides by 1 when there are no cores)
  `ASSUME(DivisorNonZero, !start_i || divisor_i != '0, "division by zero")
  // controllers.md 3: quotient * divisor + remainder = dividend when done
  `ASSERT(DivCorrect, !done_q || asrt_back == AsrtW'(asrt_dividend_q),
          "q * d + r differs from the dividend")
  // restoring division: the partial remainder stays below the divisor
  `ASSERT(RemBelowDivisor, div_q == '0 || rem_q < div_q, "remainder not below the divisor")
  // done is a one-cycle pulse after the last of DividendW steps
  `ASSERT(DoneAfterLastStep, !done_q || asrt_count_q == One, "done without the last step")
  `ASSERT(DonePulse, !(done_q && asrt_done_q), "done held two cycles")
  `ASSERT(NoDoneAfterStart, !asrt_start_q || !done_q, "done in the cycle after a start")
  // the step counter never exceeds DividendW and counts down by one
  `ASSERT(CountBound, count_q <= Steps, "step counter above DividendW")
  `ASSERT(CountDown, asrt_start_q || asrt_count_q == '0 || count_q == asrt_count_q - One,
          "step counter skipped")
  // a start loads the operands
  `ASSERT(StartLoads, !asrt_start_q || (count_q == Steps && rem_q == '0 &&
          div_q == asrt_divisor_i_q && quo_q == asrt_dividend_i_q), "start did not load")
  // results stay valid until the next start
  `ASSERT(ResultHeld, asrt_start_q || asrt_count_q != '0 ||
          (quo_q == asrt_quo_q && rem_q == asrt_rem_q), "idle divider changed its result")
  `ASSERT(DivisorHeld, asrt_start_q || div_q == asrt_div_q, "divisor changed")
  `COVER(CovDone, done_q)
  `COVER(CovRestartBusy, start_i && count_q != '0)
endmodule
