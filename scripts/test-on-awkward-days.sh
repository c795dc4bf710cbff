#!/usr/bin/env bash
# Runs the vitest suite with the system clock set to days that break date-dependent tests: the last
# minutes of a year (the run crosses midnight UTC), 29 February, and the last minutes of a month in
# a time zone far from UTC (the stand-in service's midnight, which is its local time's, comes during
# the run while UTC is on another day). The suite pins its own clock (test/pinned-clock.mjs), so
# every run must pass whatever the calendar says. Uses libfaketime (Debian's faketime package,
# installed when missing and running as root). Arguments are passed to vitest (e.g. a few files).
#   scripts/test-on-awkward-days.sh [vitest args…]
set -uo pipefail
cd "$(dirname "$0")/.."

if ! command -v faketime >/dev/null; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && apt-get install -y -qq faketime >/dev/null
  else
    echo "faketime is missing: apt-get install faketime" >&2
    exit 1
  fi
fi

# "time zone|local start": faketime reads the start in the time zone given.
days=(
  "UTC|2026-12-31 23:56:00"
  "UTC|2028-02-29 09:00:00"
  "Pacific/Auckland|2027-03-31 23:56:00"
)
failed=0
for entry in "${days[@]}"; do
  zone="${entry%%|*}"
  start="${entry#*|}"
  echo "=== vitest with the system clock at $start ($zone)"
  began=$(date +%s)
  if TZ="$zone" faketime "$start" npx vitest run "$@"; then
    echo "=== passed at $start ($zone) in $(($(date +%s) - began)) s"
  else
    echo "=== FAILED at $start ($zone)"
    failed=1
  fi
done
exit "$failed"
