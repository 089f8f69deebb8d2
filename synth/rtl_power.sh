#!/usr/bin/env bash
# synth/rtl_power.sh FST MHZ CORES PARTS WORKDIR UNIT... -- the gate-level half
# of `ctasim --rtl-power FILE` (docs/synthesis.md "Power", "--rtl-power"):
# ctasim runs with its waveform (the trace model of the run's size, every
# unit's ports in every cycle) written to FST, then calls this script once the run is over.
# For each UNIT:
#   1. its netlist at the run's size (NumCores = CORES, AR-CTA NumParts =
#      PARTS): synth/power_synth.sh into the cache $CTASIM_POWER_CACHE (default
#      build/power/ of this checkout; installed: ~/.cache/ctasim/power) as UNIT_cCORES[_pPARTS].v, remade when an
#      rtl/ file is newer; written under a temporary name and renamed, so two
#      runs never read a half-written netlist
#   2. synth/power_vec.py: the unit's ports from the waveform (the low bits of
#      each port should the waveform be wider) -> vectors + bench
#   3. Icarus: the netlist + synth/cells_sim.v replays every cycle, compares
#      every output with the RTL's, counts every cell output's toggles
#   4. synth/power_calc.py at MHZ
# Prints one line per unit: power_calc's key=value line, then the area
# report's per-core and shared area (a_core_um2, a_shared_um2; 0 if the unit
# has no row).  Work files go to WORKDIR and are removed.  Exit 1 on a failure
# (message on stderr), 0 otherwise (a unit whose netlist differs from the RTL
# prints sim=FAIL: ctasim reports it).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
fst=$1 mhz=$2 cores=$3 parts=$4 work=$5
shift 5
# the netlist cache: build/power/ of a source tree; an installed data folder
# (no Makefile: `make install`, docs/install.md) is not written, the user's
# cache is used instead
if [ -f "$root/Makefile" ]; then dflt=$root/build/power
else dflt=${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/ctasim/power; fi
cache=${CTASIM_POWER_CACHE:-$dflt}
mkdir -p "$cache"
cd "$root"
tmp=
trap 'rm -f "$work"/run.vcd "$work"/*.vec "$work"/*_tb.sv "$work"/*.vvp "$work"/*.sim
      [ -z "$tmp" ] || rm -f "$tmp" "$tmp.err" "$tmp.log" "$tmp.stat"' EXIT
# a signal (ctasim's, to the whole group) ends the script through the EXIT trap:
# no half-made netlist is left in the cache
trap 'exit 130' INT; trap 'exit 143' TERM; trap 'exit 129' HUP
fst2vcd -f "$fst" -o "$work/run.vcd" >/dev/null 2>&1 ||
    { echo "rtl_power: fst2vcd failed on $fst" >&2; exit 1; }
area() { # UNIT PART -> um2 column of synth/area_report.md
    awk -F'|' -v u="$1" -v p="$2" '{gsub(/ /, "", $2); gsub(/^ +| +$/, "", $3)}
        $2 == u && $3 == p {gsub(/ /, "", $(NF-1)); print $(NF-1); exit}' synth/area_report.md
}
for u in "$@"; do
    net=$cache/${u}_c$cores.v
    case ",$(awk -F'\t' -v u="$u" '$1 == u {print $4}' seam/units.tsv)," in   # takes NumParts
        *,NumParts,*) net=$cache/${u}_c${cores}_p$parts.v;;
    esac
    if [ ! -f "$net" ] || [ -n "$(find rtl units -name '*.sv' -newer "$net" 2> /dev/null)" ]; then
        tmp=$(mktemp "$net.XXXXXX")
        # Yosys' warnings on the other units' sources go to the log, not to the run's stderr
        POWER_CORES=$cores POWER_PARTS=$parts synth/power_synth.sh "$u" "$tmp" 2>"$tmp.err" ||
            { cat "$tmp.err" >&2; rm -f "$tmp" "$tmp.err"; exit 1; }
        rm -f "$tmp.err"
        mv -f "$tmp.stat" "$net.stat" 2>/dev/null || true
        mv -f "$tmp.log" "$net.log" 2>/dev/null || true
        mv -f "$tmp" "$net"
        tmp=
    fi
    synth/power_vec.py "$work/run.vcd" "$u" "$net" "$work/$u" >/dev/null
    iverilog -g2012 -o "$work/$u.vvp" "$work/${u}_tb.sv" "$net" synth/cells_sim.v
    vvp -n "$work/$u.vvp" +vec="$work/$u.vec" >"$work/$u.sim"
    line=$(synth/power_calc.py synth/cells_power.tsv "$net" "$work/$u.sim" "$mhz" "$u")
    echo "$line a_core_um2=$(area "$u" "per core" || true) a_shared_um2=$(area "$u" shared || true)"
done
