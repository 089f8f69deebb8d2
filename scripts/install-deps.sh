#!/usr/bin/env bash
# Install what ctasim needs from Debian 12 (as root; uses sudo otherwise).
# Skips apt entirely when every tool is already present.
set -euo pipefail
pkgs=(build-essential verilator iverilog yosys gtkwave libcmocka-dev gnuplot zlib1g-dev
      liblzma-dev xz-utils libzstd-dev clang libclang-rt-14-dev lcov
      python3 slurm-wlm munge   # scripts/ctasim-study; --on slurm and its test (docs/studies.md)
      help2man                  # the man page of make install (docs/install.md)
      python3-pytest python3-venv python3-setuptools python3-wheel)  # python/: its tests; pip installs it
# atheris (PyPI; libFuzzer for Python): the study reader's fuzz target (scripts/fuzz_trace.sh)
pip_missing() { python3 -c 'import atheris' 2>/dev/null && return 1; return 0; }
install_pip() {
    if pip_missing; then
        echo "install-deps: pip install atheris"
        python3 -m pip install -q atheris 2>/dev/null ||
            python3 -m pip install -q --break-system-packages atheris ||
            echo "install-deps: atheris not installed; the study fuzz target is skipped"
    fi
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
