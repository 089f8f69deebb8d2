// ucs_grp -- the gateable groups of one core's components (seed 004 Sec. 2.3
// and Sec. 4 "Maintaining Execution State"), NumGrp state machines in one
// bank: tune down = stop taking work, drain until empty, then power-gate
// (PgMask bit set) or clock-gate; tune up of a power-gated group shows WAKING
// for cfg_wakeup_i cycles, a clock-gated group is back ON at once.  Group i
// mirrors ucs_grp_step() in units/ucs/ucs.c for component i.
// State codes: ctasim_pkg::pg_state_e (enum ctl_pg_state), kept as two bit
// planes (s1_q, s0_q) = the code's bits, one bit per group.
module ucs_grp #(
  parameter int              NumGrp = 2,
  parameter logic [NumGrp-1:0] PgMask = NumGrp'(1),  // power-gated groups
  parameter int              WakeW  = 8
) (
  input  logic                     clk_i,
  input  logic                     rst_ni,
  input  logic                     clr_i,       // synchronous: back to reset state (core unused)
  input  logic [NumGrp-1:0]        down_i,      // tune-down decisions this edge
  input  logic [NumGrp-1:0]        up_i,        // tune-up decisions this edge
  input  logic [NumGrp-1:0]        empty_i,     // the group holds no work
  input  logic [WakeW-1:0]         cfg_wakeup_i,
  output logic [NumGrp-1:0]        tuned_down_o,
  output logic [NumGrp*ctasim_pkg::PgStateW-1:0] state_o  // group i at [i*PgStateW +: PgStateW]
);
  localparam int StW = ctasim_pkg::PgStateW;
  localparam int N   = NumGrp;

  // The planes hold ctasim_pkg's codes ON = 00, DRAINING = 01, OFF = 10,
  // WAKING = 11 (state_o is {s1_q[i], s0_q[i]}; lockstep compares it with
  // units/ucs/ucs.c's enum ctl_pg_state on every edge).
  logic [N-1:0]       s0_q, s1_q;  // state code bits 0 and 1
  logic [N-1:0]       down_q;
  logic [N*WakeW-1:0] wake_q;      // group i at [i*WakeW +: WakeW]; 0 outside WAKING

  // Group i's wake-up count has run out (<= 1): WAKING turns ON at this edge.
  function automatic logic [N-1:0] wake_done(input logic [N*WakeW-1:0] w);
    for (int i = 0; i < N; i++) begin
      wake_done[i] = PgMask[i] && w[i*WakeW +: WakeW] <= WakeW'(1);
    end
  endfunction

  // One edge of every group without a clear: {down, s1, s0} next.  Seed 004
  // Sec. 4: a tune-down drains (from ON, or from WAKING); a tune-up cancels a
  // drain; a drained group gates; a tune-up of a gated group turns a
  // clock-gated one ON and a power-gated one WAKING for cfg_wakeup_i cycles
  // (Sec. 2.3; ON at once for 0); a wake-up that ran out turns ON.
  function automatic logic [3*N-1:0] grp_next(input logic [N-1:0] s0, s1, dq, tdn, tup, emp,
                                              input logic [N*WakeW-1:0] w, input logic cfg0);
    logic [N-1:0] on, dr, off, wk, done, to_dr, to_on, to_off, to_wk, moves;
    on     = ~s1 & ~s0;
    dr     = ~s1 & s0;
    off    = s1 & ~s0;
    wk     = s1 & s0;
    done   = (wk != '0) ? wake_done(w) : '0;
    to_dr  = (on | wk) & tdn;
    to_on  = (dr & tup) | (off & tup & (~PgMask | {N{cfg0}})) | (wk & ~tdn & done);
    to_off = dr & ~tup & emp;
    to_wk  = off & tup & PgMask & ~{N{cfg0}};
    moves  = to_dr | to_on | to_off | to_wk;
    grp_next = {(dq & ~((dr | off) & tup)) | to_dr,
                (s1 & ~moves) | to_off | to_wk,
                (s0 & ~moves) | to_dr | to_wk};
  endfunction

  // The wake-up counters' edge (power-gated groups): loaded at a tune-up of a
  // gated group, counted down while WAKING, 0 once ON or DRAINING again.
  function automatic logic [N*WakeW-1:0] wake_next(input logic [N-1:0] s0, s1, tdn, tup,
                                                   input logic [N*WakeW-1:0] w,
                                                   input logic [WakeW-1:0] cfg);
    logic [N-1:0] done;
    done = wake_done(w);
    wake_next = w;
    for (int i = 0; i < N; i++) begin
      if (PgMask[i] && s1[i]) begin
        if (!s0[i] && tup[i] && cfg != '0) begin                // OFF: tune-up
          wake_next[i*WakeW +: WakeW] = cfg;
        end else if (s0[i]) begin                             // WAKING
          wake_next[i*WakeW +: WakeW] = (tdn[i] || done[i]) ? '0 :
                                        w[i*WakeW +: WakeW] - WakeW'(1);
        end
      end
    end
  endfunction

  // The transitions are written in the clocked block itself, as bit-vector
  // logic over the groups (no next-state signals, no instance per group): a
  // Verilated model then spends one test per core on an edge where no group
  // has a command, none wakes and no draining group is empty (every group
  // holds ON, DRAINING or OFF), and a few word operations otherwise; the
  // wake-up counters are visited only while a group wakes or is tuned up
  // from OFF.
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      s0_q   <= '0;
      s1_q   <= '0;
      down_q <= '0;
      wake_q <= '0;
    end else if (clr_i) begin
      s0_q   <= '0;
      s1_q   <= '0;
      down_q <= '0;
      wake_q <= '0;
    end else if ((down_i | up_i | (s0_q & (s1_q | empty_i))) != '0) begin
      // (a command, a WAKING group, or a DRAINING group found empty: every other
      // group holds ON, DRAINING or OFF as it is)
      {down_q, s1_q, s0_q} <= grp_next(s0_q, s1_q, down_q, down_i, up_i, empty_i, wake_q,
                                       cfg_wakeup_i == '0);
      if ((s1_q & PgMask & (s0_q | up_i)) != '0) begin
        wake_q <= wake_next(s0_q, s1_q, down_i, up_i, wake_q, cfg_wakeup_i);
      end
    end
  end

  assign tuned_down_o = down_q;
  for (genvar i = 0; i < N; i++) begin : g_state
    assign state_o[i*StW +: StW] = {s1_q[i], s0_q[i]};
  end

  // ================================================================ assertions
  // The unit's rules as checks (rtl/ctasim_assert.svh; docs/verification.md,
  // "Assertions"), each over every group of the bank at once (a check names
  // the bank; the failing groups are the set bits of its expression);
  // nothing below changes the unit's behaviour.
`include "ctasim_assert.svh"
  `ASSERT_INIT
  // The groups in each state, now and the edge before, as expressions over the
  // registers (not signals: a signal would be evaluated on every edge, and a
  // state poked into the registers by a test would reach the checks an edge late).
`define UCS_ON   (~s1_q & ~s0_q)
`define UCS_DR   (~s1_q & s0_q)
`define UCS_OFF  (s1_q & ~s0_q)
`define UCS_WK   (s1_q & s0_q)
`define UCS_PON  (~asrt_p1_q & ~asrt_p0_q)
`define UCS_PDR  (~asrt_p1_q & asrt_p0_q)
`define UCS_POFF (asrt_p1_q & ~asrt_p0_q)
`define UCS_PWK  (asrt_p1_q & asrt_p0_q)
`define UCS_CLR  ({N{asrt_clr_q}})
  // seed 004 Sec. 4: ON -> DRAINING -> OFF -> WAKING -> ON, cancels
`define UCS_STEP (~((s0_q ^ asrt_p0_q) | (s1_q ^ asrt_p1_q)) | (`UCS_PON & `UCS_DR) | \
                  (`UCS_PDR & (`UCS_ON | `UCS_OFF)) | (`UCS_POFF & (`UCS_ON | `UCS_WK)) | \
                  (`UCS_PWK & (`UCS_ON | `UCS_DR)))
`ifdef CTASIM_ASSERT_ON
  // The cycle before, in explicit registers the checks share (one register
  // each, where every $past() would be a register of its own).
  logic [N-1:0]       asrt_p0_q, asrt_p1_q;  // s0_q, s1_q
  logic [N*WakeW-1:0] asrt_wake_q;           // wake_q
  logic [WakeW-1:0]   asrt_cfg_wake_q;       // cfg_wakeup_i ($stable)
  logic [N-1:0]       asrt_down_q, asrt_up_q, asrt_empty_q;
  logic               asrt_clr_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      asrt_p0_q       <= '0;
      asrt_p1_q       <= '0;
      asrt_wake_q     <= '0;
      asrt_cfg_wake_q <= '0;
      asrt_clr_q      <= 1'b0;
      asrt_down_q     <= '0;
      asrt_up_q       <= '0;
      asrt_empty_q    <= '0;
    end else begin
      asrt_p0_q       <= s0_q;
      asrt_p1_q       <= s1_q;
      asrt_wake_q     <= wake_q;
      asrt_cfg_wake_q <= cfg_wakeup_i;
      asrt_clr_q      <= clr_i;
      asrt_down_q     <= down_i;
      asrt_up_q       <= up_i;
      asrt_empty_q    <= empty_i;
    end
  end
  // units/ucs/ucs.md: a WAKING group counts cfg_wakeup_i cycles (nonzero, at most
  // the setting unless it just changed), every other group's count is 0; a
  // group WAKING on two edges counted one down.
  function automatic logic [N-1:0] wake_ok(input logic [N*WakeW-1:0] w, input logic [N-1:0] wk,
                                           input logic [WakeW-1:0] cfg, input logic cfg_moved);
    for (int i = 0; i < N; i++) begin
      wake_ok[i] = wk[i] ? (w[i*WakeW +: WakeW] != '0 &&
                            (cfg_moved || w[i*WakeW +: WakeW] <= cfg))
                         : w[i*WakeW +: WakeW] == '0;
    end
  endfunction
  function automatic logic [N-1:0] wake_dec(input logic [N*WakeW-1:0] w,
                                            input logic [N*WakeW-1:0] pw, input logic [N-1:0] both);
    for (int i = 0; i < N; i++) begin
      wake_dec[i] = !both[i] || w[i*WakeW +: WakeW] == pw[i*WakeW +: WakeW] - WakeW'(1);
    end
  endfunction
  // A quiet edge: every group held ON (not tuned down), DRAINING (tuned down,
  // no tune-up the edge before) or OFF (tuned down), none WAKING, no wake-up
  // count, no clear the edge before.  Every check of the bank below holds on
  // it by inspection (no step, no state that a command or a clear should have
  // left, wake_q 0 outside WAKING, tuned_down agreeing, no drain a tune-up
  // should have cancelled), so simulation skips the checks then; most banks
  // are quiet on most edges.  The condition is written in the group's
  // clocked block (ASSERT_GROUP_BEGIN below), read from the registers at the
  // edge: a combinational signal is not settled again when a test writes a
  // fault into a register between edges.
`endif
  // ucs_gcu never tunes a group down and up in one edge (ASSERT DownUpDisjoint there)
  `ASSUME(DownXorUp, (down_i & up_i) == '0, "tune down and up together")
  `ASSERT_GROUP_BEGIN(s0_q == asrt_p0_q && s1_q == asrt_p1_q && (s0_q & s1_q) == '0 &&
      down_q == (s0_q ^ s1_q) && (s0_q & asrt_up_q) == '0 && wake_q == '0 && !asrt_clr_q)
  // seed 004 Sec. 4 / units/ucs/ucs.md: the power-gating order ON -> DRAINING -> OFF -> WAKING -> ON
  `ASSERT_IN(StateOrder, (`UCS_CLR | `UCS_STEP) == '1, "group state step out of order")
  // seed 004 Sec. 4 "Maintaining Execution State": gated only once drained
  `ASSERT_IN(OffWhenEmpty, (`UCS_PDR & `UCS_OFF & ~asrt_empty_q) == '0, "gated with work inside")
  `ASSERT_IN(NoOnToOff, (`UCS_PON & `UCS_OFF) == '0, "ON straight to OFF")
  // seed 004 Sec. 2.3: only power-gated groups wake up with a delay
  `ASSERT_IN(WakingOnlyPg, (`UCS_WK & ~PgMask) == '0, "clock-gated group WAKING")
  // units/ucs/ucs.md: the wake-up lasts cfg_wakeup cycles
  `ASSERT_IN(WakeCount, wake_ok(wake_q, `UCS_WK, cfg_wakeup_i, cfg_wakeup_i != asrt_cfg_wake_q) == '1,
             "wake-up counter out of range")
  `ASSERT_IN(WakeCountsDown, wake_dec(wake_q, asrt_wake_q, `UCS_PWK & `UCS_WK) == '1,
             "wake-up counter skipped")
  // seed 004 Sec. 4: a tuned-down group takes no new work while DRAINING or OFF
  `ASSERT_IN(TunedDownState, tuned_down_o == (`UCS_DR | `UCS_OFF), "tuned_down disagrees with the state")
  // a clear (core unused) puts every group back ON
  `ASSERT_IN(ClrResets, !asrt_clr_q || (s0_q == '0 && s1_q == '0 && down_q == '0 && wake_q == '0),
             "clear left a group gated")
  // units/ucs/ucs.md: without a command a group holds ON or OFF
  `ASSERT_IN(OnHolds, (`UCS_PON & ~asrt_down_q & ~`UCS_CLR & ~`UCS_ON) == '0, "ON left without a tune-down")
  `ASSERT_IN(OffHolds, (`UCS_POFF & ~asrt_up_q & ~`UCS_CLR & ~`UCS_OFF) == '0, "OFF left without a tune-up")
  // units/ucs/ucs.md: a tune-up cancels a drain
  `ASSERT_IN(UpCancelsDrain, (`UCS_PDR & asrt_up_q & ~`UCS_CLR & ~`UCS_ON) == '0,
             "tune-up did not cancel the drain")
  `ASSERT_GROUP_END
  `ASSERT_KNOWN(StateKnown, state_o)
  `COVER(CovDraining, `UCS_DR != '0)
  `COVER(CovOff, `UCS_OFF != '0)
  `COVER(CovWaking, `UCS_WK != '0)
  `COVER(CovDrainCancel, (`UCS_PDR & `UCS_ON) != '0)
  `COVER(CovWakeToDrain, (`UCS_PWK & `UCS_DR) != '0)
  `COVER(CovCgOff, (`UCS_OFF & ~PgMask) != '0)
`undef UCS_ON
`undef UCS_DR
`undef UCS_OFF
`undef UCS_WK
`undef UCS_PON
`undef UCS_PDR
`undef UCS_POFF
`undef UCS_PWK
`undef UCS_CLR
`undef UCS_STEP
endmodule
