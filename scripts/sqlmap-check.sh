#!/usr/bin/env bash
# SQL injection check with sqlmap (Debian package: apt-get install -y sqlmap) against a throwaway
# server on loopback: the API from the sources (or the build with SQLMAP_SERVER=dist), the embedded
# database with demo data in a fresh DATA_DIR. Signs in as the demo user and the demo admin, then
# runs sqlmap in batch mode against a representative set of parameterised calls (query strings, a
# path parameter and JSON bodies with `*` markers, with the XSRF cookie and header) and fails if
# sqlmap reports any injectable parameter. See docs/security.md.
#
#   scripts/sqlmap-check.sh                      # level 3, risk 2, 240 s per target at most
#   SQLMAP_LEVEL=5 SQLMAP_RISK=3 scripts/sqlmap-check.sh
#
# Env: SQLMAP_PORT (8365, within 8360-8369), SQLMAP_LEVEL (3), SQLMAP_RISK (2),
# SQLMAP_TARGET_SECONDS (240), SQLMAP_SERVER (src | dist), SQLMAP_KEEP=1 keeps the work folder,
# SQLMAP_ONLY=<text> runs only the targets whose name contains it, SQLMAP_SELFTEST=1 checks that a
# deliberately injectable control endpoint is reported (so the check can fail).
set -euo pipefail
cd "$(dirname "$0")/.."

PORT="${SQLMAP_PORT:-8365}"
LEVEL="${SQLMAP_LEVEL:-3}"
RISK="${SQLMAP_RISK:-2}"
TARGET_SECONDS="${SQLMAP_TARGET_SECONDS:-240}"
BASE="http://127.0.0.1:${PORT}"
USER_EMAIL="user@demo.vaultline.test"
USER_PASSWORD="sqlmap-user-password-1"
ADMIN_EMAIL="admin@demo.vaultline.test"
ADMIN_PASSWORD="sqlmap-admin-password-1"

command -v sqlmap >/dev/null || { echo "sqlmap is not installed (apt-get install -y sqlmap)" >&2; exit 2; }
command -v curl >/dev/null || { echo "curl is needed" >&2; exit 2; }

WORK="$(mktemp -d /tmp/vaultline-sqlmap.XXXXXX)"
SERVER_PID=""
cleanup() {
  if [ -n "$SERVER_PID" ]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
  if [ "${SQLMAP_KEEP:-}" = "1" ]; then echo "work folder kept: $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT

if [ "${SQLMAP_SERVER:-src}" = "dist" ]; then SERVER=(node apps/api/dist/server.js); else SERVER=(node --import tsx apps/api/src/server.ts); fi
# Rate limits raised: a 429 would hide what a payload does. Demo data on, outside services off.
env NODE_ENV=development PORT="$PORT" HOST=127.0.0.1 DATA_DIR="$WORK/data" DATABASE_URL= REDIS_URL= \
  DEMO=true DEMO_USER_EMAIL="$USER_EMAIL" DEMO_USER_PASSWORD="$USER_PASSWORD" \
  DEMO_ADMIN_EMAIL="$ADMIN_EMAIL" DEMO_ADMIN_PASSWORD="$ADMIN_PASSWORD" \
  AUTH_RATE_LIMIT_MAX=1000000 GUEST_RATE_LIMIT_MAX=1000000 LOG_LEVEL=error \
  "${SERVER[@]}" >"$WORK/server.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 1 240); do
  curl -fsS "$BASE/api/health/ready" >/dev/null 2>&1 && break
  kill -0 "$SERVER_PID" 2>/dev/null || { cat "$WORK/server.log"; echo "server exited" >&2; exit 1; }
  sleep 0.5
done
curl -fsS "$BASE/api/health/ready" >/dev/null || { echo "server not ready" >&2; exit 1; }

# Small JSON helpers (node is there anyway).
json() { node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const v=new Function("j","return "+process.argv[1])(JSON.parse(s));process.stdout.write(String(v))})' "$1"; }
XSRF="sqlmap-xsrf-token-value"
XSRF_ARGS=(-H "X-XSRF-TOKEN: $XSRF" -b "XSRF-TOKEN=$XSRF")
call() { # method path [json]
  curl -fsS -X "$1" "${XSRF_ARGS[@]}" -H 'content-type: application/json' ${AUTH:+-H "Authorization: Bearer $AUTH"} \
    ${3:+--data "$3"} "$BASE$2"
}
login() { AUTH="" call POST /api/Auth "{\"email\":\"$1\",\"password\":\"$2\"}" | json 'j.content.jwToken'; }
USER_TOKEN="$(login "$USER_EMAIL" "$USER_PASSWORD")"
ADMIN_TOKEN="$(login "$ADMIN_EMAIL" "$ADMIN_PASSWORD")"
WALLETS="$(AUTH="" call GET /api/Wallets/list)"
id_of() { printf '%s' "$WALLETS" | json "j.content.find(w => w.ticker === '$1').id"; }
BTC="$(id_of BTC)"; ETH="$(id_of ETH)"; USD="$(id_of USD)"
LOCK="$(AUTH="$USER_TOKEN" call POST /api/AssetConvert/lock "{\"leftAssetId\":\"$USD\",\"rightAssetId\":\"$BTC\"}" | json 'j.content.id')"
ETH_ADDR="0x742d35Cc6634C0532925a3b844Bc454e4438f44e"
EXCHANGE="$(AUTH="" call POST /api/PublicExchange/createExchange "{\"sourceWalletId\":\"$BTC\",\"destinationWalletId\":\"$ETH\",\"amount\":\"0.01\",\"userEmail\":\"guest@example.com\",\"destinationWalletAddress\":\"$ETH_ADDR\"}" | json 'j.content.id')"
echo "server ready on $BASE; user and admin signed in; lock $LOCK, exchange $EXCHANGE"

COMMON=(--batch --level="$LEVEL" --risk="$RISK" --dbms=PostgreSQL --timeout=15 --retries=1 --time-sec=2
  --flush-session --disable-coloring --output-dir="$WORK/sqlmap" --ignore-code=400,401,403,404,409,413,414,415
  -H "X-XSRF-TOKEN: $XSRF" --cookie="XSRF-TOKEN=$XSRF" --skip=X-XSRF-TOKEN,XSRF-TOKEN)
USER_H=(-H "Authorization: Bearer $USER_TOKEN")
ADMIN_H=(-H "Authorization: Bearer $ADMIN_TOKEN")
JSON_H=(-H "Content-Type: application/json")

FAILED=0
RESULTS=()
target() { # name, sqlmap args...
  local name="$1"; shift
  if [ -n "${SQLMAP_ONLY:-}" ] && ! printf '%s' "$name" | grep -qi -- "$SQLMAP_ONLY"; then return; fi
  local log="$WORK/$(printf '%s' "$name" | tr -c 'A-Za-z0-9' '_').log"
  local started=$SECONDS rc=0
  timeout "$TARGET_SECONDS" sqlmap "${COMMON[@]}" "$@" >"$log" 2>&1 || rc=$?
  local took=$((SECONDS - started)) verdict
  if grep -q "identified the following injection point" "$log"; then
    verdict="INJECTABLE"; FAILED=1; grep -A12 "identified the following injection point" "$log"
  elif [ "$rc" = 124 ]; then
    verdict="TIMED OUT after ${TARGET_SECONDS}s"; FAILED=1
  elif grep -qE "do not appear to be injectable|does not seem to be injectable" "$log"; then
    verdict="not injectable"
  else
    verdict="NO VERDICT (exit $rc)"; FAILED=1; tail -5 "$log"
  fi
  local tests; tests="$(grep -c "testing '" "$log" || true)"
  RESULTS+=("$(printf '%-58s %-24s %4ss %5s tests' "$name" "$verdict" "$took" "$tests")")
  echo "${RESULTS[-1]}"
}

if [ "${SQLMAP_SELFTEST:-}" = "1" ]; then
  # The control: a deliberately injectable endpoint (string-built SQL on an in-memory PGlite) on the
  # next port must be reported, or this check could never fail.
  SELF_PORT=$((PORT + 1))
  node --input-type=module -e "
    import http from 'node:http';
    import { PGlite } from '@electric-sql/pglite';
    const db = new PGlite();
    await db.exec(\"create table t (id int, name text); insert into t values (1, 'a'), (2, 'b')\");
    http.createServer(async (req, res) => {
      const id = new URL(req.url, 'http://x').searchParams.get('id') ?? '1';
      try { res.end(JSON.stringify((await db.query('select name from t where id = ' + id)).rows)); }
      catch { res.statusCode = 500; res.end('{}'); }
    }).listen($SELF_PORT, '127.0.0.1');
  " >"$WORK/selftest.log" 2>&1 &
  SELF_PID=$!
  for _ in $(seq 1 60); do curl -fsS "http://127.0.0.1:$SELF_PORT/?id=1" >/dev/null 2>&1 && break; sleep 0.5; done
  target "SELFTEST deliberately injectable ?id" -u "http://127.0.0.1:$SELF_PORT/?id=1" -p id || true
  kill "$SELF_PID" 2>/dev/null || true
  if grep -q "INJECTABLE" <<<"${RESULTS[-1]}"; then echo "self-test OK: the injectable control was found"; exit 0; fi
  echo "self-test FAILED: the injectable control was not reported" >&2
  exit 1
fi

target "GET AssetConvert/lock?id (user)" -u "$BASE/api/AssetConvert/lock?id=$LOCK" -p id "${USER_H[@]}"
target "GET PublicExchange/exchangeRate?source&destination" \
  -u "$BASE/api/PublicExchange/exchangeRate?sourceWalletId=$BTC&destinationWalletId=$ETH" -p sourceWalletId,destinationWalletId
target "GET History?page&pageSize (user)" -u "$BASE/api/History?page=1&pageSize=5" -p page,pageSize "${USER_H[@]}"
target "GET Admin/searchUser?query (admin)" -u "$BASE/api/Admin/searchUser?query=demo" -p query "${ADMIN_H[@]}"
target "GET Admin/auditLog?targetId (admin)" -u "$BASE/api/Admin/auditLog?page=1&targetId=abc" -p targetId "${ADMIN_H[@]}"
target "GET prices/history?ticker&hours" -u "$BASE/api/prices/history?ticker=BTC&hours=24" -p ticker,hours
target "GET PublicExchange/exchange/{id} (path)" -u "$BASE/api/PublicExchange/exchange/${EXCHANGE}*"
target "GET Wallets/wallet/ticker/{ticker} (path)" -u "$BASE/api/Wallets/wallet/ticker/BTC*"
target "POST Auth (JSON email, password)" -u "$BASE/api/Auth" "${JSON_H[@]}" \
  --data "{\"email\":\"${USER_EMAIL}*\",\"password\":\"${USER_PASSWORD}*\"}"
target "POST PublicExchange/createExchange (JSON)" -u "$BASE/api/PublicExchange/createExchange" "${JSON_H[@]}" \
  --data "{\"sourceWalletId\":\"$BTC*\",\"destinationWalletId\":\"$ETH*\",\"amount\":\"0.01*\",\"userEmail\":\"guest@example.com*\",\"destinationWalletAddress\":\"$ETH_ADDR*\"}"
target "POST PublicExchange/confirmTransaction (JSON)" -u "$BASE/api/PublicExchange/confirmTransaction" "${JSON_H[@]}" \
  --data "{\"exchangeId\":\"$EXCHANGE*\",\"transactionHash\":\"$(printf 'ab%.0s' $(seq 32))*\"}"
target "POST PublicExchange/exchanges (JSON ids)" -u "$BASE/api/PublicExchange/exchanges" "${JSON_H[@]}" \
  --data "{\"ids\":[\"$EXCHANGE*\"]}"

echo
echo "sqlmap $(sqlmap --version 2>/dev/null | head -1), level $LEVEL, risk $RISK, ${TARGET_SECONDS}s per target at most, ${SECONDS}s in all:"
printf '  %s\n' "${RESULTS[@]}"
if [ "$FAILED" != 0 ]; then
  echo "FAILED: an injectable parameter, or a target without a verdict (logs in $WORK; SQLMAP_KEEP=1 keeps them)" >&2
  SQLMAP_KEEP=1
  exit 1
fi
echo "OK: no injectable parameter found"
