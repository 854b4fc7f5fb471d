/**
 * What the tracing code costs the money path with tracing off, bounded from below the noise of the
 * money-path bench (issue "Operate it", point 3: "within 2 %").
 * Run: node --import tsx bench/traced-off.ts
 *
 * With OTEL_EXPORTER_OTLP_ENDPOINT unset nothing of tracing.ts is loaded; what runs on the money
 * path is `traced(name, fn)` (lib/trace.ts) around the lock and around the convert, which tests a
 * boolean and calls `fn`. This times N calls of `traced('x', fn)` against N calls of `fn()` (fn an
 * async function, as on the money path), in CPU time, alternating ROUNDS times, and divides the
 * difference per pair (two calls) by the API CPU time of a pair measured by bench/money-path.ts.
 */
import { traced } from '../apps/api/src/lib/trace';

const N = Number(process.env.BENCH_CALLS ?? 2_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
/** API CPU per lock+convert pair, logs on (docs/performance.md, money path as deployed). */
const API_CPU_MS_PER_PAIR = Number(process.env.API_CPU_MS_PER_PAIR ?? 0.34);

let sink = 0;
const work = async () => {
  sink++;
  return sink;
};

async function cpuNsPerCall(wrap: boolean): Promise<number> {
  const t0 = process.cpuUsage();
  if (wrap) for (let i = 0; i < N; i++) await traced('convert.convert', work);
  else for (let i = 0; i < N; i++) await work();
  const t = process.cpuUsage(t0);
  return ((t.user + t.system) * 1000) / N;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function main() {
  await cpuNsPerCall(true);
  await cpuNsPerCall(false);
  const direct: number[] = [];
  const wrapped: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    direct.push(await cpuNsPerCall(false));
    wrapped.push(await cpuNsPerCall(true));
  }
  const extraNsPerCall = Math.max(0, median(wrapped) - median(direct));
  const share = (2 * extraNsPerCall) / (API_CPU_MS_PER_PAIR * 1e6);
  console.log(
    JSON.stringify(
      {
        calls: N,
        rounds: ROUNDS,
        directNsPerCall: Number(median(direct).toFixed(1)),
        tracedNsPerCall: Number(median(wrapped).toFixed(1)),
        extraNsPerPair: Number((2 * extraNsPerCall).toFixed(1)),
        apiCpuMsPerPair: API_CPU_MS_PER_PAIR,
        shareOfPair: `${(share * 100).toFixed(4)} %`,
        sink,
      },
      null,
      2,
    ),
  );
}

await main();
