// cells_sim.v -- gate-level simulation models of synth/cells.lib for Icarus
// (synth/power.sh, docs/synthesis.md "Power").  Every cell output counts its
// toggles into the root module pw (one counter per cell type): a toggle is a
// change between 0 and 1 of the output in Icarus' zero-delay event simulation
// (X/Z values are not counted, so reset and power-up are not toggles; a
// zero-delay glitch of a combinational output is counted, as in a zero-delay
// toggle count of a power tool).  Flip-flops also count their rising clock
// edges (pw.n_ck) for the clock-pin energy.  Functions as in synth/cells.lib.
`define PW_TOGGLE(cnt) \
  reg pw_last = 1'bx; \
  always @(Y) begin \
    if ((Y === 1'b0 || Y === 1'b1) && (pw_last === 1'b0 || pw_last === 1'b1) && Y !== pw_last) \
      cnt = cnt + 1; \
    if (Y === 1'b0 || Y === 1'b1) pw_last = Y; \
  end \
  /* a value given at time 0 may come before the always block waits */ \
  initial begin \
    wait (Y === 1'b0 || Y === 1'b1); \
    if (pw_last === 1'bx) pw_last = Y; \
  end

module pw;
  integer n_INV = 0, n_BUF = 0, n_NAND2 = 0, n_NOR2 = 0, n_AND2 = 0, n_OR2 = 0, n_XOR2 = 0, n_XNOR2 = 0, n_AOI21 = 0, n_OAI21 = 0, n_MUX2 = 0, n_DFF = 0, n_DFFR = 0, n_DFFS = 0, n_ck = 0;
  final begin
    $display("PW toggles INV %0d", n_INV);
    $display("PW toggles BUF %0d", n_BUF);
    $display("PW toggles NAND2 %0d", n_NAND2);
    $display("PW toggles NOR2 %0d", n_NOR2);
    $display("PW toggles AND2 %0d", n_AND2);
    $display("PW toggles OR2 %0d", n_OR2);
    $display("PW toggles XOR2 %0d", n_XOR2);
    $display("PW toggles XNOR2 %0d", n_XNOR2);
    $display("PW toggles AOI21 %0d", n_AOI21);
    $display("PW toggles OAI21 %0d", n_OAI21);
    $display("PW toggles MUX2 %0d", n_MUX2);
    $display("PW toggles DFF %0d", n_DFF);
    $display("PW toggles DFFR %0d", n_DFFR);
    $display("PW toggles DFFS %0d", n_DFFS);
    $display("PW clock_edges %0d", n_ck);
  end
endmodule

module INV(input A, output Y);
  assign Y = !A;
  `PW_TOGGLE(pw.n_INV)
endmodule

module BUF(input A, output Y);
  assign Y = A;
  `PW_TOGGLE(pw.n_BUF)
endmodule

module NAND2(input A, input B, output Y);
  assign Y = !(A&B);
  `PW_TOGGLE(pw.n_NAND2)
endmodule

module NOR2(input A, input B, output Y);
  assign Y = !(A|B);
  `PW_TOGGLE(pw.n_NOR2)
endmodule

module AND2(input A, input B, output Y);
  assign Y = A&B;
  `PW_TOGGLE(pw.n_AND2)
endmodule

module OR2(input A, input B, output Y);
  assign Y = A|B;
  `PW_TOGGLE(pw.n_OR2)
endmodule

module XOR2(input A, input B, output Y);
  assign Y = A^B;
  `PW_TOGGLE(pw.n_XOR2)
endmodule

module XNOR2(input A, input B, output Y);
  assign Y = !(A^B);
  `PW_TOGGLE(pw.n_XNOR2)
endmodule

module AOI21(input A, input B, input C, output Y);
  assign Y = !((A&B)|C);
  `PW_TOGGLE(pw.n_AOI21)
endmodule

module OAI21(input A, input B, input C, output Y);
  assign Y = !((A|B)&C);
  `PW_TOGGLE(pw.n_OAI21)
endmodule

module MUX2(input A, input B, input S, output Y);
  assign Y = S ? B : A;
  `PW_TOGGLE(pw.n_MUX2)
endmodule

module DFF(input CK, input D, output Q);
  reg IQ;
  wire Y = IQ;
  assign Q = IQ;
  always @(posedge CK) IQ <= D;
  always @(posedge CK) pw.n_ck = pw.n_ck + 1;
  `PW_TOGGLE(pw.n_DFF)
endmodule

module DFFR(input CK, input D, input RN, output Q);
  reg IQ;
  wire Y = IQ;
  assign Q = IQ;
  always @(posedge CK or negedge RN) if (!RN) IQ <= 1'b0; else IQ <= D;
  always @(posedge CK) pw.n_ck = pw.n_ck + 1;
  `PW_TOGGLE(pw.n_DFFR)
endmodule

module DFFS(input CK, input D, input SN, output Q);
  reg IQ;
  wire Y = IQ;
  assign Q = IQ;
  always @(posedge CK or negedge SN) if (!SN) IQ <= 1'b1; else IQ <= D;
  always @(posedge CK) pw.n_ck = pw.n_ck + 1;
  `PW_TOGGLE(pw.n_DFFS)
endmodule
