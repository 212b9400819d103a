/**
 * route() and URLPatternList against the loop they replace, on generated route tables: the route index (route_index.ts,
 * route_placement.ts) may only ever narrow, so every answer must be exactly the loop's.
 * - route(routes, defaultHandler) = std's loop (`@std/http/unstable-route`: the first route in array order whose
 *   method matches and whose `pattern.exec(request.url)` is not null), on tables mixing methods (none, "", any case,
 *   arrays), ignoreCase, hostname / search / protocol / port constraints, regexp groups, optional and repeated parts,
 *   `{…}` groups, partial segments (`/r5-:id`, `/v:version/…`, `/file{.:ext}?`, `/*.js`, `/:id-foo`, `/a:b:c`), tail
 *   wildcards, escaped and percent-encoded literals, uppercase literals and hundreds of siblings sharing their first
 *   characters; patterns made with our URLPattern, with the runtime's own (Deno, Bun, Node 24+), both in one table,
 *   and with an exec of their own (a third of a table, asked through it);
 *   requests as fake `{ url, method }` objects (any URL string, canonical or not, any method) and real Requests.
 *   The chosen route and its exec() result (normalized, compared with the loop's, from the same pattern) must be equal.
 * - URLPatternList's exec(), test() and match() = the loop, on lists holding the runtime's own patterns: URL strings,
 *   strings with a base, URL objects (the runtime's and ours), dictionaries.
 * - plainPath() (plain_path.ts): whenever it says the pathname can be read from the string, the slice it
 *   names is the pathname of the runtime's URL, of ours, and of the runtime's URLPattern; it says so for the URLs a
 *   Request has.
 * Seeded (ADA_FFI_TEST_SEED=<n> replays another seed); every difference is printed with its table and request. Tables
 * avoid patterns that backtrack for seconds on a long segment (fuzzPiece): their speed is not what is compared.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import type { Api } from "../support/api.ts";
import { random } from "../support/hostile.ts";
import { errorName, normalizeResult } from "../support/route_list_cases.ts";
import { paramsOf } from "../support/route_list_match.ts";
import { pathRange, plainPath } from "../../ffi/urlpattern/plain_path.ts";

type Pattern = {
  test(...args: unknown[]): boolean;
  exec(...args: unknown[]): Record<string, unknown> | null;
};
type PatternClass = new (...args: unknown[]) => Pattern;
type Method = string | string[] | undefined;
type FakeRequest = { url: string; method: string | undefined };
type RouteHandler = (request: unknown, info?: unknown) => unknown;
type RouteFn = (routes: unknown[], defaultHandler: RouteHandler) => RouteHandler;
type List = {
  exec(...args: unknown[]): { index: number; pattern: unknown; result: Record<string, unknown> } | null;
  test(...args: unknown[]): boolean;
  match(...args: unknown[]): { index: number; pattern: unknown; params: Record<string, string | undefined> } | null;
};

const DEFAULT_SEED = 0x5eed_2026;

/** A pathname piece (its own leading "/" or group) and pieces of request paths it matches. */
type Piece = readonly [pattern: string, values: readonly string[]];

const LITERALS: Piece[] = [
  ["/users", ["/users"]],
  ["/Users", ["/Users"]],
  ["/api", ["/api"]],
  ["/v1", ["/v1"]],
  ["/static", ["/static"]],
  ["/files", ["/files"]],
  ["/a", ["/a"]],
  ["/b", ["/b"]],
  ["/ABC", ["/ABC", "/abc"]],
  ["/c\\+\\+", ["/c++"]],
  ["/caf%C3%A9", ["/café", "/caf%C3%A9", "/caf%c3%a9"]],
  ["/café", ["/café", "/caf%C3%A9"]],
  ["/a.b", ["/a.b"]],
  ["/x-y", ["/x-y"]],
  ["/a\\:b", ["/a:b"]],
  ["/f\\(x\\)", ["/f(x)"]],
  ["/%41", ["/%41", "/A"]],
  ["/a%2Fb", ["/a%2Fb", "/a%2fb"]],
  ["/~me", ["/~me"]],
  ["/a'b", ["/a'b"]],
  ["/a@b", ["/a@b"]],
  ["/a%20b", ["/a b", "/a%20b"]],
  ["/a|b", ["/a|b"]],
  ["/\\{x\\}", ["/{x}", "/%7Bx%7D"]],
  ["/r1", ["/r1"]],
  ["/r10", ["/r10"]],
  ["/r", ["/r"]],
  ["/.well-known", ["/.well-known"]],
  ["/" + "l".repeat(300), ["/" + "l".repeat(300)]],
  // Texts of equal hash (31 × h + c: "Aa" and "BB"; folded, "a~" and "b_"): found by their hash, told apart by text.
  ["/Aa", ["/Aa", "/aa"]],
  ["/BB", ["/BB", "/bb"]],
  ["/AaBB", ["/AaBB", "/BBAa"]],
  ["/BBAa", ["/BBAa", "/AaAa"]],
  ["/a~", ["/a~", "/A~"]],
  ["/b_", ["/b_", "/a~"]],
];
const PARAMS: Piece[] = [
  ["/:id", ["/42", "/me", "/X", "/a.b", "/%20"]],
  ["/:name", ["/abc", "/Users", "/café"]],
  ["/:id(\\d+)", ["/42", "/7", "/x", "/4a"]],
  ["/:x([a-z]+)", ["/abc", "/ABC"]],
  // Regexp groups the index checks on the segment (they match neither "" nor "/"), and some it must not (they may).
  ["/:x([\\w.]+)", ["/a.b", "/a-b", "/_"]],
  ["/:x((?:ab|cd)+)", ["/abcd", "/abc", "/AB"]],
  ["/:x([a-c\\-]+)", ["/a-c", "/d"]],
  ["/:x(\\w+)", ["/Ab_9", "/é"]],
  ["/(\\d+)", ["/1", "/a"]],
  ["/:x([!-z]+)", ["/a", "/a/b"]],
  ["/:x(\\d*)", ["/", "/5"]],
  ["/:x(\\D+)", ["/a", "/a/b"]],
  ["/:x([^0-9]+)", ["/a", "/a/b"]],
  ["/:x(a|b\\/c)", ["/a", "/b/c"]],
  ["/:x(\\d+|)", ["/", "/1"]],
  ["/{:b}", ["/x", "/1"]], // after a checked group: a segment of its own, unchecked
  ["/:x?", ["", "/q"]],
  ["/:p+", ["/r", "/r/s"]],
  ["/:p*", ["", "/t/u"]],
  ["/*", ["/", "/x/y"]],
  ["/(.*)", ["/any/thing"]],
  ["{/:opt}?", ["", "/o"]],
  ["{/x}?", ["", "/x"]],
  ["{/a/b}", ["/a/b"]],
  ["/(foo|bar)", ["/foo", "/bar"]],
  ["{/:a}+", ["/a", "/a/b"]],
];
const PARTIALS: Piece[] = [
  ["/r5-:id", ["/r5-1", "/r5-abc", "/R5-1", "/r5-"]],
  ["/v:version", ["/v1", "/v22", "/V1", "/v"]],
  ["/v:version/*", ["/v1/", "/v1", "/v/x", "/v2/a/b"]],
  ["/q:a/z/:b", ["/q1/z/2", "/q/z/2", "/q1/z/"]],
  ["/V:version", ["/V1", "/v1"]],
  ["/file{.:ext}?", ["/file", "/file.txt", "/FILE.txt"]],
  ["/*.js", ["/app.js", "/a.JS"]],
  ["/:id-foo", ["/1-foo", "/x-foo"]],
  ["/a:b:c", ["/axy", "/abc"]],
  ["/page-:n.html", ["/page-2.html", "/Page-2.html"]],
  ["/{a-}?b", ["/a-b", "/b"]],
  ["/x\\.:ext", ["/x.png"]],
  ["/pre{fix}?:x", ["/prefix1", "/pre1"]],
  ["/r:x?", ["/r", "/r1", "/r10"]],
  ["/:name.:ext", ["/a.b"]],
  ["/item-:id(\\d+)", ["/item-12", "/item-x"]],
  ["/c\\+\\+:v", ["/c++11"]],
  ["/Ab-:x", ["/Ab-1", "/ab-1"]],
  ["/a%2F:x", ["/a%2F1"]],
  ["/caf%C3%A9-:x", ["/café-1", "/caf%C3%A9-1"]],
  ["/r1:x", ["/r10", "/r1x"]],
  ["/r:x(\\d+)", ["/r10", "/r5-1"]],
  ["/v:v/users/:id", ["/v1/users/42", "/v2/Users/1"]],
  ["/Aa-:x", ["/Aa-1", "/BB-1"]],
  ["/BB-:x", ["/BB-1", "/Aa-1", "/bb-1"]],
  ["/a~:x", ["/a~1", "/b_1"]],
  ["/b_:x", ["/b_1", "/B_1", "/a~1"]],
];
const TAILS = ["/", "/rest", "/rest/of/it", "", "/.."];
const METHODS: Method[] = [
  undefined,
  undefined,
  undefined,
  "",
  "GET",
  "get",
  "Get",
  "POST",
  "post",
  "PUT",
  "DELETE",
  "patch",
  "PATCH",
  ["GET", "HEAD"],
  ["get", "post"],
  ["PUT", "patch"],
  [],
  ["", "DELETE"],
];
const REQUEST_METHODS: (string | undefined)[] = [
  "GET",
  "GET",
  "GET",
  "POST",
  "PUT",
  "DELETE",
  "HEAD",
  "PATCH",
  "patch",
  "get",
  "Get",
  "",
  undefined,
  "OPTIONS",
];
const HOST_PATTERNS = ["example.com", "*.example.com", ":sub.example.com", "other.org", "{:sub.}?example.com"];
const SCHEMES = ["https", "https", "https", "http", "http", "HTTPS", "Http", "wss", "foo", "file"];
const HOSTS = [
  "example.com",
  "example.com",
  "example.com",
  "a.example.com",
  "EXAMPLE.COM",
  "other.org",
  "127.0.0.1",
  "[::1]",
  "u:p@example.com",
  "example.com:443",
  "example.com:80",
  "example.com:8080",
  "ex\tample.com",
  "exämple.com",
  "xn--exmple-cua.com",
  "example.com.",
  // Only characters every parser strips: "http://\t/x" is "http:///x", whose host is "x" and pathname "/".
  "\t",
  "\n\r",
];
const QUERIES = ["", "", "", "?q=1", "?", "#h", "?q=x#h", "?a/b/../c", "#/c", "?%2e%2e"];

/** Routes whose pathname is empty, opaque or a non-special URL's, and URLs they (or none) match. */
const OPAQUE_ROUTES: unknown[][] = [
  [{ pathname: "" }],
  [{ protocol: "foo", pathname: "" }],
  [{ protocol: "data", pathname: "text/:type" }],
  [{ protocol: "mailto", pathname: ":who" }],
  [{ pathname: "x" }],
  [{ protocol: "foo", pathname: "/x/:y" }],
  [{ protocol: "foo", pathname: "*" }],
  ["foo://h/X/:y", { ignoreCase: true }],
];
const OPAQUE_URLS = [
  "foo://h",
  "foo://h/x/1",
  "FOO://h/X/1",
  "data:text/plain",
  "mailto:me",
  "foo:x",
  "javascript:x",
  "foo://h?q",
  "file:///x",
  "blob:https://h/x",
];

/** Tokens of a random pathname piece, each with what a request may put for it. */
const TOKENS: Piece[] = [
  ["/", ["/"]],
  ["/", ["/"]],
  ["r", ["r", "R"]],
  ["r5", ["r5"]],
  ["v", ["v", "V"]],
  ["B", ["B", "b"]],
  ["-", ["-"]],
  [".", ["."]],
  ["%2E", ["%2E", "."]],
  ["\\.", ["."]],
  ["\\+", ["+"]],
  ["~", ["~"]],
  [":p", ["1", "ab", "v1", ""]],
  ["*", ["", "a", "a/b"]],
  ["(\\d+)", ["12", "x"]],
  ["([a-z]*)", ["", "ab"]],
  ["(.*)", ["", "a/b"]],
];

/**
 * A random pathname piece from TOKENS and `{…}` groups with modifiers (names made unique), and requests' values
 * for it: each token's value picked, each group in or out, repeated. Many such pieces are invalid patterns (left out).
 * No quantifier over a part of variable length (`{:a}+`, `(.*)*`: they backtrack exponentially on a long segment
 * that does not match), and at most two parts of variable length (more backtrack polynomially).
 */
function fuzzPiece(rand: () => number): Piece {
  let names = 0;
  let variable = 0;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];
  const isVariable = (token: string) => /[:*(]/.test(token);
  // A sequence as a pattern and a function that makes one value for it (`fixed`: of fixed-length tokens only).
  const sequence = (depth: number, fixed: boolean): [string, () => string] => {
    const parts: [string, () => string][] = [];
    for (let n = 1 + Math.floor(rand() * 4); n > 0; n--) {
      if (depth < 2 && rand() < 0.2) {
        const modifier = pick(["", "?", "+", "*"]);
        const [inner, value] = sequence(depth + 1, fixed || modifier === "+" || modifier === "*");
        parts.push([
          `{${inner}}${modifier}`,
          () => {
            const times = modifier === "" ? 1 : modifier === "?" ? Math.floor(rand() * 2) : Math.floor(rand() * 3);
            return Array.from({ length: Math.max(times, modifier === "+" ? 1 : 0) }, value).join("");
          },
        ]);
        continue;
      }
      let [token, values] = pick(TOKENS);
      // A "*" after a group or a wildcard is its modifier, not a wildcard (`**` is `((?:.*)*)`, exponential).
      const afterGroup = /[})*]$/.test(parts.at(-1)?.[0] ?? "");
      while ((fixed || variable >= 2) && isVariable(token) || afterGroup && token === "*") {
        [token, values] = pick(TOKENS);
      }
      if (isVariable(token)) variable++;
      const modifier = token[0] === ":" || token[0] === "(" ? pick(["", "", "?"]) : "";
      // A name in braces: a letter after it would be taken into the name.
      const part = token === ":p" ? `{:p${names++}}` : token;
      parts.push([part + modifier, () => (modifier === "?" && rand() < 0.3 ? "" : pick(values))]);
    }
    return [parts.map(([p]) => p).join(""), () => parts.map(([, v]) => v()).join("")];
  };
  const [pattern, value] = sequence(0, false);
  return ["/" + pattern, Array.from({ length: 4 }, () => "/" + value())];
}

/** How many parts of a pathname pattern may take any length: "*" and "+" that are not escaped. */
function unbounded(pathname: string): number {
  return pathname.replace(/\\./g, "").replace(/[^*+]/g, "").length;
}

/** A route of a generated table: its pattern's arguments, the request path pieces it matches, and its method. */
interface RouteCase {
  args: unknown[];
  pieces: Piece[];
  values: string[][];
  method: Method;
  runtime: boolean;
}

/**
 * Route tables: each a flavour (how many routes, how many are partial, how often ignoreCase, how many siblings
 * `/r0`…`/r300`, how many are the runtime's own: `runtimeShare`).
 */
function tables(seed: number, count: number, runtimeShare: () => number): RouteCase[][] {
  const rand = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];
  const out: RouteCase[][] = [];
  for (let t = 0; t < count; t++) {
    const size = pick([1, 3, 8, 20, 40, 80]);
    const fuzzShare = pick([0, 0, 0.1, 0.4]);
    const partialShare = fuzzShare + pick([0, 0.1, 0.3, 0.6]);
    const paramShare = pick([0.1, 0.3, 0.5]);
    const ignoreCaseShare = pick([0, 0, 0.2, 0.6]);
    const constrainedShare = pick([0, 0, 0.1, 0.3]);
    const methodShare = pick([0, 0.3, 0.8]);
    const share = runtimeShare();
    const siblings = rand() < 0.2 ? 100 + Math.floor(rand() * 250) : 0;
    const routes: RouteCase[] = [];
    const piece = (): Piece => {
      const r = rand();
      if (siblings > 0 && r < 0.5) {
        const k = Math.floor(rand() * 301);
        const s = rand();
        if (s < 0.6) return [`/r${k}`, [`/r${k}`, `/R${k}`]];
        if (s < 0.75) return [`/R${k}`, [`/R${k}`, `/r${k}`]];
        if (s < 0.9) return [`/r${k}-:x`, [`/r${k}-1`, `/r${k}-`]];
        return [`/r${k}{.:ext}?`, [`/r${k}.js`, `/r${k}`]];
      }
      if (r < fuzzShare) return fuzzPiece(rand);
      if (r < partialShare) return pick(PARTIALS);
      if (r < partialShare + paramShare) return pick(PARAMS);
      return pick(LITERALS);
    };
    const total = size + siblings;
    for (let i = 0; i < total; i++) {
      let pieces: Piece[];
      if (routes.length > 0 && rand() < 0.15) {
        // Overlap: an earlier route's pieces, some turned into the literal of a value they match.
        pieces = routes[Math.floor(rand() * routes.length)].pieces.map((p): Piece => {
          if (rand() < 0.7) return p;
          const value = pick(p[1]);
          return [value.replace(/[:*?+(){}\\]/g, "\\$&"), [value]];
        });
      } else {
        const n = siblings > 0 && i >= size ? 1 + Math.floor(rand() * 2) : Math.floor(rand() * 4);
        // At most two unbounded parts in a pathname (see fuzzPiece).
        do pieces = Array.from({ length: n }, piece); while (unbounded(pieces.map(([p]) => p).join("")) > 2);
      }
      const tail = rand() < 0.12 && unbounded(pieces.map(([p]) => p).join("")) < 2;
      let pathname = pieces.map(([p]) => p).join("") + (tail ? "/*" : "");
      if (pathname === "" || pathname[0] !== "/" && pathname[0] !== "{") pathname = "/" + pathname;
      const values = pieces.map(([, v]) => [...v]);
      if (tail) values.push(TAILS);
      const options = rand() < ignoreCaseShare ? [{ ignoreCase: true }] : [];
      let args: unknown[];
      if (rand() < constrainedShare) {
        const init: Record<string, string> = { pathname };
        const what = rand();
        if (what < 0.4) init.hostname = pick(HOST_PATTERNS);
        else if (what < 0.6) init.protocol = pick(["http", "https", "http{s}?", "(wss?)"]);
        else if (what < 0.8) init.search = pick(["q=:q", "", "*", "q=1"]);
        else if (what < 0.9) init.port = pick(["8080", "", "443"]);
        else init.hash = pick(["h", ""]);
        args = [init, ...options];
      } else {
        const form = rand();
        if (form < 0.7) args = [{ pathname }, ...options];
        else if (form < 0.85) {
          args = [`${pick(["https", "http{s}?", "*"])}://${pick(HOST_PATTERNS)}${pathname}`, ...options];
        } else if (form < 0.95 && pathname[0] === "/" && pathname[1] !== "{" && pathname[1] !== "*") {
          args = [pathname.slice(1), pick(["https://example.com/", "http://example.com/"]), ...options];
        } else args = [{ pathname, hostname: "*", protocol: "*" }, ...options];
      }
      // Now and then a pathname that is empty, opaque, or not special's (the index's exact values that do not start
      // with "/"), for the requests of OPAQUE_URLS.
      if (rand() < 0.03) args = pick(OPAQUE_ROUTES);
      routes.push({
        args,
        pieces,
        values,
        method: rand() < methodShare ? pick(METHODS) : undefined,
        runtime: rand() < share,
      });
    }
    out.push(routes);
  }
  return out;
}

/** A path made from a route's pieces (a value for each), then made odd in one of many ways. */
function requestPath(rand: () => number, route: RouteCase): string {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];
  let path = route.values.map((v) => pick(v)).join("");
  const noise = rand();
  if (noise < 0.35) return path;
  if (noise < 0.4) path = path.toUpperCase();
  else if (noise < 0.45) path = path.replace(/[a-z]/, (c) => c.toUpperCase());
  else if (noise < 0.5) {
    path = path.replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`); // lowercase hex
  } else if (noise < 0.53) path = path.replace(/[A-Z]/, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  else if (noise < 0.56) path = "/users/.." + path;
  else if (noise < 0.59) path = path.replace(/\/([^/]*)$/, "/./$1");
  else if (noise < 0.61) path = pick(["/users/%2e%2e", "/users/%2E.", "/%2e", "/a/.%2E"]) + path;
  else if (noise < 0.63) path = path.replace(/\/([^/]*)$/, "/%2e/$1");
  else if (noise < 0.66) path = path.replace(/\//g, "\\");
  else if (noise < 0.68) path = path.replace(/\/([^/]*)$/, "\\$1");
  else if (noise < 0.7) path = path.replace(/(.)\//, "$1%2F");
  else if (noise < 0.71) path = path.replace(/(.)\//, "$1%2f");
  else if (noise < 0.74) path = path.replace(/(.)$/, "$1\t");
  else if (noise < 0.76) path = path.replace(/^(.)/, "$1\n");
  else if (noise < 0.78) path = path.replace(/(.)$/, "$1 x");
  else if (noise < 0.8) path += "/";
  else if (noise < 0.82) path += "//";
  else if (noise < 0.84) path = path.replace(/[a-z]/, "ü");
  else if (noise < 0.86) path = path.replace(/[a-z]/, "%C3%BC");
  else if (noise < 0.88) path += "/" + "s".repeat(1000 + Math.floor(rand() * 1000));
  else if (noise < 0.9) path = path.replace(/é/g, () => pick(["é", "%C3%A9", "%c3%a9"]));
  else if (noise < 0.92) path = path.replace(/\/$/, "") + pick(["/.", "/..", "/%2e", "/.%2e/"]);
  else if (noise < 0.94) path = pick(["", "/"]);
  else if (noise < 0.96) path = path.replace(/-/g, "%2D");
  else if (noise < 0.98) path = path.replace(/\+/g, "%2B");
  else path = path.replace(/([a-z])/, "$1|");
  return path;
}

/** A request URL for `route`: usually absolute with any scheme, host, port, query; sometimes no URL at all. */
function requestUrl(rand: () => number, route: RouteCase): string {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];
  const path = requestPath(rand, route);
  const rest = pick(QUERIES);
  const form = rand();
  if (form < 0.75) return `${pick(SCHEMES)}://${pick(HOSTS)}${path}${rest}`;
  if (form < 0.8) return `http:///${path.replace(/^\//, "")}${rest}`;
  if (form < 0.83) return `https://example.com${rest}`;
  if (form < 0.85) return pick(["https://example.com", "http://h", "https://h?x", "https://h#x", "HTTP://H"]);
  if (form < 0.88) return ` https://example.com${path}${rest}\n`;
  if (form < 0.9) return `https:example.com${path}`;
  if (form < 0.92) return `http:\\\\example.com${path.replace(/\//g, "\\")}`;
  if (form < 0.94) return `http:/example.com${path}`;
  if (form < 0.96) return path; // relative: no URL
  if (form < 0.97) return `//example.com${path}`;
  if (form < 0.99) return pick(OPAQUE_URLS);
  return `ht\ttps://exa\nmple.com${path}${rest}`;
}

/** Whether the loop's method check (std's methodMatches) lets `method` through for a route of `routeMethod`. */
function methodMatches(routeMethod: Method, method: string | undefined): boolean {
  if (!routeMethod) return true;
  return Array.isArray(routeMethod)
    ? routeMethod.some((m) => m.toUpperCase() === method)
    : routeMethod.toUpperCase() === method;
}

/** std's loop: the first route whose method matches and whose pattern's exec(request.url) is not null. */
function stdLoop(patterns: Pattern[], methods: Method[], request: FakeRequest): unknown {
  try {
    for (let i = 0; i < patterns.length; i++) {
      if (!methodMatches(methods[i], request.method)) continue;
      const m = patterns[i].exec(request.url);
      if (m) return { index: i, result: normalizeResult(m, false) };
    }
    return { index: -1, result: null };
  } catch (error) {
    return { index: errorName(error), result: null };
  }
}

const INFO = { remoteAddr: { hostname: "127.0.0.1" } };

/** route()'s answer for `request`, in stdLoop's form; the handler must get the request and the info as given. */
function routeAnswer(handler: RouteHandler, request: unknown): unknown {
  try {
    return handler(request, INFO);
  } catch (error) {
    return { index: errorName(error), result: null };
  }
}

/** The routes of a table for route(), each handler answering with its index and normalized result. */
function routesOf(patterns: Pattern[], methods: Method[]): unknown[] {
  return patterns.map((pattern, i) => ({
    pattern,
    method: methods[i],
    handler: (request: unknown, result: Record<string, unknown>, info: unknown) => {
      if (info !== INFO) return { index: `route ${i}: info not passed`, result: null };
      return { index: i, result: normalizeResult(result, false), request };
    },
  }));
}

const defaultHandler = (request: unknown, info: unknown) =>
  info === INFO ? { index: -1, result: null, request } : { index: "default: info not passed", result: null };

/**
 * The patterns of a table that construct, with our URLPattern or (for routes marked `runtime`, where the runtime
 * has one) the runtime's own; a route whose pattern its constructor rejects is left out.
 */
function construct(
  api: Api,
  table: RouteCase[],
  Runtime: PatternClass | undefined,
): { patterns: Pattern[]; methods: Method[]; routes: RouteCase[] } {
  const patterns: Pattern[] = [];
  const methods: Method[] = [];
  const routes: RouteCase[] = [];
  for (const route of table) {
    const theirs = route.runtime && Runtime !== undefined;
    let pattern: Pattern;
    try {
      pattern = new (theirs ? Runtime : api.URLPattern as unknown as PatternClass)(...route.args);
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
      continue;
    }
    patterns.push(pattern);
    methods.push(route.method);
    routes.push(route);
  }
  return { patterns, methods, routes };
}

function describe(value: unknown): string {
  return JSON.stringify(value, (_, v) => {
    if (v === undefined) return "(undefined)";
    if (typeof v === "string" && v.length > 200) return `${v.slice(0, 60)}…(${v.length} chars)`;
    return v;
  });
}

/** What the tests found: how many answers matched a route, and how many were compared. */
interface Tally {
  compared: number;
  matched: number;
  runtimeMatched: number;
  /** Patterns given an exec of their own. */
  asked: number;
}

/**
 * Checks route() against std's loop on `table`'s routes for `requestCount` generated fake requests; returns the
 * differences (at most a few, described).
 */
function compareRoute(
  api: Api,
  rand: () => number,
  table: RouteCase[],
  requestCount: number,
  Runtime: PatternClass | undefined,
  tally: Tally,
  label: string,
  askedShare = 0,
): string[] {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];
  const { patterns, methods, routes } = construct(api, table, Runtime);
  if (patterns.length === 0) return [];
  // Some patterns get an exec of their own (the same answers, through another function): route() asks them through it.
  for (const pattern of patterns) {
    if (rand() >= askedShare) continue;
    const exec = pattern.exec;
    Object.defineProperty(pattern, "exec", { value: (...args: unknown[]) => exec.apply(pattern, args) });
    tally.asked++;
  }
  const route = api.route as unknown as RouteFn;
  const handler = route(routesOf(patterns, methods), defaultHandler);
  const differences: string[] = [];
  for (let k = 0; k < requestCount && differences.length < 3; k++) {
    const request: FakeRequest = { url: requestUrl(rand, pick(routes)), method: pick(REQUEST_METHODS) };
    const expected = stdLoop(patterns, methods, request);
    const got = routeAnswer(handler, request) as { index: unknown; result: unknown; request?: unknown };
    if (got.request !== undefined && got.request !== request) {
      differences.push(`${label}: the handler did not get the request object`);
    }
    const answer = { index: got.index, result: got.result };
    tally.compared++;
    const index = (expected as { index: unknown }).index;
    if (typeof index === "number" && index >= 0) {
      tally.matched++;
      if (routes[index].runtime && Runtime !== undefined) tally.runtimeMatched++;
    }
    if (JSON.stringify(answer) !== JSON.stringify(expected)) {
      differences.push(
        `${label}\n  request ${describe(request)}\n  route(): ${describe(answer)}\n  loop:    ${describe(expected)}\n` +
          `  table: ${describe(tableOf(routes, methods, Runtime))}`,
      );
    }
  }
  return differences;
}

/** A table as a difference shows it: each route's kind, pattern arguments and method. */
function tableOf(routes: RouteCase[], methods: Method[], Runtime: PatternClass | undefined): unknown[] {
  return routes.map((r, i) => [r.runtime && Runtime !== undefined ? "runtime" : "ours", r.args, methods[i]]);
}

/** URLPatternList's exec(), test() and match() of one request, in the loop's form. */
function listAnswer(list: List, patterns: Pattern[], args: unknown[]): unknown {
  let test: unknown;
  try {
    test = list.test(...args);
  } catch (error) {
    test = errorName(error);
  }
  let exec: unknown;
  try {
    const r = list.exec(...args);
    exec = r === null
      ? -1
      : r.pattern !== patterns[r.index]
      ? `pattern of ${r.index} is not the list's`
      : [r.index, normalizeResult(r.result, false)];
  } catch (error) {
    exec = errorName(error);
  }
  let match: unknown;
  try {
    const r = list.match(...args);
    match = r === null
      ? -1
      : r.pattern !== patterns[r.index]
      ? `pattern of ${r.index} is not the list's`
      : [r.index, sortedParams(r.params)];
  } catch (error) {
    match = errorName(error);
  }
  return { test, exec, match };
}

/** match()'s params as paramsOf() gives them: sorted pairs, undefined written "(undefined)". */
function sortedParams(params: Record<string, string | undefined>): [string, string][] {
  return Object.entries(params).map(([k, v]): [string, string] => [k, v === undefined ? "(undefined)" : v]).sort();
}

/** The loop's answers to what listAnswer asks. */
function loopListAnswer(patterns: Pattern[], args: unknown[]): unknown {
  let test: unknown = false;
  try {
    test = patterns.some((p) => p.test(...args));
  } catch (error) {
    test = errorName(error);
  }
  let exec: unknown = -1;
  let match: unknown = -1;
  try {
    for (let i = 0; i < patterns.length; i++) {
      const r = patterns[i].exec(...args);
      if (r !== null) {
        exec = [i, normalizeResult(r, false)];
        match = [i, paramsOf(r as never)];
        break;
      }
    }
  } catch (error) {
    exec = match = errorName(error);
  }
  return { test, exec, match };
}

/** Strings for runtimePathRange: request URLs, and random printable ASCII after a scheme. */
function pathRangeInputs(seed: number, count: number): string[] {
  const rand = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];
  const all = tables(seed, 30, () => 0).flat();
  const inputs: string[] = [];
  const printable = (n: number) => {
    let s = "";
    for (let k = 0; k < n; k++) {
      const r = rand();
      // Mostly the characters that matter: "/", ".", "%", "\", "?", "#", "@", ":", letters and digits.
      s += r < 0.5 ? String.fromCharCode(32 + Math.floor(rand() * 95)) : pick([..."/./%2e%2E\\?#@:aZ09-_~|^ \t"]);
    }
    return s;
  };
  for (let k = 0; k < count; k++) {
    const r = rand();
    if (r < 0.55) inputs.push(requestUrl(rand, pick(all)));
    else if (r < 0.85) {
      inputs.push(
        pick(["http://", "https://", "http://h/", "https://example.com/a/", "http:"]) +
          printable(1 + Math.floor(rand() * 20)),
      );
    } else inputs.push(printable(1 + Math.floor(rand() * 30)));
  }
  return inputs;
}

/** The pathname `Class` parses `href` to, or null when it does not parse. */
function pathnameOf(Class: unknown, href: string): string | null {
  try {
    return new (Class as new (s: string) => { pathname: string })(href).pathname;
  } catch {
    return null;
  }
}

/** `given`: the run's seed when ADA_FFI_TEST_SEED set one (all.ts draws it for `random`); else this suite's own. */
export function register(api: Api, given?: number): void {
  const seed = given ?? DEFAULT_SEED;
  const test = suite(`route() and URLPatternList with runtime patterns = the loop (seed ${seed})`);
  const Global = (globalThis as unknown as { URLPattern?: PatternClass }).URLPattern;
  const Runtime = Global !== undefined && Global !== (api.URLPattern as unknown) ? Global : undefined;
  const route = api.route as unknown as RouteFn;

  const runRoute = (
    name: string,
    count: number,
    requests: number,
    share: (rand: () => number) => number,
    askedShare = 0,
  ) => {
    const run = Runtime === undefined && name !== "our URLPattern" && askedShare === 0 ? test.skip : test;
    run(`route() = std's loop: ${name}`, () => {
      const rand = random(seed + name.length);
      const tally: Tally = { compared: 0, matched: 0, runtimeMatched: 0, asked: 0 };
      const all = tables(seed + name.length * 7, count, () => share(rand));
      const differences: string[] = [];
      all.forEach((table, t) => {
        if (differences.length >= 3) return;
        const n = table.length > 100 ? Math.ceil(requests / 2) : requests;
        differences.push(
          ...compareRoute(api, rand, table, n, Runtime, tally, `table ${t} (seed ${seed})`, askedShare),
        );
      });
      assert.ok(differences.length === 0, `${differences.length} differences:\n${differences.join("\n\n")}`);
      // Both outcomes, or the comparison proves little.
      const { matched, compared } = tally;
      assert.ok(matched > compared / 5 && matched < compared * 0.9, `${matched} of ${compared} requests matched`);
      if (Runtime !== undefined && name !== "our URLPattern") {
        assert.ok(tally.runtimeMatched > compared / 20, `${tally.runtimeMatched} matched a runtime pattern`);
      }
      if (askedShare !== 0) assert.ok(tally.asked > 0, "no pattern was given an exec of its own");
    });
  };
  runRoute("our URLPattern", 230, 90, () => 0);
  runRoute("the runtime's own URLPattern", 120, 90, () => 1);
  runRoute("both in one table", 140, 90, (rand) => rand());
  // Either kind where the runtime has one; a third of the patterns asked through an exec of their own.
  runRoute("patterns with an exec of their own, among indexed ones", 60, 60, (rand) => rand(), 1 / 3);

  test("route() = std's loop: real Requests (the runtime's own and ours, mixed)", () => {
    const rand = random(seed + 1);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];
    const differences: string[] = [];
    let matched = 0, compared = 0;
    for (const table of tables(seed + 2, 40, () => (Runtime === undefined ? 0 : rand()))) {
      const { patterns, methods, routes } = construct(api, table, Runtime);
      if (patterns.length === 0) continue;
      const handler = route(routesOf(patterns, methods), defaultHandler);
      for (let k = 0; k < 25 && differences.length < 3; k++) {
        let request: Request;
        try {
          request = new Request(requestUrl(rand, pick(routes)), {
            // (not "patch": Node warns; fake requests send it)
            method: pick(["GET", "get", "POST", "put", "DELETE", "PATCH", "HEAD", "OPTIONS"]),
          });
        } catch {
          continue; // a URL the runtime's Request refuses
        }
        const expected = stdLoop(patterns, methods, request);
        const got = routeAnswer(handler, request) as { index: unknown; result: unknown };
        const answer = { index: got.index, result: got.result };
        compared++;
        if (typeof (expected as { index: unknown }).index === "number" && (expected as { index: number }).index >= 0) {
          matched++;
        }
        if (JSON.stringify(answer) !== JSON.stringify(expected)) {
          differences.push(
            `Request ${request.method} ${request.url}\n  route(): ${describe(answer)}\n  loop:    ${
              describe(expected)
            }`,
          );
        }
      }
    }
    assert.ok(differences.length === 0, `${differences.length} differences:\n${differences.join("\n\n")}`);
    assert.ok(matched > compared / 5 && matched < compared, `${matched} of ${compared} requests matched`);
  });

  (Runtime === undefined ? test.skip : test)(
    "URLPatternList exec(), test(), match() = the loop, on lists holding runtime patterns: every input form",
    () => {
      const rand = random(seed + 3);
      const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];
      const List = api.URLPatternList as unknown as new (patterns?: unknown[]) => List & {
        add(p: unknown): number;
      };
      const differences: string[] = [];
      let matched = 0, compared = 0;
      const forms = new Set<string>();
      for (const table of tables(seed + 4, 90, () => pick([1, 0.5, 0.2]))) {
        const { patterns, routes } = construct(api, table, Runtime);
        if (patterns.length === 0) continue;
        const lists = [new List(patterns)];
        if (rand() < 0.3) {
          const added = new List();
          for (const p of patterns) added.add(p);
          lists.push(added);
        }
        for (let k = 0; k < 30 && differences.length < 3; k++) {
          const r = pick(routes);
          const form = rand();
          let args: unknown[];
          let kind: string;
          if (form < 0.6) {
            args = [requestUrl(rand, r)];
            kind = "string";
          } else if (form < 0.72) {
            args = [requestPath(rand, r).replace(/^\//, ""), pick(["https://example.com/", "http://EXAMPLE.com/d/"])];
            kind = "string + base";
          } else if (form < 0.82) {
            // A URL object, the runtime's or ours: read as a dictionary of its components.
            const Class = (rand() < 0.5 ? globalThis.URL : api.URL) as unknown as new (s: string) => object;
            try {
              args = [new Class(requestUrl(rand, r))];
            } catch {
              continue;
            }
            kind = "URL";
          } else {
            const init: Record<string, string> = { pathname: requestPath(rand, r) };
            if (rand() < 0.5) init.hostname = pick(["example.com", "a.example.com", "EXAMPLE.com"]);
            if (rand() < 0.4) init.protocol = pick(["https", "http", "wss"]);
            if (rand() < 0.2) init.search = "q=1";
            if (rand() < 0.1) init.baseURL = "https://example.com/d/";
            args = [init];
            kind = "dictionary";
          }
          const expected = loopListAnswer(patterns, args);
          const index = (expected as { exec: unknown }).exec;
          compared++;
          if (Array.isArray(index)) {
            matched++;
            forms.add(kind);
          }
          for (const list of lists) {
            const got = listAnswer(list, patterns, args);
            if (JSON.stringify(got) !== JSON.stringify(expected)) {
              differences.push(
                `args ${describe(args)}\n  list: ${describe(got)}\n  loop: ${describe(expected)}\n` +
                  `  patterns: ${describe(routes.map((x) => [x.runtime ? "runtime" : "ours", x.args]))}`,
              );
              break;
            }
          }
        }
      }
      assert.ok(differences.length === 0, `${differences.length} differences:\n${differences.join("\n\n")}`);
      assert.ok(matched > compared / 5 && matched < compared, `${matched} of ${compared} requests matched`);
      assert.equal([...forms].sort(), ["URL", "dictionary", "string", "string + base"], "matches in every form");
    },
  );

  test("plainPath(): the slice it names is every parser's pathname", () => {
    const wildcard = Runtime === undefined ? undefined : new Runtime({ pathname: "*" });
    const problems: string[] = [];
    let accepted = 0, parsed = 0;
    for (const input of pathRangeInputs(seed + 5, 10000)) {
      if (!plainPath(input)) continue;
      accepted++;
      const slice = input.slice(pathRange.start, pathRange.end);
      const theirs = pathnameOf(globalThis.URL, input);
      const ours = pathnameOf(api.URL, input);
      // A URL no parser takes is matched by no pattern: whatever the index narrows to is right.
      if (theirs !== null || ours !== null) parsed++;
      if (theirs !== null && theirs !== slice) problems.push(`${describe(input)}: runtime's URL ${describe(theirs)}`);
      if (ours !== null && ours !== slice) problems.push(`${describe(input)}: our URL ${describe(ours)}`);
      if (wildcard !== undefined) {
        const result = wildcard.exec(input) as { pathname: { input: string } } | null;
        if (result !== null && result.pathname.input !== slice) {
          problems.push(`${describe(input)}: runtime's URLPattern ${describe(result.pathname.input)}`);
        }
      }
      if (problems.length > 5) break;
    }
    assert.ok(problems.length === 0, `slice ≠ pathname:\n${problems.join("\n")}`);
    assert.ok(accepted > 500 && parsed > 500, `${accepted} accepted, ${parsed} parsed`);
  });

  test("plainPath(): true for the URLs of ordinary Requests, with the range of their path", () => {
    const urls = [
      "http://example.com/users/42?x=1#f",
      "https://example.com/",
      "http://localhost:8000/api/v1/users/42/posts?sort=desc",
      "https://a.b.example.com/static/app.js",
      "http://127.0.0.1:3000/r5-1",
      "http://[::1]:8080/v1/users/me",
      "https://example.com/~me/file.tar.gz#top",
      "http://example.com/caf%C3%A9/%2F?q=%2e",
      "https://example.com/a:b@c;d=e,f+g!h$i&j'k(l)m*n",
    ];
    for (const s of urls) {
      const request = new Request(s);
      assert.ok(plainPath(request.url), request.url);
      assert.is(request.url.slice(pathRange.start, pathRange.end), new URL(request.url).pathname, request.url);
    }
    // Generated ones: every http(s) URL a Request has whose path holds only the characters every parser keeps, and
    // no "%2e" or dot segment.
    const keptOnly = /^[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*$/;
    let checked = 0;
    for (const s of pathRangeInputs(seed + 6, 3000)) {
      let url: string;
      try {
        url = new Request(s).url;
      } catch {
        continue; // no URL, or one with credentials
      }
      const pathname = new URL(url).pathname;
      // (Node 20's and 22's URL keep a last ".." after a segment that starts with ".": "http://h/a/.-/.." is
      // "/a/.-/..", which no URL of this kind is.)
      const dotSegment = /(^|\/)\.\.?(\/|$)/.test(pathname);
      if (!/^https?:/.test(url) || !keptOnly.test(pathname) || /%2e/i.test(pathname) || dotSegment) continue;
      checked++;
      assert.ok(plainPath(url), url);
      assert.is(url.slice(pathRange.start, pathRange.end), pathname, url);
    }
    assert.ok(checked > 300, `${checked} Request URLs checked`);
    assert.ok(plainPath("https://user:pass@example.com/~me/file.tar.gz#top"), "credentials");
    assert.is(pathRange.start, "https://user:pass@example.com".length);
    for (const s of ["http:///x", "http://h\\x", "https://h", "http://h/a/../b", "http://h/%2e/", "HTTP://h/x"]) {
      assert.not.ok(plainPath(s), s);
    }
  });

  // Found by this suite: every parser removes tabs and newlines first, so "http://\t/x" is "http:///x", whose host is
  // "x" and pathname "/"; plainPath() reads the authority "\t" and the path "/x" as written.
  test("plainPath(): an authority of only tabs and newlines is none (the path's first segment is the host)", () => {
    for (const s of ["http://\t/x", "https://\n\r/users/42", "http://\t\n\r\t/a/b?q#h"]) {
      assert.is(new URL(s).pathname, new URL(s.replace(/[\t\n\r]/g, "")).pathname, s);
      if (plainPath(s)) {
        assert.is(s.slice(pathRange.start, pathRange.end), new URL(s).pathname, `${JSON.stringify(s)}: the range`);
      }
    }
  });

  (Runtime === undefined ? test.skip : test)(
    "route(), URLPatternList: a URL string whose authority is only a tab, with the runtime's own patterns",
    () => {
      const patterns = [new Runtime!({ pathname: "/x" }), new Runtime!({ pathname: "/" })];
      const request = { url: "http://\t/x", method: "GET" }; // the loop: pattern 1 ("http:///x" is http://x/)
      const loop = stdLoop(patterns, [undefined, undefined], request);
      assert.equal(loop, { index: 1, result: normalizeResult(patterns[1].exec(request.url), false) });
      const handler = route(routesOf(patterns, [undefined, undefined]), defaultHandler);
      const got = routeAnswer(handler, request) as { index: unknown; result: unknown };
      assert.equal({ index: got.index, result: got.result }, loop, "route()");
      const list = new (api.URLPatternList as unknown as new (p: unknown[]) => List)(patterns);
      assert.equal(
        listAnswer(list, patterns, [request.url]),
        loopListAnswer(patterns, [request.url]),
        "URLPatternList",
      );
    },
  );

  test.run();
}
