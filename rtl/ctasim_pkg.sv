// ctasim_pkg -- the enums and constants the control units share: the RTL twin
// of cmodel/ctl/ctl_seam.h (same order, same values; tests/rtl/check_pkg.py fails
// if the two differ).  Units refer to them scoped, ctasim_pkg::NAME (Yosys
// 0.23 has no `import` in a module header), and hold enum-valued state in
// logic vectors of the enum's width (Icarus 11 cannot declare a variable of a
// package's enum type).  Conventions: docs/rtl.md.
package ctasim_pkg;
  // Each unit uses only some of these.
  /* verilator lint_off UNUSEDPARAM */

  // Compile-time maxima (CTL_MAX_CORES, CTL_MAX_PARTS): the top is built with
  // these sizes by default (every Accel-Sim tested config of Volta, Turing,
  // Ampere and Hopper fits: H100 132 SMs and 80 channels); the counts in
  // use are the cfg_n_cores_i / cfg_n_parts_i ports, CoresW / PartsW bits wide
  // (CTL_CORES_BITS, CTL_PARTS_BITS: a count 0 .. MaxCores / MaxParts).
  localparam int MaxCores = 160;
  localparam int MaxParts = 128;
  localparam int CoresW   = 8;
  localparam int PartsW   = 8;

  // Datapath components of seed 004 Fig. 3 (enum ctl_comp): bit i of every
  // per-component vector, field i of every per-component array.
  typedef enum int unsigned {
    COMP_IFID      = 0,
    COMP_SCH       = 1,
    COMP_IDOC_SP   = 2,
    COMP_IDOC_SFU  = 3,
    COMP_IDOC_LDST = 4,
    COMP_OC_SP     = 5,
    COMP_OC_SFU    = 6,
    COMP_OC_LDST   = 7,
    COMP_OCEX_SP   = 8,
    COMP_OCEX_SFU  = 9,
    COMP_OCEX_LDST = 10,
    COMP_EX_SP     = 11,
    COMP_EX_SFU    = 12,
    COMP_EX_LDST   = 13
  } comp_e;
  localparam int NumComp = 14;   // CTL_NCOMP

  // Instruction types splitting SCH busy (enum ctl_itype).
  typedef enum int unsigned {
    ITYPE_SP   = 0,
    ITYPE_SFU  = 1,
    ITYPE_LDST = 2
  } itype_e;
  localparam int NumItype = 3;   // CTL_NTYPE

  // Power-gated groups (enum ctl_pg): order of the state fields in pg_state.
  typedef enum int unsigned {
    PG_SCH      = 0,
    PG_EX_SP    = 1,
    PG_EX_SFU   = 2,
    PG_IFID_DEC = 3
  } pg_e;
  localparam int NumPg = 4;      // CTL_NPG

  // State of a gateable group (enum ctl_pg_state).
  localparam int PgStateW = 2;
  typedef enum logic [PgStateW-1:0] {
    PGS_ON       = 2'd0,
    PGS_DRAINING = 2'd1,
    PGS_OFF      = 2'd2,
    PGS_WAKING   = 2'd3
  } pg_state_e;

  // AR-CTA phase (enum ctl_ar_phase) and kernel type (enum ctl_ar_type).
  localparam int ArPhaseW = 2;
  typedef enum logic [ArPhaseW-1:0] {
    AR_IDLE     = 2'd0,
    AR_PROFILE  = 2'd1,
    AR_DECISION = 2'd2,
    AR_ACTION   = 2'd3
  } ar_phase_e;
  localparam int ArTypeW = 2;
  typedef enum logic [ArTypeW-1:0] {
    AR_UNKNOWN = 2'd0,
    AR_TYPE1   = 2'd1,
    AR_TYPE2   = 2'd2
  } ar_type_e;

  /* verilator lint_on UNUSEDPARAM */
endpackage
