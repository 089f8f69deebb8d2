#!/usr/bin/env bash
# waves_names.sh -- every signal a units/*/*.gtkw save file names exists, with
# that width, in the FST of a --fst run stepping every unit (--units all; as
# `make waves` writes it: the small
# preset's 4-core model, the save files' per-core vectors rewritten from
# [63:0] to [3:0] by scripts/waves_gtkw.sh).  A width that changes in rtl/ (a
# core count of 7 bits becoming 8) must change the save files with it.
source "$(dirname "$0")/checks.bash"
command -v fst2vcd > /dev/null || { bad "fst2vcd not found (gtkwave; scripts/install-deps.sh)"; exit 1; }
"$bin" --config configs/small.cfg --workload workloads/dep_chain.kern --units all \
    --engine lockstep --fst "$T/w.fst" --fst-window 0:50 --quiet > "$T/out" 2>&1 ||
    { bad "lockstep --fst run: $(tail -2 "$T/out")"; exit 1; }
fst2vcd "$T/w.fst" 2> /dev/null | python3 -c '
import re, sys
scope, names = [], set()
for line in sys.stdin:
    t = line.split()
    if not t: continue
    if t[0] == "$scope": scope.append(t[2])
    elif t[0] == "$upscope": scope.pop()
    elif t[0] == "$var":
        rng = t[5] if len(t) > 6 and t[5].startswith("[") else ""
        names.add(".".join(scope + [t[4]]) + rng)
    elif t[0] == "$enddefinitions": break
open(sys.argv[1], "w").write("\n".join(sorted(names)) + "\n")
' "$T/names"
scripts/waves_gtkw.sh 4 "$T/gtkw"
for f in "$T"/gtkw/*.gtkw; do
    missing=$(grep -o '^+{[^}]*} [^ ]*' "$f" | awk '{print $NF}' | sort -u | while read -r s; do
        grep -qxF "$s" "$T/names" || echo "$s"
    done)
    n=$(grep -c '^+{' "$f")
    [ -z "$missing" ] && ok "$(basename "$f"): all $n signals in the FST" || bad "$(basename "$f"): not in the FST: $(echo $missing)"
done
exit $fail
