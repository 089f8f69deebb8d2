// tb_l1thr.sv -- Icarus testbench: replays the directed vectors written by
// `test_rtl_l1thr --vec FILE` (format in units/l1thr/test_rtl_l1thr.c) into
// units/l1thr/l1thr.sv and compares n_o after every event.
// Run: vvp -n tb_l1thr.vvp +vec=FILE  -> "PASS <n> cycles" or "FAIL ..." lines.
`include "tb_vec.svh"

module tb_l1thr;
  localparam int NCores = 64;
  localparam int MW     = 3;
  localparam int NW     = 6;

  logic                  clk, rst_n;
  logic [7:0]            cfg_n_cores;
  logic [15:0]           cfg_period, cfg_t_miss;
  logic                  kernel_start;
  logic [5:0]            n_max;
  logic [NCores*MW-1:0]  l1_miss;
  logic [NCores*NW-1:0]  n_o, expect_n;

  l1thr #(.NumCores(NCores)) dut (
    .clk_i          (clk),
    .rst_ni         (rst_n),
    .cfg_n_cores_i  (cfg_n_cores),
    .cfg_period_i   (cfg_period),
    .cfg_t_miss_i   (cfg_t_miss),
    .kernel_start_i (kernel_start),
    .n_max_i        (n_max),
    .l1_miss_i      (l1_miss),
    .n_o            (n_o)
  );

  reg [8*512-1:0] path;
  integer fd, got, op, ks, nmax, ncores, period, tmiss;
  integer events, errors, done;

  initial begin
    `TB_EVENTS_INIT
    `TB_OPEN_VEC(path, fd)
    while (!done && !$feof(fd)) begin
      got = $fscanf(fd, "%d %d %d %d %d %d %h %h\n", op, ks, nmax, ncores, period, tmiss,
                    l1_miss, expect_n);
      `TB_EVENTS_BEGIN(got, 8)
        cfg_n_cores  = ncores[7:0];
        cfg_period   = period[15:0];
        cfg_t_miss   = tmiss[15:0];
        kernel_start = ks[0];
        n_max        = nmax[5:0];
        `TB_EVENT_APPLY(op)
        if (n_o !== expect_n) begin
          $display("FAIL event %0d (op %0d): n_o %h expected %h", events, op, n_o, expect_n);
          errors = errors + 1;
        end
        events = events + 1;
      end
    end
    `TB_EVENTS_END(path)
  end
endmodule
