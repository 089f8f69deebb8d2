#!/usr/bin/env python3
"""mutate_units.py -- scripts/mutate.py restricted to some units' RTL files:
  scripts/mutate_units.py UNIT[,UNIT...] [mutate.py options]
Only the files those units' benches Verilate are sampled (mutate.GEN cut to
them; a unit's random vectors, its mutate.json's vec_random, are written only
when it is listed).  docs/verification.md, "Mutation check"."""
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
