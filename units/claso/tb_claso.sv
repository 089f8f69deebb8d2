// tb_claso.sv -- Icarus testbench replaying the directed vectors written by
// test_rtl_claso --vec FILE (format: units/claso/claso.md).  Each line is one
// clock edge (rst = 0) or an asynchronous reset (rst = 1); every output is
// compared after it.  Prints "PASS <n> cycles" or lines starting "FAIL".
`include "tb_vec.svh"

module tb_claso;
  localparam int NumCores = 64;
  localparam int CtaW     = 20;
  localparam int CreditW  = 24;

  logic                        clk, rst_n;
  logic [7:0]                  cfg_p_a, cfg_p_l;
  logic                        alloc;
  logic [CtaW-1:0]            n_cta;
  logic [7:0]                  alloc_cores;
  logic [NumCores-1:0]          req;
  logic                        ready;
  logic [CreditW-1:0]         credit_global;
  logic [NumCores-1:0]          grant, refuse;
  logic [NumCores*CreditW-1:0] credit;

  claso #(.NumCores(NumCores), .CtaW(CtaW), .CreditW(CreditW)) dut (
    .clk_i          (clk),
    .rst_ni         (rst_n),
    .cfg_p_a_i      (cfg_p_a),
    .cfg_p_l_i      (cfg_p_l),
    .alloc_i        (alloc),
    .n_cta_i        (n_cta),
    .alloc_cores_i  (alloc_cores),
    .req_i          (req),
    .ready_o        (ready),
    .credit_global_o(credit_global),
    .grant_o        (grant),
    .refuse_o       (refuse),
    .credit_o       (credit)
  );

  reg [31:0]                 v_rst, v_pa, v_pl, v_alloc, v_ncta, v_cores, v_ready, v_glob;
  reg [NumCores-1:0]          v_req, v_grant, v_refuse;
  reg [NumCores*CreditW-1:0] v_credit;
  string                     path;
  integer                    fd, n, lines, cycles, errors, done;

  task automatic check(input integer line);
    if (ready !== v_ready[0]) begin
      $display("FAIL line %0d: ready expected %0h actual %0h", line, v_ready[0], ready);
      errors = errors + 1;
    end
    if (credit_global !== v_glob[CreditW-1:0]) begin
      $display("FAIL line %0d: credit_global expected %0h actual %0h", line,
               v_glob[CreditW-1:0], credit_global);
      errors = errors + 1;
    end
    if (grant !== v_grant) begin
      $display("FAIL line %0d: grant expected %h actual %h", line, v_grant, grant);
      errors = errors + 1;
    end
    if (refuse !== v_refuse) begin
      $display("FAIL line %0d: refuse expected %h actual %h", line, v_refuse, refuse);
      errors = errors + 1;
    end
    for (int c = 0; c < NumCores; c++)
      if (credit[c*CreditW +: CreditW] !== v_credit[c*CreditW +: CreditW]) begin
        $display("FAIL line %0d: core %0d credit expected %h actual %h", line, c,
                 v_credit[c*CreditW +: CreditW], credit[c*CreditW +: CreditW]);
        errors = errors + 1;
      end
  endtask

  initial begin
    clk = 1'b0; rst_n = 1'b1; cfg_p_a = 8'd1; cfg_p_l = 8'd0;
    alloc = 1'b0; n_cta = '0; alloc_cores = '0; req = '0;
    lines = 0; cycles = 0; errors = 0; done = 0;
    `TB_OPEN_VEC(path, fd)
    while (!done && !$feof(fd) && errors < 20) begin
      n = $fscanf(fd, "%h %h %h %h %h %h %h %h %h %h %h %h\n", v_rst, v_pa, v_pl, v_alloc,
                  v_ncta, v_cores, v_req, v_ready, v_glob, v_grant, v_refuse, v_credit);
      if (n != 12) begin
        if (n > 0) begin
          $display("FAIL %0s:%0d: %0d of 12 fields", path, lines + 1, n);
          errors = errors + 1;
        end
        done = 1;
      end else begin
        lines = lines + 1;
        cfg_p_a = v_pa[7:0];
        cfg_p_l = v_pl[7:0];
        alloc = v_alloc[0];
        n_cta = v_ncta[CtaW-1:0];
        alloc_cores = v_cores[7:0];
        req = v_req;
        if (v_rst[0]) begin
          #1 rst_n = 1'b0;
          #1 rst_n = 1'b1;
          #1 check(lines);
        end else begin
          #4 clk = 1'b1;
          #1 check(lines);
          #4 clk = 1'b0;
          cycles = cycles + 1;
        end
      end
    end
    $fclose(fd);
    if (errors == 0 && cycles > 0)
      $display("PASS %0d cycles", cycles);
    else if (cycles == 0)
      $display("FAIL no cycles replayed from %0s", path);
    $finish;
  end
endmodule
