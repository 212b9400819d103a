/**
 * The URLSearchParams benchmark, runtime-neutral: `url.searchParams` and `new URLSearchParams` workloads over real
 * URLs, the runtime's built-in URL/URLSearchParams against ada-ffi's, each contender with its own compiled loop
 * (one class per property-access site, as in a real program), interleaved with the order rotated every round,
 * medians over the rounds, ns per URL.
 *
 * Two URL sets: every URL of the file, and only the URLs that have a query. And two regimes for the first
 * `searchParams.get`: single pass (garbage collected before the round), and "sustained": six passes back to back
 * with no forced collection between them, as a long-running script runs. Its heap figures, in MB: the heap in use right
 * after the sixth pass, and the peak of the heap in use sampled after each pass. Both include the young generation's
 * fill at that moment (up to its size, 16 MB and more on Node 26), which the moment decides as much as the contender:
 * a heap that grows from pass to pass (what a WeakMap did: 120-180 MB) is what they are there to show.
 */

import { median } from "../common/harness.ts";

interface ParamsLike extends Iterable<[string, string]> {
  get(name: string): string | null;
  getAll(name: string): string[];
  has(name: string): boolean;
  set(name: string, value: string): void;
  append(name: string, value: string): void;
  sort(): void;
  toString(): string;
  readonly size: number;
}
interface UrlWithParams {
  href: string;
  search: string;
  searchParams: ParamsLike;
}

export interface ParamsContender {
  name: string;
  URL: new (input: string) => UrlWithParams;
  URLSearchParams: new (init?: unknown) => ParamsLike;
}

export interface ParamsHost {
  runtime: string;
  version: string;
  gc(): void;
  heapUsed(): number;
  contenders: ParamsContender[];
}

export interface ParamsBenchResult {
  runtime: string;
  version: string;
  /** URL set -> how many URLs */
  urls: Record<string, number>;
  rounds: number;
  /** "<workload> <set>" -> contender -> median ns per URL */
  ns: Record<string, Record<string, number>>;
  /** "<set>" -> contender -> median heap in use (MB) right after the sustained run */
  heapMB: Record<string, Record<string, number>>;
  /** "<set>" -> contender -> median of the peak heap in use (MB) over the sustained run's passes */
  peakHeapMB: Record<string, Record<string, number>>;
}

/** How many passes the sustained run makes over the URL set, with no forced collection between them. */
export const SUSTAINED_PASSES = 6;

/**
 * Loop bodies over `urls` (or `searches`, their "?query"), accumulating a checksum into `acc` so no engine can drop
 * the work. The workload names are the rows of issue 29's table.
 */
export const PARAMS_WORKLOADS: Record<string, string> = {
  get: `for (let i = 0; i < urls.length; i++) {
    const v = new URL(urls[i]).searchParams.get("id");
    acc += v === null ? 1 : v.length + 2;
  }`,
  entries: `for (let i = 0; i < urls.length; i++) {
    for (const [k, v] of new URL(urls[i]).searchParams) acc += k.length + v.length;
    acc++;
  }`,
  hasGetAll: `for (let i = 0; i < urls.length; i++) {
    const p = new URL(urls[i]).searchParams;
    if (p.has("id")) acc++;
    acc += p.getAll("q").length + 1;
  }`,
  setAppendHref: `for (let i = 0; i < urls.length; i++) {
    const u = new URL(urls[i]);
    const p = u.searchParams;
    p.set("page", "2");
    p.append("q", "a b");
    acc += u.href.length;
  }`,
  sortHref: `for (let i = 0; i < urls.length; i++) {
    const u = new URL(urls[i]);
    u.searchParams.sort();
    acc += u.href.length;
  }`,
  record5: `for (let i = 0; i < urls.length; i++) {
    acc += new URLSearchParams({ url: urls[i], page: "2", q: "hello world", lang: "en", sort: "desc" })
      .toString().length;
  }`,
  size: `for (let i = 0; i < urls.length; i++) acc += new URL(urls[i]).searchParams.size + 1;`,
  parseToString:
    `for (let i = 0; i < searches.length; i++) acc += new URLSearchParams(searches[i]).toString().length + 1;`,
};

/** The least number of URLs in the "query" set. */
const QUERY_SET_MIN = 10_000;

type Loop = (c: ParamsContender, urls: string[], searches: string[]) => number;

function compile(body: string): Loop {
  const fn = new Function("URL", "URLSearchParams", "urls", "searches", `let acc = 0;\n${body}\nreturn acc;`);
  return (c, urls, searches) => fn(c.URL, c.URLSearchParams, urls, searches);
}

interface UrlSet {
  name: string;
  urls: string[];
  searches: string[];
}

export function runParamsBench(host: ParamsHost, lines: string[], rounds: number): ParamsBenchResult {
  const builtin = host.contenders[0].URL;
  const canParse = (s: string) => {
    try {
      for (const c of host.contenders) new c.URL(s);
      return true;
    } catch {
      return false;
    }
  };
  const all = lines.filter(canParse);
  // Few URLs have a query (about 5% of kasztp.txt): repeated to at least QUERY_SET_MIN, for steadier timings.
  const withQuery = all.filter((s) => new builtin(s).search !== "");
  while (withQuery.length > 0 && withQuery.length < QUERY_SET_MIN) withQuery.push(...withQuery.slice(0, QUERY_SET_MIN));
  const sets: UrlSet[] = [
    { name: "all", urls: all, searches: all.map((s) => new builtin(s).search) },
    { name: "query", urls: withQuery, searches: withQuery.map((s) => new builtin(s).search) },
  ];

  /** The sustained job's peak heap in use, read after it ran. */
  let lastPeak = 0;
  // Every contender must give the same checksum on every workload: a fast wrong answer is no result.
  const jobs: { key: string; contender: ParamsContender; set: UrlSet; run: () => number; sustained: boolean }[] = [];
  for (const set of sets) {
    for (const [workload, body] of Object.entries(PARAMS_WORKLOADS)) {
      for (const c of host.contenders) {
        const fn = compile(body);
        jobs.push({
          key: `${workload} ${set.name}`,
          contender: c,
          set,
          run: () => fn(c, set.urls, set.searches),
          sustained: false,
        });
      }
    }
    for (const c of host.contenders) {
      const fn = compile(PARAMS_WORKLOADS.get);
      jobs.push({
        key: `sustained ${set.name}`,
        contender: c,
        set,
        run: () => {
          let acc = 0;
          let peak = 0;
          for (let pass = 0; pass < SUSTAINED_PASSES; pass++) {
            acc += fn(c, set.urls, set.searches);
            peak = Math.max(peak, host.heapUsed());
          }
          lastPeak = peak;
          return acc;
        },
        sustained: true,
      });
    }
  }

  const samples: Record<string, Record<string, number[]>> = {};
  const heaps: Record<string, Record<string, number[]>> = {};
  const peaks: Record<string, Record<string, number[]>> = {};
  const checksums: Record<string, number> = {};
  const warmup = 2;
  for (let round = 0; round < rounds + warmup; round++) {
    for (let k = 0; k < jobs.length; k++) {
      const job = jobs[(k + round) % jobs.length];
      // A collection before every job: each starts from the same clean heap, and the sustained run's
      // heap figure is what its own six passes left.
      host.gc();
      const start = performance.now();
      const checksum = job.run();
      const elapsed = performance.now() - start;
      const heap = host.heapUsed();
      const expected = checksums[job.key];
      if (expected === undefined) checksums[job.key] = checksum;
      else if (expected !== checksum) {
        throw new Error(`${job.contender.name} ${job.key}: checksum ${checksum}, another contender's ${expected}`);
      }
      if (round < warmup) continue;
      const perUrl = (elapsed * 1e6) / (job.set.urls.length * (job.sustained ? SUSTAINED_PASSES : 1));
      ((samples[job.key] ??= {})[job.contender.name] ??= []).push(perUrl);
      if (job.sustained) {
        ((heaps[job.set.name] ??= {})[job.contender.name] ??= []).push(heap / 2 ** 20);
        ((peaks[job.set.name] ??= {})[job.contender.name] ??= []).push(lastPeak / 2 ** 20);
      }
    }
  }

  const medians = (table: Record<string, Record<string, number[]>>, digits: number) => {
    const out: Record<string, Record<string, number>> = {};
    for (const [key, byContender] of Object.entries(table)) {
      out[key] = {};
      for (const [name, values] of Object.entries(byContender)) {
        out[key][name] = Math.round(median(values) * digits) / digits;
      }
    }
    return out;
  };
  return {
    runtime: host.runtime,
    version: host.version,
    urls: Object.fromEntries(sets.map((s) => [s.name, s.urls.length])),
    rounds,
    ns: medians(samples, 10),
    heapMB: medians(heaps, 10),
    peakHeapMB: medians(peaks, 10),
  };
}
