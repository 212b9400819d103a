/**
 * Route tables at scale, runtime-neutral: 10,000 and 100,000 routes of the shapes that made the route index's cliffs
 * (siblings sharing a first character and long prefixes, regexp groups, parameters inside a segment, virtual hosts),
 * for our URLPatternList (match(), the router's call, and route() over the same patterns), std's routeRadix over the
 * same ada-ffi patterns (where a std checkout is given: std_router.ts), find-my-way and hono. Per table and size: the time
 * to build (patterns made, list built; each router's own build), the memory per route (heap growth after a full
 * collection), and ns per lookup of the first route, the last route and a miss (medians over rounds of ~20 ms samples,
 * each lookup a loop of its own; each round starts with a full collection and 200 ms of untimed lookups). Every
 * contender's answers are checked against the list's before anything is timed.
 */
import { median } from "../common/harness.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

export interface ScaleHost {
  runtime: string;
  version: string;
  gc(): void;
  /** Bytes of the JavaScript heap in use. */
  heapUsed(): number;
  URLPattern: Any;
  URLPatternList: Any;
  route: Any;
  FindMyWay: Any;
  RegExpRouter: Any;
  TrieRouter: Any;
  /** hono's getPath(request). */
  honoGetPath: (request: { url: string }) => string;
  /** std's routeRadix, if a std checkout was found. */
  routeRadix?: Any;
}

/** One table: its routes (pathname, maybe hostname), and the requests asked of it. */
interface Table {
  name: string;
  routes: { pathname: string; hostname?: string }[];
  /** path (and query) of a request for route i, or of a miss */
  request(i: number): string;
  miss: string;
  /** whether the routers that take a path only can hold it (no hostnames) */
  pathOnly: boolean;
}

const ORIGIN = "https://api.example.com";

function tables(n: number): Table[] {
  const pad = (i: number) => String(i).padStart(String(n - 1).length, "0");
  const make = (name: string, path: (i: number) => string, request: (i: number) => string, miss: string): Table => ({
    name,
    routes: Array.from({ length: n }, (_, i) => ({ pathname: path(i) })),
    request: (i) => ORIGIN + request(i),
    miss: ORIGIN + miss,
    pathOnly: true,
  });
  return [
    make("/rN (siblings)", (i) => `/r${i}`, (i) => `/r${i}`, `/r${n}x`),
    make("/page-xxxx", (i) => `/page-${pad(i)}`, (i) => `/page-${pad(i)}`, `/page-${pad(0)}x`),
    make("/rN/:id", (i) => `/r${i}/:id`, (i) => `/r${i}/42`, `/r${n}/42`),
    make("/api/v1/rN/*", (i) => `/api/v1/r${i}/*`, (i) => `/api/v1/r${i}/a/b.css`, `/api/v1/x${n}/a`),
    make("/rN/:id(\\d+)", (i) => `/r${i}/:id(\\d+)`, (i) => `/r${i}/42`, `/r${n - 1}/x`),
    make("/rN-:id", (i) => `/r${i}-:id`, (i) => `/r${i}-42`, `/q${n}-42`),
    make("/v:version/rN", (i) => `/v:version/r${i}`, (i) => `/v2/r${i}`, `/v2/x${n}`),
    {
      name: "virtual hosts",
      routes: Array.from({ length: n }, (_, i) => ({ hostname: `h${i}.example.com`, pathname: "/" })),
      request: (i) => `https://h${i}.example.com/`,
      miss: `https://h${n}.example.com/`,
      pathOnly: false,
    },
  ];
}

/** find-my-way's and hono's path syntax: a `*` is theirs too; `:version` inside a segment is find-my-way's, hono's. */
const sliceTarget = (url: string) => url.slice(url.indexOf("/", url.indexOf(":") + 3));

export interface ScaleTableResult {
  routes: number;
  /** contender -> ms to build (for ours: "patterns" made and "URLPatternList" built) */
  buildMs: Record<string, number>;
  /** contender -> bytes of heap per route */
  bytesPerRoute: Record<string, number>;
  /** contender -> { first, last, miss } ns per lookup */
  ns: Record<string, { first: number; last: number; miss: number }>;
  /** contender -> requests (of 3 + 200 sampled) whose route differs from the list's */
  disagree: Record<string, number>;
  /** which of hono's routers ran, where it did */
  hono?: string;
}

export interface ScaleResult {
  runtime: string;
  version: string;
  rounds: number;
  tables: Record<string, ScaleTableResult>;
}

type Lookup = (url: string) => number;

function timed<T>(f: () => T): [T, number] {
  const start = performance.now();
  const value = f();
  return [value, performance.now() - start];
}

/** Builds a contender under a full collection before and after: its time and its heap growth per route. */
function build<T>(host: ScaleHost, routes: number, f: () => T): { value: T; ms: number; bytesPerRoute: number } {
  host.gc();
  const before = host.heapUsed();
  const [value, ms] = timed(f);
  host.gc();
  return { value, ms, bytesPerRoute: Math.max(0, (host.heapUsed() - before) / routes) };
}

/** A timing loop of its own per contender and request (new Function: no call site shared). */
function loopFor(): (lookup: Lookup, url: string, count: number) => number {
  return new Function(
    "lookup",
    "url",
    "count",
    "let acc = 0; for (let i = 0; i < count; i++) acc += lookup(url) + 2; return acc;",
  ) as (lookup: Lookup, url: string, count: number) => number;
}

export function runScaleBench(host: ScaleHost, sizes: number[], rounds: number): ScaleResult {
  const out: ScaleResult = { runtime: host.runtime, version: host.version, rounds, tables: {} };
  for (const n of sizes) {
    for (const table of tables(n)) {
      const key = `${table.name} × ${n.toLocaleString("en-US")}`;
      console.error(`  ${host.runtime}: ${key}`);
      const buildMs: Record<string, number> = {};
      const bytesPerRoute: Record<string, number> = {};
      const lookups: Record<string, Lookup> = {};
      let honoRouter: string | undefined;
      const patterns = build(host, n, () => table.routes.map((r) => new host.URLPattern(r)));
      buildMs["patterns"] = patterns.ms;
      bytesPerRoute["patterns"] = patterns.bytesPerRoute;
      const list = build(host, n, () => new host.URLPatternList(patterns.value));
      buildMs["URLPatternList"] = list.ms;
      bytesPerRoute["URLPatternList"] = list.bytesPerRoute;
      lookups["URLPatternList match"] = (url) => list.value.match(url)?.index ?? -1;
      const routes = patterns.value.map((pattern: Any, i: number) => ({ pattern, handler: () => i }));
      const ours = build(host, n, () => host.route(routes, () => -1));
      buildMs["route()"] = ours.ms;
      bytesPerRoute["route()"] = ours.bytesPerRoute;
      lookups["route()"] = (url) => ours.value({ url, method: "GET" });
      if (host.routeRadix !== undefined) {
        const radix = build(host, n, () => host.routeRadix(routes, () => -1));
        buildMs["std routeRadix"] = radix.ms;
        bytesPerRoute["std routeRadix"] = radix.bytesPerRoute;
        lookups["std routeRadix"] = (url) => radix.value({ url, method: "GET" });
      }
      if (table.pathOnly) {
        const fmw = build(host, n, () => {
          const router = host.FindMyWay();
          table.routes.forEach((r, i) => router.on("GET", r.pathname, () => {}, { i }));
          return router;
        });
        buildMs["find-my-way"] = fmw.ms;
        bytesPerRoute["find-my-way"] = fmw.bytesPerRoute;
        lookups["find-my-way"] = (url) => fmw.value.find("GET", sliceTarget(url))?.store.i ?? -1;
        // hono's RegExpRouter (what its default router picks first) takes 15-45 s to compile 10,000 parametric routes
        // here, more than that at 100,000: past 10,000 routes hono is its TrieRouter (what it falls back to).
        const hono = build(host, n, () => {
          let router = n > 10_000 ? new host.TrieRouter() : new host.RegExpRouter();
          try {
            table.routes.forEach((r, i) => router.add("GET", r.pathname, i));
            router.match("GET", "/"); // RegExpRouter compiles on the first match, and refuses some tables then
          } catch {
            router = new host.TrieRouter();
            table.routes.forEach((r, i) => router.add("GET", r.pathname, i));
          }
          return router;
        });
        honoRouter = hono.value instanceof host.TrieRouter ? "TrieRouter" : "RegExpRouter";
        buildMs["hono"] = hono.ms;
        bytesPerRoute["hono"] = hono.bytesPerRoute;
        lookups["hono"] = (url) => {
          const [handlers] = hono.value.match("GET", host.honoGetPath({ url }));
          return handlers.length === 0 ? -1 : handlers[0][0];
        };
      }
      // The answers first: the first, the last, a miss, and 200 routes spread over the table.
      const checked = [table.request(0), table.request(n - 1), table.miss];
      for (let k = 0; k < 200; k++) checked.push(table.request((k * 7919) % n));
      const expected = checked.map(lookups["URLPatternList match"]);
      if (expected[0] !== 0 || expected[1] !== n - 1 || expected[2] !== -1) {
        throw new Error(`${key}: URLPatternList answered ${expected.slice(0, 3)}`);
      }
      const disagree: Record<string, number> = {};
      for (const name of Object.keys(lookups)) {
        disagree[name] = checked.filter((url, k) => lookups[name](url) !== expected[k]).length;
      }
      const requests = { first: table.request(0), last: table.request(n - 1), miss: table.miss };
      const samples: Record<string, Record<string, number[]>> = {};
      const jobs: {
        name: string;
        which: "first" | "last" | "miss";
        loop: ReturnType<typeof loopFor>;
        count: number;
      }[] = [];
      for (const name of Object.keys(lookups)) {
        samples[name] = { first: [], last: [], miss: [] };
        for (const which of ["first", "last", "miss"] as const) {
          // About 10 ms a sample: 2,000 lookups where one takes microseconds, a few where one takes milliseconds.
          const loop = loopFor();
          // Calls per sample: ~20 ms of them (the first few thousand calls run before the per-call time is taken).
          const [, once] = timed(() => loop(lookups[name], requests[which], 3));
          const warm = Math.max(3, Math.min(5000, Math.ceil(20 / Math.max(once / 3, 1e-6))));
          const [, ms] = timed(() => loop(lookups[name], requests[which], warm));
          const count = Math.max(3, Math.min(200_000, Math.ceil((20 * warm) / Math.max(ms, 1e-3))));
          jobs.push({ name, which, loop, count });
        }
      }
      for (let round = 0; round < rounds + 2; round++) {
        host.gc();
        // Then ~200 ms of untimed lookups: V8 sweeps the heap a full collection leaves concurrently, and with 100,000
        // routes (a 400 MB heap) every lookup ran up to 2-3x slower until it was done (Node 26; a 100-route list in
        // the same heap alike: the sweeping, not the table's size). Without this the first jobs of each round paid it.
        const settle = jobs[round % jobs.length];
        for (const end = performance.now() + 200; performance.now() < end;) {
          settle.loop(lookups[settle.name], requests[settle.which], Math.max(1, settle.count >> 3));
        }
        for (let j = 0; j < jobs.length; j++) {
          const job = jobs[(j + round) % jobs.length];
          const count = job.count;
          // Untimed calls first (a quarter of a sample): what the contender before left (a collection under way,
          // code to re-optimize) is not this one's time.
          job.loop(lookups[job.name], requests[job.which], Math.max(1, count >> 2));
          const [acc, ms] = timed(() => job.loop(lookups[job.name], requests[job.which], count));
          if (!(acc > 0)) throw new Error(`${job.name}: checksum ${acc}`);
          if (round >= 2) samples[job.name][job.which].push((ms * 1e6) / count);
        }
      }
      const ns: ScaleTableResult["ns"] = {};
      for (const name of Object.keys(lookups)) {
        ns[name] = {
          first: Math.round(median(samples[name].first)),
          last: Math.round(median(samples[name].last)),
          miss: Math.round(median(samples[name].miss)),
        };
      }
      out.tables[key] = { routes: n, buildMs, bytesPerRoute, ns, disagree, hono: honoRouter };
    }
  }
  return out;
}
