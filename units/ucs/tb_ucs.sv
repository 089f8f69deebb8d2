// tb_ucs -- Icarus testbench replaying the directed vectors written by
// test_rtl_ucs --vec FILE (format in units/ucs/test_rtl_ucs.c) against
// units/ucs/ucs.sv.  Prints "PASS <n> cycles" or lines starting "FAIL".
`include "tb_vec.svh"

module tb_ucs;
  // 4 cores: the VEC_CORES = 2 the vectors drive (units/ucs/test_rtl_ucs.c)
  // and two more that must stay at their reset values (cfg_n_cores); 64 would
  // only multiply the event simulation by 16.
  localparam int N = 4;

  logic            clk, rst_n, ks;
  logic [7:0]      n_cores;
  logic [55:0]     units;
  logic [15:0]     period;
  logic [6:0]      th_u;
  logic [9:0]      th_rt;
  logic [7:0]      be, wk;
  logic [N*56-1:0] busy;
  logic [N*12-1:0] sch;
  logic [N*7-1:0]  mw;
  logic [N*3-1:0]  le;
  logic [N*14-1:0] empty;
  logic [N*14-1:0] td, aw;
  logic [N*8-1:0]  pg;
  logic [N*14-1:0] e_td, e_aw;
  logic [N*8-1:0]  e_pg;

  ucs #(.NumCores(N)) dut (
    .clk_i(clk), .rst_ni(rst_n), .cfg_n_cores_i(n_cores), .cfg_units_i(units),
    .cfg_period_i(period), .cfg_th_u_pct_i(th_u), .cfg_th_rt_i(th_rt),
    .cfg_break_even_i(be), .cfg_wakeup_i(wk), .kernel_start_i(ks),
    .busy_i(busy), .sch_busy_i(sch), .mem_warps_i(mw), .ldst_enter_i(le),
    .empty_i(empty), .tuned_down_o(td), .accepts_work_o(aw), .pg_state_o(pg)
  );

  reg [8*256-1:0] path;
  integer fd, r, nv, kind, c, cycles, errors, done;
  integer i_nc, i_per, i_thu, i_thrt, i_be, i_wk, i_ks;
  reg [63:0] v_units, v_busy;
  reg [31:0] v_sch, v_mw, v_le, v_em, v_td, v_aw, v_pg;

  // Expected outputs of cores without vectors: the reset values.
  task automatic expect_reset_from(input integer first);
    integer k;
    for (k = first; k < N; k++) begin
      e_td[k*14 +: 14] = '0;
      e_aw[k*14 +: 14] = 14'h3fff;
      e_pg[k*8 +: 8]   = '0;
    end
  endtask

  task automatic compare(input integer cyc);
    integer k;
    for (k = 0; k < N; k++) begin
      if (td[k*14 +: 14] !== e_td[k*14 +: 14] || aw[k*14 +: 14] !== e_aw[k*14 +: 14] ||
          pg[k*8 +: 8] !== e_pg[k*8 +: 8]) begin
        $display("FAIL cycle %0d core %0d: tuned_down %h exp %h, accepts_work %h exp %h, pg_state %h exp %h",
                 cyc, k, td[k*14 +: 14], e_td[k*14 +: 14], aw[k*14 +: 14], e_aw[k*14 +: 14],
                 pg[k*8 +: 8], e_pg[k*8 +: 8]);
        errors = errors + 1;
      end
    end
  endtask

  initial begin
    clk = 0; rst_n = 1; ks = 0;
    n_cores = 0; units = '0; period = 0; th_u = 0; th_rt = 0; be = 0; wk = 0;
    busy = '0; sch = '0; mw = '0; le = '0; empty = '0;
    cycles = 0; errors = 0; done = 0;
    `TB_OPEN_VEC(path, fd)
    r = $fscanf(fd, "%d", nv);
    if (r != 1 || nv < 1 || nv > N) begin
      $display("FAIL bad header in %0s", path);
      $finish;
    end
    while (!done) begin
      r = $fscanf(fd, "%d", kind);
      if (r != 1) begin
        $display("FAIL truncated vector file after %0d cycles", cycles);
        errors = errors + 1;
        done = 1;
      end else if (kind == 0) begin
        r = $fscanf(fd, "%d %h %d %d %d %d %d", i_nc, v_units, i_per, i_thu, i_thrt, i_be, i_wk);
        n_cores = i_nc[7:0]; units = v_units[55:0]; period = i_per[15:0];
        th_u = i_thu[6:0]; th_rt = i_thrt[9:0]; be = i_be[7:0]; wk = i_wk[7:0];
        ks = 0; busy = '0; sch = '0; mw = '0; le = '0; empty = '0;
        #1 rst_n = 0;
        #1 rst_n = 1;
        #1;
        expect_reset_from(0);
        compare(cycles);
      end else if (kind == 1) begin
        r = $fscanf(fd, "%d", i_ks);
        ks = i_ks[0];
        for (c = 0; c < nv; c++) begin
          r = $fscanf(fd, "%h %h %h %h %h %h %h %h", v_busy, v_sch, v_mw, v_le, v_em,
                      v_td, v_aw, v_pg);
          busy[c*56 +: 56]  = v_busy[55:0];
          sch[c*12 +: 12]   = v_sch[11:0];
          mw[c*7 +: 7]      = v_mw[6:0];
          le[c*3 +: 3]      = v_le[2:0];
          empty[c*14 +: 14] = v_em[13:0];
          e_td[c*14 +: 14]  = v_td[13:0];
          e_aw[c*14 +: 14]  = v_aw[13:0];
          e_pg[c*8 +: 8]    = v_pg[7:0];
        end
        expect_reset_from(nv);
        #1 clk = 1;
        #1;
        cycles = cycles + 1;
        compare(cycles);
        clk = 0;
      end else if (kind == 3) begin
        // n_cores changed without a reset (a core enabled mid-interval)
        r = $fscanf(fd, "%d", i_nc);
        n_cores = i_nc[7:0];
      end else begin
        done = 1;
      end
    end
    $fclose(fd);
    if (errors == 0) $display("PASS %0d cycles", cycles);
    else $display("FAIL %0d mismatches", errors);
    $finish;
  end
endmodule
