#!/usr/bin/env bash
# gen-accelsim-presets.sh -- write configs/accelsim/NAME.cfg from Accel-Sim's
# tested configurations, with ctasim itself (--gpgpusim-config ...
# --write-preset): each key line names the GPGPU-Sim option it comes from and
# FILE:LINE, FILE being the repository, its commit and the path; the options
# without a ctasim counterpart end the file.  The presets are committed:
# nothing at test time needs the repositories.
#
#   scripts/gen-accelsim-presets.sh [NAME...]      default: SM6_TITANX SM7_QV100 SM86_RTX3070 SM90_H100 SM80_A100
#
# Sources (bare git repositories; `git clone --bare URL` makes one):
#   GPGPUSIM_GIT  github.com/accel-sim/gpgpu-sim_distribution: configs/tested-cfgs/NAME/gpgpusim.config
#                 (default /work/.mirror/accel-sim+gpgpu-sim_distribution/repo)
#   ACCELSIM_GIT  github.com/accel-sim/accel-sim-framework:
#                 gpu-simulator/configs/tested-cfgs/NAME/trace.config
#                 (default /work/.mirror/accel-sim+accel-sim-framework/repo)
# Both are read at their HEAD commit, but for SM90_H100, which only their
# h100-test branches hold (read at that branch's commit), and SM80_A100, read at
# the commits that added it (commit_of below).  A commit the bare repository lacks may be given as files instead:
# GSIM_FILES/accel-sim+REPO@COMMIT/PATH (the full commit; default build/accelsim-files);
# a default name whose files are nowhere is skipped with a message.
# OUT (default configs/accelsim) is where
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
names=${*:-SM6_TITANX SM7_QV100 SM86_RTX3070 SM90_H100 SM80_A100}
files=${GSIM_FILES:-$root/build/accelsim-files}
[ -x "$bin" ] || { echo "gen-accelsim-presets: $bin not built (make)" >&2; exit 1; }
ref_of() { case $1 in SM90_H100) echo h100-test ;; *) echo HEAD ;; esac; }
# per repository (g: gpgpu-sim_distribution, a: accel-sim-framework): the commit of NAME
commit_of() {
    case $1:$2 in
        SM80_A100:g) echo 9f767fb80a4fea83c6b767834ee3f76fe9898c50 ;;
        SM80_A100:a) echo d907fc849f0f2b501aa4ef10689dd331bb76bf49 ;;
        *:g) git --git-dir="$G" rev-parse "$(ref_of "$1")" ;;
        *:a) git --git-dir="$A" rev-parse "$(ref_of "$1")" ;;
    esac
}
# the file PATH of repository REPO (owner+name) at COMMIT into OUT: from the bare
# repository, else from GSIM_FILES
fetch_file() {
    local gitdir=$1 repo=$2 commit=$3 path=$4 dst=$5
    if git --git-dir="$gitdir" cat-file -e "$commit:$path" 2> /dev/null; then
        git --git-dir="$gitdir" show "$commit:$path" > "$dst"
    elif [ -f "$files/$repo@$commit/$path" ]; then
        cp "$files/$repo@$commit/$path" "$dst"
    else
        return 1
    fi
}
# ctasim options a preset needs beside the files, each with its reason (a
# header line of the preset says so): SM90_H100's -gpgpu_memory_partition_indexing
# 2 (IPOLY) over 80 channels x 2 sub-partitions has no IPOLY table in
# GPGPU-Sim (hashing.cc has 16, 32 and 64 sub-partitions; addrdec.cc asserts),
# so Accel-Sim runs it linear: amap.part_index = none.
extra_of() { case $1 in SM90_H100) echo "amap.part_index=none" ;; esac; }
extra_why() { case $1 in SM90_H100) echo "-gpgpu_memory_partition_indexing 2 (IPOLY) over 80 channels x 2 sub-partitions: GPGPU-Sim's hashing.cc has IPOLY tables for 16, 32 and 64 sub-partitions only (addrdec.cc asserts on 160), so Accel-Sim runs this config with linear indexing; ctasim likewise" ;; esac; }
tmp=$(mktemp -d /tmp/gen-accelsim.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$out"
# The crossbar's buffers (icnt.in_queue, icnt.queue) from the BookSim file
# the config names (-network_mode 1, -inter_config_file F beside it), which
# --gpgpusim-config does not read: a packet waits for the switch in the
# injection queue (input_buffer_size, the one InterconnectInterface::HasBuffer
# checks) and the router's input buffer (vc_buf_size x num_vcs, 1 VC), and
# after it in the ejection and boundary buffers (ejection_buffer_size +
# boundary_buffer_size), intersim2/interconnect_interface.cpp.  Every packet
# of the mirrors is one 40 B flit, so flits are packets.  Inserted after the
# icnt.flit_bytes line, citing both files.
icnt_buffers() {
    local n=$1 g=$2 cfg=$3 ml fl f ic v
    ml=$(grep -n '^-network_mode' "$tmp/$g" | tail -1) || return 0
    [ "$(awk '{print $2}' <<< "${ml#*:}")" = 1 ] || return 0
    fl=$(grep -n '^-inter_config_file' "$tmp/$g" | tail -1) || return 0
    f=$(awk '{print $2}' <<< "${fl#*:}")
    ic=$(dirname "$g")/$f
    git --git-dir="$G" show "$gc:configs/tested-cfgs/$n/$f" > "$tmp/$ic" || return 0
    v() { grep -n "^$1 *=" "$tmp/$ic" | tail -1 | sed 's/^\([0-9]*\):[^=]*= *\([0-9]*\).*/\1 \2/'; }
    local in=($(v input_buffer_size)) vc=($(v vc_buf_size)) ej=($(v ejection_buffer_size)) bd=($(v boundary_buffer_size))
    [ ${#in[@]} = 2 ] && [ ${#vc[@]} = 2 ] && [ ${#ej[@]} = 2 ] && [ ${#bd[@]} = 2 ] || return 0
    local src="($g:${fl%%:*}; $ic"
    awk -v a="$(printf '%-34s # -inter_config_file %s: input_buffer_size %s + vc_buf_size %s flits %s:%s,%s)' \
                 "icnt.in_queue = $((in[1] + vc[1]))" "$f" "${in[1]}" "${vc[1]}" "$src" "${in[0]}" "${vc[0]}")" \
        -v b="$(printf '%-34s # -inter_config_file %s: ejection_buffer_size %s + boundary_buffer_size %s flits %s:%s,%s)' \
                 "icnt.queue = $((ej[1] + bd[1]))" "$f" "${ej[1]}" "${bd[1]}" "$src" "${ej[0]}" "${bd[0]}")" \
        '{ print } /^icnt\.flit_bytes = / { print b; print a }' "$cfg" > "$tmp/$n.icnt" && mv "$tmp/$n.icnt" "$cfg"
}
for n in $names; do
    gc=$(commit_of "$n" g)
    ac=$(commit_of "$n" a)
    sets=()
    for kv in $(extra_of "$n"); do sets+=(--set "$kv"); done
    # the files under a path that names the repository and its commit: the
    # presets cite it line by line
    g=accel-sim/gpgpu-sim_distribution@${gc:0:12}/configs/tested-cfgs/$n/gpgpusim.config
    t=accel-sim/accel-sim-framework@${ac:0:12}/gpu-simulator/configs/tested-cfgs/$n/trace.config
    mkdir -p "$tmp/$(dirname "$g")" "$tmp/$(dirname "$t")"
    if ! fetch_file "$G" accel-sim+gpgpu-sim_distribution "$gc" "configs/tested-cfgs/$n/gpgpusim.config" "$tmp/$g" ||
       ! fetch_file "$A" accel-sim+accel-sim-framework "$ac" "gpu-simulator/configs/tested-cfgs/$n/trace.config" "$tmp/$t"; then
        if [ $# -eq 0 ]; then
            echo "skip $n: its files at gpgpu-sim_distribution $gc / accel-sim-framework $ac are neither in the repositories nor under $files"
            continue
        fi
        echo "gen-accelsim-presets: no $n at gpgpu-sim_distribution $gc / accel-sim-framework $ac" >&2
        exit 1
    fi
    if ! (cd "$tmp" && "$bin" --gpgpusim-config "$g" --trace-config "$t" --set "name=$n" "${sets[@]}" \
              --write-preset "$out/$n.cfg" > /dev/null 2> "$tmp/$n.err"); then
        cat "$tmp/$n.err" >&2
        exit 1
    fi
    grep 'warning' "$tmp/$n.err" >&2 || true
    if [ ${#sets[@]} -gt 0 ]; then
        echo "--set $(extra_of "$n"): $(extra_why "$n")." | fold -s -w 96 | sed 's/^/# /; s/ *$//' > "$tmp/$n.note"
        awk -v f="$tmp/$n.note" '!done && !/^#/ { while ((getline l < f) > 0) print l; done = 1 } { print }' \
            "$out/$n.cfg" > "$tmp/$n.x"
        mv "$tmp/$n.x" "$out/$n.cfg"
    fi
    icnt_buffers "$n" "$g" "$out/$n.cfg"
    echo "wrote $out/$n.cfg (gpgpu-sim_distribution $gc, accel-sim-framework $ac)"
done
