// tb_dyncore_reset.sv -- the gate-level dyncore netlist (synth/power_synth.sh,
// NumCores = N, given with iverilog -P tb_dyncore_reset.N=...) held in reset
// for 100 clock cycles with constant, non-zero inputs: power_test.sh (tests/power/run.sh)
// expects no cell output to toggle.  With +run (the control case, which must
// toggle) the reset is released after 2 cycles and kernel_start_i is low, so
// the period counter counts: the same bench shows toggles once out of reset.
module tb_dyncore_reset;
  parameter int N = 64;
  logic clk = 1'b0, rst_n = 1'b0, start = 1'b1;
  wire [N-1:0] enable_o, power_on_o;
  dyncore dut (
    .clk_i (clk), .rst_ni (rst_n), .cfg_n_cores_i (8'(N)), .cfg_period_i (16'hffff),
    .cfg_frac_num_i (4'd2), .cfg_frac_den_i (4'd3), .cfg_k_i (8'd8), .cfg_tact_counted_i (1'b1), .kernel_start_i (start),
    .active_i ({N{1'b1}}), .drained_i ({N{1'b1}}), .enable_o (enable_o), .power_on_o (power_on_o));
  initial begin
    for (int i = 0; i < 100; i++) begin
      if (i == 2 && $test$plusargs("run")) begin rst_n = 1'b1; start = 1'b0; end
      #1 clk = 1'b1;
      #1 clk = 1'b0;
    end
    $display("PASS dyncore %s", $test$plusargs("run") ? "out of reset" : "held in reset");
    $finish;
  end
endmodule
