#!/usr/bin/env bash
# fresh_deps.sh -- the README's two commands on a fresh Debian 12 machine:
# `make run` and `make test` both install the missing packages first
# (scripts/install-deps.sh).  A fresh machine is stood in for by a fake
# dpkg-query that reports one package missing and a fake apt-get that
# records its arguments (and fails, so nothing else runs).
source "$(dirname "$0")/checks.bash"
mkdir -p "$T/bin"
cat > "$T/bin/dpkg-query" <<'SH'
#!/bin/sh
# the last argument is the package: libzstd-dev is missing, the rest present
for p; do :; done
[ "$p" = "${FAKE_MISSING:-}" ] && exit 1
printf 'install ok installed'
SH
cat > "$T/bin/apt-get" <<'SH'
#!/bin/sh
echo "apt-get $*" >> "$FAKE_LOG"
[ "$1" = update ] && exit 0
exit 42
SH
chmod +x "$T/bin/dpkg-query" "$T/bin/apt-get"
export FAKE_LOG=$T/apt.log
# 1. install-deps.sh asks apt for exactly the missing package
FAKE_MISSING=libzstd-dev PATH="$T/bin:$PATH" bash scripts/install-deps.sh > "$T/out" 2>&1
rc=$?
if [ $rc -ne 0 ] && grep -qx 'apt-get update -qq' "$FAKE_LOG" &&
   grep -qx 'apt-get install -y -qq libzstd-dev' "$FAKE_LOG"; then
    ok "install-deps: one package missing -> apt-get install -y -qq libzstd-dev"
else bad "install-deps with libzstd-dev missing: rc $rc, apt calls: $(cat "$FAKE_LOG" 2>/dev/null)"; fi
# 2. nothing missing: no apt call
rm -f "$FAKE_LOG"
if PATH="$T/bin:$PATH" bash scripts/install-deps.sh > "$T/out" 2>&1 && [ ! -e "$FAKE_LOG" ] &&
   grep -q 'all packages present' "$T/out"; then
    ok "install-deps: all present -> no apt call"
else bad "install-deps with all present: $(cat "$T/out")"; fi
# 3. make run and make test: deps first, and stop when it fails (nothing built or
#    linted before; the Makefile itself writes only its two stamps when read)
for goal in test run; do
    rm -f "$FAKE_LOG"
    FAKE_MISSING=libzstd-dev PATH="$T/bin:$PATH" timeout 120 make --no-print-directory \
        BUILD="$T/build" "$goal" > "$T/make.out" 2>&1
    rc=$?
    if [ $rc -ne 0 ] && grep -qx 'apt-get install -y -qq libzstd-dev' "$FAKE_LOG" &&
       [ -z "$(find "$T/build" -type f ! -name vtop.key ! -name version.stamp 2>/dev/null)" ] && ! grep -q '^lint:' "$T/make.out"; then
        ok "make $goal: install-deps runs first (apt-get install libzstd-dev), nothing built after it failed"
    else bad "make $goal: rc $rc, apt: $(cat "$FAKE_LOG" 2>/dev/null), built: $(find "$T/build" -type f | head -3)"; fi
done
# 4. the Makefile's own database says so
db=$(make -pq -f Makefile __none__ 2>/dev/null)
for goal in test run; do
    grep -qx "$goal: deps" <<<"$db" && ok "make $goal depends on deps" || bad "make $goal does not depend on deps"
done
exit $fail
