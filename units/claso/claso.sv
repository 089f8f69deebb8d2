// claso -- CLASO credit allocator + credit consumers for all cores (seed 003,
// Sec. 3, Algorithm 1; controllers.md 3; units/claso/claso.md).
// Timing: alloc_i at cycle t drops ready_o and starts the divider; the new
// credits load and ready_o rises CtaW + 1 edges later (visible in cycle
// t + CtaW + 2).  Requests of the alloc cycle and while not ready are
// ignored.  A req_i bit at cycle t gets a one-cycle grant_o or refuse_o bit
// in cycle t + 1; requests of one cycle are served in ascending core order,
// chained combinationally through the global register C_g.
// C twin: units/claso/claso.c.
module claso #(
  parameter int NumCores = ctasim_pkg::MaxCores,
  parameter int CtaW     = 20,
  parameter int CreditW  = 24,
  parameter int CoreW    = ctasim_pkg::CoresW
) (
  input  logic                        clk_i,
  input  logic                        rst_ni,
  input  logic [7:0]                  cfg_p_a_i,
  input  logic [7:0]                  cfg_p_l_i,
  input  logic                        alloc_i,
  input  logic [CtaW-1:0]            n_cta_i,
  input  logic [CoreW-1:0]           alloc_cores_i,
  input  logic [NumCores-1:0]          req_i,
  output logic                        ready_o,
  output logic [CreditW-1:0]         credit_global_o,
  output logic [NumCores-1:0]          grant_o,
  output logic [NumCores-1:0]          refuse_o,
  output logic [NumCores*CreditW-1:0] credit_o
);
  logic                          load;
  logic [CoreW-1:0]             n_core;
  logic [CreditW-1:0]           local_credit, global_credit;
  logic [8:0]                    threshold;
  logic                          ready_d, ready_q, serve;
  logic [CreditW-1:0]           global_d, global_q;
  // chain[i] = C_g seen by core i this cycle; chain[NumCores] = after all
  logic [(NumCores+1)*CreditW-1:0] chain /* verilator split_var */;

  claso_alloc #(
    .NumCores (NumCores),
    .CtaW   (CtaW),
    .CoreW  (CoreW),
    .CreditW(CreditW)
  ) u_alloc (
    .clk_i,
    .rst_ni,
    .cfg_p_a_i,
    .cfg_p_l_i,
    .alloc_i,
    .n_cta_i,
    .alloc_cores_i,
    .load_o     (load),
    .n_core_o   (n_core),
    .local_o    (local_credit),
    .global_o   (global_credit),
    .threshold_o(threshold)
  );

  // a load happens only after an alloc dropped ready, so load and serve
  // never coincide
  assign serve   = ready_q && !alloc_i;
  assign ready_d = alloc_i ? 1'b0 : load ? 1'b1 : ready_q;
  assign chain[CreditW-1:0] = global_q;
  assign global_d = load ? global_credit : serve ? chain[NumCores*CreditW +: CreditW] : global_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ready_q  <= 1'b0;
      global_q <= '0;
    end else begin
      ready_q  <= ready_d;
      global_q <= global_d;
    end
  end

  for (genvar i = 0; i < NumCores; i++) begin : g_core
    localparam logic [CoreW-1:0] Idx = CoreW'(i);
    claso_consumer #(
      .CreditW(CreditW),
      .ThrW   (9)
    ) u_consumer (
      .clk_i,
      .rst_ni,
      .load_i       (load),
      .load_credit_i(Idx < n_core ? local_credit : '0),
      .serve_i      (serve),
      .req_i        (req_i[i]),
      .threshold_i  (threshold),
      .glob_i       (chain[i*CreditW +: CreditW]),
      .glob_o       (chain[(i+1)*CreditW +: CreditW]),
      .grant_o      (grant_o[i]),
      .refuse_o     (refuse_o[i]),
      .credit_o     (credit_o[i*CreditW +: CreditW])
    );
  end

  assign ready_o         = ready_q;
  assign credit_global_o = global_q;

  // ================================================================ assertions
  // The unit's rules as checks (rtl/ctasim_assert.svh; docs/verification.md,
  // "Assertions"); nothing below changes the unit's behaviour.
`include "ctasim_assert.svh"
  `ASSERT_INIT
`ifdef CTASIM_ASSERT_ON
  // The edge before, in explicit registers the checks share ($past() reads
  // sampled values, which an edge evaluated together with its new inputs
  // would see stale: cosim/vmodel/vtop_ports.h, rising_edge).
  logic                asrt_alloc_q, asrt_ready_q, asrt_load_q, asrt_serve_q;
  logic [NumCores-1:0] asrt_req_q;
  logic [CreditW-1:0]  asrt_global_q, asrt_global_credit_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      asrt_alloc_q         <= 1'b0;
      asrt_ready_q         <= 1'b0;
      asrt_load_q          <= 1'b0;
      asrt_serve_q         <= 1'b0;
      asrt_req_q           <= '0;
      asrt_global_q        <= '0;
      asrt_global_credit_q <= '0;
    end else begin
      asrt_alloc_q         <= alloc_i;
      asrt_ready_q         <= ready_q;
      asrt_load_q          <= load;
      asrt_serve_q         <= serve;
      asrt_req_q           <= req_i;
      asrt_global_q        <= global_q;
      asrt_global_credit_q <= global_credit;
    end
  end
`endif
  // units/claso/claso.md: an alloc drops ready in the next cycle
  `ASSERT(AllocDropsReady, !asrt_alloc_q || !ready_q, "ready after an alloc")
  // units/claso/claso.md: ready rises only with the allocator's load
  `ASSERT(ReadyOnLoad, !(ready_q && !asrt_ready_q) || asrt_load_q, "ready rose without a load")
  // claso.sv: a load happens only after an alloc dropped ready, so load and serve never coincide
  `ASSERT(LoadNotServe, !(load && serve), "load and serve in one cycle")
  // issue rule: grant xor refuse, per core
  `ASSERT(GrantXorRefuse, (grant_o & refuse_o) == '0, "grant and refuse to one core")
  // units/claso/claso.md: requests of the alloc cycle and while not ready get no reply
  `ASSERT(ReplyOnlyServed, (grant_o | refuse_o) == (asrt_serve_q ? asrt_req_q : '0),
          "reply not matching the served requests")
  // seed 003 Alg. 1 / units/claso/claso.md: C_g saturates at -1
  `ASSERT(GlobalSat, !global_q[CreditW-1] || global_q == '1, "C_g below -1")
  // C_g changes only by a load or by serving requests, and serving never raises it
  `ASSERT(GlobalHeld, asrt_load_q || asrt_serve_q || global_q == asrt_global_q,
          "C_g changed while idle")
  `ASSERT(GlobalFalls, !asrt_serve_q || $signed(global_q) <= $signed(asrt_global_q),
          "serving raised C_g")
  `ASSERT(GlobalLoad, !asrt_load_q || global_q == asrt_global_credit_q, "C_g not loaded")
  for (genvar i = 0; i < NumCores; i++) begin : g_asrt_core
    // units/claso/claso.md: ascending core order; each core takes at most one global credit
    `ASSERT(ChainStep, chain[(i+1)*CreditW +: CreditW] == chain[i*CreditW +: CreditW] ||
            chain[(i+1)*CreditW +: CreditW] == chain[i*CreditW +: CreditW] - 1'b1,
            "a core took more than one global credit")
    // units/claso/claso.md: C_p saturates at -1
    `ASSERT(CoreCreditSat, !credit_o[i*CreditW + CreditW-1] ||
            credit_o[i*CreditW +: CreditW] == '1, "C_p below -1")
  end
  `ASSERT_KNOWN(ReadyKnown, ready_o)
  `COVER(CovReady, ready_q && !asrt_ready_q)
  `COVER(CovGlobalMinusOne, global_q == '1)
  `COVER(CovGrant, grant_o != '0)
  `COVER(CovRefuse, refuse_o != '0)
  `COVER(CovCore0MinusOne, credit_o[CreditW-1:0] == '1)
endmodule
