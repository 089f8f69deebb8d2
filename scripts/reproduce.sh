#!/usr/bin/env bash
# reproduce.sh -- `make reproduce`: the papers' headline figures beside ctasim's in one report.
#
#   scripts/reproduce.sh [--quick] [--manifest TSV] [--out DIR] [--cache DIR]
#   scripts/reproduce.sh --check-data          parse every docs/papers/*.tsv
#
# Full mode: the workloads of workloads/papers/manifest.tsv (or, until the suite exists,
# tests/data/reproduce/manifest.tsv) on their papers' presets; report in build/reproduce/.
# --quick: configs/small.cfg, the first two workloads per paper of tests/data/reproduce/
# manifest.tsv; report in build/reproduce/quick/.  Runs are cached under
# build/reproduce/<commit>/runs/ and reused by a rerun on the same commit.  The work is done by
# scripts/reproduce.py (docs/experiments.md, "make reproduce").
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${CTASIM:-$root/build/rel/ctasim}
die() { echo "reproduce.sh: $*" >&2; exit 2; }
command -v python3 >/dev/null || die "python3 not installed"
case " $* " in *" --check-data "*) exec python3 "$root/scripts/reproduce.py" "$@" ;; esac
command -v gnuplot >/dev/null || die "gnuplot not installed"
[ -x "$bin" ] || die "program not built: $bin (run: make build/rel/ctasim)"
exec python3 "$root/scripts/reproduce.py" --bin "$bin" "$@"
