# ctasim -- one Makefile for the C model, the RTL, co-simulation, tests and reports.
#
#   make            build build/rel/ctasim (C model + Verilated control units)
#   make run        default simulation with a readable summary
#   make test       the whole test suite (unit tests under ASan/UBSan, RTL, RTL package vs
#                   C seam, lint, synth)
#   make lint       verilator --lint-only -Wall on every RTL module
#   make synth      Yosys area report (build/synth/area_report.md; docs/synthesis.md)
#   make rtl-power  the control units' power from gate-level toggles on real runs (ctasim --rtl-power;
#                   synth/power_report.md)
#   make waves      short run writing an FST, prints the gtkwave command
#   make bench      simulation speed (build/bench/bench.txt)
#   make regress    the long RTL regression with coverage (tests/regress.list, build/regress/)
#   make mutate     mutation check of rtl/ (build/mutate/, docs/verification.md; long)
#   make formal     the RTL's assertions proved / bounded, covers reached (build/formal/; minutes)
#   make hwcalib    the silicon microbenchmarks on this machine's GPU (nvcc, ncu; docs/silicon.md)
#   make hwcalib-compile  the same sources compiled without nvcc or a GPU (clang, ptxas from PyPI)
#   make rtl-model  one Verilated top of NC cores x NP partitions (ctasim builds those up
#                   to 64 cores itself, on first use)
#   make sweep      CTA-limit / core-count sweeps with plots (build/sweep/)
#   make experiments  the papers' figures as PNG plots and tables (build/exp/)
#   make reproduce  the papers' headline figures beside ours, one report (build/reproduce/report.html;
#                   QUICK=1: small preset, build/reproduce/quick/)
#   make study STUDY=F  run a study file (docs/studies.md) and collect its grid
#                   (ON=slurm: one job array; STUDY_FLAGS= more ctasim-study options)
#   make install PREFIX=DIR  DIR/bin/ctasim, its data (DIR/share/ctasim) and man page
#                   (DIR/share/man/man1/ctasim.1); runs from any folder (docs/install.md)
#   make man        the man page alone (build/ctasim.1, from --help and docs/ctasim.h2m)
#   make help       this list
#
# Conventions (new files are picked up without editing this file):
#   cmodel/ROOM/*.c           -> libctasim.a (release and sanitizer builds); rooms in cmodel/README.md
#   cosim/*.c, cosim/*.cpp    -> libcosim.a (all but main.c) + main.c: the ctasim program
#   tests/unit/test_*.c       -> one cmocka binary each, built with ASan+UBSan
#   units/NAME/               -> a control unit's own folder (docs/adding-a-unit.md): its C
#                                into libctasim.a, its RTL (module M in M.sv, found with -y),
#     test_NAME.c             -> its cmocka unit test (ASan+UBSan)
#     test_rtl_NAME.c         -> cmocka test of the RTL unit NAME, Verilated,
#     + shim_NAME.cpp            driven from C through the extern "C" shim
#     + tests/rtl/rtl_bench.c    the benches' shared harness (--vec, coverage report)
#     tb_NAME.sv              -> Icarus testbench replaying build/vectors/NAME.vec,
#                                written by test_rtl_NAME --vec FILE
#   tests/rtl/test_rtl_ctl_top.c -> the integrated top's test (no shim, libcosim.a instead)

SHELL      := /bin/bash
BUILD      := build
CC         ?= gcc
CXX        ?= g++
VERILATOR  ?= verilator
VINC       := /usr/share/verilator/include

CSTD       := -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE
WARN       := -Wall -Wextra -Wshadow -Wno-unused-parameter
CMODEL_ROOMS := $(sort $(patsubst %/,%,$(dir $(wildcard cmodel/*/*.h))))
INCS       := $(addprefix -iquote ,$(CMODEL_ROOMS)) -iquote cosim \
              $(addprefix -iquote ,$(patsubst %/,%,$(wildcard units/*/)))
REL_CFLAGS := $(CSTD) $(WARN) $(INCS) -O2 -g
# The model's objects carry GCC's intermediate code too (fat), so that the
# program is optimized across modules at its link (docs/performance.md); a
# test links the same objects' plain code.
REL_LTO    := -flto=auto -ffat-lto-objects
SAN_FLAGS  := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
SAN_CFLAGS := $(CSTD) $(WARN) $(INCS) -O1 -g $(SAN_FLAGS)
LIBS       := -lm -llzma -lzstd -lz
VRT_FLAGS  := -std=c++17 -O2 -I$(VINC) -I$(VINC)/vltstd -DVM_TRACE=1 -DVM_TRACE_FST=1
NPROC      := $(shell nproc 2>/dev/null || echo 2)
VFLAGS     := --cc -O3 --assert --trace-fst --x-assign fast --x-initial fast -y rtl

CMODEL_SRC := $(sort $(wildcard cmodel/*/*.c))
REL_OBJ    := $(CMODEL_SRC:cmodel/%.c=$(BUILD)/rel/obj/%.o)
SAN_OBJ    := $(CMODEL_SRC:cmodel/%.c=$(BUILD)/san/obj/%.o)
HDRS       := $(wildcard cmodel/*/*.h cosim/*.h)
RTL_SRC    := $(sort $(wildcard rtl/*.sv))
# Packages (rtl/*_pkg.sv: shared enums and constants) are named on every
# Verilator / Icarus / Yosys command line before the modules that use them.
PKG        := rtl/ctasim_pkg.sv
RTL_MODS   := $(filter-out $(PKG:rtl/%.sv=%),$(RTL_SRC:rtl/%.sv=%))

UNIT_TESTS := $(patsubst tests/unit/%.c,$(BUILD)/san/tests/%,$(sort $(wildcard tests/unit/test_*.c)))
MODEL_TESTS:= $(patsubst tests/model/%.c,$(BUILD)/rel/tests/%,$(sort $(wildcard tests/model/test_*.c)))
RTL_TESTS  := $(patsubst tests/rtl/test_rtl_%.c,%,$(sort $(wildcard tests/rtl/test_rtl_*.c)))

# Control units with a folder of their own, units/NAME/ (docs/adding-a-unit.md),
# are picked up without editing this file: NAME*.c joins libctasim.a (and the
# folder the include path), NAME*.sv the RTL (module M in M.sv, found with -y),
# test_NAME.c is a cmocka unit test (ASan+UBSan), test_rtl_NAME.c + shim_NAME.cpp
# the unit's Verilated bench, tb_NAME.sv its Icarus testbench (rules below).
UNIT_DIRS  := $(patsubst %/,%,$(sort $(wildcard units/*/)))
UNIT_C     := $(foreach d,$(UNIT_DIRS),$(filter-out $(d)/test_%.c,$(wildcard $(d)/*.c)))
UNIT_SV    := $(foreach d,$(UNIT_DIRS),$(filter-out $(d)/tb_%.sv,$(wildcard $(d)/*.sv)))
CMODEL_SRC += $(UNIT_C)
REL_OBJ    += $(UNIT_C:%.c=$(BUILD)/rel/obj/%.o)
SAN_OBJ    += $(UNIT_C:%.c=$(BUILD)/san/obj/%.o)
HDRS       += $(wildcard $(UNIT_DIRS:%=%/*.h))
RTL_SRC    += $(UNIT_SV)
RTL_MODS   += $(notdir $(UNIT_SV:.sv=))
VFLAGS     += $(addprefix -y ,$(UNIT_DIRS))
UNIT_TESTS += $(foreach d,$(UNIT_DIRS),$(patsubst $(d)/%.c,$(BUILD)/san/tests/%,\
                $(filter-out $(d)/test_rtl_%.c,$(wildcard $(d)/test_*.c))))
RTL_TESTS  += $(foreach d,$(UNIT_DIRS),$(patsubst $(d)/test_rtl_%.c,%,$(wildcard $(d)/test_rtl_*.c)))
# (tb_NAME.sv only: a folder's other testbenches have their own runner, e.g.
# units/NAME/power_test.sh)
ICARUS_TBS := $(foreach d,$(UNIT_DIRS),$(patsubst $(d)/tb_%.sv,%,$(wildcard $(d)/tb_$(notdir $(d)).sv)))
# module M's file: rtl/M.sv, or units/NAME/M.sv
RTL_FILE    = $(or $(filter %/$(1).sv,$(UNIT_SV)),rtl/$(1).sv)

.PHONY: regress test-regress mutate xcheck-suite calib formal test-formal
.PHONY: install man help test-python
.PHONY: all deps run rtl-model seam test test-installed test-lane-a test-lane-b test-unit test-model test-rtl test-icarus test-pkg test-sim test-bad test-fuzz test-arch lint \
        synth synth-check test-power rtl-power \
        waves bench sweep experiments reproduce study fuzz clean
.SECONDARY:
.DELETE_ON_ERROR:

all: $(BUILD)/rel/ctasim

# ---------------------------------------------------------------- C model
$(BUILD)/rel/obj/%.o: cmodel/%.c $(HDRS)
	@mkdir -p $(@D)
	$(CC) $(REL_CFLAGS) $(REL_LTO) -c $< -o $@

$(BUILD)/san/obj/%.o: cmodel/%.c $(HDRS)
	@mkdir -p $(@D)
	$(CC) $(SAN_CFLAGS) -c $< -o $@

$(BUILD)/rel/libctasim.a: $(REL_OBJ)
	@rm -f $@; ar rcs $@ $^

$(BUILD)/san/libctasim.a: $(SAN_OBJ)
	@rm -f $@; ar rcs $@ $^

# ---------------------------------------------------------------- version (cmodel/base/version.h)
# The release (VERSION), the commit (+modified when tracked files differ from
# it; COMMIT=... where there is no git) and a build id (SHA-1 of the sources
# and this Makefile), compiled into version.o alone; a stamp rebuilds it when
# one of them changes.
CTASIM_VERSION := $(shell cat VERSION 2>/dev/null || echo 0.0.0)
ifndef COMMIT
COMMIT     := $(shell c=$$(git rev-parse --short=12 HEAD 2>/dev/null) && { git diff --quiet HEAD -- 2>/dev/null && echo $$c || echo $$c+modified; } || echo unknown)
endif
CTASIM_BUILD := $(shell cat $(CMODEL_SRC) $(HDRS) $(wildcard cosim/*.c cosim/*.cpp) Makefile 2>/dev/null | sha1sum | cut -c1-12)
VERSION_STAMP := $(BUILD)/version.stamp
$(shell mkdir -p $(BUILD); echo '$(CTASIM_VERSION) $(COMMIT) $(CTASIM_BUILD)' | cmp -s - $(VERSION_STAMP) 2>/dev/null || echo '$(CTASIM_VERSION) $(COMMIT) $(CTASIM_BUILD)' > $(VERSION_STAMP))
VERSION_DEFS := -DCTASIM_VERSION='"$(CTASIM_VERSION)"' -DCTASIM_COMMIT='"$(COMMIT)"' -DCTASIM_BUILD='"$(CTASIM_BUILD)"'
$(BUILD)/rel/obj/base/version.o $(BUILD)/san/obj/base/version.o: $(VERSION_STAMP)
$(BUILD)/rel/obj/base/version.o: REL_CFLAGS += $(VERSION_DEFS)
$(BUILD)/san/obj/base/version.o: SAN_CFLAGS += $(VERSION_DEFS)

# ---------------------------------------------------------------- Verilator runtime (built once)
VRT_OBJ := $(BUILD)/vrt/verilated.o $(BUILD)/vrt/verilated_threads.o $(BUILD)/vrt/verilated_fst_c.o
$(BUILD)/vrt/%.o: $(VINC)/%.cpp
	@mkdir -p $(@D)
	$(CXX) $(VRT_FLAGS) -c $< -o $@

# Verilate module M (top M, submodules found by name under rtl/).  One explicit
# rule per module: a pattern target holds a single %, so build/vl/%/V%__ALL.a
# would only match a file literally named "V%__ALL.a" (always remade).
# The units' benches (units/M/test_rtl_M.c, tb_M.sv) are written for
# RTL_BENCH_CORES cores and RTL_BENCH_PARTS partitions: their units are
# Verilated at that size (RTL_BENCH_GEN_M), not at MaxCores = 160; the top
# (ctl_top) keeps its defaults (docs/rtl.md, "Sizes").
RTL_BENCH_CORES := 64
RTL_BENCH_PARTS := 16
# each unit's bench size: the parameters seam/units.tsv lists for it (NumCores,
# NumParts) at RTL_BENCH_CORES / RTL_BENCH_PARTS
$(foreach u,$(shell grep -v '^\#' seam/units.tsv | cut -f1),$(eval RTL_BENCH_GEN_$(u) := $(shell awk -F'\t' \
  -v u=$(u) '$$1 == u { n = split($$4, p, ","); for (i = 1; i <= n; i++) printf " -G%s=%s", p[i], \
  (p[i] == "NumParts" ? $(RTL_BENCH_PARTS) : $(RTL_BENCH_CORES)) }' seam/units.tsv)))
define VERILATE_RULE
$(BUILD)/vl/$(1)/V$(1)__ALL.a: $(RTL_SRC)
	@rm -rf $$(@D); mkdir -p $$(@D)
	$(VERILATOR) $(VFLAGS) $(RTL_BENCH_GEN_$(1)) --Mdir $$(@D) --top-module $(1) $(PKG) $(call RTL_FILE,$(1))
	$(MAKE) -s -j$(NPROC) -C $$(@D) -f V$(1).mk V$(1)__ALL.a OPT_FAST=-O2 OPT_SLOW=-O1 >/dev/null
endef
$(foreach m,$(RTL_MODS),$(eval $(call VERILATE_RULE,$(m))))

# ---------------------------------------------------------------- ctasim program
COSIM_C    := $(sort $(wildcard cosim/*.c))
COSIM_CPP  := $(sort $(wildcard cosim/*.cpp))
COSIM_OBJ  := $(COSIM_C:cosim/%.c=$(BUILD)/rel/cosim/%.o) $(COSIM_CPP:cosim/%.cpp=$(BUILD)/rel/cosim/%.o)
COSIM_TOP  := ctl_top
# The Verilated top of the run's size (docs/cosim.md, "Models of the run's
# size"): rtl/ctl_top.sv Verilated with NumCores x NumParts of the run, as a
# shared object build/vl/top/NCxNP-FLAVOR-KEY/libvtop.so (FLAVOR fast, or
# trace for --fst and the lockstep mismatch replay) that cosim/vtop.c loads,
# building it with scripts/vtop-build.sh when absent.  KEY hashes rtl/, the
# model shim (cosim/vmodel/) and Verilator's version: the program loads only
# models of the sources it was built with.  `make` builds the default
# preset's model (kayiran30: 30 x 8, fast); the others are built on first use.
VTOP_KEY   := $(shell scripts/vtop-key.sh 2>/dev/null)
VTOP_MODEL = $(BUILD)/vl/top/$(1)x$(2)-$(3)-$(VTOP_KEY)/libvtop.so
VTOP_DEFAULT := $(call VTOP_MODEL,30,8,fast)
# Without verilator `make` builds the program only: the c engine runs; an rtl or
# lockstep run then stops naming verilator (docs/cosim.md).
ifneq ($(shell command -v $(VERILATOR) 2>/dev/null),)
all: $(VTOP_DEFAULT)
endif
# the key compiled into cosim/vtop.c: a stamp rewritten only when it changes
COSIM_VSTAMP := $(BUILD)/rel/cosim/vtop.key
$(shell mkdir -p $(BUILD)/rel/cosim; echo '$(VTOP_KEY) $(CURDIR)' | cmp -s - $(COSIM_VSTAMP) 2>/dev/null || echo '$(VTOP_KEY) $(CURDIR)' > $(COSIM_VSTAMP))
VTOP_DEFS  := -DVTOP_ROOT='"$(CURDIR)"' -DVTOP_KEY='"$(VTOP_KEY)"'
$(BUILD)/vl/top/%/libvtop.so: $(RTL_SRC) $(wildcard cosim/vmodel/*) cosim/vtop_api.h cmodel/ctl/ctl_seam.h scripts/vtop-build.sh
	@set -- $(subst x, ,$(subst -, ,$*)); scripts/vtop-build.sh $$1 $$2 $$3 $(VTOP_KEY)
# The rtl and lockstep engines exist when the model shim does.
ifneq ($(wildcard cosim/vmodel/vtop_model.cpp),)
COSIM_DEFS := -DCTASIM_RTL
endif

$(BUILD)/rel/cosim/%.o: cosim/%.c $(HDRS)
	@mkdir -p $(@D)
	$(CC) $(REL_CFLAGS) $(COSIM_DEFS) -c $< -o $@

$(BUILD)/rel/cosim/vtop.o $(BUILD)/san/cosim/vtop.o: $(COSIM_VSTAMP)
$(BUILD)/rel/cosim/vtop.o $(BUILD)/san/cosim/vtop.o: COSIM_DEFS += $(VTOP_DEFS)

# libcosim.a: every cosim object but the command line (the engine switch, the
# rtl/lockstep engines, the Verilated top's shim); the program and the RTL test
# of the top link it, so no test includes a source file.
COSIM_MAIN := $(BUILD)/rel/cosim/main.o
COSIM_LIB  := $(BUILD)/rel/libcosim.a
$(COSIM_LIB): $(filter-out $(COSIM_MAIN),$(COSIM_OBJ))
	@rm -f $@; ar rcs $@ $^

$(BUILD)/rel/ctasim: $(COSIM_MAIN) $(COSIM_LIB) $(BUILD)/rel/libctasim.a
	$(CC) -O2 -g $(REL_LTO) -o $@ $(COSIM_MAIN) $(COSIM_LIB) $(BUILD)/rel/libctasim.a $(LIBS) -ldl -pthread

# The whole program under ASan + UBSan (the bad-input regression runs it):
# the C of cmodel/ and cosim/ instrumented, the C++ shim and the Verilated
# top as in the release build (ASan's runtime covers them as uninstrumented code).
SAN_COSIM_OBJ := $(COSIM_C:cosim/%.c=$(BUILD)/san/cosim/%.o)
$(BUILD)/san/cosim/%.o: cosim/%.c $(HDRS)
	@mkdir -p $(@D)
	$(CC) $(SAN_CFLAGS) $(COSIM_DEFS) -c $< -o $@

$(BUILD)/san/ctasim: $(SAN_COSIM_OBJ) $(BUILD)/san/libctasim.a
	$(CC) -o $@ $(SAN_COSIM_OBJ) $(BUILD)/san/libctasim.a $(SAN_FLAGS) $(LIBS) -ldl -pthread

# The one command of the README: install what is missing, build, simulate.
deps:
	@bash scripts/install-deps.sh

# One model of any size (above VTOP_AUTO_MAX_CORES = 64 cores ctasim does not
# build it on demand: many minutes): make rtl-model NC=144 NP=64 [FLAVOR=trace|cov]
FLAVOR ?= fast
rtl-model:
	@test -n "$(NC)" -a -n "$(NP)" || { echo "usage: make rtl-model NC=cores NP=partitions [FLAVOR=fast|trace|cov]"; exit 2; }
	scripts/vtop-build.sh $(NC) $(NP) $(FLAVOR) $(VTOP_KEY)

# the c engine needs no Verilated model: `make run` builds the program only (an rtl or
# lockstep run builds its model on first use; `make` builds the default one too)
run: deps
	@$(MAKE) --no-print-directory -j$(NPROC) $(BUILD)/rel/ctasim
	$(BUILD)/rel/ctasim --config configs/kayiran30.cfg --workload workloads/stream_copy.kern \
	    --set policy.cta_limit=dyncta

# ---------------------------------------------------------------- tests
$(BUILD)/san/tests/%: tests/unit/%.c $(BUILD)/san/libctasim.a $(HDRS) $(wildcard tests/*.h)
	@mkdir -p $(@D)
	$(CC) $(SAN_CFLAGS) -iquote tests $< -o $@ $(BUILD)/san/libctasim.a -lcmocka $(LIBS)

# Whole-GPU effect tests: release build (they simulate millions of cycles;
# the sanitizer coverage comes from the unit tests of the same code).
$(BUILD)/rel/tests/%: tests/model/%.c tests/model/model_util.h $(BUILD)/rel/libctasim.a $(HDRS)
	@mkdir -p $(@D)
	$(CC) $(REL_CFLAGS) -iquote tests/model $< -o $@ $(BUILD)/rel/libctasim.a -lcmocka $(LIBS)

.SECONDEXPANSION:
# tests/rtl/rtl_bench.c: the benches' shared harness (arguments, --vec, coverage report).
$(BUILD)/rtltest/rtl_bench.o: tests/rtl/rtl_bench.c tests/rtl/rtl_bench.h tests/rtl/rb_assert.h tests/rtl/rb_name.h
	@mkdir -p $(@D)
	$(CC) $(REL_CFLAGS) -c $< -o $@

# The integrated top has no shim of its own: its test drives the program's
# engines through libcosim.a (public headers only), loading the models of the
# sizes it runs (built on first use).
$(BUILD)/rtltest/$(COSIM_TOP)/test: tests/rtl/test_rtl_$(COSIM_TOP).c $(COSIM_LIB) $(BUILD)/rel/libctasim.a \
                                   $(HDRS)
	@mkdir -p $(@D)
	$(CC) $(REL_CFLAGS) $(COSIM_DEFS) -iquote tests -c $< -o $(@D)/test.o
	$(CC) -o $@ $(@D)/test.o $(COSIM_LIB) $(BUILD)/rel/libctasim.a -lcmocka $(LIBS) -ldl -pthread

# The units of units/NAME/: C reference objects, unit test, RTL bench (C test +
# C++ shim + Verilated unit + C reference models).
$(BUILD)/rel/obj/units/%.o: units/%.c $(HDRS)
	@mkdir -p $(@D)
	$(CC) $(REL_CFLAGS) -c $< -o $@

$(BUILD)/san/obj/units/%.o: units/%.c $(HDRS)
	@mkdir -p $(@D)
	$(CC) $(SAN_CFLAGS) -c $< -o $@

$(BUILD)/san/tests/test_%: units/$$*/test_$$*.c $(BUILD)/san/libctasim.a $(HDRS) $(wildcard tests/*.h)
	@mkdir -p $(@D)
	$(CC) $(SAN_CFLAGS) -iquote tests $< -o $@ $(BUILD)/san/libctasim.a -lcmocka $(LIBS)

$(BUILD)/rtltest/%/shim.o: units/$$*/shim_$$*.cpp $$(BUILD)/vl/$$*/V$$*__ALL.a $(HDRS) $(wildcard tests/rtl/*.h)
	@mkdir -p $(@D)
	$(CXX) $(VRT_FLAGS) $(INCS) -iquote tests/rtl -I$(BUILD)/vl/$* -c $< -o $@

$(BUILD)/rtltest/%/test: units/$$*/test_rtl_$$*.c tests/rtl/rtl_bench.h $(BUILD)/rtltest/rtl_bench.o \
                         $(BUILD)/rtltest/%/shim.o $$(BUILD)/vl/$$*/V$$*__ALL.a \
                         $(VRT_OBJ) $(BUILD)/rel/libctasim.a $(HDRS)
	@mkdir -p $(@D)
	$(CC) $(REL_CFLAGS) -DRB_CORES=$(RTL_BENCH_CORES) -DRB_PARTS=$(RTL_BENCH_PARTS) -iquote tests \
	    -iquote tests/rtl -c $< -o $(@D)/test.o
	$(CXX) -o $@ $(@D)/test.o $(BUILD)/rtltest/rtl_bench.o $(@D)/shim.o $(BUILD)/vl/$*/V$*__ALL.a $(VRT_OBJ) \
	    $(BUILD)/rel/libctasim.a -lcmocka $(LIBS) -pthread

# ---------------------------------------------------------------- regression coverage build
# The unit benches again, their units Verilated with --coverage-line
# --coverage-toggle into build/cov/ (a separate build; the shims write
# RB_COV-N.dat, tests/rtl/shim_fst.h).  scripts/regress.py --cov runs them.
# Compiled at -O0 and without tracing: the 64-core units are large and the
# coverage runs short (the runner reruns a failure with waves from build/rtltest).
COV        := $(BUILD)/cov
RTL_UNITS  := $(foreach d,$(UNIT_DIRS),$(patsubst $(d)/shim_%.cpp,%,$(wildcard $(d)/shim_*.cpp)))
COV_VFLAGS := $(filter-out --trace-fst,$(VFLAGS)) --coverage-line --coverage-toggle
COV_CXXFLAGS := $(filter-out -DVM_TRACE=1 -DVM_TRACE_FST=1,$(VRT_FLAGS)) -DVM_TRACE=0 -DVM_COVERAGE=1
COV_VRT    := $(VRT_OBJ) $(COV)/vrt/verilated_cov.o
define VERILATE_COV_RULE
$(COV)/vl/$(1)/V$(1)__ALL.a: $(RTL_SRC)
	@rm -rf $$(@D); mkdir -p $$(@D)
	$(VERILATOR) $(COV_VFLAGS) $(RTL_BENCH_GEN_$(1)) --Mdir $$(@D) --top-module $(1) $(PKG) $(call RTL_FILE,$(1))
	$(MAKE) -s -j$(NPROC) -C $$(@D) -f V$(1).mk V$(1)__ALL.a OPT_FAST=-O0 OPT_SLOW=-O0 >/dev/null
endef
$(foreach m,$(RTL_UNITS),$(eval $(call VERILATE_COV_RULE,$(m))))

$(COV)/vrt/verilated_cov.o: $(VINC)/verilated_cov.cpp
	@mkdir -p $(@D)
	$(CXX) $(COV_CXXFLAGS) -c $< -o $@

# the units of units/NAME/
$(COV)/rtltest/%/shim.o: units/$$*/shim_$$*.cpp $$(COV)/vl/$$*/V$$*__ALL.a $(HDRS) $(wildcard tests/rtl/*.h)
	@mkdir -p $(@D)
	$(CXX) $(COV_CXXFLAGS) $(INCS) -iquote tests/rtl -I$(COV)/vl/$* -c $< -o $@

$(COV)/rtltest/%/test: units/$$*/test_rtl_$$*.c tests/rtl/rtl_bench.h $(BUILD)/rtltest/rtl_bench.o \
                       $(COV)/rtltest/%/shim.o $$(COV)/vl/$$*/V$$*__ALL.a $(COV_VRT) $(BUILD)/rel/libctasim.a $(HDRS)
	@mkdir -p $(@D)
	$(CC) $(REL_CFLAGS) -DRB_CORES=$(RTL_BENCH_CORES) -DRB_PARTS=$(RTL_BENCH_PARTS) -iquote tests \
	    -iquote tests/rtl -c $< -o $(@D)/test.o
	$(CXX) -o $@ $(@D)/test.o $(BUILD)/rtltest/rtl_bench.o $(@D)/shim.o $(COV)/vl/$*/V$*__ALL.a $(COV_VRT) \
	    $(BUILD)/rel/libctasim.a -lcmocka $(LIBS) -pthread

# The top's coverage: the `cov` model of top4's size (tests/regress.list
# covtop=1; line + toggle coverage of rtl/ctl_top.sv and the units inside it).
REGRESS_BINS := $(RTL_TESTS:%=$(BUILD)/rtltest/%/test) $(RTL_UNITS:%=$(COV)/rtltest/%/test) $(BUILD)/rel/ctasim \
                $(call VTOP_MODEL,4,2,cov)
REGRESS_FLAGS ?=

# The short regression of `make test` (a few seeds per test, with coverage):
# the runner's own pass/fail, then its outputs checked (JUnit XML and the
# coverage files well formed; tests/sim/regress_selftest.sh checks the
# failure path and the shards).
test-regress: $(REGRESS_BINS)
	@scripts/run_tests.sh regress "scripts/regress.py --cov --out $(BUILD)/regress $(REGRESS_FLAGS)" \
	    "scripts/regress_check.py $(BUILD)/regress"

# The long regression (each test's long seed count), with coverage.
regress: $(REGRESS_BINS)
	scripts/regress.py --long --cov --jobs 2 --out $(BUILD)/regress-long $(REGRESS_FLAGS)

# Mutation check of rtl/ (long; not in `make test`): docs/verification.md.
mutate: $(REGRESS_BINS)
	nice scripts/mutate.py $(MUTATE_FLAGS)

# Formal proof of the assertions of rtl/ (docs/verification.md, "Formal"):
# every job at its full depth (each unit's in units/NAME/formal.json);
# test-formal (make test) runs the short depths of the units' quick jobs (their
# formal.json's "quick"; the uC-States top and ctl_top only here: minutes), or
# of FORMAL_QUICK when given.
FORMAL_QUICK ?=
formal:
	nice scripts/formal.py --jobs $(NPROC) $(FORMAL_JOBS)

test-formal:
	@scripts/run_tests.sh formal "scripts/formal.py --quick --jobs 1 $(FORMAL_QUICK)"

$(BUILD)/icarus/tb_%.vvp: units/$$*/tb_$$*.sv tests/rtl/tb_vec.svh $(RTL_SRC)
	@mkdir -p $(@D)
	iverilog -g2012 -Wall -I tests/rtl -I rtl -y rtl $(addprefix -y ,$(UNIT_DIRS)) -Y .sv -o $@ $(PKG) $<

test-unit: $(UNIT_TESTS)
	@scripts/run_tests.sh unit $(UNIT_TESTS)

test-model: $(MODEL_TESTS)
	@scripts/run_tests.sh model $(MODEL_TESTS)

test-rtl: $(RTL_TESTS:%=$(BUILD)/rtltest/%/test)
	@mkdir -p $(BUILD)/vectors
	@scripts/run_tests.sh rtl $(foreach m,$(RTL_TESTS),"$(BUILD)/rtltest/$(m)/test --vec $(BUILD)/vectors/$(m).vec")

test-icarus: test-rtl $(ICARUS_TBS:%=$(BUILD)/icarus/tb_%.vvp)
	@scripts/run_tests.sh icarus $(foreach m,$(ICARUS_TBS),"vvp -n $(BUILD)/icarus/tb_$(m).vvp +vec=$(BUILD)/vectors/$(m).vec")

# rtl/ctasim_pkg.sv and cmodel/ctl_seam.h agree on every shared enum and constant;
# every file generated from seam/seam.yaml is what it generates (scripts/seamgen.py)
test-pkg:
	@scripts/run_tests.sh pkg tests/rtl/check_pkg.py "scripts/seamgen.py --check" tests/rtl/check_seamgen.py

# rewrite the files generated from the seam's description (docs/seam.md)
seam:
	scripts/seamgen.py

# bad inputs (tests/bad/cases.txt) against the sanitized program
test-bad: $(BUILD)/san/ctasim
	@scripts/run_tests.sh bad tests/bad/run.sh

# the whole program's checks (tests/sim/*.sh) and the whole model under the
# policy stacks (tests/model/*.sh: lockstep matrices, decision traces)
test-sim: $(BUILD)/rel/ctasim
	@scripts/run_tests.sh sim $(sort $(wildcard tests/sim/*.sh)) $(sort $(wildcard tests/model/*.sh))

# the Python package (python/ctasim, docs/python.md) against the program
PYTHON ?= python3
test-python: $(BUILD)/rel/ctasim
	@scripts/run_tests.sh python "$(PYTHON) -m pytest -q -p no:cacheprovider python/tests"

# the architecture's rules: includes point down or sideways (cmodel/README.md);
# a unit's name stays in its folder (docs/adding-a-unit.md); relative markdown links resolve
test-arch:
	@scripts/run_tests.sh arch tests/arch/check_includes.sh tests/arch/unit_names.sh tests/arch/md_links.py

test-fuzz:
	@scripts/run_tests.sh fuzz "scripts/fuzz_trace.sh $(FUZZ_SECONDS)"

FUZZ_SECONDS ?= 4

# long fuzzing of every reader (trace, .tracez, preset, GPGPU-Sim options, study):
# 10 M executions per target (make fuzz FUZZ_RUNS=N), or a time per target instead
# (make fuzz FUZZ_LONG=3600)
FUZZ_RUNS ?= 10000000
fuzz:
	$(if $(FUZZ_LONG),scripts/fuzz_trace.sh $(FUZZ_LONG),FUZZ_RUNS=$(FUZZ_RUNS) scripts/fuzz_trace.sh)

# `make test` on 2 cores: first every binary and Verilated model the suites
# need, built in parallel (one make, so no file is built twice), then the
# suites in two lanes that run side by side (most suites use one core; the
# lanes share no output: each suite writes its own build/ folder, models of
# the run's size are built under a lock).  Any single suite still runs alone
# (make test-rtl, make test-sim, ...).
TEST_VTOPS := $(call VTOP_MODEL,4,2,fast) $(call VTOP_MODEL,4,2,trace) \
              $(call VTOP_MODEL,40,64,fast) $(call VTOP_MODEL,8,6,fast)
TEST_BINS  := $(UNIT_TESTS) $(MODEL_TESTS) $(RTL_TESTS:%=$(BUILD)/rtltest/%/test) \
              $(ICARUS_TBS:%=$(BUILD)/icarus/tb_%.vvp) $(BUILD)/san/ctasim $(REGRESS_BINS)
TEST_LANE_A := test-arch test-unit test-model test-pkg test-rtl test-icarus test-power test-bad test-python
TEST_LANE_B := test-sim test-regress synth-check test-fuzz test-formal

# deps first, as `make run`: on a fresh Debian 12 machine `make test` installs
# the packages it needs (scripts/install-deps.sh; a no-op when all are present).
# The rest in a new make: its variables (the model key, whether verilator is
# present) are read after the packages are in.
test: deps
	@$(MAKE) --no-print-directory test-installed

test-installed: lint
	@rm -f $(BUILD)/test-results.txt
	@$(MAKE) -s --no-print-directory -j$(NPROC) $(TEST_BINS) $(if $(shell command -v $(VERILATOR) 2>/dev/null),$(TEST_VTOPS))
	$(MAKE) --no-print-directory -j2 test-lane-a test-lane-b
	@scripts/run_tests.sh summary

test-lane-a:
	@$(MAKE) --no-print-directory -j1 $(TEST_LANE_A)
test-lane-b:
	@$(MAKE) --no-print-directory -j1 $(TEST_LANE_B)

# ---------------------------------------------------------------- RTL lint and synthesis
lint:
	@set -e; for m in $(RTL_MODS); do \
	  f=rtl/$$m.sv; for u in $(UNIT_SV); do [ "$${u##*/}" != $$m.sv ] || f=$$u; done; \
	  $(VERILATOR) --lint-only -Wall -y rtl $(addprefix -y ,$(UNIT_DIRS)) --top-module $$m $(PKG) $$f || exit 1; \
	done; echo "lint: $(words $(RTL_MODS)) modules clean under verilator --lint-only -Wall"

synth-check:
	@scripts/run_tests.sh synth synth/check.sh

synth: $(BUILD)/rel/ctasim
	CTASIM=$(BUILD)/rel/ctasim synth/report.sh

# gate-level power (docs/synthesis.md "Power"): the flow's tests (hand-built
# netlist, reset, the dyncore netlist = RTL in every cycle of a short
# ctasim --rtl-power run) and the report on real runs.
test-power: $(BUILD)/rel/ctasim
	@scripts/run_tests.sh power tests/power/run.sh

rtl-power: $(BUILD)/rel/ctasim
	CTASIM=$(BUILD)/rel/ctasim synth/power_run.sh

# Short lockstep run with the whole control-unit waveform; prints how to open it.
waves: $(BUILD)/rel/ctasim
	scripts/waves.sh

bench: $(BUILD)/rel/ctasim
	scripts/bench.sh

# CTA-limit and core-count sweep of one workload (seed 000 Fig. 4 form)
SWEEP_WL  ?= workloads/stream_copy.kern
SWEEP_CFG ?= configs/kayiran30.cfg
sweep: $(BUILD)/rel/ctasim
	scripts/sweep.sh --config $(SWEEP_CFG) --cores "8 15 30" --out $(BUILD)/sweep $(SWEEP_WL)

# the papers' figures as PNG plots and a table (EXP_FLAGS=--quick: small preset)
experiments: $(BUILD)/rel/ctasim
	scripts/experiments.sh $(EXP_FLAGS) --out $(BUILD)/exp

# the suite's CTA-limit curves beside Accel-Sim's (docs/workloads.md "Cross-check with
# Accel-Sim"; long, not in make test; needs ACCELSIM_HOME). LIST: globs on paper/app
# ('seed000/SSC seed000/S*', 'seed00[1-4]/*') or a file of them; RECORD=1 writes the curves
# into workloads/papers/xcheck.tsv, docs/results/xcheck-suite.md and the files' headers.
# ISA=61 writes the traces at the mirrored TITAN X's own binary version (default 70).
LIST        ?= seed000/IIX
XCHECK_JOBS ?= 1
ISA         ?= 70
xcheck-suite: $(BUILD)/rel/ctasim
	scripts/xcheck-suite.sh --jobs $(XCHECK_JOBS) --isa $(ISA) $(if $(filter 1,$(RECORD)),--record) \
	  $(if $(wildcard $(LIST)),--list $(LIST),$(LIST))

# cycles per instruction, load, store and loop of workloads/calib/ in ctasim beside
# Accel-Sim (needs ACCELSIM_HOME; about a minute): build/calib/calib.md
calib: $(BUILD)/rel/ctasim
	scripts/calib.sh

# the papers' values beside ours, per paper and figure, with verdicts (docs/experiments.md)
reproduce: $(BUILD)/rel/ctasim
	scripts/reproduce.sh $(if $(filter 1,$(QUICK)),--quick)

# a declarative study (docs/studies.md): run what is not finished yet, then the grid.
# With ON=slurm the runs go to Slurm as one job array; `scripts/ctasim-study
# status STUDY` follows them and `scripts/ctasim-study collect STUDY` gathers them.
STUDY ?= studies/example.study
ON    ?= local
study: $(BUILD)/rel/ctasim
	scripts/ctasim-study run $(STUDY) --on $(ON) $(STUDY_FLAGS)
	@if [ "$(ON)" = local ]; then scripts/ctasim-study collect $(STUDY) $(filter --out=% --variant=%,$(STUDY_FLAGS)); fi

clean:
	rm -rf $(BUILD)

# ---------------------------------------------------------------- silicon
# make hwcalib [NAME=file]: the microbenchmarks of hwcalib/src on the local GPU (nvcc and
# ncu; minutes; never part of make test) -> hwcalib/results/NAME.txt (docs/silicon.md)
.PHONY: hwcalib hwcalib-compile
hwcalib:
	@hwcalib/run.sh $(NAME)

# make hwcalib-compile: the same sources compiled without nvcc or a GPU (clang-14 to PTX,
# ptxas from NVIDIA's PyPI wheels for sm_80 and sm_90); downloads once, not in make test
hwcalib-compile:
	@hwcalib/compile-check.sh

# ---------------------------------------------------------------- install (docs/install.md)
# DIR/bin/ctasim finds its data in DIR/share/ctasim (relative to itself, so the
# tree can be moved): what the rtl engines build models from, --rtl-power's
# flow, the presets and workloads, and the models of this build already made
# (build/vl/top/*-KEY: the default preset's at least).  Models of other sizes
# are built on first use into the user's cache (~/.cache/ctasim/models).
PREFIX       ?= /usr/local
DATADIR      := $(DESTDIR)$(PREFIX)/share/ctasim
INSTALL_DATA := rtl $(wildcard units) seam/units.tsv scripts/vtop-build.sh scripts/vtop-key.sh cosim/vmodel cosim/vtop_api.h \
                cmodel/ctl/ctl_seam.h synth configs workloads VERSION
install: all $(BUILD)/ctasim.1
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1
	rm -rf $(DATADIR) && install -d $(DATADIR)/models
	tar -c --exclude='*.log' --exclude=__pycache__ $(INSTALL_DATA) | tar -x -C $(DATADIR)
	for m in $(BUILD)/vl/top/*-$(VTOP_KEY); do [ ! -d "$$m" ] || cp -r "$$m" $(DATADIR)/models/; done
	install -m 755 $(BUILD)/rel/ctasim $(DESTDIR)$(PREFIX)/bin/ctasim
	install -m 644 $(BUILD)/ctasim.1 $(DESTDIR)$(PREFIX)/share/man/man1/ctasim.1
	@echo "installed $(DESTDIR)$(PREFIX)/bin/ctasim (data $(DATADIR), man page ctasim(1))"

# the man page: help2man from --help and --version, with docs/ctasim.h2m's sections
man: $(BUILD)/ctasim.1
$(BUILD)/ctasim.1: $(BUILD)/rel/ctasim docs/ctasim.h2m
	help2man --no-info --no-discard-stderr --section=1 --include=docs/ctasim.h2m \
	    --name="cycle-level GPU model with its control units in C and Verilog" $(BUILD)/rel/ctasim -o $@

# the targets above, from this file's header
help:
	@sed -n '/^#   make/,/^# Conventions/{/^# Conventions/d;s/^# \{0,1\}//;p}' Makefile
