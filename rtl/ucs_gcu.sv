// ucs_gcu -- uC-States Gating Control Unit of one core (seed 004 Sec. 4,
// Algorithm 1).  Nine signed accumulator slots, reused by every phase, sum
// the per-cycle xdiff-multiplied differences whose sign is each decision of
// the next phase (phase_i); at the decision edge (decide_i, from the shared
// timer in ucs.sv) the sums including this cycle drive the NumComp group state
// machines (ucs_grp).  Mirrors cmodel/ctl/ucs.c; slot meanings in docs/units/ucs.md.
// Component order, SCH types and gate groups: ctasim_pkg (= cmodel/ctl/ctl_seam.h).
module ucs_gcu #(
  parameter int NumComp   = ctasim_pkg::NumComp,
  parameter int BusyW     = 4,   // busy slots per cycle
  parameter int UnitsW    = 4,   // total slots of a component (both groups)
  parameter int MemWarpsW = 7,
  parameter int LamW      = 3,
  parameter int ThRtW     = 10,
  parameter int WakeW     = 8,
  parameter int ThuW      = 12,  // th_U% * units (x2 for SCH): 2*127*15 < 2^12
  parameter int TermW     = 15,  // signed per-cycle term: |J - th_RT*lambda| <= 7161
  // Slot widths: |term| * 65535 cycles fits (T <= 2^16 - 1).
  parameter int AccWPct = 28,  // slots 0,1: 1905 * 65535 < 2^27
  parameter int AccWRt  = 30,  // slot 2:   7161 * 65535 < 2^29
  parameter int AccWSch = 29,  // slot 4:   3810 * 65535 < 2^28
  parameter int AccWX   = 25   // others:    225 * 65535 < 2^24
) (
  input  logic                     clk_i,
  input  logic                     rst_ni,
  input  logic                     en_i,           // core in use; else held in reset
  input  logic                     kernel_start_i, // drop sums, tune every group up
  input  logic                     decide_i,       // this edge ends the interval
  input  logic [1:0]               phase_i,        // 0,1,2 = phase 1,2,3 of the next decision
  input  logic [NumComp*UnitsW-1:0] cfg_units_i,
  input  logic [ThRtW-1:0]       cfg_th_rt_i,
  input  logic [WakeW-1:0]        cfg_wakeup_i,
  input  logic [ThuW-1:0]         thu_sp_i,       // th_U% * units[EX_SP]
  input  logic [ThuW-1:0]         thu_sfu_i,      // th_U% * units[EX_SFU]
  input  logic [ThuW-1:0]         thu_sch_i,      // 2 * th_U% * units[SCH]
  input  logic [NumComp*BusyW-1:0]  busy_i,
  input  logic [ctasim_pkg::NumItype*BusyW-1:0] sch_busy_i,
  input  logic [MemWarpsW-1:0]           mem_warps_i,
  input  logic [LamW-1:0]         ldst_enter_i,
  input  logic [NumComp-1:0]         empty_i,
  output logic [NumComp-1:0]         tuned_down_o,
  output logic [NumComp-1:0]         accepts_work_o,
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
  localparam int ProdW = BusyW + UnitsW;

  logic ph1, ph2, ph3, clear;
  assign ph1   = (phase_i == 2'd0);
  assign ph2   = (phase_i == 2'd1);
  assign ph3   = (phase_i == 2'd2);
  assign clear = !en_i || kernel_start_i || decide_i;

  function automatic logic [BusyW-1:0] busy_of(input logic [NumComp*BusyW-1:0] v, input int c);
    busy_of = v[c*BusyW +: BusyW];
  endfunction

  // Phase-1 / phase-3 threshold terms: U < pct/100 <=> sum over the T cycles
  // of (100 busy - pct * units) < 0 (seed 004 Sec. 4, th_U and 2 th_U).
  logic signed [TermW-1:0] pct_sp, pct_sfu, pct_sch, rt_term;
  assign pct_sp  = $signed(TermW'(busy_of(busy_i, Ex0))     * TermW'(100)) - $signed(TermW'(thu_sp_i));
  assign pct_sfu = $signed(TermW'(busy_of(busy_i, ExSfu))  * TermW'(100)) - $signed(TermW'(thu_sfu_i));
  assign pct_sch = $signed(TermW'(busy_of(busy_i, Sch))     * TermW'(100)) - $signed(TermW'(thu_sch_i));
  // Little's law (Sec. 2.2): RT = sum(J)/sum(lambda) > th_RT <=> sum(J - th_RT*lambda) > 0.
  assign rt_term = $signed(TermW'(mem_warps_i)) - $signed(TermW'(cfg_th_rt_i) * TermW'(ldst_enter_i));

  // ---------------------------------------------------------------- slots
  // Phase 1: 0 EX_SP < th_U, 1 EX_SFU < th_U, 2 RT > th_RT.
  // Phase 2: st*3+j = U[{OCEX,OC,IDOC}_j] < U[EX_j]   (st = 0, 1, 2).
  // Phase 3: j = U[SCH_j] < U[EX_j], 3 = U[IFID] < U[SCH], 4 = U[SCH] < 2 th_U.
  // U[a] < U[b] <=> sum over cycles of (busy_a*units_b - busy_b*units_a) < 0.
  logic [8:0] neg;        // sign of each slot's sum including this cycle
  logic       rt_pos;     // slot 2 sum > 0
  for (genvar k = 0; k < 9; k++) begin : g_slot
    localparam int Comp = (k < 3) ? Ocex0 + k : (k < 6) ? Oc0 + k - 3 : Idoc0 + k - 6;
    localparam int Ex   = Ex0 + (k % 3);
    localparam int AccW = (k < 2) ? AccWPct : (k == 2) ? AccWRt :
                          (k == 4) ? AccWSch : AccWX;
    logic [BusyW-1:0]  xa, xb;
    logic [UnitsW-1:0] xua, xub;
    if (k < 3) begin : g_sch
      assign xa  = ph3 ? sch_busy_i[k*BusyW +: BusyW] : busy_of(busy_i, Comp);
      assign xua = ph3 ? cfg_units_i[Sch*UnitsW +: UnitsW] : cfg_units_i[Comp*UnitsW +: UnitsW];
      assign xb  = busy_of(busy_i, Ex);
      assign xub = cfg_units_i[Ex*UnitsW +: UnitsW];
    end else if (k == 3) begin : g_ifid
      assign xa  = ph3 ? busy_of(busy_i, Ifid) : busy_of(busy_i, Comp);
      assign xua = ph3 ? cfg_units_i[Ifid*UnitsW +: UnitsW] : cfg_units_i[Comp*UnitsW +: UnitsW];
      assign xb  = ph3 ? busy_of(busy_i, Sch) : busy_of(busy_i, Ex);
      assign xub = ph3 ? cfg_units_i[Sch*UnitsW +: UnitsW] : cfg_units_i[Ex*UnitsW +: UnitsW];
    end else begin : g_fix
      assign xa  = busy_of(busy_i, Comp);
      assign xua = cfg_units_i[Comp*UnitsW +: UnitsW];
      assign xb  = busy_of(busy_i, Ex);
      assign xub = cfg_units_i[Ex*UnitsW +: UnitsW];
    end

    logic [ProdW-1:0]        pa, pb;
    logic signed [TermW-1:0] xdiff, term;
    assign pa    = ProdW'(xa) * ProdW'(xub);
    assign pb    = ProdW'(xb) * ProdW'(xua);
    assign xdiff = $signed(TermW'(pa)) - $signed(TermW'(pb));
    if (k == 0) begin : g_t0
      assign term = ph1 ? pct_sp : xdiff;
    end else if (k == 1) begin : g_t1
      assign term = ph1 ? pct_sfu : xdiff;
    end else if (k == 2) begin : g_t2
      assign term = ph1 ? rt_term : xdiff;
    end else if (k == 3) begin : g_t3
      assign term = ph1 ? '0 : xdiff;
    end else if (k == 4) begin : g_t4
      assign term = ph3 ? pct_sch : ph2 ? xdiff : '0;
    end else begin : g_tx
      assign term = ph2 ? xdiff : '0;
    end

    // Saturating signed accumulation (never saturates for T < 2^16).
    logic signed [AccW-1:0] acc_q, sum;
    logic signed [AccW:0]   wide;
    assign wide = $signed({acc_q[AccW-1], acc_q}) + (AccW+1)'(term);
    assign sum  = (wide[AccW] == wide[AccW-1]) ? wide[AccW-1:0] :
                  wide[AccW] ? {1'b1, {(AccW-1){1'b0}}} : {1'b0, {(AccW-1){1'b1}}};
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        acc_q <= '0;
      end else if (clear) begin
        acc_q <= '0;
      end else begin
        acc_q <= sum;
      end
    end
    assign neg[k] = sum[AccW-1];
    if (k == 2) begin : g_pos
      assign rt_pos = !sum[AccW-1] && (sum != '0);
    end
  end

  // sum(lambda) != 0 over the interval, including this cycle.
  logic lam_seen_q, lam_seen;
  assign lam_seen = lam_seen_q || (ldst_enter_i != '0);
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      lam_seen_q <= 1'b0;
    end else if (clear) begin
      lam_seen_q <= 1'b0;
    end else begin
      lam_seen_q <= lam_seen;
    end
  end

  // ---------------------------------------------------------------- decisions
  // Phase 3: SCH down iff U[SCH] < 2 th_U and U[SCH_j] < U[EX_j] for all j;
  // then IFID down iff U[IFID] < U[SCH]; otherwise both up.
  logic             sch_dn;
  logic [NumComp-1:0] in_phase;   // components decided in the current phase
  logic [NumComp-1:0] want_down;  // the phase's decision for those components
  logic [NumComp-1:0] down, up;
  assign sch_dn    = neg[4] && (&neg[2:0]);
  // Phase 1: EX_{SP,SFU,LDST}; phase 2: IDOC_j, OC_j, OCEX_j; phase 3: IFID, SCH.
  localparam logic [NumComp-1:0] Ph1Comps = NumComp'(7) << Ex0;
  localparam logic [NumComp-1:0] Ph2Comps = NumComp'(9'h1ff) << Idoc0;
  localparam logic [NumComp-1:0] Ph3Comps = (NumComp'(1) << Ifid) | (NumComp'(1) << Sch);
  assign in_phase  = ph1 ? Ph1Comps : ph2 ? Ph2Comps : Ph3Comps;
  for (genvar j = 0; j < 3; j++) begin : g_want
    assign want_down[Ocex0 + j] = neg[j];
    assign want_down[Oc0 + j]   = neg[3 + j];
    assign want_down[Idoc0 + j] = neg[6 + j];
  end
  assign want_down[Ex0]    = neg[0];
  assign want_down[ExSfu]  = neg[1];
  assign want_down[ExLdst] = lam_seen && rt_pos;
  assign want_down[Sch]    = sch_dn;
  assign want_down[Ifid]   = sch_dn && neg[3];
  // Held in reset (clr_i) when !en_i; kernel start tunes every group up.
  assign down = (en_i && !kernel_start_i && decide_i) ? (in_phase & want_down) : '0;
  assign up   = !en_i          ? '0 :
                kernel_start_i ? '1 :
                decide_i       ? (in_phase & ~want_down) : '0;

  // ---------------------------------------------------------------- groups
  logic [NumComp*StW-1:0] state;
  for (genvar i = 0; i < NumComp; i++) begin : g_grp
    // PG: IFID (decoder; its buffer half is clock-gated alongside), SCH, EX_SP, EX_SFU.
    localparam bit IsPg = (i == Ifid) || (i == Sch) || (i == Ex0) || (i == ExSfu);
    ucs_grp #(.IsPg(IsPg), .WakeW(WakeW)) u_grp (
      .clk_i,
      .rst_ni,
      .clr_i        (!en_i),
      .down_i       (down[i]),
      .up_i         (up[i]),
      .empty_i      (empty_i[i]),
      .cfg_wakeup_i,
      .tuned_down_o (tuned_down_o[i]),
      .state_o      (state[i*StW +: StW])
    );
    assign accepts_work_o[i] = (state[i*StW +: StW] == ctasim_pkg::PGS_ON);
  end

  // ctasim_pkg::pg_e order: PG_SCH, PG_EX_SP, PG_EX_SFU, PG_IFID_DEC (IFID's group).
  for (genvar g = 0; g < ctasim_pkg::NumPg; g++) begin : g_pg
    localparam int Comp = (g == ctasim_pkg::PG_SCH)    ? Sch :
                          (g == ctasim_pkg::PG_EX_SP)  ? Ex0 :
                          (g == ctasim_pkg::PG_EX_SFU) ? ExSfu : Ifid;
    assign pg_state_o[g*StW +: StW] = state[Comp*StW +: StW];
  end
endmodule
