/**
 * The routing benchmark, runtime-neutral: ns per lookup of a full request URL string on route sets of ~12, ~140
 * and ~1,000 routes (bench/data/routes/, PROVENANCE.md there), for our URLPatternList, the loop over our
 * URLPattern, the loop over the runtime's built-in URLPattern (where it has one), find-my-way, hono's RegExpRouter
 * (its TrieRouter where RegExpRouter refuses the set) and rou3; and URLPatternList on the WebAssembly backend
 * (`ada-ffi/wasm`, "URLPatternList wasm", exec as "URLPatternList"), where the entry brings it. Each contender has its own compiled timing loop;
 * contenders are interleaved, order rotated every round, garbage collected between rounds; medians over rounds.
 *
 * Methods are ignored by every contender: each distinct path is one route (registered as GET for the routers).
 * Each router gets the path the way a server using it does: find-my-way the request target (path and query, what
 * Node's HTTP server hands Fastify as req.url), sliced from the URL string here, its find() then cutting the query
 * and decoding; hono's own getPath() cuts the path from the request's URL; rou3 (no URL handling of its own; srvx,
 * under h3, slices the pathname from the URL string) gets the pathname sliced here. (find-my-way's find() also
 * takes an absolute URL, but then parses it whole with the runtime's URL.parse, which fails on Deno when detached.)
 * Our side gets `{ pathname }` URLPatterns and the URL string, parsed as the standard says.
 */
import { readFileSync } from "node:fs";
import { median } from "../common/harness.ts";

type Lookup = (url: string) => number;
// deno-lint-ignore no-explicit-any
type Any = any;

export interface RoutingHost {
  runtime: string;
  version: string;
  gc(): void;
  URLPattern: Any;
  URLPatternList: Any;
  /** URLPatternList of `ada-ffi/wasm` (another module graph than URLPatternList's: checkTwoBackends), if measured. */
  wasmURLPatternList?: Any;
  /** globalThis.URLPattern before anything could install one, or undefined. */
  builtInURLPattern: Any;
  FindMyWay: Any;
  RegExpRouter: Any;
  TrieRouter: Any;
  rou3: { createRouter: Any; addRoute: Any; findRoute: Any };
  /** hono's getPath(request): hono/dist/utils/url.js (not in hono's exports map). */
  honoGetPath: (request: { url: string }) => string;
}

export interface RouteSet {
  name: string;
  paths: string[];
}

export interface RoutingSetResult {
  routes: number;
  /** contender -> median ns per lookup */
  ns: Record<string, number>;
  /** what "hono" is on this set */
  hono: string;
  /** contender -> requests (of the first round's) whose matched route differs from the list's */
  disagree: Record<string, number>;
  requests: number;
}

export interface RoutingResult {
  runtime: string;
  version: string;
  rounds: number;
  sets: Record<string, RoutingSetResult>;
}

const ORIGIN = "https://api.example.com";

/** The ~1,000-route set: every path under each prefix (PROVENANCE.md). */
function prefixed(paths: string[]): string[] {
  const out: string[] = [];
  for (const prefix of ["", "/v2", "/v3", "/beta", "/enterprise", "/internal", "/preview"]) {
    for (const path of paths) out.push(prefix + path);
  }
  return out;
}

/** Distinct paths in first-seen order (methods ignored). */
function distinctPaths(file: string): string[] {
  const routes = JSON.parse(readFileSync(file, "utf8")) as { path: string }[];
  return [...new Set(routes.map((r) => r.path))];
}

/** The three route sets, read from bench/data/routes/ (run from the repository root). */
export function routeSets(): RouteSet[] {
  const github = distinctPaths("bench/data/routes/github-api.json");
  return [
    { name: "router-benchmark", paths: distinctPaths("bench/data/routes/router-benchmark.json") },
    { name: "github-api", paths: github },
    { name: "github-api x7", paths: prefixed(github) },
  ];
}

/** `<entry> [rounds]`: the rounds (default 9). */
export function routingRounds(argv: string[]): number {
  const rounds = Number(argv.find((a) => !a.startsWith("-")) ?? 9);
  if (!(rounds >= 1)) throw new Error("usage: <routing bench entry> [rounds]");
  return rounds;
}

/**
 * `count` request URLs made from the routes, none repeated for a different `salt`: parameters get values made of
 * the salt and the request number; every tenth request is a miss (a segment no route has).
 */
export function requestsFor(paths: string[], salt: number, count: number): string[] {
  const urls: string[] = [];
  for (let i = 0; i < count; i++) {
    const path = paths[(i * 7919 + salt * 31) % paths.length];
    const value = `${(salt * 100_003 + i).toString(36)}`;
    let filled = path.replace(/:(\w+)/g, (_, name: string) => `${name[0]}${value}`).replace(/\*$/, `f/${value}.css`);
    if (i % 10 === 9) filled = `/zz${value}${filled}`;
    urls.push(ORIGIN + filled + (i % 4 === 3 ? `?page=${i}` : ""));
  }
  return urls;
}

/** rou3 and the routers' param syntax: `*` at the end is rou3's `**`. */
const rou3Path = (path: string) => path.replace(/\*$/, "**");

/** The pathname of a URL string, sliced (what rou3 is handed). */
function slicePathname(url: string): string {
  const start = url.indexOf("/", url.indexOf(":") + 3);
  let end = url.indexOf("?", start);
  if (end === -1) end = url.length;
  const hash = url.indexOf("#", start);
  return url.slice(start, hash !== -1 && hash < end ? hash : end);
}

/** The request target (path and query) of a URL string, sliced (what an HTTP server hands find-my-way). */
function sliceTarget(url: string): string {
  return url.slice(url.indexOf("/", url.indexOf(":") + 3));
}

/** The contenders' lookups for one route set: each returns the matched route's number, or -1. */
function lookups(host: RoutingHost, paths: string[]): { lookups: Record<string, Lookup>; hono: string } {
  const list = new host.URLPatternList(paths.map((pathname) => ({ pathname })));
  const ours = paths.map((pathname) => new host.URLPattern({ pathname }));
  const result: Record<string, Lookup> = {};
  result["URLPatternList"] = (url) => {
    const match = list.exec(url);
    return match === null ? -1 : match.index;
  };
  if (host.wasmURLPatternList !== undefined) {
    const wasmList = new host.wasmURLPatternList(paths.map((pathname) => ({ pathname })));
    result["URLPatternList wasm"] = (url) => {
      const match = wasmList.exec(url);
      return match === null ? -1 : match.index;
    };
  }
  result["URLPatternList test"] = (url) => (list.test(url) ? 1 : -1);
  result["URLPatternList match"] = (url) => {
    const match = list.match(url);
    return match === null ? -1 : match.index;
  };
  // Preparing the input alone, as the list does it (the canonical scan, or ada's parse for the rest): a pattern that
  // matches everything (its test() checks nothing after that).
  const everything = new host.URLPattern({});
  result["input"] = (url) => (everything.test(url) ? 1 : -1);
  result["our URLPattern loop"] = (url) => {
    for (let i = 0; i < ours.length; i++) if (ours[i].exec(url) !== null) return i;
    return -1;
  };
  if (host.builtInURLPattern !== undefined) {
    const builtIn = paths.map((pathname) => new host.builtInURLPattern({ pathname }));
    result["built-in URLPattern loop"] = (url) => {
      for (let i = 0; i < builtIn.length; i++) if (builtIn[i].exec(url) !== null) return i;
      return -1;
    };
  }
  const fmw = host.FindMyWay();
  paths.forEach((path, i) => fmw.on("GET", path, () => {}, { i }));
  result["find-my-way"] = (url) => {
    const found = fmw.find("GET", sliceTarget(url));
    return found === null ? -1 : found.store.i;
  };
  let hono = "RegExpRouter";
  let router = new host.RegExpRouter();
  try {
    paths.forEach((path, i) => router.add("GET", path, i));
    router.match("GET", "/"); // RegExpRouter compiles on the first match, and refuses some sets then
  } catch {
    hono = "TrieRouter (RegExpRouter refused the set)";
    router = new host.TrieRouter();
    paths.forEach((path, i) => router.add("GET", path, i));
  }
  // Both routers answer every matching handler in the order added: the first is the loop's answer.
  result["hono"] = (url) => {
    const [handlers] = router.match("GET", host.honoGetPath({ url }));
    return handlers.length === 0 ? -1 : handlers[0][0];
  };
  const r3 = host.rou3.createRouter();
  paths.forEach((path, i) => host.rou3.addRoute(r3, "GET", rou3Path(path), i));
  const findRoute = host.rou3.findRoute;
  result["rou3"] = (url) => {
    const found = findRoute(r3, "GET", slicePathname(url));
    return found === undefined ? -1 : found.data;
  };
  return { lookups: result, hono };
}

/** A timing loop of its own for each contender (new Function: no call site is shared between contenders). */
function timingLoop(): (lookup: Lookup, urls: string[]) => number {
  return new Function(
    "lookup",
    "urls",
    "let acc = 0; for (let i = 0; i < urls.length; i++) acc += lookup(urls[i]) + 2; return acc;",
  ) as (lookup: Lookup, urls: string[]) => number;
}

/** Lookups a round: loops get fewer requests on large sets (each request costs them a pass over all routes). */
function requestCount(name: string, routes: number): number {
  return name.includes("loop") ? Math.max(20, Math.min(2000, Math.floor(100_000 / routes))) : 2000;
}

export function runRoutingBench(host: RoutingHost, sets: RouteSet[], rounds: number): RoutingResult {
  const out: RoutingResult = { runtime: host.runtime, version: host.version, rounds, sets: {} };
  for (const set of sets) {
    const { lookups: byName, hono } = lookups(host, set.paths);
    const names = Object.keys(byName);
    // Which route each contender answers, against the list's (first-match order vs most specific, decoding).
    const check = requestsFor(set.paths, 0, 500);
    const expected = check.map(byName["URLPatternList"]);
    const disagree: Record<string, number> = {};
    for (const name of names) {
      if (name === "URLPatternList test" || name === "input") continue;
      const got = check.map(byName[name]);
      disagree[name] = got.filter((g, i) => g !== expected[i]).length;
    }
    const jobs = names.map((name, k) => ({ name, k, loop: timingLoop(), count: requestCount(name, set.paths.length) }));
    const samples: Record<string, number[]> = {};
    for (const name of names) samples[name] = [];
    const warmup = 2;
    for (let round = 0; round < rounds + warmup; round++) {
      host.gc();
      for (let j = 0; j < jobs.length; j++) {
        const job = jobs[(j + round) % jobs.length];
        const urls = requestsFor(set.paths, 1 + round * 64 + job.k, job.count); // fresh for every job and round
        const start = performance.now();
        const checksum = job.loop(byName[job.name], urls);
        const elapsed = performance.now() - start;
        if (!(checksum > 0)) throw new Error(`${job.name}: checksum ${checksum}`);
        if (round >= warmup) samples[job.name].push((elapsed * 1e6) / urls.length);
      }
    }
    const ns: Record<string, number> = {};
    for (const name of names) ns[name] = Math.round(median(samples[name]));
    out.sets[set.name] = { routes: set.paths.length, ns, hono, disagree, requests: check.length };
  }
  return out;
}
