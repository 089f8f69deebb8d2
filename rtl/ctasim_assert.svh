// ctasim_assert.svh -- the assertion layer of rtl/ (docs/verification.md,
// "Assertions"): four macros every unit uses in one block at the end of its
// module, after including ctasim_assert.svh and ASSERT_INIT.
//
//   ASSERT(Name, expr, "message")     expr holds in every cycle out of reset
//   ASSUME(Name, expr, "message")     the same, for an input the seam guarantees:
//                                      assumed by the formal proof, checked as an
//                                      assertion in simulation
//   ASSERT_KNOWN(Name, sig)           sig carries no X / Z (4-state simulators)
//   COVER(Name, expr)                 the proof must show expr reachable
//   ASSERT_GROUP_BEGIN(quiet)         ASSERT_IN lines, then ASSERT_GROUP_END:
//     ASSERT_IN(Name, expr, "message")  checks exactly as ASSERT, in one block;
//   ASSERT_GROUP_END                  in simulation the block is skipped on an
//                                      edge where `quiet` holds, a condition the
//                                      module shows implies every check of the
//                                      group (one test instead of each check);
//                                      the proof ignores `quiet`
//
// Every check is sampled at the rising edge of clk_i from the second edge
// after the reset is released (asrt_on_q, cleared by the asynchronous reset),
// so $past() never reads a reset cycle; the proof assumes an ASSUME from the
// first edge out of reset (it must not use $past); expr is a plain boolean expression, $past / $stable allowed (the
// subset Verilator 5.006 and Yosys 0.23's read_verilog -formal both accept:
// no |->, no ##n).  What each tool makes of a check:
//
//   (Verilator --assert)   an immediate assertion (evaluated every edge, so
//                          its $past() is sampled every edge too) whose failure calls the DPI
//                          function ctasim_assert_fail(kind, name, scope, msg);
//                          the harness (tests/rtl/shim_fst.h, cosim/vmodel/)
//                          records it and stops the run (cycle, unit, core).
//                          Without --assert the checks are dropped.
//   Yosys -formal (FORMAL) assert / assume / cover statements for
//                          yosys-smtbmc (scripts/formal.py names a check by
//                          the source line of its macro: Yosys 0.23 wants
//                          labels unique in a module, generate loops repeat them).
//   Icarus (__ICARUS__)    ASSERT_KNOWN only ($isunknown, $error); Icarus 11
//                          has no $past, so the other checks compile away.
//   Yosys synthesis        nothing: the block is empty.
// No include guard: Icarus 11 fails on a guarded header included again from
// a library (-y) file; every unit includes it, the definitions are identical.

`ifdef FORMAL
  `define CTASIM_ASSERT_ON
`elsif VERILATOR
  `define CTASIM_ASSERT_ON
`endif

`ifdef VERILATOR
`define ASSERT_DPI \
  import "DPI-C" function void ctasim_assert_fail(input string kind, input string name, \
                                                  input string scope, input string msg);
`else
`define ASSERT_DPI
`endif

`ifdef CTASIM_ASSERT_ON
// asrt_on_q: 1 from the second rising edge after the reset is released.
`define ASSERT_INIT \
  `ASSERT_DPI \
  logic asrt_on_q; \
  always_ff @(posedge clk_i or negedge rst_ni) begin \
    if (!rst_ni) asrt_on_q <= 1'b0; \
    else         asrt_on_q <= 1'b1; \
  end
`else
`define ASSERT_INIT
`endif

`ifdef FORMAL
`define ASSERT(__name, __expr, __msg) \
  always @(posedge clk_i) if (asrt_on_q) assert (__expr);
`define ASSUME(__name, __expr, __msg) \
  always @(posedge clk_i) if (rst_ni) assume (__expr);
`define COVER(__name, __expr) \
  always @(posedge clk_i) if (asrt_on_q) cover (__expr);
`define ASSERT_KNOWN(__name, __sig)
`define ASSERT_GROUP_BEGIN(__quiet) \
  always @(posedge clk_i) if (asrt_on_q) begin
`define ASSERT_IN(__name, __expr, __msg) \
  assert (__expr);
`define ASSERT_GROUP_END \
  end
`elsif VERILATOR
`define ASSERT(__name, __expr, __msg) \
  always @(posedge clk_i) begin : __name \
    assert (!asrt_on_q || (__expr)) \
      else ctasim_assert_fail("ASSERT", `"__name`", $sformatf("%m"), __msg); \
  end
`define ASSUME(__name, __expr, __msg) \
  always @(posedge clk_i) begin : __name \
    assert (!asrt_on_q || (__expr)) \
      else ctasim_assert_fail("ASSUME", `"__name`", $sformatf("%m"), __msg); \
  end
`define COVER(__name, __expr)
`define ASSERT_KNOWN(__name, __sig)
`define ASSERT_GROUP_BEGIN(__quiet) \
  always @(posedge clk_i) if (asrt_on_q && !(__quiet)) begin
`define ASSERT_IN(__name, __expr, __msg) \
  begin : __name \
    assert (__expr) \
      else ctasim_assert_fail("ASSERT", `"__name`", $sformatf("%m"), __msg); \
  end
`define ASSERT_GROUP_END \
  end
`elsif __ICARUS__
`define ASSERT(__name, __expr, __msg)
`define ASSUME(__name, __expr, __msg)
`define COVER(__name, __expr)
`define ASSERT_KNOWN(__name, __sig) \
  always @(posedge clk_i) if (rst_ni && $isunknown(__sig)) \
    $error("ASSERT_KNOWN %s failed in %m: %s is X or Z", `"__name`", `"__sig`");
`define ASSERT_GROUP_BEGIN(__quiet)
`define ASSERT_IN(__name, __expr, __msg)
`define ASSERT_GROUP_END
`else
`define ASSERT(__name, __expr, __msg)
`define ASSUME(__name, __expr, __msg)
`define COVER(__name, __expr)
`define ASSERT_KNOWN(__name, __sig)
`define ASSERT_GROUP_BEGIN(__quiet)
`define ASSERT_IN(__name, __expr, __msg)
`define ASSERT_GROUP_END
`endif
