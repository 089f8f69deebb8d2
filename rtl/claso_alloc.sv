// claso_alloc -- CLASO credit allocator (seed 003, Sec. 3.1, Algorithm 1
// lines 1-4, ceil reading of controllers.md 3).  alloc_i latches the kernel's
// n_cta and core count and starts claso_div on (n_cta - 1) / n_core; when the
// quotient q and remainder r are ready, load_o asks the top to load
//   local_o  = C_p = ceil(n_cta / n_core) + p_L = q + 1 + p_L
//   global_o = C_g = ((n_cta - 1) mod n_core) + 1 + (p_A - 1) * n_core
// with p_A - 1 capped at q (the global layers never exceed the CTA levels
// below the last one, which keeps the admitted total at exactly n_cta).
// Clamps: n_core = min(alloc_cores, NumCores); p_A = 0 acts as 1; n_cta = 0 or
// n_core = 0 load zero credits.  C twin: alloc_start / alloc_load in
// cmodel/ctl/claso.c.
module claso_alloc #(
  parameter int NumCores = ctasim_pkg::MaxCores,
  parameter int CtaW     = 20,
  parameter int CoreW    = ctasim_pkg::CoresW,
  parameter int CreditW  = 24
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  input  logic [7:0]          cfg_p_a_i,
  input  logic [7:0]          cfg_p_l_i,
  input  logic                alloc_i,
  input  logic [CtaW-1:0]    n_cta_i,
  input  logic [CoreW-1:0]   alloc_cores_i,
  output logic                load_o,       // load the credits at this edge
  output logic [CoreW-1:0]   n_core_o,     // cores 0 .. n_core_o-1 get local_o
  output logic [CreditW-1:0] local_o,
  output logic [CreditW-1:0] global_o,
  output logic [8:0]          threshold_o   // Algorithm 1 line 8: p_A + p_L
);
  localparam logic [CoreW-1:0] MaxCores = CoreW'(NumCores);

  logic [CoreW-1:0] n_core_d, n_core_q;
  logic              empty_d, empty_q;
  logic              div_done;
  logic [CtaW-1:0]  quo;
  logic [CoreW-1:0] rem;
  logic [7:0]        p_a;         // p_A with 0 read as 1
  logic [7:0]        layers;      // min(p_A - 1, q): full global layers
  logic [7:0]        p_a_m1;

  assign n_core_d = alloc_cores_i > MaxCores ? MaxCores : alloc_cores_i;
  assign empty_d  = n_cta_i == '0 || n_core_d == '0;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      n_core_q <= '0;
      empty_q  <= 1'b0;
    end else if (alloc_i) begin
      n_core_q <= n_core_d;
      empty_q  <= empty_d;
    end
  end

  // ceil reading: n_cta - 1 = q * n_core + r (controllers.md 3)
  claso_div #(.DividendW(CtaW), .DivisorW(CoreW)) u_div (
    .clk_i,
    .rst_ni,
    .start_i    (alloc_i),
    .dividend_i (empty_d ? '0 : n_cta_i - CtaW'(1)),
    .divisor_i  (empty_d ? CoreW'(1) : n_core_d),
    .done_o     (div_done),
    .quotient_o (quo),
    .remainder_o(rem)
  );

  assign p_a    = cfg_p_a_i == 8'd0 ? 8'd1 : cfg_p_a_i;
  assign p_a_m1 = p_a - 8'd1;
  assign layers = {{(CtaW-8){1'b0}}, p_a_m1} > quo ? quo[7:0] : p_a_m1;

  assign load_o      = div_done && !alloc_i;
  assign n_core_o    = empty_q ? '0 : n_core_q;
  assign local_o     = empty_q ? '0
                     : CreditW'(quo) + CreditW'(1) + CreditW'(cfg_p_l_i);
  assign global_o    = empty_q ? '0
                     : CreditW'(rem) + CreditW'(1) + CreditW'(layers) * CreditW'(n_core_q);
  assign threshold_o = {1'b0, p_a} + {1'b0, cfg_p_l_i};
endmodule
