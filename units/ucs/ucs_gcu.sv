// ucs_gcu -- uC-States Gating Control Unit of one core (seed 004 Sec. 4,
// Algorithm 1) as a small sequential datapath.  During the interval twelve
// counters (reused by every phase) sum the busy counts, J and lambda the next
// decision reads.  After the interval's last counted edge the shared timer in
// ucs.sv steps ev_i through 9 comparisons of two edges each on ONE multiplier
// and ONE comparator: edge 2c loads P = a * fa, edge 2c+1 compares
// P < Q = b * fb (or the shared threshold) into res bit c; the last edge
// (apply_i) drives the bank of NumComp group state machines (ucs_grp).  The paper's
// divider U = sum / (T * units) becomes cross-multiplication (exact).
// Mirrors units/ucs/ucs.c; slots and timing in units/ucs/ucs.md.
// Component order, SCH types and gate groups: ctasim_pkg (= cmodel/ctl/ctl_seam.h).
module ucs_gcu #(
  parameter int NumComp   = ctasim_pkg::NumComp,
  parameter int BusyW     = 4,   // busy slots per cycle
  parameter int UnitsW    = 4,   // total slots of a component (both groups)
  parameter int MemWarpsW = 7,
  parameter int LamW      = 3,   // <= BusyW: lambda shares a busy counter
  parameter int ThRtW     = 10,
  parameter int WakeW     = 8,
  parameter int PeriodW   = 16,  // T <= 2^PeriodW - 1 counted cycles
  parameter int EvW       = 5,   // evaluation step counter (18 steps)
  parameter int ProdW     = 29,  // products: see the localparams below
  // Counter widths follow from the interval: input width + PeriodW.
  parameter int SumW      = BusyW + PeriodW,      // busy (and lambda) counters
  parameter int JSumW     = MemWarpsW + PeriodW   // slot 2 also holds sum(J)
) (
  input  logic                     clk_i,
  input  logic                     rst_ni,
  input  logic                     en_i,           // core in use; else held in reset
  input  logic                     kernel_start_i, // drop sums, tune every group up
  input  logic                     counting_i,     // an interval edge (not evaluating)
  input  logic                     first_i,        // the first edge of an interval
  input  logic                     apply_i,        // the last evaluation edge
  input  logic [EvW-1:0]           ev_i,           // evaluation step 0..17
  input  logic [1:0]               phase_i,        // 0,1,2 = phase 1,2,3 of the next decision
  input  logic [NumComp*UnitsW-1:0] cfg_units_i,
  input  logic [ThRtW-1:0]         cfg_th_rt_i,
  input  logic [WakeW-1:0]         cfg_wakeup_i,
  input  logic [ProdW-1:0]         thr_i,          // th_U% * units * T of this step (ucs.sv)
  input  logic [NumComp*BusyW-1:0]  busy_i,
  input  logic [ctasim_pkg::NumItype*BusyW-1:0] sch_busy_i,
  input  logic [MemWarpsW-1:0]     mem_warps_i,
  input  logic [LamW-1:0]          ldst_enter_i,
  input  logic [NumComp-1:0]       empty_i,
  output logic [NumComp-1:0]       tuned_down_o,
  output logic [NumComp-1:0]       accepts_work_o,
  output logic [ctasim_pkg::NumPg*ctasim_pkg::PgStateW-1:0] pg_state_o  // ctasim_pkg::pg_e order
);
  localparam int Ifid  = ctasim_pkg::COMP_IFID;
  localparam int Sch   = ctasim_pkg::COMP_SCH;
  localparam int Idoc0 = ctasim_pkg::COMP_IDOC_SP;  // first of SP, SFU, LDST
  localparam int Oc0   = ctasim_pkg::COMP_OC_SP;
  localparam int Ocex0 = ctasim_pkg::COMP_OCEX_SP;
  localparam int Ex0   = ctasim_pkg::COMP_EX_SP;
  localparam int ExSfu = ctasim_pkg::COMP_EX_SFU;
  localparam int ExLdst = ctasim_pkg::COMP_EX_LDST;
  localparam int StW   = ctasim_pkg::PgStateW;
  localparam int NSlot = 12;
  localparam int NCmp  = 9;
  localparam int OpW   = JSumW;                     // widest counter
  localparam int FacW  = (ThRtW > 7) ? ThRtW : 7;   // th_RT, 100, units
  // Products that occur (defaults): sum*100 < 2^27, sum(lambda)*th_RT < 2^29,
  // sum*units < 2^24, sum(J)*1 < 2^23, thresholds < 2^12 * 2^16 = 2^28.

  logic ph1, ph2, ph3;
  assign ph1 = (phase_i == 2'd0);
  assign ph2 = (phase_i == 2'd1);
  assign ph3 = (phase_i == 2'd2);

  // Slots of each component that are powered on: all, or the always-on
  // group ceil(units / 2) while it is tuned down.  Seed 004 Sec. 4: a
  // tuned-down component's utilization doubles, and phase 2's tuned-down
  // stage that became the bottleneck is reverted; the U[a] < U[b] tests use
  // these, the th_U thresholds all units (ucs.sv).  tuned_down_o only
  // changes at apply_i or a kernel start, so it is stable while evaluating.
  // Computed where the evaluation's factor multiplexer reads it (below), not
  // as a vector of every component: a Verilated core then spends nothing on
  // it on the interval's edges.
  function automatic logic [UnitsW-1:0] on_of(input logic [NumComp*UnitsW-1:0] units,
                                               input logic [NumComp-1:0] down, input int i);
    logic [UnitsW-1:0] u;
    u = units[i*UnitsW +: UnitsW];
    on_of = down[i] ? (u - (u >> 1)) : u;
  endfunction

  // ---------------------------------------------------------------- counting
  // A core enabled mid-interval waits for the next interval's first edge.
  logic wait_d, wait_q, count;
  assign count  = en_i && counting_i && (first_i || !wait_q);
  assign wait_d = !en_i || (wait_q && !count);
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      wait_q <= 1'b1;
    end else begin
      wait_q <= wait_d;
    end
  end

  // Slot inputs per phase (units/ucs/ucs.md):
  //   phase 1: 0 EX_SP, 1 EX_SFU, 2 J, 3 lambda
  //   phase 2: st*3 + j for OCEX_j, OC_j, IDOC_j; 9 + j EX_j
  //   phase 3: j sch_busy[j], 3 + j EX_j, 6 IFID, 7 SCH
  // One element per slot, each component's busy count read as a constant
  // slice of busy_i (an unpacked array: a Verilated core writes each slot's
  // input as a byte of its own, not as a field of a packed vector).
  localparam int XW = MemWarpsW;
  logic [XW-1:0] x [NSlot];   // slot k's input
  always_comb begin
    for (int k = 0; k < NSlot; k++) begin
      x[k] = '0;
    end
    if (ph1) begin
      x[0] = XW'(busy_i[Ex0*BusyW +: BusyW]);
      x[1] = XW'(busy_i[ExSfu*BusyW +: BusyW]);
      x[2] = mem_warps_i;
      x[3] = XW'(ldst_enter_i);
    end else if (ph2) begin
      for (int j = 0; j < 3; j++) begin
        x[j]     = XW'(busy_i[(Ocex0 + j)*BusyW +: BusyW]);
        x[3 + j] = XW'(busy_i[(Oc0 + j)*BusyW +: BusyW]);
        x[6 + j] = XW'(busy_i[(Idoc0 + j)*BusyW +: BusyW]);
        x[9 + j] = XW'(busy_i[(Ex0 + j)*BusyW +: BusyW]);
      end
    end else begin
      for (int j = 0; j < 3; j++) begin
        x[j]     = XW'(sch_busy_i[j*BusyW +: BusyW]);
        x[3 + j] = XW'(busy_i[(Ex0 + j)*BusyW +: BusyW]);
      end
      if (ph3) begin
        x[6] = XW'(busy_i[Ifid*BusyW +: BusyW]);
        x[7] = XW'(busy_i[Sch*BusyW +: BusyW]);
      end
    end
  end

  // Saturating counters (never saturate for T < 2^PeriodW); cleared when the
  // core is unused, at a kernel start and by the decision: a sum that
  // carries out of W bits gives 2^W - 1 (sat_add; no comparator).  The sum is
  // formed in the clocked block (no next-value signal), so a Verilated core
  // adds once per edge, where a combinational sum is evaluated twice (on the
  // new inputs, then after the registers update).
  // a + b over w bits, saturated: bit w of the sum is its carry out of w
  // bits, which sets every bit below it (the caller keeps the low w)
  localparam int SatW = $clog2(OpW + 1);
  function automatic logic [OpW-1:0] sat_add(input logic [OpW-1:0] a, input logic [OpW-1:0] b,
                                              input logic [SatW-1:0] w);
    logic [OpW:0] s;
    s = {1'b0, a} + {1'b0, b};
    sat_add = OpW'(s) | {OpW{|(s >> w)}};   // a, b < 2^w: s >> w is the carry
  endfunction
  logic [OpW-1:0] slot [NSlot];
  for (genvar k = 0; k < NSlot; k++) begin : g_slot
    localparam int W = (k == 2) ? JSumW : SumW;
    logic [W-1:0] acc_q, xk;
    assign xk = W'(x[k]);
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        acc_q <= '0;
      end else if (!en_i || kernel_start_i || apply_i) begin
        acc_q <= '0;
      end else if (count) begin
        acc_q <= W'(sat_add(OpW'(acc_q), OpW'(xk), SatW'(W)));
      end
    end
    assign slot[k] = OpW'(acc_q);
  end

  // ---------------------------------------------------------------- evaluation
  // Comparison c = ev_i / 2: edge 2c loads P = slot[sa] * fa, edge 2c+1 sets
  // res[c] = P < Q with Q = slot[sb] * fb or a threshold (use_thr).
  //   U[x] < U[y]   <=> sum_x * on_y < sum_y * on_x   (on_of)
  //   U[x] < th     <=> sum_x * 100 < thr = th% * units_x * T
  //   RT > th_RT    <=> sum(lambda) * th_RT < sum(J) * 1
  //
  // The datapath and the decision below are one block that does nothing on an
  // interval edge (counting_i), where nothing reads them: p_q and res_q hold,
  // and no decision comes (apply_i never comes with counting_i, ASSUME
  // ApplyAtLastStep).  A Verilated core then skips the multiplexers, the
  // multiplier and the comparisons on those edges, where a network of
  // continuous assignments is evaluated on every input change and again
  // after every edge.  sel, fac, lt, idle and the decision read 0 there.
  //
  // Decisions (after the comparisons): a component idle all interval
  // (counter 0) is not the bottleneck (seed 004 Sec. 2.2, the Utilization
  // Law), though 0 < 0 is false: phase 2 tunes an idle i_j down, phase 3
  // ignores a type the scheduler did not issue.  Phase 3: SCH down iff
  // U[SCH] < 2 th_U and U[SCH_j] < U[EX_j] for every issued j; then IFID down
  // iff U[IFID] < U[SCH]; otherwise both up.  Phase 1: EX_{SP,SFU,LDST};
  // phase 2: IDOC_j, OC_j, OCEX_j; phase 3: IFID, SCH.  Held in reset (clr_i)
  // when !en_i; a kernel start tunes every group up.  A core that waited
  // through the interval (enabled mid-interval) has no sums: it takes no
  // decision.
  localparam int ResIdxW = $clog2(NCmp - 1);
  localparam logic [NumComp-1:0] Ph1Comps = NumComp'(7) << Ex0;
  localparam logic [NumComp-1:0] Ph2Comps = NumComp'(9'h1ff) << Idoc0;
  localparam logic [NumComp-1:0] Ph3Comps = (NumComp'(1) << Ifid) | (NumComp'(1) << Sch);
  logic [3:0]         cmp, sel;
  logic               load, use_thr, lt, sch_dn, decide;
  logic [1:0]         ph2_j, ph2_st;   // phase 2's comparison cmp = ph2_st * 3 + ph2_j
  logic [FacW-1:0]    fac;
  logic [ProdW-1:0]   p_d, p_q;
  logic [NCmp-2:0]    res_d, res_q;    // results of comparisons 0..7
  logic [NCmp-1:0]    res, idle;       // at apply_i: comparison 8 is this edge's lt
  logic [NumComp-1:0] in_phase;        // components decided in the current phase
  logic [NumComp-1:0] want_down;       // the phase's decision for those components
  logic [NumComp-1:0] down, up;
  assign decide = en_i && apply_i && !wait_q;

  always_comb begin
    cmp       = '0;
    load      = 1'b0;
    ph2_j     = '0;
    ph2_st    = '0;
    sel       = '0;
    fac       = '0;     // comparisons a phase does not use: 0 < 0 = false
    use_thr   = 1'b0;
    p_d       = '0;
    lt        = 1'b0;
    res_d     = res_q;
    res       = {1'b0, res_q};
    idle      = '0;
    sch_dn    = 1'b0;
    in_phase  = '0;
    want_down = '0;
    down      = '0;
    up        = (en_i && kernel_start_i) ? '1 : '0;
    if (!counting_i) begin
      cmp    = 4'(ev_i >> 1);
      load   = !ev_i[0];
      ph2_j  = 2'(cmp % 4'd3);
      ph2_st = 2'(cmp / 4'd3);
      if (ph1) begin
        if (cmp < 4'd2) begin
          if (load) begin
            sel = cmp;
            fac = FacW'(100);
          end else begin
            use_thr = 1'b1;        // thr_i: EX_SP's, then EX_SFU's
          end
        end else if (cmp == 4'd2) begin
          sel = load ? 4'd3 : 4'd2;
          fac = load ? FacW'(cfg_th_rt_i) : FacW'(1);
        end
      end else if (ph2) begin
        // comparison cmp = st * 3 + j (every one of the NCmp, CmpRange): slot
        // cmp (OCEX_j, OC_j, IDOC_j for st = 0, 1, 2) against slot 9 + j (EX_j)
        sel = load ? cmp : 4'(9 + 32'(ph2_j));
        fac = FacW'(on_of(cfg_units_i, tuned_down_o,
                          load             ? Ex0 + 32'(ph2_j) :
                          (ph2_st == 2'd0) ? Ocex0 + 32'(ph2_j) :
                          (ph2_st == 2'd1) ? Oc0 + 32'(ph2_j) : Idoc0 + 32'(ph2_j)));
      end else begin
        if (cmp < 4'd3) begin      // U[SCH_j] < U[EX_j], j = cmp
          sel = load ? cmp : cmp + 4'd3;
          fac = FacW'(on_of(cfg_units_i, tuned_down_o, load ? Ex0 + 32'(cmp) : Sch));
        end else if (cmp == 4'd3) begin
          sel = load ? 4'd6 : 4'd7;
          fac = FacW'(on_of(cfg_units_i, tuned_down_o, load ? Sch : Ifid));
        end else if (cmp == 4'd4) begin
          if (load) begin
            sel = 4'd7;
            fac = FacW'(100);
          end else begin
            use_thr = 1'b1;        // thr_i: 2 th_U of SCH
          end
        end
      end
      // the one multiplier and the one comparator of the core
      p_d = ProdW'(slot[sel] * OpW'(fac));
      lt  = p_q < (use_thr ? thr_i : p_d);
      // comparisons 0..7 are stored at their compare edge; 8 is read as lt at apply_i
      if (!load && cmp != 4'(NCmp - 1)) begin
        res_d[cmp[ResIdxW-1:0]] = lt;
      end
      res = {lt, res_q};
      for (int k = 0; k < NCmp; k++) begin
        idle[k] = (slot[k] == '0);
      end
      sch_dn   = res[4] && (&(res[2:0] | idle[2:0]));
      in_phase = ph1 ? Ph1Comps : ph2 ? Ph2Comps : Ph3Comps;
      for (int j = 0; j < 3; j++) begin
        want_down[Ocex0 + j] = res[j] | idle[j];
        want_down[Oc0 + j]   = res[3 + j] | idle[3 + j];
        want_down[Idoc0 + j] = res[6 + j] | idle[6 + j];
      end
      want_down[Ex0]    = res[0];
      want_down[ExSfu]  = res[1];
      want_down[ExLdst] = (slot[3] != '0) && res[2];   // sum(lambda) = 0: RT = 0
      want_down[Sch]    = sch_dn;
      want_down[Ifid]   = sch_dn && res[3];
      if (decide) begin
        down = in_phase & want_down;
        if (!kernel_start_i) begin
          up = in_phase & ~want_down;
        end
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      p_q   <= '0;
      res_q <= '0;
    end else if (counting_i || kernel_start_i) begin
      p_q   <= p_q;
      res_q <= res_q;
    end else begin
      if (load) begin
        p_q <= p_d;
      end
      res_q <= res_d;
    end
  end

  // ---------------------------------------------------------------- groups
  // PG: IFID (decoder; its buffer half is clock-gated alongside), SCH, EX_SP, EX_SFU.
  localparam logic [NumComp-1:0] PgMask = (NumComp'(1) << Ifid) | (NumComp'(1) << Sch) |
                                          (NumComp'(1) << Ex0) | (NumComp'(1) << ExSfu);
  logic [NumComp*StW-1:0] state;
  ucs_grp #(.NumGrp(NumComp), .PgMask(PgMask), .WakeW(WakeW)) u_grp (
    .clk_i,
    .rst_ni,
    .clr_i        (!en_i),
    .down_i       (down),
    .up_i         (up),
    .empty_i,
    .cfg_wakeup_i,
    .tuned_down_o,
    .state_o      (state)
  );
  for (genvar i = 0; i < NumComp; i++) begin : g_acc
    assign accepts_work_o[i] = (state[i*StW +: StW] == ctasim_pkg::PGS_ON);
  end

  // ctasim_pkg::pg_e order: PG_SCH, PG_EX_SP, PG_EX_SFU, PG_IFID_DEC (IFID's group).
  assign pg_state_o[ctasim_pkg::PG_SCH*StW +: StW]      = state[Sch*StW +: StW];
  assign pg_state_o[ctasim_pkg::PG_EX_SP*StW +: StW]    = state[Ex0*StW +: StW];
  assign pg_state_o[ctasim_pkg::PG_EX_SFU*StW +: StW]   = state[ExSfu*StW +: StW];
  assign pg_state_o[ctasim_pkg::PG_IFID_DEC*StW +: StW] = state[Ifid*StW +: StW];

  // ================================================================ assertions
  // The unit's rules as checks (rtl/ctasim_assert.svh; docs/verification.md,
  // "Assertions"); nothing below changes the unit's behaviour.
`include "ctasim_assert.svh"
  `ASSERT_INIT
`ifdef CTASIM_ASSERT_ON
  // The cycle before, in explicit registers the checks share.
  logic [OpW-1:0]   asrt_slot0_q, asrt_slot2_q, asrt_slot7_q;  // slots 0, 2 and 7 (words of
                                                              // their own, not one wide vector)
  logic             asrt_unused_q;  // !en_i
  logic             asrt_clr_q;     // !en_i || kernel_start_i || apply_i: the sums clear
  logic             asrt_frozen_q;  // en_i, evaluating, not the decision: the sums hold
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      asrt_slot0_q  <= '0;
      asrt_slot2_q  <= '0;
      asrt_slot7_q  <= '0;
      asrt_unused_q <= 1'b0;
      asrt_clr_q    <= 1'b0;
      asrt_frozen_q <= 1'b0;
    end else begin
      asrt_slot0_q  <= slot[0];
      asrt_slot2_q  <= slot[2];
      asrt_slot7_q  <= slot[7];
      asrt_unused_q <= !en_i;
      asrt_clr_q    <= !en_i || kernel_start_i || apply_i;
      asrt_frozen_q <= en_i && !counting_i && !kernel_start_i && !apply_i;
    end
  end
  // A quiet edge: no command to any group, no kernel start, and the edge
  // before neither cleared nor froze the sums nor found the core unused.
  // Every check of the group below holds on it by inspection, so simulation
  // skips the group then (most edges of an interval).
  logic             asrt_quiet;
  assign asrt_quiet = (down | up) == '0 && !kernel_start_i && !asrt_unused_q && !asrt_clr_q &&
                      !asrt_frozen_q;
`endif
  // ucs.sv's shared timer: 18 evaluation steps, three phases, apply at the last step
  `ASSUME(EvRange, ev_i < EvW'(18), "evaluation step past 17")
  `ASSUME(PhaseRange, phase_i != 2'd3, "phase code 3")
  `ASSUME(ApplyAtLastStep, !apply_i || (ev_i == EvW'(17) && !counting_i && !kernel_start_i),
          "apply outside the last evaluation step")
  `ASSUME(FirstCounts, !first_i || counting_i, "first edge not counted")
  // 18 steps of two edges: comparisons 0 .. NCmp - 1 (phase 2 uses every one)
  `ASSERT(CmpRange, cmp < 4'(NCmp), "comparison index past the last")
  `ASSERT_GROUP_BEGIN(asrt_quiet)
  // a group is never tuned down and up in one edge (ucs_grp ASSUME DownXorUp)
  `ASSERT_IN(DownUpDisjoint, (down & up) == '0, "tune down and up together")
  // units/ucs/ucs.md: an unused core takes no decision
  `ASSERT_IN(NoCmdUnused, en_i || (down == '0 && up == '0), "command to an unused core")
  // seed 004 Alg. 1: tune-downs happen only at the decision edge, for the phase's components
  `ASSERT_IN(DownAtApply, down == '0 || apply_i, "tune-down outside the decision edge")
  `ASSERT_IN(DownInPhase, (down & ~in_phase) == '0, "tune-down of another phase's component")
  // units/ucs/ucs.md: a kernel start tunes every group of a used core up
  `ASSERT_IN(StartAllUp, !(kernel_start_i && en_i) || up == '1, "kernel start left a group down")
  // seed 004 Alg. 1 phase 3: IFID goes down only with SCH
  `ASSERT_IN(IfidAfterSch, !down[Ifid] || down[Sch], "IFID down without SCH")
  // units/ucs/ucs.md: sum(lambda) = 0 means RT = 0: EX_LDST stays up
  `ASSERT_IN(LdstNeedsLambda, !down[ExLdst] || slot[3] != '0, "EX_LDST down with no lambda")
  // units/ucs/ucs.md: a core enabled mid-interval waits for the next interval
  `ASSERT_IN(WaitWhenUnused, !asrt_unused_q || wait_q, "unused core not waiting")
  `ASSERT_IN(NoDecideWaiting, !(apply_i && en_i && wait_q) || down == '0, "a waiting core decided")
  // units/ucs/ucs.md: the decision, a kernel start or disuse clears the sums
  `ASSERT_IN(SumsCleared, !asrt_clr_q ||
             (slot[0] == '0 && slot[1] == '0 && slot[2] == '0 && slot[3] == '0 &&
              slot[6] == '0 && slot[9] == '0 && slot[11] == '0), "sums not cleared")
  // the sums stay frozen while the datapath reads them
  `ASSERT_IN(SumsFrozen, !asrt_frozen_q || (slot[0] == asrt_slot0_q &&
             slot[2] == asrt_slot2_q && slot[7] == asrt_slot7_q),
             "sums moved during the evaluation")
  `ASSERT_GROUP_END
  // seed 004 Sec. 4: a tuned-down group takes no work
  `ASSERT(DownNoWork, (tuned_down_o & accepts_work_o) == '0, "tuned-down group accepts work")
  `ASSERT_KNOWN(PgKnown, pg_state_o)
  `COVER(CovExSpDown, down[Ex0])
  `COVER(CovLdstDown, down[ExLdst])
  `COVER(CovOcDown, down[Oc0])
  `COVER(CovSchDown, down[Sch])
  `COVER(CovIfidDown, down[Ifid])
endmodule
