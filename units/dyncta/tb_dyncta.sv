// tb_dyncta.sv -- Icarus testbench: replays the directed vectors written by
// `test_rtl_dyncta --vec FILE` (format in units/dyncta/test_rtl_dyncta.c) into
// units/dyncta/dyncta.sv and compares n_o after every event.
// Run: vvp -n tb_dyncta.vvp +vec=FILE  -> "PASS <n> cycles" or "FAIL ..." lines.
`include "tb_vec.svh"

module tb_dyncta;
  localparam int NCores = 64;
  localparam int NW     = 6;

  logic                  clk, rst_n;
  logic [7:0]            cfg_n_cores;
  logic [15:0]           cfg_period;
  logic [10:0]           cfg_t_idle, cfg_t_mem_l, cfg_t_mem_h;
  logic                  kernel_start;
  logic [5:0]            n_max;
  logic [NCores-1:0]     idle, mem_wait;
  logic [NCores*NW-1:0]  n_o, expect_n;

  dyncta #(.NumCores(NCores)) dut (
    .clk_i          (clk),
    .rst_ni         (rst_n),
    .cfg_n_cores_i  (cfg_n_cores),
    .cfg_period_i   (cfg_period),
    .cfg_t_idle_i   (cfg_t_idle),
    .cfg_t_mem_l_i  (cfg_t_mem_l),
    .cfg_t_mem_h_i  (cfg_t_mem_h),
    .kernel_start_i (kernel_start),
    .n_max_i        (n_max),
    .idle_i         (idle),
    .mem_wait_i     (mem_wait),
    .n_o            (n_o)
  );

  reg [8*512-1:0] path;
  integer fd, got, op, ks, nmax, ncores, period, tidle, tmeml, tmemh;
  integer events, errors, done;

  initial begin
    `TB_EVENTS_INIT
    `TB_OPEN_VEC(path, fd)
    while (!done && !$feof(fd)) begin
      got = $fscanf(fd, "%d %d %d %h %h %d %d %d %d %d %h\n", op, ks, nmax, idle, mem_wait,
                    ncores, period, tidle, tmeml, tmemh, expect_n);
      `TB_EVENTS_BEGIN(got, 11)
        cfg_n_cores  = ncores[7:0];
        cfg_period   = period[15:0];
        cfg_t_idle   = tidle[10:0];
        cfg_t_mem_l  = tmeml[10:0];
        cfg_t_mem_h  = tmemh[10:0];
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
