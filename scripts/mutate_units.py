#!/usr/bin/env python3
"""mutate_units.py -- scripts/mutate.py restricted to some units' RTL files:
  scripts/mutate_units.py UNIT[,UNIT...] [mutate.py options]
Only the files those units' benches Verilate are sampled (mutate.GEN cut to
them; the uC-States random vectors are written only when ucs is listed).
docs/verification.md, "Mutation of the sequential AR-CTA and DYNCORE"."""
import os
import shlex
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mutate  # noqa: E402

units = sys.argv[1].split(',')
bad = [u for u in units if u not in mutate.GEN]
if bad:
    sys.exit(f'mutate_units: unknown unit {bad[0]} (one of {", ".join(mutate.GEN)})')
mutate.COMMAND = ' '.join(shlex.quote(x) for x in sys.argv)
del sys.argv[1]
mutate.GEN = {u: v for u, v in mutate.GEN.items() if u in units}
mutate.VEC_RANDOM = {u: v for u, v in mutate.VEC_RANDOM.items() if u in units}
sys.exit(mutate.main())
