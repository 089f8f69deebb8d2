# checks.bash -- sourced by the tests/sim/*.sh and tests/model/*.sh checks (not a test itself):
# run from the project root with the release program in $bin, a scratch
# folder $T removed at exit, and ok/bad reporters that set $fail.
set -u
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
bin=${CTASIM:-build/rel/ctasim}
T=$(mktemp -d /tmp/ctasim_sim.XXXXXX)
trap 'rm -rf "$T"' EXIT
fail=0
ok() { echo "ok   $*"; }
bad() { echo "FAIL $*"; fail=1; }
