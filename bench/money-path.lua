-- wrk script for bench/money-path.ts: each wrk thread is one user with one connection, converting
-- in a loop: POST AssetConvert/lock, then POST AssetConvert/convert with the lock's id (a "pair").
-- Run as: wrk -t N -c N -d SECONDS -s bench/money-path.lua URL -- TOKENS_FILE LEFT_ASSET RIGHT_ASSET
-- (one bearer token per line, one line per thread). done() prints one JSON line: the number of
-- pairs, the refused calls, the pair latencies' percentiles (CLOCK_MONOTONIC) and wrk's run time.
local ffi = require("ffi")
ffi.cdef [[
  typedef struct { long tv_sec; long tv_nsec; } vl_timespec;
  int clock_gettime(int clk_id, vl_timespec *tp);
]]
local ts = ffi.new("vl_timespec")
local function now_ms()
  ffi.C.clock_gettime(1, ts)
  return tonumber(ts.tv_sec) * 1000 + tonumber(ts.tv_nsec) / 1e6
end

local threads = {}
local next_id = 0

function setup(thread)
  next_id = next_id + 1
  thread:set("id", next_id)
  table.insert(threads, thread)
end

local lock_request, headers, lock_id, started
pairs_done = 0
refused = 0
latencies = {}
first_refusal = ""

function init(args)
  local n = 0
  for line in io.lines(args[1]) do
    n = n + 1
    if n == id then
      headers = {
        ["Authorization"] = "Bearer " .. line,
        ["Content-Type"] = "application/json",
        ["Cookie"] = "XSRF-TOKEN=bench",
        ["X-XSRF-TOKEN"] = "bench",
      }
    end
  end
  lock_request = wrk.format("POST", "/api/AssetConvert/lock", headers,
    '{"leftAssetId":"' .. args[2] .. '","rightAssetId":"' .. args[3] .. '"}')
end

function request()
  if lock_id == nil then
    started = now_ms()
    return lock_request
  end
  return wrk.format("POST", "/api/AssetConvert/convert", headers,
    '{"transactionLockId":"' .. lock_id .. '","amount":"100"}')
end

function response(status, _, body)
  if status ~= 200 then
    refused = refused + 1
    if first_refusal == "" then first_refusal = status .. " " .. body end
    lock_id = nil
    return
  end
  if lock_id == nil then
    lock_id = string.match(body, '"id":"([0-9a-f-]+)"')
  else
    pairs_done = pairs_done + 1
    latencies[pairs_done] = now_ms() - started
    lock_id = nil
  end
end

function done(summary)
  local all, total, refusals, first = {}, 0, 0, ""
  for _, t in ipairs(threads) do
    total = total + t:get("pairs_done")
    refusals = refusals + t:get("refused")
    if first == "" then first = t:get("first_refusal") end
    for _, l in ipairs(t:get("latencies")) do all[#all + 1] = l end
  end
  table.sort(all)
  local function pct(p)
    if #all == 0 then return 0 end
    return all[math.min(#all, math.floor(#all * p / 100) + 1)]
  end
  io.write(string.format(
    '{"pairs":%d,"refused":%d,"p50ms":%.3f,"p99ms":%.3f,"seconds":%.6f,"firstRefusal":%q}\n',
    total, refusals, pct(50), pct(99), summary.duration / 1e6, first))
end
