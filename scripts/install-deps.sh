#!/usr/bin/env bash
# Install what ctasim needs from Debian 12 (as root; uses sudo otherwise).
# Skips apt entirely when every tool is already present.
set -euo pipefail
pkgs=(build-essential verilator iverilog yosys gtkwave libcmocka-dev gnuplot zlib1g-dev
      liblzma-dev xz-utils libzstd-dev clang libclang-rt-14-dev lcov
      python3 slurm-wlm munge   # scripts/ctasim-study; --on slurm and its test (docs/studies.md)
      help2man                  # the man page of make install (docs/install.md)
      python3-pytest python3-venv python3-setuptools python3-wheel  # python/: its tests; pip installs it
      python3-yaml              # scripts/seamgen.py reads seam/seam.yaml (docs/seam.md)
      z3)  # make formal: yosys-smtbmc's solver (docs/dependencies.md, "Formal route")
# Python modules for the python3 on PATH, which may not be Debian's (a pyenv build, say),
# so the Debian packages above do not reach it: pytest and wheel (python/: its tests and
# pip install), atheris (libFuzzer for Python: the study reader's fuzz target), PyYAML
# (scripts/seamgen.py).  An entry is the import name, or IMPORT:PIP_NAME where they differ.
pip_modules=(pytest wheel atheris yaml:PyYAML)
install_pip() {
    local m need=()
    for m in "${pip_modules[@]}"; do
        python3 -c "import ${m%%:*}" 2>/dev/null || need+=("${m#*:}")
    done
    [ ${#need[@]} -eq 0 ] && return 0
    echo "install-deps: pip install ${need[*]}"
    python3 -m pip install -q "${need[@]}" 2>/dev/null ||
        python3 -m pip install -q --break-system-packages "${need[@]}" ||
        echo "install-deps: pip could not install ${need[*]}"
}
missing=()
for p in "${pkgs[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
    echo "install-deps: all packages present"
    install_pip
    exit 0
fi
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO=sudo
echo "install-deps: installing ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
install_pip
echo "install-deps: done"
