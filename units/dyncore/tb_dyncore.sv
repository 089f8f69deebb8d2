// tb_dyncore.sv -- Icarus testbench: replays the directed vectors written by
// `test_rtl_dyncore --vec FILE` (format in units/dyncore/test_rtl_dyncore.c) into
// units/dyncore/dyncore.sv and compares enable_o / power_on_o after every event.
// Run: vvp -n tb_dyncore.vvp +vec=FILE  -> "PASS <n> cycles" or "FAIL ..." lines.
`include "tb_vec.svh"

module tb_dyncore;
  localparam int NCores = 64;

  logic              clk, rst_n;
  logic [7:0]        cfg_n_cores, cfg_k;
  logic              cfg_tact_counted;
  logic [15:0]       cfg_period;
  logic [3:0]        cfg_frac_num, cfg_frac_den;
  logic              kernel_start;
  logic [NCores-1:0] active, drained, enable, power_on, expect_en, expect_pw;

  dyncore #(.NumCores(NCores)) dut (
    .clk_i          (clk),
    .rst_ni         (rst_n),
    .cfg_n_cores_i  (cfg_n_cores),
    .cfg_period_i   (cfg_period),
    .cfg_frac_num_i (cfg_frac_num),
    .cfg_frac_den_i (cfg_frac_den),
    .cfg_k_i        (cfg_k),
    .cfg_tact_counted_i (cfg_tact_counted),
    .kernel_start_i (kernel_start),
    .active_i       (active),
    .drained_i      (drained),
    .enable_o       (enable),
    .power_on_o     (power_on)
  );

  reg [8*512-1:0] path;
  integer fd, got, op, ks, ncores, period, num, den, k, tcnt;
  integer events, errors, done;

  initial begin
    `TB_EVENTS_INIT
    `TB_OPEN_VEC(path, fd)
    while (!done && !$feof(fd)) begin
      got = $fscanf(fd, "%d %d %h %h %d %d %d %d %d %d %h %h\n", op, ks, active, drained,
                    ncores, period, num, den, k, tcnt, expect_en, expect_pw);
      `TB_EVENTS_BEGIN(got, 12)
        cfg_n_cores  = ncores[7:0];
        cfg_period   = period[15:0];
        cfg_frac_num = num[3:0];
        cfg_frac_den = den[3:0];
        cfg_k        = k[7:0];
        cfg_tact_counted = tcnt[0];
        kernel_start = ks[0];
        `TB_EVENT_APPLY(op)
        if (enable !== expect_en || power_on !== expect_pw) begin
          $display("FAIL event %0d (op %0d): enable %h power_on %h expected %h %h", events, op,
                   enable, power_on, expect_en, expect_pw);
          errors = errors + 1;
        end
        events = events + 1;
      end
    end
    `TB_EVENTS_END(path)
  end
endmodule
