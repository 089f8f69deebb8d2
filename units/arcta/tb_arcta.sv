// tb_arcta.sv -- Icarus testbench: replays the directed vectors written by
// `build/rtltest/arcta/test --vec FILE` into units/arcta/arcta.sv and compares every
// output after every clock edge.  Usage: vvp -n tb_arcta.vvp +vec=FILE
// Lines: C <11 cfg values> | R <outputs> | S <7 inputs> <outputs> | E
// outputs: phase type limit1 fc_on core_clk_pct mem_clk_pct enable_hex
`include "tb_vec.svh"

module tb_arcta;
  localparam int NCores = 64;
  localparam int NParts = 16;

  logic              clk_i = 1'b0;
  logic              rst_ni = 1'b1;
  logic [7:0]        cfg_n_cores_i = '0;
  logic [ctasim_pkg::PartsW-1:0] cfg_n_parts_i = '0;
  logic [15:0]       cfg_window_i = '0;
  logic [6:0]        cfg_t_u_ipc_i = '0;
  logic [6:0]        cfg_t_l_ipc_i = '0;
  logic [ctasim_pkg::CfgArTMaxBwMpctW-1:0] cfg_t_max_bw_mpct_i = '0;
  logic [6:0]        cfg_t_gbr_i = '0;
  logic [5:0]        cfg_good_lanes_i = '0;
  logic [5:0]        cfg_simt_lanes_i = '0;
  logic [6:0]        cfg_core_pct_i = '0;
  logic [6:0]        cfg_mem_pct_i = '0;
  logic              kernel_start_i = 1'b0;
  logic [6:0]        thread_insts_i = '0;
  logic [5:0]        max_lanes_i = '0;
  logic              issued_i = 1'b0;
  logic [1:0]        cta_done_i = '0;
  logic [2:0]        dram_cycles_i = '0;
  logic [NParts*3-1:0] dram_busy_i = '0;
  logic [1:0]        phase_o, type_o;
  logic              limit1_o, fc_on_o;
  logic [7:0]        core_clk_pct_o, mem_clk_pct_o;
  logic [NCores-1:0] enable_o;

  arcta #(.NumCores(NCores), .NumParts(NParts)) dut (.*);

  integer fd, rc, ncycles, nfail, done;
  reg [8*256-1:0] vecfile;
  reg [8*8-1:0]   tag;
  integer v [0:10];
  integer e_phase, e_type, e_limit1, e_fc, e_cpct, e_mpct;
  reg [63:0] e_enable;
  reg [63:0] busy_in;

  task automatic read_expected;
    rc = $fscanf(fd, "%d %d %d %d %d %d %h", e_phase, e_type, e_limit1, e_fc, e_cpct,
                 e_mpct, e_enable);
    if (rc != 7) begin
      $display("FAIL line format (expected outputs), cycle %0d", ncycles);
      $finish;
    end
  endtask

  task automatic check(input integer cyc);
    if (phase_o !== e_phase[1:0] || type_o !== e_type[1:0] || limit1_o !== e_limit1[0] ||
        fc_on_o !== e_fc[0] || core_clk_pct_o !== e_cpct[7:0] ||
        mem_clk_pct_o !== e_mpct[7:0] || enable_o !== e_enable[NCores-1:0]) begin
      $display("FAIL cycle %0d: got phase %0d type %0d limit1 %0d fc %0d cpct %0d mpct %0d en %h; want %0d %0d %0d %0d %0d %0d %h",
               cyc, phase_o, type_o, limit1_o, fc_on_o, core_clk_pct_o, mem_clk_pct_o, enable_o,
               e_phase, e_type, e_limit1, e_fc, e_cpct, e_mpct, e_enable);
      nfail = nfail + 1;
    end
  endtask

  initial begin
    ncycles = 0;
    nfail = 0;
    done = 0;
    `TB_OPEN_VEC(vecfile, fd)
    while (!done) begin
      rc = $fscanf(fd, "%s", tag);
      if (rc != 1) begin
        $display("FAIL vector file ends without E after %0d cycles", ncycles);
        $finish;
      end
      if (tag == "C") begin
        rc = $fscanf(fd, "%d %d %d %d %d %d %d %d %d %d %d", v[0], v[1], v[2], v[3], v[4],
                     v[5], v[6], v[7], v[8], v[9], v[10]);
        cfg_n_cores_i       = v[0][7:0];
        cfg_n_parts_i       = v[1][ctasim_pkg::PartsW-1:0];
        cfg_window_i        = v[2][15:0];
        cfg_t_u_ipc_i       = v[3][6:0];
        cfg_t_l_ipc_i       = v[4][6:0];
        cfg_t_max_bw_mpct_i = v[5][ctasim_pkg::CfgArTMaxBwMpctW-1:0];
        cfg_t_gbr_i         = v[6][6:0];
        cfg_good_lanes_i    = v[7][5:0];
        cfg_simt_lanes_i    = v[8][5:0];
        cfg_core_pct_i      = v[9][6:0];
        cfg_mem_pct_i       = v[10][6:0];
      end else if (tag == "R") begin
        read_expected();
        #1 rst_ni = 1'b0;
        #1 rst_ni = 1'b1;
        #1 check(ncycles);
      end else if (tag == "S") begin
        rc = $fscanf(fd, "%d %d %d %d %d %d %h", v[0], v[1], v[2], v[3], v[4], v[5], busy_in);
        read_expected();
        kernel_start_i = v[0][0];
        thread_insts_i = v[1][6:0];
        max_lanes_i    = v[2][5:0];
        issued_i       = v[3][0];
        cta_done_i     = v[4][1:0];
        dram_cycles_i  = v[5][2:0];
        dram_busy_i    = busy_in[NParts*3-1:0];
        #4 clk_i = 1'b1;
        #1 check(ncycles);
        #4 clk_i = 1'b0;
        ncycles = ncycles + 1;
      end else if (tag == "E") begin
        done = 1;
      end else begin
        $display("FAIL unknown tag %0s after %0d cycles", tag, ncycles);
        $finish;
      end
    end
    $fclose(fd);
    if (nfail == 0 && ncycles > 0) $display("PASS %0d cycles", ncycles);
    else $display("FAIL %0d mismatches in %0d cycles", nfail, ncycles);
    $finish;
  end
endmodule
