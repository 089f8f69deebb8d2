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

// The event loop of the benches whose vectors are one line per event ("OP
// inputs... expected outputs...", OP 0 = reset, 1 = clock edge).
// TB_EVENTS_INIT: clock low, out of reset, counters 0.
// TB_EVENTS_BEGIN(got, nfields): after the $fscanf into `got`, ends the loop
// (done = 1) at the end of the file, a short line being an error; the block
// after it drives the inputs.  TB_EVENT_APPLY(op): one event on clk / rst_n,
// settled.  TB_EVENTS_END(path): closes the file and prints "PASS <n> cycles"
// or the FAIL of an empty file.  The bench declares clk, rst_n, path, fd, op,
// events, errors and done (integers), and compares its outputs between
// TB_EVENT_APPLY and `events = events + 1`.
`define TB_EVENTS_INIT \
    clk = 1'b0; \
    rst_n = 1'b1; \
    events = 0; \
    errors = 0; \
    done = 0;

`define TB_EVENTS_BEGIN(got, nfields) \
      if (got != nfields) begin \
        if (got > 0) begin \
          $display("FAIL %0s: malformed line after event %0d (%0d fields)", path, events, got); \
          errors = errors + 1; \
        end \
        done = 1; \
      end else begin

`define TB_EVENT_APPLY(op) \
        #1; \
        if (op == 0) begin \
          rst_n = 1'b0; \
          #1; \
          rst_n = 1'b1; \
        end else begin \
          clk = 1'b1; \
          #1; \
          clk = 1'b0; \
        end \
        #1;

`define TB_EVENTS_END(path) \
    $fclose(fd); \
    if (events == 0) $display("FAIL no vectors in %0s", path); \
    else if (errors == 0) $display("PASS %0d cycles", events); \
    $finish;
