/**
 * Generated route sets for URLPatternList's differential tests: router-like patterns (plain `:name` routes the
 * index narrows exactly, and regexp groups, optional and repeated parts, wildcards, ignoreCase, hostname, protocol
 * and search constraints it cannot), overlapping so that order decides, and requests made from them (filled-in
 * routes, percent-encoded and dot-segment paths, misses, invalid URLs) in every input form. Plain JSON, so another
 * implementation (Node 26's built-in URLPattern, in a child process) can run the same cases; URL objects are
 * written `{ $url: href, $kind: "ours" | "builtin" }`.
 * Also the loop both sides run, so they compute the same normalized answers.
 */
import { random } from "./hostile.ts";

export interface RouteSetCase {
  /** Each pattern's constructor arguments. */
  patterns: unknown[][];
  /** Each request's test()/exec() arguments. */
  requests: unknown[][];
}

const LITERALS = [
  "users",
  "books",
  "api",
  "v1",
  "files",
  "static",
  "a",
  "b",
  "me",
  "new",
  "Users",
  "café",
  "a.b",
  "x-y",
];
const PARAMS = [":id", ":name", ":slug", ":ünï"];
/** Pathname pieces the index cannot narrow, each with a value it matches. */
const COMPLEX: [string, string][] = [
  [":id(\\d+)", "42"],
  ["*", "x/y"],
  [":x?", "opt"],
  [":p+", "r/s"],
  [":p*", "t"],
  ["(foo|bar)", "bar"],
  ["{a-}?b", "a-b"],
  [":name.html", "index.html"],
  ["v:ver(\\d+)", "v12"],
  [":x([a-z]+)", "abc"],
  ["{:x}?", "q"],
  ["*.png", "logo.png"],
  [":x(.*)", "any/thing"],
];
const VALUES = ["42", "me", "abc", "x%20y", "%E2%82%AC", "ä", "a.html", "v12", "foo", "bar", "a-b", "b", "users", "Me"];
const HOSTS = ["example.com", "a.example.com", "other.org", "EXAMPLE.com", "127.0.0.1"];
const HOST_PATTERNS = ["example.com", "*.example.com", ":sub.example.com", "other.org", "{:sub.}?example.com"];
const PROTOCOL_PATTERNS = ["http", "https", "http{s}?", "(wss?)"];
const SCHEMES = ["https", "https", "https", "http", "wss", "foo"];
const INVALID = ["http://[", "https://exa mple.com/", "relative/path", "", "http://a:b:c/", "//users"];

/** Route sets of `count` patterns (each a mix by its own flavour) with `requestCount` requests each. */
export function routeSetCases(seed: number, sets: number, count: number, requestCount: number): RouteSetCase[] {
  const rand = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];
  const cases: RouteSetCase[] = [];
  for (let s = 0; s < sets; s++) {
    // Flavours: how often a segment is complex, and how often a route constrains more than its pathname.
    const complexShare = pick([0, 0.05, 0.15, 0.4]);
    const constrainedShare = pick([0, 0.1, 0.3]);
    const ignoreCaseShare = pick([0, 0, 0.1, 0.3]);
    const routes: { segments: [string, string][]; tail: boolean; ignoreCase: boolean }[] = [];
    const patterns: unknown[][] = [];
    for (let i = 0; i < count; i++) {
      let segments: [string, string][];
      if (routes.length > 0 && rand() < 0.2) {
        // Overlap: an earlier route with one segment turned literal, or the same pathname constrained differently.
        segments = routes[Math.floor(rand() * routes.length)].segments.map((x): [string, string] =>
          rand() < 0.3 ? [pick(LITERALS), ""] : x
        );
      } else {
        segments = Array.from({ length: Math.floor(rand() * 5) }, (): [string, string] => {
          const r = rand();
          if (r < complexShare) return pick(COMPLEX);
          return r < complexShare + (1 - complexShare) * 0.6 ? [pick(LITERALS), ""] : [pick(PARAMS), ""];
        });
      }
      const tail = rand() < 0.1;
      const pathname = (segments.length === 0 && !tail ? "/" : segments.map(([p]) => "/" + p).join("")) +
        (tail ? "/*" : "");
      const ignoreCase = rand() < ignoreCaseShare;
      routes.push({ segments, tail, ignoreCase });
      const options = ignoreCase ? [{ ignoreCase: true }] : [];
      const form = rand();
      if (rand() < constrainedShare) {
        const init: Record<string, string> = { pathname };
        const what = rand();
        if (what < 0.5) init.hostname = pick(HOST_PATTERNS);
        else if (what < 0.75) init.protocol = pick(PROTOCOL_PATTERNS);
        else if (what < 0.9) init.search = pick(["q=:q", "", "*"]);
        else init.port = pick(["8080", ""]);
        patterns.push([init, ...options]);
      } else if (form < 0.75) {
        patterns.push([{ pathname }, ...options]);
      } else if (form < 0.9) {
        patterns.push([`https://${pick(HOST_PATTERNS)}${pathname}`, ...options]);
      } else if (form < 0.97) {
        patterns.push([pathname.slice(1), "https://example.com/", ...options]);
      } else {
        patterns.push([{ pathname: "" }]); // an empty pathname: only dictionary inputs without one match
      }
    }
    const requests: unknown[][] = [];
    for (let k = 0; k < requestCount; k++) {
      const route = pick(routes);
      let path = route.segments.map(([p, v]) => {
        if (v !== "") return "/" + v;
        const literal = p[0] !== ":";
        const value = literal ? p : pick(VALUES);
        return "/" + (route.ignoreCase && rand() < 0.4 ? value.toUpperCase() : value);
      }).join("") + (route.tail ? pick(["/", "/rest", "/rest/of/it"]) : "");
      if (path === "") path = "/";
      const noise = rand();
      if (noise < 0.08) path = "/users/.." + path;
      else if (noise < 0.14) path = path.replace(/\/([^/]*)$/, "/./$1");
      else if (noise < 0.2) path = path.replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`);
      else if (noise < 0.26) path += "/";
      else if (noise < 0.3) path = "/" + pick(VALUES) + path;
      else if (noise < 0.34) path = path.replace(/\//g, "\\");
      const query = rand() < 0.2 ? pick(["?q=1", "?x", "?"]) : "";
      const hash = rand() < 0.1 ? pick(["#h", "#"]) : "";
      const host = pick(HOSTS);
      const scheme = pick(SCHEMES);
      const absolute = `${scheme}://${host}${rand() < 0.05 ? ":8080" : ""}${path}${query}${hash}`;
      const form = rand();
      if (form < 0.5) requests.push([absolute]);
      else if (form < 0.6) requests.push([path.slice(1) + query, `https://${host}/base/`]);
      else if (form < 0.72) {
        const init: Record<string, string> = { pathname: path };
        if (rand() < 0.5) init.hostname = host;
        if (rand() < 0.3) init.protocol = scheme;
        if (rand() < 0.2) init.search = "q=1";
        if (rand() < 0.1) init.baseURL = `https://${host}/d/`;
        requests.push([init]);
      } else if (form < 0.82) requests.push([{ $url: absolute, $kind: "ours" }]);
      else if (form < 0.9) requests.push([{ $url: absolute, $kind: "builtin" }]);
      else if (form < 0.96) requests.push([pick(INVALID)]);
      else requests.push(pick([[], [{}], [absolute, undefined]]));
    }
    cases.push({ patterns, requests });
  }
  return cases;
}

const COMPONENTS = ["protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"];

/** An exec() result as JSON can carry it: undefined groups marked, group order as given or (`sortGroups`) sorted. */
export function normalizeResult(r: Record<string, unknown> | null, sortGroups: boolean): unknown {
  if (r === null) return null;
  const entries = (groups: Record<string, unknown>) => {
    const list = Object.entries(groups).map(([k, v]) => [k, v === undefined ? "(undefined)" : v]);
    return sortGroups ? list.sort() : list;
  };
  return {
    keys: Object.keys(r),
    inputs: (r.inputs as unknown[]).map((input) =>
      typeof input === "string" ? input : Object.entries(input as object).sort()
    ),
    components: COMPONENTS.map((name) => {
      const { input, groups } = r[name] as { input: string; groups: Record<string, unknown> };
      return [input, entries(groups)];
    }),
  };
}

/** A request's arguments with its URL objects made: ours from `OurURL`, built-in ones from `BuiltInURL`. */
export function requestArgs(args: unknown[], OurURL: new (s: string) => unknown, BuiltInURL: unknown): unknown[] {
  return args.map((a) => {
    if (typeof a !== "object" || a === null || !("$url" in a)) return a;
    const { $url, $kind } = a as { $url: string; $kind: string };
    const Class = ($kind === "ours" ? OurURL : BuiltInURL) as new (s: string) => unknown;
    try {
      return new Class($url);
    } catch {
      return { pathname: "/not-a-url" };
    }
  });
}

type Pattern = {
  test(...args: unknown[]): boolean;
  exec(...args: unknown[]): Record<string, unknown> | null;
};

/** What the loop users write answers: per request, test()'s answer and the first exec() match (or the error). */
export function loopAnswers(
  patterns: Pattern[],
  requests: unknown[][],
  sortGroups: boolean,
): { test: unknown; index: number | string; result: unknown }[] {
  return requests.map((args) => {
    let test: unknown = false;
    try {
      test = patterns.some((p) => p.test(...args));
    } catch (error) {
      test = errorName(error);
    }
    try {
      for (let i = 0; i < patterns.length; i++) {
        const r = patterns[i].exec(...args);
        if (r !== null) return { test, index: i, result: normalizeResult(r, sortGroups) };
      }
      return { test, index: -1, result: null };
    } catch (error) {
      return { test, index: errorName(error), result: null };
    }
  });
}

export function errorName(error: unknown): string {
  const code = (error as { code?: unknown })?.code;
  return `${(error as Error)?.name}${typeof code === "string" ? ` ${code}` : ""}`;
}
