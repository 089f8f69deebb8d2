#!/usr/bin/env bash
# gen-accelsim-presets.sh -- write configs/accelsim/NAME.cfg from Accel-Sim's
# tested configurations, with ctasim itself (--gpgpusim-config ...
# --write-preset): each key line names the GPGPU-Sim option it comes from and
# FILE:LINE, FILE being the repository, its commit and the path; the options
# without a ctasim counterpart end the file.  The presets are committed:
# nothing at test time needs the repositories.
#
#   scripts/gen-accelsim-presets.sh [NAME...]      default: SM6_TITANX SM7_QV100 SM86_RTX3070
#
# Sources (bare git repositories; `git clone --bare URL` makes one):
#   GPGPUSIM_GIT  github.com/accel-sim/gpgpu-sim_distribution: configs/tested-cfgs/NAME/gpgpusim.config
#                 (default /work/.mirror/accel-sim+gpgpu-sim_distribution/repo)
#   ACCELSIM_GIT  github.com/accel-sim/accel-sim-framework:
#                 gpu-simulator/configs/tested-cfgs/NAME/trace.config
#                 (default /work/.mirror/accel-sim+accel-sim-framework/repo)
# Both are read at their HEAD commit.  OUT (default configs/accelsim) is where
# the presets go; CTASIM the program (default build/rel/ctasim).
# A value this build's key ranges refuse (SM7_QV100's 80 cores and 32
# channels before the caps are raised) is written as read and marked
# "refused by this build"; ctasim says so on stderr.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
bin=${CTASIM:-$root/build/rel/ctasim}
G=${GPGPUSIM_GIT:-/work/.mirror/accel-sim+gpgpu-sim_distribution/repo}
A=${ACCELSIM_GIT:-/work/.mirror/accel-sim+accel-sim-framework/repo}
out=${OUT:-configs/accelsim}
case "$out" in /*) ;; *) out=$root/$out ;; esac
names=${*:-SM6_TITANX SM7_QV100 SM86_RTX3070}
[ -x "$bin" ] || { echo "gen-accelsim-presets: $bin not built (make)" >&2; exit 1; }
gc=$(git --git-dir="$G" rev-parse HEAD)
ac=$(git --git-dir="$A" rev-parse HEAD)
tmp=$(mktemp -d /tmp/gen-accelsim.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$out"
for n in $names; do
    # the files under a path that names the repository and its commit: the
    # presets cite it line by line
    g=accel-sim/gpgpu-sim_distribution@${gc:0:12}/configs/tested-cfgs/$n/gpgpusim.config
    t=accel-sim/accel-sim-framework@${ac:0:12}/gpu-simulator/configs/tested-cfgs/$n/trace.config
    mkdir -p "$tmp/$(dirname "$g")" "$tmp/$(dirname "$t")"
    git --git-dir="$G" show "$gc:configs/tested-cfgs/$n/gpgpusim.config" > "$tmp/$g"
    git --git-dir="$A" show "$ac:gpu-simulator/configs/tested-cfgs/$n/trace.config" > "$tmp/$t"
    if ! (cd "$tmp" && "$bin" --gpgpusim-config "$g" --trace-config "$t" --set "name=$n" \
              --write-preset "$out/$n.cfg" > /dev/null 2> "$tmp/$n.err"); then
        cat "$tmp/$n.err" >&2
        exit 1
    fi
    grep 'warning' "$tmp/$n.err" >&2 || true
    echo "wrote $out/$n.cfg (gpgpu-sim_distribution $gc, accel-sim-framework $ac)"
done
