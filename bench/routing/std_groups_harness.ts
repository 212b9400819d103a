/**
 * The groups of std's own router benchmark (`http/unstable_route_bench.ts`: static first/last in a small and a large
 * table, misses, one and two params, a method miss, a wildcard, the complex fallbacks), runtime-neutral: the same
 * route tables and requests, each router called with a `Request` as a server would, synchronously (every handler
 * here returns its Response). Contenders: std's routeLinear and routeRadix and our route(), over the runtime's own
 * URLPattern objects (what std's users construct; where the runtime has one) and over ada-ffi's. The routers' own time
 * is each group's time minus its handler's alone (`new Response("ok")`, or the default handler's 404), timed in the
 * same run; medians over rounds, contenders interleaved in a rotating order, a full collection between rounds.
 */
import { median } from "../common/harness.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

export interface StdGroupsHost {
  runtime: string;
  version: string;
  gc(): void;
  /** ada-ffi's URLPattern and route. */
  URLPattern: Any;
  route: Any;
  /** The runtime's own URLPattern, or undefined. */
  builtInURLPattern: Any;
  /** std's routers, or undefined where no checkout was found. */
  routeLinear?: Any;
  routeRadix?: Any;
}

const OK = new Response("ok");
const NOT_FOUND = new Response("Not Found", { status: 404 });
const noop = () => OK;
const notFound = () => NOT_FOUND;

type RouteSpec = [pathname: string, method?: string];

// The tables of std's benchmark, as route specs: pathname and method.
const SMALL: RouteSpec[] = [["/"], ["/about"], ["/contact"], ["/blog"], ["/faq"]];
const LARGE: RouteSpec[] = [
  ...SMALL,
  ...["pricing", "terms", "privacy", "login", "signup", "dashboard", "settings", "profile", "search", "help", "status"]
    .map((p): RouteSpec => [`/${p}`]),
  ["/changelog"],
  ["/docs"],
  ["/api"],
  ["/health"],
];
const MIXED: RouteSpec[] = [
  ["/health"],
  ["/users", "GET"],
  ["/users", "POST"],
  ["/users/:id", "GET"],
  ["/users/:id", "PUT"],
  ["/users/:id", "DELETE"],
  ["/posts", "GET"],
  ["/posts/:id", "GET"],
  ["/posts/:id/comments", "GET"],
  ["/posts/:id/comments/:cid", "GET"],
  ["/static/*"],
];
const COMPLEX: RouteSpec[] = [["/books/:id(\\d+)"], ["/books/:slug"], ["/file{.:ext}?"], ["/static/*.js"]];

/** std's groups: name, table, request URL, method, and whether a route answers (else the default handler). */
export const GROUPS: { name: string; table: RouteSpec[]; url: string; method?: string; hit: boolean }[] = [
  { name: "static first, small table", table: SMALL, url: "http://example.com/", hit: true },
  { name: "static last, small table", table: SMALL, url: "http://example.com/faq", hit: true },
  { name: "static last, large table", table: LARGE, url: "http://example.com/health", hit: true },
  { name: "static miss, small table", table: SMALL, url: "http://example.com/not-found", hit: false },
  { name: "static miss, large table", table: LARGE, url: "http://example.com/not-found", hit: false },
  { name: "one param", table: MIXED, url: "http://example.com/users/42", hit: true },
  { name: "two params", table: MIXED, url: "http://example.com/posts/7/comments/3", hit: true },
  { name: "method miss", table: MIXED, url: "http://example.com/users/42", method: "PATCH", hit: false },
  { name: "wildcard", table: MIXED, url: "http://example.com/static/assets/logo.png", hit: true },
  { name: "complex: regexp constraint", table: COMPLEX, url: "http://example.com/books/123", hit: true },
  { name: "complex: optional group", table: COMPLEX, url: "http://example.com/file.ts", hit: true },
  { name: "complex: inline wildcard", table: COMPLEX, url: "http://example.com/static/app.js", hit: true },
];

export interface StdGroupResult {
  /** contender -> the router's own ns per request (the handler's alone subtracted) */
  own: Record<string, number>;
  /** contender -> ns per request, handler included */
  total: Record<string, number>;
  /** the handler alone (the route's or the default one) */
  handler: number;
}

export interface StdGroupsResult {
  runtime: string;
  version: string;
  rounds: number;
  /** where std came from, or why its columns are missing */
  std: string;
  groups: Record<string, StdGroupResult>;
}

type Call = (request: Request) => Response;

/** A timing loop of its own per contender and group. */
function loopFor(): (call: Call, request: Request, count: number) => number {
  return new Function(
    "call",
    "request",
    "count",
    "let acc = 0; for (let i = 0; i < count; i++) acc += call(request).status; return acc;",
  ) as (call: Call, request: Request, count: number) => number;
}

function routesOf(table: RouteSpec[], Pattern: Any): Any[] {
  return table.map(([pathname, method]) => ({
    pattern: new Pattern({ pathname }),
    ...(method === undefined ? {} : { method }),
    handler: noop,
  }));
}

/** A turn of the event loop between rounds: what the runtime defers to it (Node's reclaimed Responses) runs there. */
const turn = () => new Promise((resolve) => setTimeout(resolve, 0));

export async function runStdGroups(host: StdGroupsHost, stdSource: string, rounds: number): Promise<StdGroupsResult> {
  const out: StdGroupsResult = { runtime: host.runtime, version: host.version, rounds, std: stdSource, groups: {} };
  for (const group of GROUPS) {
    const contenders: Record<string, Call> = {};
    const kinds: [string, Any][] = [["ada-ffi patterns", host.URLPattern]];
    if (host.builtInURLPattern !== undefined) kinds.unshift(["runtime patterns", host.builtInURLPattern]);
    for (const [kind, Pattern] of kinds) {
      const routes = routesOf(group.table, Pattern);
      contenders[`route(), ${kind}`] = host.route(routes, notFound);
      if (host.routeRadix !== undefined) contenders[`std routeRadix, ${kind}`] = host.routeRadix(routes, notFound);
      if (host.routeLinear !== undefined) contenders[`std routeLinear, ${kind}`] = host.routeLinear(routes, notFound);
    }
    contenders["handler alone"] = group.hit ? noop : notFound;
    const request = new Request(group.url, group.method === undefined ? {} : { method: group.method });
    const expected = group.hit ? 200 : 404;
    for (const [name, call] of Object.entries(contenders)) {
      const status = call(request).status;
      if (status !== expected) throw new Error(`${group.name}: ${name} answered ${status}, not ${expected}`);
    }
    const names = Object.keys(contenders);
    const jobs = names.map((name) => ({ name, loop: loopFor(), count: 2000 }));
    const samples: Record<string, number[]> = {};
    for (const name of names) samples[name] = [];
    // Calls per sample, per contender: ~20 ms of its calls (measured after a first warm-up), at least 2,000.
    for (const job of jobs) {
      job.loop(contenders[job.name], request, 2000);
      const start = performance.now();
      job.loop(contenders[job.name], request, 2000);
      const ms = performance.now() - start;
      job.count = Math.max(2000, Math.min(500_000, Math.ceil((2000 * 20) / Math.max(ms, 0.01))));
    }
    for (let round = 0; round < rounds + 2; round++) {
      await turn();
      host.gc();
      for (let j = 0; j < jobs.length; j++) {
        const job = jobs[(j + round) % jobs.length];
        // Untimed calls first: after a full collection, or after contenders over the other kind of pattern, V8
        // runs the next few thousand calls slower (Deno's URLPattern exec re-optimized: 3,000 calls at 2-3x), and
        // that cost would land on whichever contender comes next in the rotation.
        job.loop(contenders[job.name], request, job.count >> 1);
        const start = performance.now();
        const acc = job.loop(contenders[job.name], request, job.count);
        const ms = performance.now() - start;
        if (acc !== expected * job.count) throw new Error(`${job.name}: checksum ${acc}`);
        if (round >= 2) samples[job.name].push((ms * 1e6) / job.count);
      }
    }
    const handler = median(samples["handler alone"]);
    const own: Record<string, number> = {};
    const total: Record<string, number> = {};
    for (const name of names) {
      if (name === "handler alone") continue;
      total[name] = Math.round(median(samples[name]));
      own[name] = Math.round(Math.max(1, median(samples[name]) - handler));
    }
    out.groups[group.name] = { own, total, handler: Math.round(handler) };
  }
  return out;
}
