#!/usr/bin/env bash
# worked_examples.sh -- the decision-trace worked examples of the unit pages units/*/*.md
# (one per unit) are rerun and each quoted row must appear in the
# fresh trace, so a model change that moves a decision cannot leave a stale
# example behind (tests/sim/worked_examples.py).
source "$(dirname "$0")/checks.bash"
if python3 tests/sim/worked_examples.py "$bin" "$T" units/*/*.md; then
    ok "every worked example reproduces"
else
    bad "a worked example no longer reproduces (rerun its command, update the doc)"
fi
exit $fail
