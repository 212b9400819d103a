/**
 * Generated route sets for URLPatternList's differential tests: router-like patterns (plain `:name` routes the
 * index narrows exactly, and regexp groups, optional and repeated parts, wildcards, ignoreCase, hostname, protocol
 * and search constraints it cannot), overlapping so that order decides, and requests made from them (filled-in
 * routes, percent-encoded and dot-segment paths, misses, invalid URLs) in every input form. Plain JSON, so another
 * implementation (Node 26's built-in URLPattern, in a child process) can run the same cases; URL objects are
 * written `{ $url: href, $kind: "ours" | "builtin" }`.
 * What the audit of issue 34 found the generator lacked is here too: group names that are Object.prototype's
 * members (`__proto__`), non-ASCII or invalid (a digit first); escaped and percent-encoded literals; a slow pathname
 * RegExp behind a protocol or hostname that rules the request out (SLOW_*: answered in microseconds in the
 * standard's component order, seconds with the pathname first); and patterns to be made with the runtime's own
 * URLPattern (`builtin`).
 * Also the loop both sides run, so they compute the same normalized answers.
 */
import { random } from "./hostile.ts";

export interface RouteSetCase {
  /** Each pattern's constructor arguments. */
  patterns: unknown[][];
  /** Each request's test()/exec() arguments. */
  requests: unknown[][];
  /** The patterns (indices) to make with the runtime's own URLPattern where it has one (none is slow). */
  builtin: number[];
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
/** Group names a record with Object.prototype mishandles, non-ASCII ones, and invalid ones (a digit first). */
const ODD_NAMES = [
  "__proto__",
  "constructor",
  "toString",
  "hasOwnProperty",
  "valueOf",
  "__defineGetter__",
  "prototype",
  "length",
  "then",
  "名前",
  "café",
  "Ωmega",
  "_",
  "$",
  "$1",
  "a1",
];
const NAME_START = "abcxyzXYZ_$éñΩ名";
const NAME_PART = "abc019_$éß名";
/** Literals written with escapes or percent-encoding, each with a request segment it matches. */
const ESCAPED_LITERALS: [string, string][] = [
  ["a\\:b", "a:b"],
  ["\\*all", "*all"],
  ["f\\(x\\)", "f(x)"],
  ["v1\\.0", "v1.0"],
  ["\\{x\\}", "{x}"],
  ["a\\+b", "a+b"],
  ["caf%C3%A9", "café"],
  ["caf%C3%A9", "caf%C3%A9"],
  ["a%2Fb", "a%2Fb"],
  ["a%2Eb", "a%2Eb"],
  ["%2e%2e", "%2e%2e"],
  ["%7Bx%7D", "{x}"],
];
/** A pathname RegExp that backtracks exponentially on a's without a b, behind components that rule a request out. */
export const SLOW_PATHNAME = "/slow/:x((?:a+)+b)";
/** a's enough that running the RegExp takes seconds (0.4–5 s for 26 on Node 26, Deno and Bun; ×2 per a). */
export const SLOW_AS = 27;
const SLOW_PATTERNS: unknown[][] = [
  [{ hostname: "admin.example.com", pathname: SLOW_PATHNAME }],
  [{ protocol: "ftp", pathname: SLOW_PATHNAME }],
  [`https://admin.example.com${SLOW_PATHNAME}`],
  [{ protocol: "wss", hostname: "*.example.com", pathname: SLOW_PATHNAME }, { ignoreCase: true }],
];
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
  ["r5-:id", "r5-1"],
  ["r5-:id", "r5-"],
  ["v:version", "v2"],
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
  const paramName = () => {
    const r = rand();
    if (r < 0.5) return pick(PARAMS);
    if (r < 0.8) return ":" + pick(ODD_NAMES);
    if (r < 0.97) {
      let name = pick([...NAME_START]);
      for (let n = Math.floor(rand() * 6); n > 0; n--) name += pick([...NAME_PART]);
      return ":" + name;
    }
    return ":" + pick(["1a", "9", "0_"]); // invalid: the pattern is rejected (on both sides)
  };
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
          if (r < complexShare + (1 - complexShare) * 0.6) {
            return rand() < 0.15 ? pick(ESCAPED_LITERALS) : [pick(LITERALS), ""];
          }
          return [paramName(), ""];
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
    // A slow pathname RegExp behind a protocol or hostname no request has, in the first set and one of four.
    const slow = rand() < 0.25 || s === 0;
    if (slow) {
      for (let n = 1 + Math.floor(rand() * 2); n > 0; n--) {
        patterns.splice(Math.floor(rand() * (patterns.length + 1)), 0, pick(SLOW_PATTERNS));
      }
    }
    // The runtime's own URLPattern for some patterns of one set in three, and of the second set always (so that every
    // seed's run has some: 3 sets had none in about one seed in four); never a slow one (its speed is not ours).
    const builtin: number[] = [];
    if (s === 1 || rand() < 0.35) {
      patterns.forEach((a, i) => {
        if (!SLOW_PATTERNS.includes(a) && rand() < 0.35) builtin.push(i);
      });
    }
    const requests: unknown[][] = [];
    for (let k = 0; k < requestCount; k++) {
      if (slow && rand() < 0.03) {
        requests.push(slowRequest(pick(HOSTS), rand(), rand() < 0.9 ? "a".repeat(SLOW_AS) + "c" : "aab"));
        continue;
      }
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
      else if (noise < 0.37) {
        path = path.replace(/é/g, "%C3%A9").replace(/%C3%A9/g, () => pick(["é", "%C3%A9", "%c3%a9"]));
      } else if (noise < 0.39) path = path.replace(/(.)\//, "$1%2F");
      else if (noise < 0.41) path = pick(["/users/%2e%2e", "/users/%2E.", "/%2e"]) + path;
      else if (noise < 0.43) path = path.replace(/\/([^/]*)$/, "/%2E/$1");
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
      } else if (form < 0.82) requests.push([{ $url: absolute, $kind: "ours", ...ownProperties(rand(), path) }]);
      else if (form < 0.9) requests.push([{ $url: absolute, $kind: "builtin", ...ownProperties(rand(), path) }]);
      else if (form < 0.96) requests.push([pick(INVALID)]);
      else requests.push(pick([[], [{}], [absolute, undefined]]));
    }
    cases.push({ patterns, requests, builtin });
  }
  return cases;
}

/** A request for SLOW_PATHNAME from `host` (never one a slow pattern allows) in a form `form` (0 to 1) picks. */
function slowRequest(host: string, form: number, tail: string): unknown[] {
  const path = `/slow/${tail}`;
  const absolute = `https://${host}${path}`;
  if (form < 0.4) return [absolute];
  if (form < 0.55) return [path.slice(1), `https://${host}/`];
  if (form < 0.75) return [form < 0.65 ? { pathname: path } : { pathname: path, hostname: host, protocol: "https" }];
  // The slow pathname as an own property of a URL object whose own path is another.
  if (form < 0.8) return [{ $url: `https://${host}/other`, $kind: "ours", $own: { pathname: path } }];
  return [{ $url: absolute, $kind: form < 0.9 ? "ours" : "builtin" }];
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

/**
 * A request's arguments with its URL objects made: ours from `OurURL`, built-in ones from `BuiltInURL`, each with
 * the own data properties `$own` names (WebIDL reads a URL object as a dictionary: an own property wins).
 */
export function requestArgs(args: unknown[], OurURL: new (s: string) => unknown, BuiltInURL: unknown): unknown[] {
  return args.map((a) => {
    if (typeof a !== "object" || a === null || !("$url" in a)) return a;
    const { $url, $kind, $own } = a as { $url: string; $kind: string; $own?: Record<string, string> };
    const Class = ($kind === "ours" ? OurURL : BuiltInURL) as new (s: string) => unknown;
    let url: object;
    try {
      url = new Class($url) as object;
    } catch {
      return { pathname: "/not-a-url" };
    }
    for (const [key, value] of Object.entries($own ?? {})) {
      Object.defineProperty(url, key, { value, writable: true, enumerable: true, configurable: true });
    }
    return url;
  });
}

/** Own properties for a URL object request, or none (`r` from 0 to 1 picks). */
export function ownProperties(r: number, path: string): { $own?: Record<string, string> } {
  if (r < 0.75) return {};
  if (r < 0.85) return { $own: { pathname: path } };
  if (r < 0.9) return { $own: { hostname: "other.org" } };
  if (r < 0.95) return { $own: { baseURL: "https://example.com/base/" } };
  return { $own: { protocol: "wss", search: "q=1" } };
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
