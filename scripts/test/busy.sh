#!/usr/bin/env bash
# `npm run test:busy`: runs a command (by default the Playwright suite, with the arguments given)
# beside a CPU load that keeps every core busy, as a shared machine or a CI runner can be: stress-ng
# with one CPU stressor a core. The load is bounded twice: it stops as soon as the command ends,
# however it ends, and stress-ng's own --timeout (BUSY_TIMEOUT, one hour by default) stops it should
# this script be killed outright. A race that a quiet machine hides shows here (docs/testing.md).
#   bash scripts/test/busy.sh playwright test e2e/editor --repeat-each=2 --workers=2
#   bash scripts/test/busy.sh bash .ci/run
set -euo pipefail
cd "$(dirname "$0")/../.."

(($# > 0)) || { echo 'test:busy: name the command to run beside the load' >&2; exit 2; }
command -v stress-ng >/dev/null 2>&1 ||
  { echo 'test:busy: stress-ng is missing: npm run setup, or sudo apt-get install stress-ng' >&2; exit 1; }
cores=$(nproc)
timeout=${BUSY_TIMEOUT:-1h}

stress-ng --cpu "$cores" --timeout "$timeout" --quiet &
load=$!
started=$SECONDS
# SIGINT, as Ctrl+C would: stress-ng stops its stressors and waits for them.
stop_load() {
  kill -INT "$load" 2>/dev/null || true
  wait "$load" 2>/dev/null || true
}
trap stop_load EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
# A load that refused its arguments (a BUSY_TIMEOUT it cannot read) has ended within the second.
sleep 1
kill -0 "$load" 2>/dev/null ||
  { echo 'test:busy: stress-ng did not start (its message is above); nothing was run' >&2; exit 1; }
echo "test:busy: stress-ng --cpu $cores --timeout $timeout (pid $load) keeps every core busy beside: $*"

status=0
"$@" || status=$?

# Says whether the command ran beside the load all along, as a pass means little without it.
if kill -0 "$load" 2>/dev/null; then
  echo "test:busy: the load ran for the command's whole $((SECONDS - started)) s; stopping it"
else
  echo "test:busy: the load ended (its --timeout of $timeout) before the command did, after $((SECONDS - started)) s: raise BUSY_TIMEOUT" >&2
  ((status != 0)) || status=1
fi
exit "$status"
