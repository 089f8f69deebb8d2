// claso_consumer -- CLASO credit consumer of one core (seed 003, Sec. 3.1,
// Algorithm 1 lines 6-19).  Holds the core's local credits C_p and answers a
// served request with a registered grant or refuse pulse:
//   C_p -= 1; C_p >= p_A + p_L: grant;
//   else C_p >= 0: C_g -= 1, grant if C_g >= 0 else refuse;
//   else refuse.
// Both registers saturate at -1.  The global register C_g is not held here:
// glob_i is its running value in this cycle's ascending-core chain and glob_o
// the value passed on to the next core.  C twin: consume() in units/claso/claso.c.
module claso_consumer #(
  parameter int CreditW = 24,
  parameter int ThrW    = 9
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  input  logic                load_i,         // allocator loads new credits
  input  logic [CreditW-1:0] load_credit_i,
  input  logic                serve_i,        // ready and no alloc this cycle
  input  logic                req_i,
  input  logic [ThrW-1:0]    threshold_i,    // p_A + p_L
  input  logic [CreditW-1:0] glob_i,
  output logic [CreditW-1:0] glob_o,
  output logic                grant_o,
  output logic                refuse_o,
  output logic [CreditW-1:0] credit_o
);
  logic [CreditW-1:0] credit_d, credit_q;
  logic                grant_d, grant_q, refuse_d, refuse_q;
  logic                take, local_ok, need_global;
  logic [CreditW-1:0] cp_dec, glob_dec;

  // saturating decrements: a negative register stays as it is (-1)
  assign cp_dec   = credit_q[CreditW-1] ? credit_q : credit_q - CreditW'(1);
  assign glob_dec = glob_i[CreditW-1] ? glob_i : glob_i - CreditW'(1);

  assign take        = serve_i && req_i;
  assign local_ok    = !cp_dec[CreditW-1] && cp_dec >= CreditW'(threshold_i);
  assign need_global = take && !cp_dec[CreditW-1] && !local_ok;
  assign glob_o      = need_global ? glob_dec : glob_i;
  assign grant_d     = take && (local_ok || (need_global && !glob_dec[CreditW-1]));
  assign refuse_d    = take && !grant_d;
  assign credit_d    = load_i ? load_credit_i : take ? cp_dec : credit_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      credit_q <= '0;
      grant_q  <= 1'b0;
      refuse_q <= 1'b0;
    end else begin
      credit_q <= credit_d;
      grant_q  <= grant_d;
      refuse_q <= refuse_d;
    end
  end

  assign grant_o  = grant_q;
  assign refuse_o = refuse_q;
  assign credit_o = credit_q;

  // ================================================================ assertions
  // The unit's rules as checks (rtl/ctasim_assert.svh; docs/verification.md,
  // "Assertions"); nothing below changes the unit's behaviour.
`include "ctasim_assert.svh"
  `ASSERT_INIT
`ifdef CTASIM_ASSERT_ON
  // The edge before, in explicit registers the checks share ($past() reads
  // sampled values, which an edge evaluated together with its new inputs
  // would see stale: cosim/vmodel/vtop_ports.h, rising_edge).
  logic               asrt_take_q, asrt_load_q;
  logic [CreditW-1:0] asrt_credit_q, asrt_load_credit_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      asrt_take_q        <= 1'b0;
      asrt_load_q        <= 1'b0;
      asrt_credit_q      <= '0;
      asrt_load_credit_q <= '0;
    end else begin
      asrt_take_q        <= take;
      asrt_load_q        <= load_i;
      asrt_credit_q      <= credit_q;
      asrt_load_credit_q <= load_credit_i;
    end
  end
  // A quiet edge: no request served and no load, neither now nor the edge
  // before, no reply out, and C_p as it was.  Every check of the group below
  // holds on it by inspection (no reply owed or given, C_p held, nothing
  // taken, so C_g passes through untouched: glob_o = glob_i, whose range
  // GlobInSat checks on every edge), so simulation skips the group then;
  // a core that does not ask for a CTA is quiet.  The condition is written in
  // the group's clocked block (ASSERT_GROUP_BEGIN below), read at the edge: a
  // combinational signal is not settled again when a test writes a fault into
  // a register between edges.
`endif
  // claso_alloc loads non-negative credits (ASSERT LocalNonNeg there)
  `ASSUME(LoadNonNeg, !load_i || !load_credit_i[CreditW-1], "negative credits loaded")
  // seed 003 Alg. 1: the global register saturates at -1 (ASSERT GlobalSat in claso)
  `ASSUME(GlobInSat, !glob_i[CreditW-1] || glob_i == '1, "C_g below -1")
  // seed 003 Alg. 1 / units/claso/claso.md: C_p saturates at -1
  `ASSERT(CreditSat, !credit_q[CreditW-1] || credit_q == '1, "C_p below -1")
  `ASSERT_GROUP_BEGIN(!take && !load_i && !asrt_take_q && !asrt_load_q && !grant_q && !refuse_q &&
      credit_q == asrt_credit_q)
  // issue rule: a reply is a grant or a refusal, never both
  `ASSERT_IN(GrantXorRefuse, !(grant_q && refuse_q), "grant and refuse together")
  // units/claso/claso.md: every served request gets one reply in the next cycle, nothing else does
  `ASSERT_IN(ReplyToServedReq, (grant_q || refuse_q) == asrt_take_q,
             "reply without a served request, or a served request without a reply")
  `ASSERT_IN(GlobOutSat, !glob_o[CreditW-1] || glob_o == '1, "C_g passed on below -1")
  // seed 003 Alg. 1 line 7: a served request takes one local credit (or finds C_p at -1)
  `ASSERT_IN(CreditTakesOne, !(asrt_take_q && !asrt_load_q) || credit_q == asrt_credit_q - 1'b1 ||
             (asrt_credit_q == '1 && credit_q == '1), "C_p not decremented by one")
  // C_p changes only by a load or a served request
  `ASSERT_IN(CreditHeld, asrt_load_q || asrt_take_q || credit_q == asrt_credit_q,
             "C_p changed without a request")
  `ASSERT_IN(CreditLoad, !asrt_load_q || credit_q == asrt_load_credit_q, "C_p not loaded")
  // seed 003 Alg. 1 lines 10-15: C_g is touched only when local credits fall below p_A + p_L
  `ASSERT_IN(GlobOnlyWhenNeeded, need_global || glob_o == glob_i, "C_g used without need")
  `ASSERT_IN(GlobTakesOne, !need_global || glob_o == glob_dec, "C_g not decremented by one")
  // seed 003 Alg. 1 line 8: C_p >= p_A + p_L grants from local credits
  `ASSERT_IN(LocalGrant, !(take && local_ok) || grant_d, "local credits refused")
  // seed 003 Alg. 1 line 17: C_p < 0 refuses
  `ASSERT_IN(NegativeRefuses, !(take && cp_dec[CreditW-1]) || refuse_d, "granted with C_p < 0")
  // a grant without local credits consumed a global one that stayed >= 0
  `ASSERT_IN(GlobalGrant, !(grant_d && !local_ok) || (need_global && !glob_o[CreditW-1]),
             "granted without a credit")
  `ASSERT_GROUP_END
  `ASSERT_KNOWN(GrantKnown, grant_o)
  `ASSERT_KNOWN(RefuseKnown, refuse_o)
  `COVER(CovCreditMinusOne, credit_q == '1)
  `COVER(CovGlobalMinusOne, need_global && glob_o == '1)
  `COVER(CovLocalGrant, take && local_ok)
  `COVER(CovGlobalGrant, grant_d && !local_ok)
  `COVER(CovRefuse, refuse_d)
endmodule
