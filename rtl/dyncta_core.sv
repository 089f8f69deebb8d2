// dyncta_core -- DYNCTA state and decision of one core (seed 000, Kayiran et
// al., Sec. 4.1, Algorithm 1 / Fig. 6; controllers.md section 1).
// C reference: cmodel/ctl/dyncta.c (step_core, decide).  Timing: docs/units/dyncta.md.
module dyncta_core #(
  parameter int CntW   = 11,  // C_idle / C_mem width (paper: 11-bit counters)
  parameter int LimitW = 6    // CTA limit width
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             in_use_i,        // core index < cfg n_cores
  input  logic             kernel_start_i,  // restart: n = n_init_i, counters cleared
  input  logic [LimitW-1:0]   n_init_i,        // max(1, floor(N/2)) of the starting kernel
  input  logic [LimitW-1:0]   n_max_i,         // N latched at the last kernel start
  input  logic             period_end_i,    // this edge ends a sampling period
  input  logic             idle_i,
  input  logic             mem_wait_i,
  input  logic [CntW-1:0] cfg_t_idle_i,
  input  logic [CntW-1:0] cfg_t_mem_l_i,
  input  logic [CntW-1:0] cfg_t_mem_h_i,
  output logic [LimitW-1:0]   n_o
);

  localparam logic [CntW-1:0] CntMax = {CntW{1'b1}};

  logic [LimitW-1:0]   n_d, n_q;
  logic [CntW-1:0] c_idle_d, c_idle_q, c_mem_d, c_mem_q;
  logic [CntW-1:0] c_idle_sum, c_mem_sum;  // counters including this cycle
  logic             want_inc, want_dec;
  logic [LimitW-1:0]   n_decided;

  // Saturating event counters: never wrap.
  always_comb begin
    c_idle_sum = (idle_i && c_idle_q != CntMax) ? c_idle_q + 1'b1 : c_idle_q;
    c_mem_sum  = (mem_wait_i && c_mem_q != CntMax) ? c_mem_q + 1'b1 : c_mem_q;
  end

  // Algorithm 1: C_idle >= t_idle or C_mem < t_mem_l increments (n < N),
  // else C_mem >= t_mem_h decrements (n > 1), else keep.
  always_comb begin
    want_inc  = (c_idle_sum >= cfg_t_idle_i) || (c_mem_sum < cfg_t_mem_l_i);
    want_dec  = !want_inc && (c_mem_sum >= cfg_t_mem_h_i);
    n_decided = n_q;
    if (want_inc && (n_q < n_max_i)) begin
      n_decided = n_q + 1'b1;
    end else if (want_dec && (n_q > {{(LimitW-1){1'b0}}, 1'b1})) begin
      n_decided = n_q - 1'b1;
    end
  end

  always_comb begin
    n_d      = n_q;
    c_idle_d = c_idle_sum;
    c_mem_d  = c_mem_sum;
    if (!in_use_i) begin
      n_d      = '0;
      c_idle_d = '0;
      c_mem_d  = '0;
    end else if (kernel_start_i) begin
      n_d      = n_init_i;
      c_idle_d = '0;
      c_mem_d  = '0;
    end else if (period_end_i) begin
      n_d      = n_decided;
      c_idle_d = '0;
      c_mem_d  = '0;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      n_q      <= '0;
      c_idle_q <= '0;
      c_mem_q  <= '0;
    end else begin
      n_q      <= n_d;
      c_idle_q <= c_idle_d;
      c_mem_q  <= c_mem_d;
    end
  end

  assign n_o = n_q;

endmodule
