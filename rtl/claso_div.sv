// claso_div -- sequential restoring divider for the CLASO credit allocator
// (seed 003 Sec. 3.3: "the credit allocator performs division and mod
// computations").  start_i loads the operands; each of the next DividendW edges
// shifts one dividend bit into the partial remainder, subtracts the divisor
// if it fits and shifts that quotient bit in.  done_o is high for the one
// cycle after the last step, with quotient_o / remainder_o valid from then
// until the next start.  A start while busy restarts the division.
// C twin: claso_div_start / claso_div_step in cmodel/ctl/claso.c.
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
endmodule
