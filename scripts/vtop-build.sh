#!/usr/bin/env bash
# vtop-build.sh -- build one Verilated model of the control-unit top, of one
# size, as a shared object that build/rel/ctasim loads (docs/cosim.md, "Models
# of the run's size"):
#
#   scripts/vtop-build.sh NC NP FLAVOR KEY [DIR]
#
# NC cores, NP memory partitions (rtl/ctl_top.sv's NumCores, NumParts), FLAVOR
# `fast` (no tracing compiled in: every rtl/lockstep run; the five units each
# Verilated on their own, cosim/vmodel/vunits_model.cpp, so a run evaluates
# only the units it steps), `trace`
# (the whole top, cosim/vmodel/vtop_model.cpp, --trace-fst: --fst runs and
# the lockstep mismatch replay) or `cov` (the whole top again,
# --coverage-line --coverage-toggle, no tracing: the regression's coverage
# run loads it with CTASIM_VTOP_COV=1, writing RB_COV-topN.dat at each model's
# end; docs/verification.md), KEY the cache key
# ctasim was built with (scripts/vtop-key.sh).  Result:
#
#   DIR/NCxNP-FLAVOR-KEY/libvtop.so    (DIR: build/vl/top of this tree by
#                                       default; an installed ctasim passes its
#                                       models folder, docs/install.md)
#
# ctasim runs this itself when the model it needs is absent; `make` runs it for
# the default preset's size.  Concurrent builds are safe: one build per model
# at a time (flock on build/vl/top/.lock-NAME), each in a temporary folder
# renamed into place only when complete, so a model folder that exists is whole.
# Needs verilator, a C++ compiler and make; no network.
set -euo pipefail
cd "$(dirname "$0")/.."
nc=${1:?usage: vtop-build.sh NC NP fast|trace KEY [DIR]}
np=${2:?NP}
flavor=${3:?FLAVOR}
key=${4:?KEY}
VERILATOR=${VERILATOR:-verilator}
CXX=${CXX:-g++}
die() { echo "vtop-build: $*" >&2; exit 1; }
case "$nc" in ''|*[!0-9]*) die "NC '$nc' is not a number";; esac
case "$np" in ''|*[!0-9]*) die "NP '$np' is not a number";; esac
[ "$nc" -ge 1 ] && [ "$nc" -le 160 ] || die "NC $nc is outside 1..160"
[ "$np" -ge 1 ] && [ "$np" -le 128 ] || die "NP $np is outside 1..128"
case "$flavor" in fast) vtrace=() ; cdef=() ;; trace) vtrace=(--trace-fst); cdef=(-DVM_TRACE=1 -DVM_TRACE_FST=1 -DVTOP_TRACE=1) ;;
    cov) vtrace=(--coverage-line --coverage-toggle); cdef=(-DVM_COVERAGE=1) ;;
    *) die "FLAVOR '$flavor' is none of fast, trace, cov";; esac
command -v "$VERILATOR" > /dev/null ||
    die "verilator not found: the rtl and lockstep engines need it once per model size (make deps installs it; --engine c needs nothing)"
now=$(scripts/vtop-key.sh)
[ "$now" = "$key" ] ||
    die "rtl/ or the model shim changed since build/rel/ctasim was built (key $key, sources $now): run make"
vinc=$("$VERILATOR" --getenv VERILATOR_ROOT)/include
top=${5:-build/vl/top}
name=${nc}x${np}-${flavor}-${key}
out=$top/$name
mkdir -p "$top"
[ -f "$out/libvtop.so" ] && exit 0
exec 9> "$top/.lock-$name"
flock 9
[ -f "$out/libvtop.so" ] && exit 0
tmp=$(mktemp -d "$top/.tmp-$name.XXXXXX")
chmod 755 "$tmp"
trap 'rm -rf "$tmp"' EXIT
pic=(-fPIC -fvisibility=hidden -fvisibility-inlines-hidden)
cxxf=(-std=c++17 -O2 "${pic[@]}" -I"$vinc" -I"$vinc/vltstd" -DVL_IGNORE_UNKNOWN_ARCH)
# a unit with a folder of its own (units/NAME/) keeps its RTL there
udirs=() ; for d in units/*/; do [ -d "$d" ] && udirs+=(-y "${d%/}"); done
vflags=(--cc -O3 --assert "${vtrace[@]}" --x-assign fast --x-initial fast -y rtl "${udirs[@]}" -CFLAGS "${pic[*]}")
incs=() archives=() sdefs=()
if [ "$flavor" = fast ]; then
    # each unit on its own (cosim/vmodel/vunits_model.cpp): a run evaluates
    # only the units its engine steps
    # (the units, their RTL tops and parameters: seam/units.tsv, generated from seam/seam.yaml)
    echo "vtop-build: Verilating the units of rtl/ctl_top.sv for $nc cores, $np partitions ($flavor) into $out" >&2
    shim=cosim/vmodel/vunits_model.cpp
    while IFS=$'\t' read -r u rtl _ params; do
        gen=()
        case ",$params," in *,NumCores,*) gen+=(-GNumCores="$nc");; esac
        case ",$params," in *,NumParts,*) gen+=(-GNumParts="$np");; esac
        "$VERILATOR" "${vflags[@]}" "${gen[@]}" --prefix "Vu_$u" --Mdir "$tmp/$u" \
            --top-module "$u" rtl/ctasim_pkg.sv "$rtl"
        incs+=(-I"$tmp/$u") archives+=("$tmp/$u/Vu_${u}__ALL.a")
        # a unit whose checks read sampled values ($past, $stable: Verilator's
        # __Vsampled variables) settles its inputs with the clock low first
        # (cosim/vmodel/vtop_ports.h, rising_edge); the others take one eval
        if grep -q __Vsampled "$tmp/$u"/*.h; then sdefs+=(-DVU_SAMPLED_$u=1)
        else sdefs+=(-DVU_SAMPLED_$u=0); fi
    done < <(grep -v '^#' seam/units.tsv)
else
    echo "vtop-build: Verilating rtl/ctl_top.sv for $nc cores, $np partitions ($flavor) into $out" >&2
    shim=cosim/vmodel/vtop_model.cpp
    "$VERILATOR" "${vflags[@]}" -GNumCores="$nc" -GNumParts="$np" --prefix Vctl_top \
        --Mdir "$tmp" --top-module ctl_top rtl/ctasim_pkg.sv rtl/ctl_top.sv
    incs+=(-I"$tmp") archives+=("$tmp/Vctl_top__ALL.a")
fi
rt=(verilated.cpp verilated_threads.cpp)
[ "$flavor" = trace ] && rt+=(verilated_fst_c.cpp)
[ "$flavor" = cov ] && rt+=(verilated_cov.cpp)
# One make over everything (each Verilated model's archive, VM_PARALLEL_BUILDS:
# each generated file its own object; the Verilator runtime; the shim), so
# VTOP_JOBS compilers stay busy to the end.
objs=()
{
    echo "all: ${archives[*]} $tmp/vtop_model.o"
    for a in "${archives[@]}"; do
        d=$(dirname "$a") m=$(basename "$a" __ALL.a)
        printf '%s: ; +$(MAKE) -s -C %s -f %s.mk %s__ALL.a OPT_FAST=-O2 OPT_SLOW=-O1 VM_PARALLEL_BUILDS=1\n' \
            "$a" "$d" "$m" "$m"
    done
    for f in "${rt[@]}"; do
        o=$tmp/rt_${f%.cpp}.o
        objs+=("$o")
        echo "all: $o"
        echo "$o: ; $CXX ${cxxf[*]} ${cdef[*]} -c $vinc/$f -o $o"
    done
    echo "$tmp/vtop_model.o: ; $CXX ${cxxf[*]} ${cdef[*]} -O3 -iquote cmodel/ctl -iquote cmodel/base" \
         "-iquote cosim ${incs[*]} ${sdefs[*]} -DVTOP_NC=$nc -DVTOP_NP=$np -c $shim -o $tmp/vtop_model.o"
} > "$tmp/build.mk"
env -u MAKEFLAGS -u MFLAGS make -s -j"${VTOP_JOBS:-2}" -f "$tmp/build.mk" > /dev/null
"$CXX" -shared -Wl,-Bsymbolic -o "$tmp/libvtop.so" "$tmp/vtop_model.o" "${objs[@]}" \
    "${archives[@]}" -lz -pthread
rm -rf "$tmp"/*.o "$tmp"/*.cpp "$tmp"/*.a "$tmp"/*.d "$tmp"/*.mk "$tmp"/*/
mv -T "$tmp" "$out" 2> /dev/null || [ -f "$out/libvtop.so" ] || die "cannot move $tmp to $out"
trap - EXIT
rm -rf "$tmp" 2> /dev/null || true
