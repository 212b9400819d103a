/**
 * The URLPattern benchmark, runtime-neutral: construct, test and exec on router-like patterns against real
 * URLs, for each contender (the runtime's built-in URLPattern where it has one, ada-ffi's, urlpattern-polyfill),
 * interleaved with the order rotated every round, medians over the rounds, µs per call.
 *
 * Two input regimes: "fresh" inputs never repeat within a run (each round appends its own fragment to every
 * URL, and constructors get patterns with a round-specific literal), so no cache of inputs or patterns can be
 * the reason for a figure; and a router-like mix where a few hundred URLs repeat, dispatched over a route table.
 * Before timing, every contender's answers are compared: a contender that disagrees is reported, not timed on
 * that workload.
 */

import { median } from "../common/harness.ts";

export interface PatternLike {
  test(input?: unknown, base?: string): boolean;
  exec(input?: unknown, base?: string): { pathname: { groups: Record<string, string | undefined> } } | null;
}
export type PatternClass = new (...args: unknown[]) => PatternLike;

export interface PatternContender {
  name: string;
  URLPattern: PatternClass;
}

/** A runtime's contenders: its built-in URLPattern where it has one, ada-ffi's, urlpattern-polyfill's. */
export function patternContenders(ours: unknown, polyfill: unknown): PatternContender[] {
  const builtIn = (globalThis as { URLPattern?: PatternClass }).URLPattern;
  return [
    ...(builtIn ? [{ name: "built-in", URLPattern: builtIn }] : []),
    { name: "ada-ffi", URLPattern: ours as PatternClass },
    { name: "urlpattern-polyfill", URLPattern: polyfill as PatternClass },
  ];
}

export interface PatternHost {
  runtime: string;
  version: string;
  gc(): void;
  contenders: PatternContender[];
}

export interface PatternBenchResult {
  runtime: string;
  version: string;
  urls: number;
  /** URLs left out because some contender answered differently from ada-ffi */
  excluded: number;
  rounds: number;
  /** workload -> contender -> median µs per call */
  us: Record<string, Record<string, number>>;
  /** workload -> contenders whose answers differ from ada-ffi's (not timed) */
  disagree: Record<string, string[]>;
}

/** The pattern `test`/`exec` run against real URLs: most web URLs match it, so every component is evaluated. */
const PROBE: unknown[] = [{ protocol: "http{s}?", pathname: "/:section/*" }];

/** A router's table: the first route whose test() passes gets an exec() for its parameters. */
const ROUTES: unknown[][] = [
  [{ pathname: "/" }],
  [{ pathname: "/api/v:version(\\d+)/users/:id" }],
  [{ pathname: "/api/v:version(\\d+)/users" }],
  [{ pathname: "/books/:id(\\d+)" }],
  [{ pathname: "/static/*" }],
  [{ pathname: "/blog/:year(\\d{4})/:month(\\d{2})/:slug" }],
  [{ pathname: "/:lang(en|de|fr)/docs/*" }],
  [{ hostname: "{:tenant.}?example.com", pathname: "/app/:page" }],
  ["https://cdn.example.com/*.(png|jpg|gif)"],
  [{ pathname: "/search", search: "q=:q&*" }],
  [{ pathname: "/:any*" }],
];
const ROUTER_URLS = [
  "https://example.com/",
  "https://example.com/api/v2/users/123",
  "https://example.com/api/v1/users",
  "https://example.com/books/9781234567",
  "https://example.com/static/js/app.4f3a.js",
  "https://example.com/blog/2024/05/a-title-here",
  "https://example.com/de/docs/guide/intro",
  "https://acme.example.com/app/settings",
  "https://cdn.example.com/img/logo.png",
  "https://example.com/search?q=shoes&page=2",
  "https://example.com/unknown/path/here",
];

/** Constructor arguments: router-like patterns, each with `tag` as a literal so that every one is new. */
function constructorArgs(tag: string): unknown[][] {
  return [
    [{ pathname: `/api/${tag}/users/:id` }],
    [{ pathname: `/books-${tag}/:id(\\d+)` }],
    [`https://${tag}.example.com/:lang(en|de)/docs/*`],
    [{ hostname: `{:sub.}?${tag}.com`, pathname: "/app/:page" }],
    [{ pathname: `/${tag}/:year(\\d{4})/:month(\\d{2})/:slug` }],
    [`/static/${tag}/*`, "https://example.com"],
  ];
}

/** Routes an input: the index of the first matching route and the length of its first parameter. */
function route(routes: PatternLike[], url: string): number {
  for (let r = 0; r < routes.length; r++) {
    if (!routes[r].test(url)) continue;
    const groups = routes[r].exec(url)!.pathname.groups;
    let acc = r + 1;
    for (const key in groups) acc += groups[key]?.length ?? 0;
    return acc;
  }
  return 0;
}

export function runPatternBench(host: PatternHost, lines: string[], rounds: number, count = 5000): PatternBenchResult {
  const ours = host.contenders.find((c) => c.name === "ada-ffi")!;
  const make = (c: PatternContender, args: unknown[]) => new c.URLPattern(...args);
  // Real URLs that parse, on which every contender gives ada-ffi's test() and exec() answers (the built-ins
  // and the polyfill parse some URLs differently): the first `count`.
  const probes = host.contenders.map((c) => make(c, PROBE));
  const answer = (p: PatternLike, url: string) => JSON.stringify([p.test(url), p.exec(url)?.pathname.groups ?? null]);
  const urls: string[] = [];
  let excluded = 0;
  for (const line of lines) {
    if (urls.length === count) break;
    if (!URL.canParse(line)) continue;
    const expected = answer(probes[host.contenders.indexOf(ours)], line);
    if (probes.every((p) => answer(p, line) === expected)) urls.push(line);
    else excluded++;
  }

  type Job = { workload: string; contender: PatternContender; calls: number; run: (round: number) => number };
  const jobs: Job[] = [];
  const disagree: Record<string, string[]> = { test: [], exec: [], router: [], construct: [] };
  const freshInputs = (round: number) => urls.map((u, i) => `${u.split("#")[0]}#r${round}-${i}`);
  // Each contender's answers on fresh inputs and on the router mix; those differing from ada-ffi's are not timed.
  const answers = (probe: PatternLike, routes: PatternLike[]) => {
    const inputs = freshInputs(-1);
    return {
      test: JSON.stringify(inputs.map((u) => probe.test(u))),
      exec: JSON.stringify(inputs.map((u) => probe.exec(u)?.pathname.groups ?? null)),
      router: JSON.stringify(ROUTER_URLS.map((u) => route(routes, u))),
    };
  };
  const expected = answers(make(ours, PROBE), ROUTES.map((args) => make(ours, args)));
  /** The current test/exec job's inputs, made before it is timed. */
  let fresh: string[] = [];
  for (const c of host.contenders) {
    const probe = make(c, PROBE);
    const routes = ROUTES.map((args) => make(c, args));
    const got = answers(probe, routes);
    const agrees = (w: "test" | "exec" | "router") => {
      if (got[w] === expected[w]) return true;
      disagree[w].push(c.name);
      return false;
    };
    if (agrees("test")) {
      jobs.push({
        workload: "test",
        contender: c,
        calls: urls.length,
        run: () => {
          const inputs = fresh;
          let acc = 0;
          for (let i = 0; i < inputs.length; i++) if (probe.test(inputs[i])) acc++;
          return acc;
        },
      });
    }
    if (agrees("exec")) {
      jobs.push({
        workload: "exec",
        contender: c,
        calls: urls.length,
        run: () => {
          const inputs = fresh;
          let acc = 0;
          for (let i = 0; i < inputs.length; i++) {
            const r = probe.exec(inputs[i]);
            if (r !== null) acc += r.pathname.groups.section!.length;
          }
          return acc;
        },
      });
    }
    if (agrees("router")) {
      // The same few URLs over and over: where caches would help, if they do.
      const mix = Array.from({ length: urls.length }, (_, i) => ROUTER_URLS[(i * 7) % ROUTER_URLS.length]);
      jobs.push({
        workload: "router",
        contender: c,
        calls: mix.length,
        run: () => {
          let acc = 0;
          for (let i = 0; i < mix.length; i++) acc += route(routes, mix[i]);
          return acc;
        },
      });
    }
    const perRound = 50;
    jobs.push({
      workload: "construct",
      contender: c,
      calls: perRound * constructorArgs("x").length,
      run: (round) => {
        let acc = 0;
        for (let k = 0; k < perRound; k++) {
          for (const args of constructorArgs(`${c.name.length}r${round}k${k}`)) {
            acc += make(c, args) === null ? 0 : 1;
          }
        }
        return acc;
      },
    });
  }

  const samples: Record<string, Record<string, number[]>> = {};
  for (const job of jobs) (samples[job.workload] ??= {})[job.contender.name] = [];
  const warmup = 2;
  for (let round = 0; round < rounds + warmup; round++) {
    host.gc();
    for (let k = 0; k < jobs.length; k++) {
      const job = jobs[(k + round) % jobs.length];
      if (job.workload === "test" || job.workload === "exec") {
        // Made before timing, for this job alone: no round or contender sees a URL another saw (no cache helps).
        fresh = freshInputs(round * 1000 + k);
      }
      const start = performance.now();
      const checksum = job.run(round);
      const elapsed = performance.now() - start;
      if (checksum <= 0) throw new Error(`${job.contender.name} ${job.workload}: checksum ${checksum}`);
      if (round >= warmup) samples[job.workload][job.contender.name].push((elapsed * 1000) / job.calls);
    }
  }
  const us: PatternBenchResult["us"] = {};
  for (const [workload, byContender] of Object.entries(samples)) {
    us[workload] = {};
    for (const [name, values] of Object.entries(byContender)) {
      us[workload][name] = Math.round(median(values) * 1000) / 1000;
    }
  }
  return { runtime: host.runtime, version: host.version, urls: urls.length, excluded, rounds, us, disagree };
}
