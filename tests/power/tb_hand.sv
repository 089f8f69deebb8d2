// tb_hand.sv -- drives tests/power/hand.v through a sequence whose toggles are
// counted by hand in tests/power/run.sh.  +hold: rst_n stays low and the
// inputs stay constant (the reset case: no cell output toggles).
module tb_hand;
  logic clk = 1'b0, rst_n = 1'b0, a = 1'b0, b = 1'b0;
  wire q, y;
  hand dut (.*);
  task automatic pulse;
    #1 clk = 1'b1;
    #1 clk = 1'b0;
  endtask
  initial begin
    #1;
    if ($test$plusargs("hold")) begin
      repeat (4) pulse();
    end else begin
      rst_n = 1'b1;
      #1 a = 1'b1;  pulse();   // n1 stays 1, q stays 0
      #1 b = 1'b1;  pulse();   // n1 1->0, y 0->1, q 0->1
      #1 a = 1'b0;  pulse();   // n1 0->1, y 1->0, q 1->0
      pulse();                 // nothing
    end
    $display("PASS hand");
    $finish;
  end
endmodule
