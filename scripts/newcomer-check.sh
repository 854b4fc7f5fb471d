#!/usr/bin/env bash
# What a newcomer does, on a fresh clone of this repository's HEAD: `npm install`, then `npm test`.
# Run it on a machine without Chromium to see `npm test` install Debian's package (as root) or stop
# with one line saying what to run (as another user: `scripts/newcomer-check.sh --as nobody`).
# Prints where the clone and its log are; exits with `npm test`'s status.
set -uo pipefail
as=""
[ "${1:-}" = "--as" ] && as="${2:?user}"
src="$(cd "$(dirname "$0")/.." && pwd)"
dir="$(mktemp -d /tmp/vaultline-newcomer-XXXX)"
chmod 755 "$dir"
git clone -q "$src" "$dir/p"
log="$dir/log.txt"
cd "$dir/p"
echo "clone: $dir/p  log: $log  chromium before: $(command -v chromium || echo none)"
if [ -n "$as" ]; then
  chown -R "$as" "$dir"
  runas() { setpriv --reuid="$as" --regid="$(id -g "$as")" --clear-groups env HOME="$dir" "$@"; }
else
  runas() { "$@"; }
fi
{ runas npm install --no-audit --no-fund && runas npm test; } >"$log" 2>&1
status=$?
tail -n 15 "$log"
echo "npm install && npm test: exit $status; chromium after: $(command -v chromium || echo none)"
exit "$status"
