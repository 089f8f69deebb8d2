// ucs -- uC-States Gating Control Units of all cores (seed 004 Sec. 4,
// Algorithm 1; controllers.md section 5).  One interval timer and phase
// register shared by all cores (they all start together), the cfg-only
// threshold products computed once, and one ucs_gcu per core.  Cores with
// index >= cfg_n_cores_i are held in reset.  Mirrors cmodel/ctl/ucs.c; the
// cycle-exact rules are in docs/units/ucs.md.  Per-core vectors hold
// ctasim_pkg::NumComp components, NumItype SCH types and NumPg gate states.
module ucs #(
  parameter int NumCores = ctasim_pkg::MaxCores,
  parameter int CoresW   = ctasim_pkg::CoresW   // width of cfg_n_cores_i
) (
  input  logic                   clk_i,
  input  logic                   rst_ni,
  input  logic [CoresW-1:0]      cfg_n_cores_i,
  input  logic [ctasim_pkg::NumComp*4-1:0] cfg_units_i,
  input  logic [15:0]            cfg_period_i,
  input  logic [6:0]             cfg_th_u_pct_i,
  input  logic [9:0]             cfg_th_rt_i,
  // Break-even is accounted from pg_state_o by the power model (the C model
  // counts short episodes); the RTL keeps no break-even state.
  /* verilator lint_off UNUSED */
  input  logic [7:0]             cfg_break_even_i,
  /* verilator lint_on UNUSED */
  input  logic [7:0]             cfg_wakeup_i,
  input  logic                   kernel_start_i, // restart rotation at phase 1, tune all up
  input  logic [NumCores*ctasim_pkg::NumComp*4-1:0] busy_i,
  input  logic [NumCores*ctasim_pkg::NumItype*4-1:0] sch_busy_i,
  input  logic [NumCores*7-1:0]   mem_warps_i,
  input  logic [NumCores*3-1:0]   ldst_enter_i,
  input  logic [NumCores*ctasim_pkg::NumComp-1:0] empty_i,
  output logic [NumCores*ctasim_pkg::NumComp-1:0] tuned_down_o,
  output logic [NumCores*ctasim_pkg::NumComp-1:0] accepts_work_o,
  output logic [NumCores*ctasim_pkg::NumPg*ctasim_pkg::PgStateW-1:0] pg_state_o
);
  localparam int ThuW = 12;  // 2 * 127 % * 15 units < 2^12
  localparam int NComp = ctasim_pkg::NumComp;
  localparam int NType = ctasim_pkg::NumItype;
  localparam int PgW   = ctasim_pkg::NumPg * ctasim_pkg::PgStateW;

  // ---------------------------------------------------------------- timer
  logic [15:0] cyc_d, cyc_q;
  logic [1:0]  phase_d, phase_q;   // 0,1,2 = phase 1,2,3 of the next decision
  logic        decide;

  // The decision edge consumes the T-th cycle of the interval (T = 0 acts as 1).
  assign decide = !kernel_start_i && ((17'(cyc_q) + 17'd1) >= 17'(cfg_period_i));

  always_comb begin
    cyc_d   = cyc_q + 16'd1;
    phase_d = phase_q;
    if (kernel_start_i) begin
      cyc_d   = '0;
      phase_d = 2'd0;
    end else if (decide) begin
      cyc_d   = '0;
      phase_d = (phase_q == 2'd2) ? 2'd0 : phase_q + 2'd1;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      cyc_q   <= '0;
      phase_q <= 2'd0;
    end else begin
      cyc_q   <= cyc_d;
      phase_q <= phase_d;
    end
  end

  // ---------------------------------------------------------------- limits
  // U < th_U <=> sum over T cycles of (100 busy - th_U% * units) < 0 (seed 004
  // Sec. 4, phase 1); phase 3 uses 2 th_U for SCH.  cfg-only: computed once.
  logic [ThuW-1:0] thu_sp, thu_sfu, thu_sch;
  assign thu_sp  = ThuW'(cfg_th_u_pct_i) * ThuW'(cfg_units_i[ctasim_pkg::COMP_EX_SP*4 +: 4]);
  assign thu_sfu = ThuW'(cfg_th_u_pct_i) * ThuW'(cfg_units_i[ctasim_pkg::COMP_EX_SFU*4 +: 4]);
  assign thu_sch = (ThuW'(cfg_th_u_pct_i) * ThuW'(cfg_units_i[ctasim_pkg::COMP_SCH*4 +: 4])) << 1;

  // ---------------------------------------------------------------- cores
  for (genvar c = 0; c < NumCores; c++) begin : g_core
    logic en;
    assign en = (CoresW'(c) < cfg_n_cores_i);
    ucs_gcu u_gcu (
      .clk_i,
      .rst_ni,
      .en_i           (en),
      .kernel_start_i,
      .decide_i       (decide),
      .phase_i        (phase_q),
      .cfg_units_i,
      .cfg_th_rt_i,
      .cfg_wakeup_i,
      .thu_sp_i       (thu_sp),
      .thu_sfu_i      (thu_sfu),
      .thu_sch_i      (thu_sch),
      .busy_i         (busy_i[c*NComp*4 +: NComp*4]),
      .sch_busy_i     (sch_busy_i[c*NType*4 +: NType*4]),
      .mem_warps_i    (mem_warps_i[c*7 +: 7]),
      .ldst_enter_i   (ldst_enter_i[c*3 +: 3]),
      .empty_i        (empty_i[c*NComp +: NComp]),
      .tuned_down_o   (tuned_down_o[c*NComp +: NComp]),
      .accepts_work_o (accepts_work_o[c*NComp +: NComp]),
      .pg_state_o     (pg_state_o[c*PgW +: PgW])
    );
  end
endmodule
