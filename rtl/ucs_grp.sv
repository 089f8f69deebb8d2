// ucs_grp -- one gateable group of a uC-States component (seed 004 Sec. 2.3
// and Sec. 4 "Maintaining Execution State"): tune down = stop taking work,
// drain until empty, then power-gate (IsPg) or clock-gate; tune up of a
// power-gated group shows WAKING for cfg_wakeup_i cycles, a clock-gated group
// is back ON at once.  Mirrors ucs_grp_step() in cmodel/ctl/ucs.c.
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

  logic              down_d, down_q;
  logic [StW-1:0]    state_d, state_q;
  logic [WakeW-1:0] wake_d, wake_q;

  always_comb begin
    down_d  = down_q;
    state_d = state_q;
    wake_d  = wake_q;
    case (state_q)
      StOn: begin
        if (down_i) begin
          down_d  = 1'b1;
          state_d = StDraining;
        end
      end
      StDraining: begin
        if (up_i) begin
          down_d  = 1'b0;           // cancel the drain
          state_d = StOn;
        end else if (empty_i) begin
          state_d = StOff;
        end
      end
      StOff: begin
        if (up_i) begin
          down_d = 1'b0;
          if (!IsPg || cfg_wakeup_i == '0) begin
            state_d = StOn;
          end else begin
            state_d = StWaking;
            wake_d  = cfg_wakeup_i;
          end
        end
      end
      default: begin                // StWaking
        if (down_i) begin
          down_d  = 1'b1;
          state_d = StDraining;
          wake_d  = '0;
        end else if (wake_q <= WakeW'(1)) begin
          state_d = StOn;
          wake_d  = '0;
        end else begin
          wake_d  = wake_q - WakeW'(1);
        end
      end
    endcase
    if (clr_i) begin
      down_d  = 1'b0;
      state_d = StOn;
      wake_d  = '0;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      down_q  <= 1'b0;
      state_q <= StOn;
      wake_q  <= '0;
    end else begin
      down_q  <= down_d;
      state_q <= state_d;
      wake_q  <= wake_d;
    end
  end

  assign tuned_down_o = down_q;
  assign state_o      = state_q;
endmodule
