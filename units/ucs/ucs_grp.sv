// ucs_grp -- one gateable group of a uC-States component (seed 004 Sec. 2.3
// and Sec. 4 "Maintaining Execution State"): tune down = stop taking work,
// drain until empty, then power-gate (IsPg) or clock-gate; tune up of a
// power-gated group shows WAKING for cfg_wakeup_i cycles, a clock-gated group
// is back ON at once.  Mirrors ucs_grp_step() in units/ucs/ucs.c.
// State codes: ctasim_pkg::pg_state_e (enum ctl_pg_state).
module ucs_grp #(
  parameter bit IsPg  = 1'b1,
  parameter int WakeW = 8
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  input  logic              clr_i,       // synchronous: back to reset state (core unused)
  input  logic              down_i,      // tune-down decision this edge
  input  logic              up_i,        // tune-up decision this edge
  input  logic              empty_i,     // the group holds no work
  input  logic [WakeW-1:0] cfg_wakeup_i,
  output logic              tuned_down_o,
  output logic [ctasim_pkg::PgStateW-1:0] state_o
);
  localparam int StW = ctasim_pkg::PgStateW;
  localparam logic [StW-1:0] StOn       = ctasim_pkg::PGS_ON;
  localparam logic [StW-1:0] StDraining = ctasim_pkg::PGS_DRAINING;
  localparam logic [StW-1:0] StOff      = ctasim_pkg::PGS_OFF;
  localparam logic [StW-1:0] StWaking   = ctasim_pkg::PGS_WAKING;

  logic              down_q;
  logic [StW-1:0]    state_q;
  logic [WakeW-1:0] wake_q;

  // The transitions are written in the clocked block itself (no next-state
  // signals): a Verilated model evaluates a combinational next state twice
  // per edge (once on the new inputs, once after the registers update), for
  // each of the fourteen groups of every core; here it is one case walk per
  // edge, and a group that holds (ON without a tune-down, OFF without a
  // tune-up) costs two tests.
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      down_q  <= 1'b0;
      state_q <= StOn;
      wake_q  <= '0;
    end else if (clr_i) begin
      down_q  <= 1'b0;
      state_q <= StOn;
      wake_q  <= '0;
    end else begin
      case (state_q)
        StOn: begin
          if (down_i) begin
            down_q  <= 1'b1;
            state_q <= StDraining;
          end
        end
        StDraining: begin
          if (up_i) begin
            down_q  <= 1'b0;        // cancel the drain
            state_q <= StOn;
          end else if (empty_i) begin
            state_q <= StOff;
          end
        end
        StOff: begin
          if (up_i) begin
            down_q <= 1'b0;
            if (!IsPg || cfg_wakeup_i == '0) begin
              state_q <= StOn;
            end else begin
              state_q <= StWaking;
              wake_q  <= cfg_wakeup_i;
            end
          end
        end
        default: begin              // StWaking
          if (down_i) begin
            down_q  <= 1'b1;
            state_q <= StDraining;
            wake_q  <= '0;
          end else if (wake_q <= WakeW'(1)) begin
            state_q <= StOn;
            wake_q  <= '0;
          end else begin
            wake_q  <= wake_q - WakeW'(1);
          end
        end
      endcase
    end
  end

  assign tuned_down_o = down_q;
  assign state_o      = state_q;

  // ================================================================ assertions
  // The unit's rules as checks (rtl/ctasim_assert.svh; docs/verification.md,
  // "Assertions"); nothing below changes the unit's behaviour.
`include "ctasim_assert.svh"
  `ASSERT_INIT
`ifdef CTASIM_ASSERT_ON
  // The cycle before, in explicit registers the checks share (one register
  // each, where every $past() would be a register of its own).
  logic [StW-1:0]   asrt_prev;        // state_q
  logic [WakeW-1:0] asrt_wake_q;      // wake_q
  logic [WakeW-1:0] asrt_cfg_wake_q;  // cfg_wakeup_i ($stable)
  logic             asrt_clr_q, asrt_down_q, asrt_up_q, asrt_empty_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      asrt_prev       <= StOn;
      asrt_wake_q     <= '0;
      asrt_cfg_wake_q <= '0;
      asrt_clr_q      <= 1'b0;
      asrt_down_q     <= 1'b0;
      asrt_up_q       <= 1'b0;
      asrt_empty_q    <= 1'b0;
    end else begin
      asrt_prev       <= state_q;
      asrt_wake_q     <= wake_q;
      asrt_cfg_wake_q <= cfg_wakeup_i;
      asrt_clr_q      <= clr_i;
      asrt_down_q     <= down_i;
      asrt_up_q       <= up_i;
      asrt_empty_q    <= empty_i;
    end
  end
  logic           asrt_step;   // seed 004 Sec. 4: ON -> DRAINING -> OFF -> WAKING -> ON, cancels
  assign asrt_step = state_q == asrt_prev ||
                     (asrt_prev == StOn       && state_q == StDraining) ||
                     (asrt_prev == StDraining && (state_q == StOn || state_q == StOff)) ||
                     (asrt_prev == StOff      && (state_q == StOn || state_q == StWaking)) ||
                     (asrt_prev == StWaking   && (state_q == StOn || state_q == StDraining));
  // A quiet edge: the group held ON (not tuned down) or OFF (tuned down, no
  // clear the edge before), with no wake-up count.  Every check of the group
  // below holds on it by inspection (no step, no state that a command or a
  // clear should have left, wake_q 0 outside WAKING, tuned_down agreeing), so
  // simulation skips the group then; most groups are quiet on most edges.
  logic           asrt_quiet;
  assign asrt_quiet = state_q == asrt_prev && wake_q == '0 && !asrt_clr_q &&
                      ((state_q == StOn && !down_q) || (state_q == StOff && down_q));
`endif
  // ucs_gcu never tunes a group down and up in one edge (ASSERT DownUpDisjoint there)
  `ASSUME(DownXorUp, !(down_i && up_i), "tune down and up together")
  `ASSERT_GROUP_BEGIN(asrt_quiet)
  // seed 004 Sec. 4 / units/ucs/ucs.md: the power-gating order ON -> DRAINING -> OFF -> WAKING -> ON
  `ASSERT_IN(StateOrder, asrt_clr_q || asrt_step, "group state step out of order")
  // seed 004 Sec. 4 "Maintaining Execution State": gated only once drained
  `ASSERT_IN(OffWhenEmpty, !(asrt_prev == StDraining && state_q == StOff) || asrt_empty_q,
             "gated with work inside")
  `ASSERT_IN(NoOnToOff, !(asrt_prev == StOn && state_q == StOff), "ON straight to OFF")
  // seed 004 Sec. 2.3: only power-gated groups wake up with a delay
  `ASSERT_IN(WakingOnlyPg, IsPg || state_q != StWaking, "clock-gated group WAKING")
  // units/ucs/ucs.md: the wake-up lasts cfg_wakeup cycles
  `ASSERT_IN(WakeCount, state_q == StWaking ? (wake_q != '0 && (cfg_wakeup_i != asrt_cfg_wake_q ||
             wake_q <= cfg_wakeup_i)) : wake_q == '0, "wake-up counter out of range")
  `ASSERT_IN(WakeCountsDown, !(asrt_prev == StWaking && state_q == StWaking) ||
             wake_q == asrt_wake_q - 1'b1, "wake-up counter skipped")
  // seed 004 Sec. 4: a tuned-down group takes no new work while DRAINING or OFF
  `ASSERT_IN(TunedDownState, tuned_down_o == (state_q == StDraining || state_q == StOff),
             "tuned_down disagrees with the state")
  // a clear (core unused) puts the group back ON
  `ASSERT_IN(ClrResets, !asrt_clr_q || (state_q == StOn && !down_q && wake_q == '0),
             "clear left the group gated")
  // units/ucs/ucs.md: without a command the group holds ON or OFF
  `ASSERT_IN(OnHolds, !(asrt_prev == StOn && !asrt_down_q && !asrt_clr_q) || state_q == StOn,
             "ON left without a tune-down")
  `ASSERT_IN(OffHolds, !(asrt_prev == StOff && !asrt_up_q && !asrt_clr_q) || state_q == StOff,
             "OFF left without a tune-up")
  // units/ucs/ucs.md: a tune-up cancels a drain
  `ASSERT_IN(UpCancelsDrain, !(asrt_prev == StDraining && asrt_up_q && !asrt_clr_q) ||
             state_q == StOn, "tune-up did not cancel the drain")
  `ASSERT_GROUP_END
  `ASSERT_KNOWN(StateKnown, state_o)
  `COVER(CovDraining, state_q == StDraining)
  `COVER(CovOff, state_q == StOff)
  `COVER(CovWaking, state_q == StWaking)
  `COVER(CovDrainCancel, asrt_prev == StDraining && state_q == StOn)
  `COVER(CovWakeToDrain, asrt_prev == StWaking && state_q == StDraining)
endmodule
