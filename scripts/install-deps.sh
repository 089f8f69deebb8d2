#!/usr/bin/env bash
# Install what ctasim needs from Debian 12 (as root; uses sudo otherwise).
# Skips apt entirely when every tool is already present.
set -euo pipefail
pkgs=(build-essential verilator iverilog yosys gtkwave libcmocka-dev gnuplot zlib1g-dev
      liblzma-dev xz-utils libzstd-dev clang libclang-rt-14-dev lcov
      python3 slurm-wlm munge  # scripts/ctasim-study; --on slurm and its test (docs/studies.md)
      z3)  # make formal: yosys-smtbmc's solver (docs/dependencies.md, "Formal route")
missing=()
for p in "${pkgs[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
    echo "install-deps: all packages present"
    exit 0
fi
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO=sudo
echo "install-deps: installing ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
echo "install-deps: done"
