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
// units/claso/claso.c.
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

  // ================================================================ assertions
  // The unit's rules as checks (rtl/ctasim_assert.svh; docs/verification.md,
  // "Assertions"); nothing below changes the unit's behaviour.
`include "ctasim_assert.svh"
  `ASSERT_INIT
`ifdef CTASIM_ASSERT_ON
  logic [CtaW-1:0] asrt_n_cta_q;   // n_cta of the last alloc
  logic             asrt_pend_q;    // an alloc waits for its load
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      asrt_n_cta_q <= '0;
      asrt_pend_q  <= 1'b0;
    end else begin
      if (alloc_i) asrt_n_cta_q <= n_cta_i;
      asrt_pend_q <= alloc_i || (asrt_pend_q && !load_o);
    end
  end
  // The edge before, in explicit registers the checks share ($past() reads
  // sampled values, which an edge evaluated together with its new inputs
  // would see stale: cosim/vmodel/vtop_ports.h, rising_edge).
  logic             asrt_alloc_q, asrt_load_q;
  logic [CoreW-1:0] asrt_n_core_d_q, asrt_n_core_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      asrt_alloc_q    <= 1'b0;
      asrt_load_q     <= 1'b0;
      asrt_n_core_d_q <= '0;
      asrt_n_core_q   <= '0;
    end else begin
      asrt_alloc_q    <= alloc_i;
      asrt_load_q     <= load_o;
      asrt_n_core_d_q <= n_core_d;
      asrt_n_core_q   <= n_core_q;
    end
  end
  localparam int AsrtW = CtaW + CoreW + 8;
  // the CTAs the loaded credits admit: n_core * (C_p - p_L - 1) + C_g - layers * n_core
  logic [AsrtW-1:0] asrt_admit;
  assign asrt_admit = AsrtW'(n_core_q) * (AsrtW'(local_o) - AsrtW'(cfg_p_l_i) - AsrtW'(1)) +
                      AsrtW'(global_o) - AsrtW'(layers) * AsrtW'(n_core_q);
`endif
  // units/claso/claso.md: the credits loaded admit exactly n_cta CTAs (ceil reading)
  `ASSERT(AdmitsNCta, !load_o || empty_q || asrt_admit == AsrtW'(asrt_n_cta_q),
          "loaded credits do not admit n_cta CTAs")
  // controllers.md 3: the local share is ceil(n_cta / n_core) + p_L, so C_p - p_L >= 1
  `ASSERT(LocalAtLeastOne, !load_o || empty_q || local_o > CreditW'(cfg_p_l_i),
          "local credits below 1 + p_L")
  // controllers.md 3: the global share holds the remainder + 1 (>= 1)
  `ASSERT(GlobalAtLeastOne, !load_o || empty_q || global_o >= CreditW'(1),
          "global credits below 1")
  // loaded credits are non-negative (claso_consumer ASSUME LoadNonNeg)
  `ASSERT(LocalNonNeg, !local_o[CreditW-1] && !global_o[CreditW-1], "negative credits")
  // units/claso/claso.md: n_cta = 0 or no core loads zero credits to nobody
  `ASSERT(EmptyZero, !empty_q || (local_o == '0 && global_o == '0 && n_core_o == '0),
          "credits for an empty allocation")
  // units/claso/claso.md: at most q full global layers, at most p_A - 1
  `ASSERT(LayersCapped, CtaW'(layers) <= quo && layers <= p_a_m1, "too many global layers")
  // units/claso/claso.md: n_core = min(alloc_cores, NumCores)
  `ASSERT(NCoreClamped, n_core_q <= MaxCores, "n_core above the unit's cores")
  `ASSERT(NCoreLatched, !asrt_alloc_q || n_core_q == asrt_n_core_d_q, "n_core not latched")
  `ASSERT(NCoreHeld, asrt_alloc_q || n_core_q == asrt_n_core_q, "n_core changed")
  // the remainder of the division by n_core is below n_core
  `ASSERT(RemBelowNCore, !load_o || empty_q || CoreW'(rem) < n_core_q, "remainder >= n_core")
  // a load answers exactly one alloc
  `ASSERT(LoadAfterAlloc, !load_o || asrt_pend_q, "load without an alloc")
  `ASSERT(LoadPulse, !(load_o && asrt_load_q), "load held two cycles")
  // seed 003 Alg. 1 line 8: threshold = p_A + p_L (p_A = 0 read as 1)
  `ASSERT(ThresholdRule, threshold_o == {1'b0, p_a} + {1'b0, cfg_p_l_i} && p_a != '0,
          "threshold is not p_A + p_L")
  `COVER(CovLoad, load_o && !empty_q)
  `COVER(CovLoadEmpty, load_o && empty_q)
  `COVER(CovLayersCapped, load_o && !empty_q && layers < p_a_m1)
endmodule
