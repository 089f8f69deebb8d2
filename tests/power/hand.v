// hand.v -- a hand-built netlist of three synth/cells.lib cells for
// tests/power/run.sh: y = a & b through NAND2 + INV, registered by a DFFR.
module hand(input clk, input rst_n, input a, input b, output q, output y);
  wire n1;
  NAND2 g1 (.A(a), .B(b), .Y(n1));
  INV   g2 (.A(n1), .Y(y));
  DFFR  f1 (.CK(clk), .D(y), .RN(rst_n), .Q(q));
endmodule
