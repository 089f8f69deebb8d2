// ucs_gcu -- uC-States Gating Control Unit of one core (seed 004 Sec. 4,
// Algorithm 1).  Nine signed accumulator slots, reused by every phase, sum
// the per-cycle xdiff-multiplied differences whose sign is each decision of
// the next phase (phase_i); at the decision edge (decide_i, from the shared
// timer in ucs.sv) the sums including this cycle drive the 14 group state
// machines (ucs_grp).  Mirrors cmodel/ctl/ucs.c; slot meanings in docs/units/ucs.md.
// Component order = enum ctl_comp: IFID, SCH, IDOC_{SP,SFU,LDST},
// OC_{SP,SFU,LDST}, OCEX_{SP,SFU,LDST}, EX_{SP,SFU,LDST}.
module ucs_gcu #(
  parameter int NCOMP     = 14,
  parameter int BUSY_W    = 4,   // busy slots per cycle
  parameter int UNITS_W   = 4,   // total slots of a component (both groups)
  parameter int J_W       = 7,
  parameter int LAM_W     = 3,
  parameter int TH_RT_W   = 10,
  parameter int WAKE_W    = 8,
  parameter int THU_W     = 12,  // th_U% * units (x2 for SCH): 2*127*15 < 2^12
  parameter int TERM_W    = 15,  // signed per-cycle term: |J - th_RT*lambda| <= 7161
  // Slot widths: |term| * 65535 cycles fits (T <= 2^16 - 1).
  parameter int ACC_W_PCT = 28,  // slots 0,1: 1905 * 65535 < 2^27
  parameter int ACC_W_RT  = 30,  // slot 2:   7161 * 65535 < 2^29
  parameter int ACC_W_SCH = 29,  // slot 4:   3810 * 65535 < 2^28
  parameter int ACC_W_X   = 25   // others:    225 * 65535 < 2^24
) (
  input  logic                     clk_i,
  input  logic                     rst_ni,
  input  logic                     en_i,           // core in use; else held in reset
  input  logic                     kernel_start_i, // drop sums, tune every group up
  input  logic                     decide_i,       // this edge ends the interval
  input  logic [1:0]               phase_i,        // 0,1,2 = phase 1,2,3 of the next decision
  input  logic [NCOMP*UNITS_W-1:0] cfg_units_i,
  input  logic [TH_RT_W-1:0]       cfg_th_rt_i,
  input  logic [WAKE_W-1:0]        cfg_wakeup_i,
  input  logic [THU_W-1:0]         thu_sp_i,       // th_U% * units[EX_SP]
  input  logic [THU_W-1:0]         thu_sfu_i,      // th_U% * units[EX_SFU]
  input  logic [THU_W-1:0]         thu_sch_i,      // 2 * th_U% * units[SCH]
  input  logic [NCOMP*BUSY_W-1:0]  busy_i,
  input  logic [3*BUSY_W-1:0]      sch_busy_i,
  input  logic [J_W-1:0]           mem_warps_i,
  input  logic [LAM_W-1:0]         ldst_enter_i,
  input  logic [NCOMP-1:0]         empty_i,
  output logic [NCOMP-1:0]         tuned_down_o,
  output logic [NCOMP-1:0]         accepts_work_o,
  output logic [4*2-1:0]           pg_state_o      // enum ctl_pg order: SCH, EX_SP, EX_SFU, IFID_DEC
);
  localparam int IFID = 0, SCH = 1, IDOC0 = 2, OC0 = 5, OCEX0 = 8, EX0 = 11;
  localparam int PROD_W = BUSY_W + UNITS_W;

  logic ph1, ph2, ph3, clear;
  assign ph1   = (phase_i == 2'd0);
  assign ph2   = (phase_i == 2'd1);
  assign ph3   = (phase_i == 2'd2);
  assign clear = !en_i || kernel_start_i || decide_i;

  function automatic logic [BUSY_W-1:0] busy_of(input logic [NCOMP*BUSY_W-1:0] v, input int c);
    busy_of = v[c*BUSY_W +: BUSY_W];
  endfunction

  // Phase-1 / phase-3 threshold terms: U < pct/100 <=> sum over the T cycles
  // of (100 busy - pct * units) < 0 (seed 004 Sec. 4, th_U and 2 th_U).
  logic signed [TERM_W-1:0] pct_sp, pct_sfu, pct_sch, rt_term;
  assign pct_sp  = $signed(TERM_W'(busy_of(busy_i, EX0))     * TERM_W'(100)) - $signed(TERM_W'(thu_sp_i));
  assign pct_sfu = $signed(TERM_W'(busy_of(busy_i, EX0 + 1)) * TERM_W'(100)) - $signed(TERM_W'(thu_sfu_i));
  assign pct_sch = $signed(TERM_W'(busy_of(busy_i, SCH))     * TERM_W'(100)) - $signed(TERM_W'(thu_sch_i));
  // Little's law (Sec. 2.2): RT = sum(J)/sum(lambda) > th_RT <=> sum(J - th_RT*lambda) > 0.
  assign rt_term = $signed(TERM_W'(mem_warps_i)) - $signed(TERM_W'(cfg_th_rt_i) * TERM_W'(ldst_enter_i));

  // ---------------------------------------------------------------- slots
  // Phase 1: 0 EX_SP < th_U, 1 EX_SFU < th_U, 2 RT > th_RT.
  // Phase 2: st*3+j = U[{OCEX,OC,IDOC}_j] < U[EX_j]   (st = 0, 1, 2).
  // Phase 3: j = U[SCH_j] < U[EX_j], 3 = U[IFID] < U[SCH], 4 = U[SCH] < 2 th_U.
  // U[a] < U[b] <=> sum over cycles of (busy_a*units_b - busy_b*units_a) < 0.
  logic [8:0] neg;        // sign of each slot's sum including this cycle
  logic       rt_pos;     // slot 2 sum > 0
  for (genvar k = 0; k < 9; k++) begin : g_slot
    localparam int Comp = (k < 3) ? OCEX0 + k : (k < 6) ? OC0 + k - 3 : IDOC0 + k - 6;
    localparam int Ex   = EX0 + (k % 3);
    localparam int AccW = (k < 2) ? ACC_W_PCT : (k == 2) ? ACC_W_RT :
                          (k == 4) ? ACC_W_SCH : ACC_W_X;
    logic [BUSY_W-1:0]  xa, xb;
    logic [UNITS_W-1:0] xua, xub;
    if (k < 3) begin : g_sch
      assign xa  = ph3 ? sch_busy_i[k*BUSY_W +: BUSY_W] : busy_of(busy_i, Comp);
      assign xua = ph3 ? cfg_units_i[SCH*UNITS_W +: UNITS_W] : cfg_units_i[Comp*UNITS_W +: UNITS_W];
      assign xb  = busy_of(busy_i, Ex);
      assign xub = cfg_units_i[Ex*UNITS_W +: UNITS_W];
    end else if (k == 3) begin : g_ifid
      assign xa  = ph3 ? busy_of(busy_i, IFID) : busy_of(busy_i, Comp);
      assign xua = ph3 ? cfg_units_i[IFID*UNITS_W +: UNITS_W] : cfg_units_i[Comp*UNITS_W +: UNITS_W];
      assign xb  = ph3 ? busy_of(busy_i, SCH) : busy_of(busy_i, Ex);
      assign xub = ph3 ? cfg_units_i[SCH*UNITS_W +: UNITS_W] : cfg_units_i[Ex*UNITS_W +: UNITS_W];
    end else begin : g_fix
      assign xa  = busy_of(busy_i, Comp);
      assign xua = cfg_units_i[Comp*UNITS_W +: UNITS_W];
      assign xb  = busy_of(busy_i, Ex);
      assign xub = cfg_units_i[Ex*UNITS_W +: UNITS_W];
    end

    logic [PROD_W-1:0]        pa, pb;
    logic signed [TERM_W-1:0] xdiff, term;
    assign pa    = PROD_W'(xa) * PROD_W'(xub);
    assign pb    = PROD_W'(xb) * PROD_W'(xua);
    assign xdiff = $signed(TERM_W'(pa)) - $signed(TERM_W'(pb));
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
  logic [NCOMP-1:0] in_phase;   // components decided in the current phase
  logic [NCOMP-1:0] want_down;  // the phase's decision for those components
  logic [NCOMP-1:0] down, up;
  assign sch_dn    = neg[4] && (&neg[2:0]);
  assign in_phase  = ph1 ? 14'b11100000000000 :
                     ph2 ? 14'b00011111111100 : 14'b00000000000011;
  //                   EX_LDST                 EX_SFU  EX_SP   OCEX_j    OC_j      IDOC_j    SCH     IFID
  assign want_down = {lam_seen && rt_pos, neg[1], neg[0], neg[2:0], neg[5:3], neg[8:6], sch_dn,
                      sch_dn && neg[3]};
  // Held in reset (clr_i) when !en_i; kernel start tunes every group up.
  assign down = (en_i && !kernel_start_i && decide_i) ? (in_phase & want_down) : '0;
  assign up   = !en_i          ? '0 :
                kernel_start_i ? '1 :
                decide_i       ? (in_phase & ~want_down) : '0;

  // ---------------------------------------------------------------- groups
  logic [NCOMP*2-1:0] state;
  for (genvar i = 0; i < NCOMP; i++) begin : g_grp
    // PG: IFID (decoder; its buffer half is clock-gated alongside), SCH, EX_SP, EX_SFU.
    localparam bit IsPg = (i == IFID) || (i == SCH) || (i == EX0) || (i == EX0 + 1);
    ucs_grp #(.IS_PG(IsPg), .WAKE_W(WAKE_W)) u_grp (
      .clk_i,
      .rst_ni,
      .clr_i        (!en_i),
      .down_i       (down[i]),
      .up_i         (up[i]),
      .empty_i      (empty_i[i]),
      .cfg_wakeup_i,
      .tuned_down_o (tuned_down_o[i]),
      .state_o      (state[i*2 +: 2])
    );
    assign accepts_work_o[i] = (state[i*2 +: 2] == 2'd0);
  end

  assign pg_state_o = {state[IFID*2 +: 2], state[(EX0+1)*2 +: 2],
                       state[EX0*2 +: 2], state[SCH*2 +: 2]};
endmodule
