// arcta.sv -- ApSA AR-CTA decision unit and frequency calibrator outputs
// (seed 002, Thomas & Daruwala, Sec. 3.1-3.2; spec/controllers.md Sec. 4).
//
// Phases per kernel: IDLE (after reset) -> PROFILE (core 0 alone, CTA limit 1)
// -> DECISION (3 .. 9 + cfg_n_parts_i cycles: one multiplier, one comparator,
// one step a cycle) -> ACTION (until the next kernel_start_i).
// The profiling window holds the PROFILE cycles consumed after the
// kernel_start edge; it ends with the cycle in which core 0 reports
// cta_done_i != 0 (that cycle counted) or with the cycle that makes the
// count reach cfg_window_i, whichever is first.  kernel_start_i always wins
// and restarts profiling.  Outputs depend only on registers and the
// quasi-static cfg_*_i ports (Moore).  C reference: units/arcta/arcta.c.
module arcta #(
  parameter int NumCores = ctasim_pkg::MaxCores,  // enable_o width (runtime count: cfg_n_cores_i)
  parameter int NumParts = ctasim_pkg::MaxParts,  // dram_busy_i partitions (runtime count: cfg_n_parts_i)
  parameter int CoresW   = ctasim_pkg::CoresW,    // width of cfg_n_cores_i
  parameter int PartsW   = ctasim_pkg::PartsW,    // width of cfg_n_parts_i
  parameter int WinW     = 16                     // width of cfg_window_i (W < 2^WinW)
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  // programmable registers
  input  logic [CoresW-1:0]    cfg_n_cores_i,
  input  logic [PartsW-1:0]    cfg_n_parts_i,
  input  logic [WinW-1:0]      cfg_window_i,         // W, profiling cycles (7000)
  input  logic [ctasim_pkg::CfgArTUIpcW-1:0] cfg_t_u_ipc_i,        // percent (85)
  input  logic [ctasim_pkg::CfgArTLIpcW-1:0] cfg_t_l_ipc_i,        // percent (15)
  input  logic [ctasim_pkg::CfgArTMaxBwMpctW-1:0] cfg_t_max_bw_mpct_i,  // thousandths of a percent (1025)
  input  logic [ctasim_pkg::CfgArTGbrW-1:0] cfg_t_gbr_i,          // percent (65)
  input  logic [ctasim_pkg::CfgArGoodLanesW-1:0] cfg_good_lanes_i,     // active lanes of a good cycle (25)
  input  logic [ctasim_pkg::CfgSimtLanesW-1:0] cfg_simt_lanes_i,     // peak thread insts per cycle (32)
  input  logic [ctasim_pkg::CfgArCorePctW-1:0] cfg_core_pct_i,       // core clock decrease, percent (15)
  input  logic [ctasim_pkg::CfgArMemPctW-1:0] cfg_mem_pct_i,        // memory clock increase, percent (15)
  // per cycle inputs (core 0 and memory partitions)
  input  logic                 kernel_start_i,
  input  logic [6:0]           thread_insts_i,
  input  logic [5:0]           max_lanes_i,
  input  logic                 issued_i,
  input  logic [1:0]           cta_done_i,
  input  logic [2:0]           dram_cycles_i,
  input  logic [NumParts*3-1:0] dram_busy_i,          // partition p at [p*3 +: 3]
  // outputs
  output logic [ctasim_pkg::ArPhaseW-1:0] phase_o,
  output logic [ctasim_pkg::ArTypeW-1:0] type_o,
  output logic                 limit1_o,
  output logic                 fc_on_o,
  output logic [7:0]           core_clk_pct_o,       // signed percent
  output logic [7:0]           mem_clk_pct_o,        // signed percent
  output logic [NumCores-1:0]   enable_o
);

  // Phase and type codes: ctasim_pkg::ar_phase_e / ar_type_e.
  localparam int PhW = ctasim_pkg::ArPhaseW;
  localparam int TyW = ctasim_pkg::ArTypeW;
  localparam logic [PhW-1:0] PhIdle     = ctasim_pkg::AR_IDLE;
  localparam logic [PhW-1:0] PhProfile  = ctasim_pkg::AR_PROFILE;
  localparam logic [PhW-1:0] PhDecision = ctasim_pkg::AR_DECISION;
  localparam logic [PhW-1:0] PhAction   = ctasim_pkg::AR_ACTION;
  localparam logic [TyW-1:0] TyUnknown  = ctasim_pkg::AR_UNKNOWN;
  localparam logic [TyW-1:0] TyOne      = ctasim_pkg::AR_TYPE1;
  localparam logic [TyW-1:0] TyTwo      = ctasim_pkg::AR_TYPE2;

  // Counter widths, derived from the window's width WinW (cfg_window_i):
  // a window holds at most 2^WinW - 1 cycles.
  localparam int CycW  = WinW;        // window cycles, good cycles
  localparam int InstW = WinW + 7;    // 127 thread insts a cycle (7-bit port)
  localparam int DramW = WinW + 3;    // 7 DRAM cycles a cycle (3-bit ports)
  // The DECISION's one multiplier: A <= InstW bits (insts, busy, dram,
  // cycles, good, bad, t*lanes), B <= 17 bits (100, 100000, thresholds,
  // lanes, cycles); the widest product kept, busy * 100000 and
  // t_mpct * dram, needs DramW + 17 bits.
  localparam int MulAW = InstW;
  localparam int MulBW = 17;
  localparam int ProdW = DramW + 17;
  localparam int TlW   = 13;          // t_*_ipc * simt_lanes: 127 * 63 < 2^13
  localparam int StW   = 4;

  // DECISION steps (units/arcta/arcta.h enum arcta_step, units/arcta/arcta.md).
  localparam logic [StW-1:0] SUL  = 4'd0;  // prod = t_u * lanes
  localparam logic [StW-1:0] SUC  = 4'd1;  // prod = prod * cycles
  localparam logic [StW-1:0] SUX  = 4'd2;  // insts*100 > prod: type I
  localparam logic [StW-1:0] SLL  = 4'd3;  // prod = t_l * lanes
  localparam logic [StW-1:0] SLC  = 4'd4;  // prod = prod * cycles
  localparam logic [StW-1:0] SLX  = 4'd5;  // insts*100 < prod: type II
  localparam logic [StW-1:0] SBR  = 4'd6;  // prod = t_mpct * dram, part = 0
  localparam logic [StW-1:0] SBP  = 4'd7;  // one partition a cycle
  localparam logic [StW-1:0] SGR  = 4'd8;  // prod = t_gbr * bad
  localparam logic [StW-1:0] SGX  = 4'd9;  // good*100 >= prod: type I, else II

  logic [PhW-1:0]         phase_q, phase_d;
  logic [TyW-1:0]         type_q, type_d;
  logic [CycW-1:0]        cyc_q, cyc_d;
  logic [InstW-1:0]       insts_q, insts_d;
  logic [CycW-1:0]        good_q, good_d;
  logic [DramW-1:0]       dram_q, dram_d;
  logic [NumParts*DramW-1:0] busy_q, busy_d;
  logic [StW-1:0]         st_q, st_d;
  logic [PartsW-1:0]      part_q, part_d;
  logic [ProdW-1:0]       prod_q, prod_d;

  // ---------------------------------------------------------------- counters
  // Accumulation of one PROFILE cycle.  The widths hold a whole window, so
  // no sum wraps and none needs saturating: PROFILE counts at most
  // 2^WinW - 1 cycles (it ends with the cycle that makes the count reach
  // cfg_window_i < 2^WinW), a window holds at most as many good cycles, and
  // at most 127 thread instructions (InstW) and 7 DRAM or busy cycles (DramW)
  // a cycle.  The checks CycInWindow, GoodLeCycles, InstsPerCycle,
  // DramPerCycle and BusyPerCycle below state it.
  logic [CycW-1:0]        cyc_inc, good_inc;
  logic [InstW-1:0]       insts_inc;
  logic [DramW-1:0]       dram_inc;
  logic [NumParts*DramW-1:0] busy_inc;
  logic                   good_cycle;

  // GBR good cycle (seed 002 Sec. 2.2.3): a warp instruction issued with at
  // least cfg_good_lanes_i (25 of 32, 78 %) active threads.
  assign good_cycle = issued_i && (max_lanes_i >= cfg_good_lanes_i);

  assign cyc_inc   = cyc_q + CycW'(1);
  assign good_inc  = good_q + CycW'(good_cycle);
  assign insts_inc = insts_q + InstW'(thread_insts_i);
  assign dram_inc  = dram_q + DramW'(dram_cycles_i);

  for (genvar p = 0; p < NumParts; p++) begin : g_busy
    assign busy_inc[p*DramW +: DramW] = busy_q[p*DramW +: DramW] + DramW'(dram_busy_i[p*3 +: 3]);
  end

  // ---------------------------------------------------------------- DECISION
  // Seed 002 Sec. 3.1.2, the text's order (Algorithm 2 is garbled):
  //   ipc_CTA > t_u_ipc -> I; ipc_CTA < t_l_ipc -> II; max_bw_CTA <= t_max_bw -> I;
  //   GBR >= t_GBR -> I; else II.
  // A sequential datapath (seed 002 Sec. 3.3 budgets ApSA as one
  // small unit): one multiplier mul = mul_a * mul_b and one comparator of mul
  // with the product register prod_q, one step a cycle, stopping at the first
  // step that decides.  Ratios are cross-multiplied:
  //   ipc_CTA = insts / (lanes * cycles): insts*100 vs (t*lanes)*cycles;
  //   max_bw_CTA = max_p busy_p / dram:   busy_p*100000 vs t_mpct*dram;
  //   GBR = good / bad (seed 002 Sec. 2.2.3: good cycles to "the total
  //   number of stalls", so it may exceed 100 %), bad = cycles - good:
  //   good*100 vs t_gbr*bad; bad = 0 is above any threshold.
  logic [MulAW-1:0]       mul_a;
  logic [MulBW-1:0]       mul_b;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [MulAW+MulBW-1:0] mul_full;   // bits >= ProdW are 0 for every step's operands
  /* verilator lint_on UNUSEDSIGNAL */
  logic [ProdW-1:0]       mul;
  logic                   mul_gt, mul_lt;
  logic [CycW-1:0]        bad_cyc;
  logic [DramW-1:0]       busy_sel;
  logic                   part_end;

  assign bad_cyc  = cyc_q - good_q;
  assign part_end = part_q >= cfg_n_parts_i;

  always_comb begin
    busy_sel = '0;
    for (int p = 0; p < NumParts; p++)
      if ({{(32-PartsW){1'b0}}, part_q} == p) busy_sel = busy_q[p*DramW +: DramW];
  end

  // operand muxes of the shared multiplier
  always_comb begin
    mul_a = '0;
    mul_b = '0;
    case (st_q)
      SUL:     begin mul_a = MulAW'(cfg_t_u_ipc_i);     mul_b = MulBW'(cfg_simt_lanes_i); end
      SLL:     begin mul_a = MulAW'(cfg_t_l_ipc_i);     mul_b = MulBW'(cfg_simt_lanes_i); end
      SUC, SLC: begin mul_a = MulAW'(prod_q[TlW-1:0]);  mul_b = MulBW'(cyc_q); end
      SUX, SLX: begin mul_a = insts_q;                  mul_b = MulBW'(100); end
      SBR:     begin mul_a = MulAW'(dram_q);            mul_b = cfg_t_max_bw_mpct_i; end
      SBP:     begin mul_a = MulAW'(busy_sel);          mul_b = MulBW'(100000); end
      SGR:     begin mul_a = MulAW'(bad_cyc);           mul_b = MulBW'(cfg_t_gbr_i); end
      default: begin mul_a = MulAW'(good_q);            mul_b = MulBW'(100); end
    endcase
  end

  assign mul_full = {{MulBW{1'b0}}, mul_a} * {{MulAW{1'b0}}, mul_b};
  assign mul      = mul_full[ProdW-1:0];
  assign mul_gt   = mul > prod_q;
  assign mul_lt   = mul < prod_q;

  // ---------------------------------------------------------------- phases
  always_comb begin
    phase_d = phase_q;
    type_d  = type_q;
    cyc_d   = cyc_q;
    insts_d = insts_q;
    good_d  = good_q;
    dram_d  = dram_q;
    busy_d  = busy_q;
    st_d    = st_q;
    part_d  = part_q;
    prod_d  = prod_q;
    if (kernel_start_i) begin
      // start or restart profiling: counters cleared, this cycle not counted
      phase_d = PhProfile;
      type_d  = TyUnknown;
      cyc_d   = '0;
      insts_d = '0;
      good_d  = '0;
      dram_d  = '0;
      busy_d  = '0;
      st_d    = SUL;
      part_d  = '0;
      prod_d  = '0;
    end else if (phase_q == PhProfile) begin
      cyc_d   = cyc_inc;
      insts_d = insts_inc;
      good_d  = good_inc;
      dram_d  = dram_inc;
      busy_d  = busy_inc;
      if ((cta_done_i != 2'd0) || (cyc_inc >= cfg_window_i)) phase_d = PhDecision;
    end else if (phase_q == PhDecision) begin
      // a deciding step leaves st_q as it is (cleared by the next kernel_start_i)
      case (st_q)
        SUX: if (mul_gt) begin phase_d = PhAction; type_d = TyOne; end
             else st_d = SLL;
        SLX: if (mul_lt) begin phase_d = PhAction; type_d = TyTwo; end
             else st_d = SBR;
        SBP: begin
          if (part_end) begin
            phase_d = PhAction;
            type_d  = TyOne;
          end else if (mul_gt) begin
            st_d = SGR;
          end else begin
            part_d = part_q + PartsW'(1);
          end
        end
        SGX: begin
          phase_d = PhAction;
          type_d  = mul_lt ? TyTwo : TyOne;
        end
        SBR: begin prod_d = mul; part_d = '0; st_d = SBP; end
        default: begin prod_d = mul; st_d = st_q + StW'(1); end  // SUL, SUC, SLL, SLC, SGR
      endcase
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      phase_q <= PhIdle;
      type_q  <= TyUnknown;
      cyc_q   <= '0;
      insts_q <= '0;
      good_q  <= '0;
      dram_q  <= '0;
      busy_q  <= '0;
      st_q    <= SUL;
      part_q  <= '0;
      prod_q  <= '0;
    end else begin
      phase_q <= phase_d;
      type_q  <= type_d;
      cyc_q   <= cyc_d;
      insts_q <= insts_d;
      good_q  <= good_d;
      dram_q  <= dram_d;
      busy_q  <= busy_d;
      st_q    <= st_d;
      part_q  <= part_d;
      prod_q  <= prod_d;
    end
  end

  // ---------------------------------------------------------------- outputs
  // Seed 002 Sec. 3.1.3: type I all cores; type II cores 0 .. n/2-1 (at
  // least core 0) and the frequency calibrator on (Sec. 3.2).
  logic [CoresW-1:0] n_half, half_cores, en_count;

  assign n_half     = cfg_n_cores_i >> 1;
  assign half_cores = (n_half == '0) ? CoresW'(1) : n_half;

  always_comb begin
    if (phase_q == PhProfile || phase_q == PhDecision) en_count = CoresW'(1);
    else if (phase_q == PhAction && type_q == TyTwo)  en_count = half_cores;
    else                                              en_count = cfg_n_cores_i;
  end

  always_comb begin
    for (int c = 0; c < NumCores; c++) enable_o[c] = c < {{(32-CoresW){1'b0}}, en_count};
  end

  assign phase_o        = phase_q;
  assign type_o         = type_q;
  assign limit1_o       = (phase_q == PhProfile) || (phase_q == PhDecision);
  assign fc_on_o        = (type_q == TyTwo);
  assign core_clk_pct_o = fc_on_o ? (8'd0 - {1'b0, cfg_core_pct_i}) : 8'd0;
  assign mem_clk_pct_o  = fc_on_o ? {1'b0, cfg_mem_pct_i} : 8'd0;

  // ================================================================ assertions
  // The unit's rules as checks (rtl/ctasim_assert.svh; docs/verification.md,
  // "Assertions"); nothing below changes the unit's behaviour.
`include "ctasim_assert.svh"
  `ASSERT_INIT
`ifdef CTASIM_ASSERT_ON
  logic [7:0] asrt_dec_q;   // DECISION cycles so far (saturating)
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni)                  asrt_dec_q <= '0;
    else if (phase_q != PhDecision) asrt_dec_q <= '0;
    else if (asrt_dec_q != '1)    asrt_dec_q <= asrt_dec_q + 8'd1;
  end
  logic [PhW-1:0] asrt_phase_q;   // phase_q of the cycle before
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) asrt_phase_q <= PhIdle;
    else         asrt_phase_q <= phase_q;
  end
  // The rest of the edge before, in explicit registers the checks share
  // ($past() reads sampled values, which an edge evaluated together with its
  // new inputs would see stale: cosim/vmodel/vtop_ports.h, rising_edge).
  logic              asrt_start_q;
  logic [PartsW-1:0] asrt_n_parts_q;
  logic [WinW-1:0]   asrt_window_q;
  logic [CycW-1:0]   asrt_cyc_q, asrt_good_q;
  logic [InstW-1:0]  asrt_insts_q;
  logic [DramW-1:0]  asrt_dram_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      asrt_start_q   <= 1'b0;
      asrt_n_parts_q <= '0;
      asrt_window_q  <= '0;
      asrt_cyc_q     <= '0;
      asrt_good_q    <= '0;
      asrt_insts_q   <= '0;
      asrt_dram_q    <= '0;
    end else begin
      asrt_start_q   <= kernel_start_i;
      asrt_n_parts_q <= cfg_n_parts_i;
      asrt_window_q  <= cfg_window_i;
      asrt_cyc_q     <= cyc_q;
      asrt_good_q    <= good_q;
      asrt_insts_q   <= insts_q;
      asrt_dram_q    <= dram_q;
    end
  end
  logic asrt_step;   // legal phase step: stay, PROFILE -> DECISION, DECISION -> ACTION
  assign asrt_step = phase_q == asrt_phase_q ||
                     (asrt_phase_q == PhProfile && phase_q == PhDecision) ||
                     (asrt_phase_q == PhDecision && phase_q == PhAction);
`endif
  // seed 002 Sec. 3.1 / units/arcta/arcta.md: IDLE -> PROFILE -> DECISION -> ACTION; a kernel start restarts PROFILE
  `ASSERT(PhaseOrder, asrt_start_q ? phase_q == PhProfile : asrt_step,
          "phase step out of order")
  // units/arcta/arcta.md: a kernel start clears the profile and the type
  `ASSERT(StartClears, !asrt_start_q || (type_q == TyUnknown && cyc_q == '0 &&
          insts_q == '0 && good_q == '0 && dram_q == '0 && st_q == SUL), "profile not cleared")
  // seed 002 Sec. 3.1.2: the kernel type is known exactly in ACTION
  `ASSERT(TypeInAction, (phase_q == PhAction) == (type_q != TyUnknown), "type and phase disagree")
  `ASSERT(TypeValid, type_q != 2'd3, "type code 3")
  // units/arcta/arcta.md: DECISION takes 3 .. 9 + n_parts cycles
  `ASSERT(DecisionBounded, cfg_n_parts_i != asrt_n_parts_q || {1'b0, asrt_dec_q} <= 9'd9 + 9'(cfg_n_parts_i),
          "DECISION longer than 9 + n_parts cycles")
  `ASSERT(StepRange, st_q <= SGX, "decision step code out of range")
  `ASSERT(PartRange, cfg_n_parts_i != asrt_n_parts_q || phase_q != PhDecision || part_q <= cfg_n_parts_i,
          "partition index past n_parts")
  // units/arcta/arcta.md: PROFILE holds fewer than W counted cycles (W = 0 acts as 1)
  `ASSERT(ProfileInWindow, cfg_window_i != asrt_window_q || phase_q != PhProfile || cyc_q == '0 ||
          cyc_q < cfg_window_i, "PROFILE past the window")
  // seed 002 Sec. 2.2.3: good cycles are a subset of the window's cycles
  `ASSERT(GoodLeCycles, good_q <= cyc_q, "more good cycles than cycles")
  // controllers.md: counters never wrap
  `ASSERT(InstsSaturate, asrt_start_q || insts_q >= asrt_insts_q, "insts wrapped")
  `ASSERT(DramSaturate, asrt_start_q || dram_q >= asrt_dram_q, "dram cycles wrapped")
  // the counters' widths hold a window (above): PROFILE stays below 2^WinW - 1 counted cycles,
  // and each sum below its inputs' maximum per counted cycle
  `ASSERT(CycInWindow, phase_q != PhProfile || cyc_q != '1, "PROFILE with the cycle counter at its maximum")
  `ASSERT(InstsPerCycle, {1'b0, insts_q} <= (InstW+1)'(cyc_q) * (InstW+1)'(127),
          "more than 127 thread instructions a counted cycle")
  `ASSERT(DramPerCycle, {1'b0, dram_q} <= (DramW+1)'(cyc_q) * (DramW+1)'(7),
          "more than 7 DRAM cycles a counted cycle")
  // units/arcta/arcta.md: the counters count only in PROFILE
  `ASSERT(FrozenOutsideProfile, asrt_start_q || asrt_phase_q == PhProfile ||
          (cyc_q == asrt_cyc_q && insts_q == asrt_insts_q && good_q == asrt_good_q),
          "counters moved outside PROFILE")
  // seed 002 Sec. 3.1: CTA limit 1 and core 0 alone while profiling and deciding
  `ASSERT(Limit1Core0, limit1_o == (phase_q == PhProfile || phase_q == PhDecision) &&
          (!limit1_o || enable_o == NumCores'(1)), "profiling with other cores enabled")
  // units/arcta/arcta.md: type II keeps at least core 0
  `ASSERT(TypeTwoCore0, !(phase_q == PhAction && type_q == TyTwo) || enable_o[0],
          "type II disabled core 0")
  // seed 002 Sec. 3.2: the frequency calibrator runs for type II only
  `ASSERT(FcTypeTwo, fc_on_o == (type_q == TyTwo) &&
          (fc_on_o || (core_clk_pct_o == '0 && mem_clk_pct_o == '0)), "calibrator outside type II")
  for (genvar p = 0; p < NumParts; p++) begin : g_asrt_part
    // the counters' widths hold a window (above)
    `ASSERT(BusyPerCycle, {1'b0, busy_q[p*DramW +: DramW]} <= (DramW+1)'(cyc_q) * (DramW+1)'(7),
            "more than 7 busy cycles a counted cycle")
  end
  for (genvar c = 1; c < NumCores; c++) begin : g_asrt_core
    // units/arcta/arcta.md: cores >= n_cores are never enabled (in IDLE too)
    `ASSERT(UnusedOff, CoresW'(c) < cfg_n_cores_i || !enable_o[c], "an unused core enabled")
  end
  `ASSERT_KNOWN(PhaseKnown, phase_o)
  `COVER(CovProfile, phase_q == PhProfile)
  `COVER(CovDecision, phase_q == PhDecision)
  `COVER(CovTypeOne, phase_q == PhAction && type_q == TyOne)
  `COVER(CovTypeTwo, phase_q == PhAction && type_q == TyTwo)
  `COVER(CovGbr, phase_q == PhDecision && st_q == SGX)
  `COVER(CovPartEnd, phase_q == PhDecision && st_q == SBP && part_end)
  `COVER(CovRestart, kernel_start_i && phase_q == PhAction)
endmodule
