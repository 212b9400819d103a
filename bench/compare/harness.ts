/**
 * The A/B benchmark's in-process part (bench/compare/main.mjs drives it): two builds of ada-ffi and the runtime's
 * built-in URL in one process, on bench/url/harness.ts's workloads, interleaved at the grain of one batch of URLs.
 * Every batch runs each contender once over the same URLs, the order cycling through every permutation, so slow drift
 * (the CPU's clock, other processes' load, the heap filling up) falls on all of them alike. A full GC starts every
 * round, as in `npm run bench`.
 *
 * Per round and pair (B/A, A/built-in, B/built-in): the ratio of the two contenders' summed times over the batches,
 * leaving out the batches whose paired ratio is far off that round's median (a batch pre-empted by another process:
 * one time-slice is ~10 ms, a batch ~0.3 ms; see preempted()). Paired on the same URLs, a batch's ratio does not
 * depend on which URLs it holds; summed, a change that touches only some URLs counts by its weight (a median of batch
 * ratios would hide it).
 */
import { median } from "../common/harness.ts";
import { batchHref, compile, type Contender, supports, WORKLOAD_BODIES } from "../url/harness.ts";

export interface AbHost {
  runtime: string;
  version: string;
  gc(): void;
  /** [built-in, A, B]; in single mode [built-in, the one measured] (the built-in picks the URLs, as in A/B mode). */
  contenders: Contender[];
}

export interface AbOptions {
  rounds: number;
  warmup: number;
  /** URLs per batch. */
  batch: number;
  workloads: string[];
}

export interface PairStats {
  /** The ratio of each measured round. */
  perRound: number[];
  median: number;
  /** 95% bootstrap interval of the median over rounds (resampling rounds). */
  low: number;
  high: number;
  /** Batches left out as pre-empted, of all compared. */
  dropped: number;
  batches: number;
}

export interface AbWorkloadResult {
  /** contender -> median over rounds of ns per URL (summed batch times / URLs). */
  ns: Record<string, number>;
  /** "B/A", "A/built-in", "B/built-in" -> stats */
  ratios: Record<string, PairStats>;
}

export interface AbResult {
  runtime: string;
  version: string;
  urls: number;
  rounds: number;
  batch: number;
  workloads: Record<string, AbWorkloadResult>;
}

/** parseMany over each batch, then each href: ours only. */
const PARSE_MANY = "parseMany";
/** Every workload name this harness knows: bench/url/harness.ts's loops and the batch API. */
export const AB_WORKLOADS = [...Object.keys(WORKLOAD_BODIES), PARSE_MANY];

/** The URLs every contender accepts, and their paths resolved against BASE by the built-in (as url/harness.ts does). */
export function inputsFor(contenders: Contender[], lines: string[]): { urls: string[]; relatives: string[] } {
  const urls = lines.filter((s) => contenders.every((c) => c.URL.canParse(s)));
  const builtin = contenders[0].URL;
  const relatives = urls.map((s) => {
    const u = new builtin(s);
    return u.pathname + u.search;
  });
  return { urls, relatives };
}

/** One contender's loop for one workload, compiled for it alone (its own feedback, as in url/harness.ts). */
function loopFor(c: Contender, workload: string): ((urls: string[], relatives: string[]) => number) | undefined {
  if (workload === PARSE_MANY) return c.parseMany ? (urls) => batchHref(c, urls) : undefined;
  const body = WORKLOAD_BODIES[workload];
  if (body === undefined) throw new Error(`unknown workload ${workload} (known: ${AB_WORKLOADS.join(", ")})`);
  if (!supports(c, workload)) return undefined;
  const fn = compile(body);
  return (urls, relatives) => fn(c, urls, relatives);
}

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest])
  );
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** A small seeded generator (mulberry32): the same resamples on every run. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The median of `values` and its 95% bootstrap interval. */
export function bootstrapMedian(values: number[], resamples = 4000): { median: number; low: number; high: number } {
  const next = random(36);
  const medians: number[] = [];
  for (let r = 0; r < resamples; r++) {
    medians.push(median(values.map(() => values[Math.floor(next() * values.length)])));
  }
  medians.sort((a, b) => a - b);
  return {
    median: median(values),
    low: medians[Math.floor(resamples * 0.025)],
    high: medians[Math.ceil(resamples * 0.975) - 1],
  };
}

/**
 * Which batches of one round to leave out for the pair x/y: those whose log ratio lies more than five scaled median
 * absolute deviations, and at least log 3, from the round's median. A time-slice lost to another process makes a batch
 * ten times slower or more; a scavenge, which is part of the cost measured, rarely doubles one, so it stays in.
 */
function preempted(x: number[], y: number[]): boolean[] {
  const logs = x.map((t, i) => Math.log(t / y[i]));
  const mid = median(logs);
  const mad = 1.4826 * median(logs.map((l) => Math.abs(l - mid)));
  const limit = Math.max(5 * mad, Math.log(3));
  return logs.map((l) => !(Math.abs(l - mid) <= limit));
}

function sumKept(times: number[], dropped: boolean[]): number {
  let sum = 0;
  for (let i = 0; i < times.length; i++) if (!dropped[i]) sum += times[i];
  return sum;
}

const PAIRS: [string, string, string][] = [["B/A", "B", "A"], ["A/built-in", "A", "built-in"], [
  "B/built-in",
  "B",
  "built-in",
]];

/** Runs the interleaved A/B/built-in rounds: see the file's comment. */
export function runAb(host: AbHost, lines: string[], options: AbOptions): AbResult {
  const { urls, relatives } = inputsFor(host.contenders, lines);
  const batches = chunks(urls, options.batch);
  const relativeBatches = chunks(relatives, options.batch);
  const result: AbResult = {
    runtime: host.runtime,
    version: host.version,
    urls: urls.length,
    rounds: options.rounds,
    batch: options.batch,
    workloads: {},
  };
  // times[workload][contender][round][batch], in ms
  const times: Record<string, Record<string, number[][]>> = {};
  const plans = options.workloads.map((workload) => {
    const loops = host.contenders.flatMap((c) => {
      const loop = loopFor(c, workload);
      return loop ? [{ name: c.name, loop }] : [];
    });
    times[workload] = Object.fromEntries(loops.map((l) => [l.name, []]));
    return { workload, orders: permutations(loops) };
  });

  for (let round = 0; round < options.warmup + options.rounds; round++) {
    host.gc();
    const measured = round >= options.warmup;
    for (let w = 0; w < plans.length; w++) {
      const { workload, orders } = plans[(w + round) % plans.length];
      const byContender = times[workload];
      const rows: Record<string, number[]> = {};
      for (const name of Object.keys(byContender)) rows[name] = [];
      for (let b = 0; b < batches.length; b++) {
        for (const { name, loop } of orders[(b + round) % orders.length]) {
          const start = performance.now();
          const checksum = loop(batches[b], relativeBatches[b]);
          const elapsed = performance.now() - start;
          if (!(checksum > 0)) throw new Error(`${name} ${workload}: checksum ${checksum}`);
          rows[name].push(elapsed);
        }
      }
      if (measured) { for (const name of Object.keys(rows)) byContender[name].push(rows[name]); }
    }
  }

  for (const { workload } of plans) {
    const byContender = times[workload];
    const names = Object.keys(byContender);
    // dropped[pair][round][batch]; a contender's ns leave out its batches dropped in any of its pairs.
    const pairs = PAIRS.filter(([, x, y]) => byContender[x] && byContender[y]);
    const dropped = pairs.map(([, x, y]) => byContender[x].map((row, r) => preempted(row, byContender[y][r])));
    const ns: Record<string, number> = {};
    for (const name of names) {
      const mine = pairs.flatMap(([, x, y], p) => (x === name || y === name ? [dropped[p]] : []));
      ns[name] = median(byContender[name].map((row, r) => {
        const out = row.map((_, b) => mine.some((d) => d[r][b]));
        const urlsKept = batches.reduce((n, batch, b) => (out[b] ? n : n + batch.length), 0);
        return (sumKept(row, out) * 1e6) / urlsKept;
      }));
    }
    const ratios: Record<string, PairStats> = {};
    pairs.forEach(([label, x, y], p) => {
      const perRound = byContender[x].map((row, r) =>
        sumKept(row, dropped[p][r]) / sumKept(byContender[y][r], dropped[p][r])
      );
      ratios[label] = {
        perRound,
        ...bootstrapMedian(perRound),
        dropped: dropped[p].reduce((n, round) => n + round.filter(Boolean).length, 0),
        batches: perRound.length * batches.length,
      };
    });
    result.workloads[workload] = { ns, ratios };
  }
  return result;
}

/**
 * Single mode, for instruction counts (bench/compare/main.mjs runs it under `perf stat`): one contender, one workload,
 * `rounds` rounds over every URL with a GC before each (also bench/experiments/inlining_question.mjs's process).
 * Returns the checksum, the URLs a round parsed and each round's ns per URL.
 */
export function runSingle(
  host: AbHost,
  lines: string[],
  workload: string,
  rounds: number,
): { checksum: number; urls: number; ns: number[] } {
  const { urls, relatives } = inputsFor(host.contenders, lines);
  const c = host.contenders[host.contenders.length - 1];
  const loop = loopFor(c, workload);
  if (!loop) throw new Error(`${c.name} has no ${workload}`);
  let acc = 0;
  const ns: number[] = [];
  for (let round = 0; round < rounds; round++) {
    host.gc();
    const start = performance.now();
    acc += loop(urls, relatives);
    ns.push(((performance.now() - start) * 1e6) / urls.length);
  }
  return { checksum: acc, urls: urls.length, ns };
}
