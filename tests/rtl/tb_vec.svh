// tb_vec.svh -- shared by the Icarus testbenches (units/M/tb_M.sv): open the
// vector file named by +vec=FILE (written by test_rtl_M --vec), or stop with
// a FAIL line that scripts/run_tests.sh counts.
`define TB_OPEN_VEC(path, fd) \
    if (!$value$plusargs("vec=%s", path)) begin \
      $display("FAIL no +vec=FILE given"); \
      $finish; \
    end \
    fd = $fopen(path, "r"); \
    if (fd == 0) begin \
      $display("FAIL cannot open %0s (+vec)", path); \
      $finish; \
    end
