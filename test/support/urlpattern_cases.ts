/**
 * Generated URLPattern cases for the differential test: router-like patterns (string and dictionary forms,
 * ignoreCase), mutated now and then into invalid or odd ones, each with inputs that often match it. Plain
 * JSON, so another implementation (Node 26's built-in, in a child process) can run the same cases.
 * Also the runner both sides use, so they compute the same normalized answers.
 */
import { random } from "./hostile.ts";
import { ownProperties } from "./route_list_cases.ts";

export type PatternArgs = unknown[];
export interface PatternCase {
  args: PatternArgs;
  inputs: unknown[][];
}

// Each pattern piece with a value it matches (so that many generated inputs match).
const PROTOCOLS: [string, string][] = [
  ["https", "https"],
  ["http", "http"],
  ["http{s}?", "https"],
  ["*", "https"],
  ["(https?)", "http"],
  ["ws{s}?", "wss"],
  ["file", "file"],
  ["foo", "foo"],
  [":proto", "https"],
  ["HTTP", "http"],
  ["(ht+p)s", "https"],
];
const HOSTNAMES: [string, string][] = [
  ["example.com", "example.com"],
  ["*.example.com", "a.example.com"],
  [":sub.example.com", "b.example.com"],
  ["{:sub.}?example.com", "example.com"],
  ["[\\:\\:1]", "[::1]"],
  ["127.0.0.1", "127.0.0.1"],
  ["xn--bcher-kva.de", "xn--bcher-kva.de"],
  ["bücher.de", "bücher.de"],
  ["EXAMPLE.com", "example.com"],
  ["*", "x.org"],
  [":host", "h.org"],
  ["api.(v[0-9]+).example.com", "api.v2.example.com"],
];
const PORTS: [string, string][] = [["", ""], ["8080", "8080"], [":port(\\d+)", "81"], ["*", "9"], ["443", ""], [
  "80",
  "",
]];
const SEGMENTS: [string, string][] = [
  ["books", "books"],
  [":id", "42"],
  [":id(\\d+)", "42"],
  ["*", "x/y"],
  [":a?", "a"],
  [":path+", "a/b"],
  [":path*", "c"],
  ["(foo|bar)", "bar"],
  ["{a-}?b", "a-b"],
  [":name.html", "index.html"],
  ["café", "café"],
  ["%E2%82%AC", "€"],
  ["a\\:b", "a:b"],
  [":x([a-z]+)", "abc"],
  ["{:x}?", "q"],
  ["(.*)", "any"],
  ["v:ver(\\d+)", "v12"],
  ["ÄÖ", "ÄÖ"],
  [":ünïcode", "u"],
  [":__proto__", "p"],
  [":constructor", "c"],
];
const SEARCHES: [string, string][] = [["", ""], ["*", "z=1"], ["q=:q", "q=1"], ["a=1&b=*", "a=1&b=2"], ["(.*)", "s"], [
  "x=:x(\\d+)&*",
  "x=12&y",
]];
const HASHES: [string, string][] = [["", ""], ["*", "h"], ["top", "top"], [":anchor", "a"], ["section-*", "section-2"]];
const NOISE = [
  "(",
  ")",
  "{",
  "}",
  ":",
  "*",
  "?",
  "+",
  "\\",
  "/",
  "[",
  "]",
  "|",
  "^",
  "$",
  "%",
  " ",
  "é",
  "\u{1F600}",
  "\uD800",
];

const INPUT_HOSTS = [
  "example.com",
  "a.example.com",
  "api.v2.example.com",
  "127.0.0.1",
  "[::1]",
  "xn--bcher-kva.de",
  "EXAMPLE.com",
  "bücher.de",
  "other.org",
];
const INPUT_PATHS = [
  "/",
  "/books/42",
  "/books/x",
  "/foo/1",
  "/bar",
  "/a-b",
  "/b",
  "/index.html",
  "/café",
  "/%E2%82%AC",
  "/files/a/b/c",
  "/v12",
  "/ÄÖ",
  "/a:b",
  "/x/y/z",
  "",
];
const INPUT_SEARCHES = ["", "?q=1", "?a=1&b=2", "?x=12&y", "?"];
const INPUT_HASHES = ["", "#top", "#section-2", "#x"];

export function patternCases(seed: number, count: number): PatternCase[] {
  const rand = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];
  const mutate = (s: string) => {
    if (rand() > 0.12) return s;
    const at = Math.floor(rand() * (s.length + 1));
    return s.slice(0, at) + pick(NOISE) + s.slice(at);
  };
  const cases: PatternCase[] = [];
  for (let i = 0; i < count; i++) {
    // The pattern's pieces, and a URL made of the values they match.
    const protocol = pick(PROTOCOLS), hostname = pick(HOSTNAMES), port = pick(PORTS);
    const search = pick(SEARCHES), hash = pick(HASHES);
    const segments = Array.from({ length: 1 + Math.floor(rand() * 3) }, () => pick(SEGMENTS));
    const pathname = [segments.map(([p]) => "/" + p).join(""), segments.map(([, v]) => "/" + v).join("")];
    const matching = `${protocol[1]}://${hostname[1]}${port[1] ? ":" + port[1] : ""}${pathname[1]}` +
      `${search[1] ? "?" + search[1] : ""}${hash[1] ? "#" + hash[1] : ""}`;

    const ignoreCase = rand() < 0.2;
    const options = ignoreCase ? [{ ignoreCase: true }] : rand() < 0.1 ? [{}] : [];
    let args: PatternArgs;
    const form = rand();
    let relativeBase: string | undefined;
    if (form < 0.45) {
      // A dictionary of some components.
      const init: Record<string, string> = {};
      if (rand() < 0.5) init.protocol = mutate(protocol[0]);
      if (rand() < 0.5) init.hostname = mutate(hostname[0]);
      if (rand() < 0.2) init.port = mutate(port[0]);
      if (rand() < 0.85) init.pathname = mutate(pathname[0]);
      if (rand() < 0.25) init.search = mutate(search[0]);
      if (rand() < 0.15) init.hash = mutate(hash[0]);
      if (rand() < 0.15) init.baseURL = `https://${pick(INPUT_HOSTS)}${pick(INPUT_PATHS)}`;
      if (rand() < 0.05) init.username = mutate(pick([":user", "*", "admin"]));
      args = [init, ...options];
    } else if (form < 0.8) {
      // A full pattern string.
      const tail = `${rand() < 0.3 ? `\\?${search[0]}` : ""}${rand() < 0.2 ? `#${hash[0]}` : ""}`;
      args = [
        mutate(`${protocol[0]}://${hostname[0]}${port[0] ? ":" + port[0] : ""}${pathname[0]}${tail}`),
        ...options,
      ];
    } else {
      // A relative pattern string with a base.
      relativeBase = `https://${hostname[1]}/`;
      args = [mutate(pathname[0]), relativeBase, ...options];
    }
    const inputs: unknown[][] = [];
    const n = 2 + Math.floor(rand() * 5);
    for (let k = 0; k < n; k++) {
      const kind = rand();
      if (kind < 0.35) {
        inputs.push([ignoreCase && rand() < 0.5 ? matching.toUpperCase() : matching]);
      } else if (kind < 0.45) {
        inputs.push([pathname[1], relativeBase ?? `https://${hostname[1]}/base/`]);
      } else if (kind < 0.65) {
        const scheme = pick(["https", "http", "wss", "ftp", "file", "foo", "HTTPS"]);
        const p = rand() < 0.2 ? `:${pick(["8080", "443", "80", "1"])}` : "";
        const host = scheme === "file" ? "" : pick(INPUT_HOSTS);
        inputs.push([`${scheme}://${host}${p}${pick(INPUT_PATHS)}${pick(INPUT_SEARCHES)}${pick(INPUT_HASHES)}`]);
      } else if (kind < 0.87) {
        const init: Record<string, string> = {};
        if (rand() < 0.6) init.protocol = protocol[1];
        if (rand() < 0.6) init.hostname = hostname[1];
        if (rand() < 0.8) init.pathname = rand() < 0.7 ? pathname[1] : pick(INPUT_PATHS);
        if (rand() < 0.3) init.search = search[1];
        if (rand() < 0.2) init.port = pick(["8080", "443", "x", port[1]]);
        if (rand() < 0.2) init.baseURL = `https://${pick(INPUT_HOSTS)}/d/`;
        inputs.push([init]);
      } else if (kind < 0.97) {
        // A URL object (ours or the runtime's; the reference's own in its process): read as WebIDL reads a dictionary.
        const href = rand() < 0.7
          ? matching
          : `https://${pick(INPUT_HOSTS)}${pick(INPUT_PATHS)}${pick(INPUT_SEARCHES)}`;
        inputs.push([{
          $url: ignoreCase && rand() < 0.5 ? href.toUpperCase() : href,
          $kind: pick(["ours", "builtin"]),
          ...ownProperties(rand(), pathname[1]),
        }]);
      } else inputs.push([]);
    }
    cases.push({ args, inputs });
  }
  return cases;
}

type Pattern = {
  test(...args: unknown[]): boolean;
  exec(...args: unknown[]): Record<string, unknown> | null;
} & Record<string, unknown>;

const COMPONENTS = ["protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"];

/**
 * What one implementation makes of a case: "TypeError", or the pattern's components and each input's answers.
 * `makeArgs` turns an input's JSON form into its arguments (the URL objects it names made: requestArgs).
 */
export function runPatternCase(
  URLPattern: new (...args: unknown[]) => unknown,
  c: PatternCase,
  makeArgs: (args: unknown[]) => unknown[],
): unknown {
  let pattern: Pattern;
  try {
    pattern = new URLPattern(...c.args) as Pattern;
  } catch (error) {
    return error instanceof TypeError ? "TypeError" : `${(error as Error)?.name}: ${(error as Error)?.message}`;
  }
  return {
    components: COMPONENTS.map((name) => pattern[name]),
    hasRegExpGroups: pattern.hasRegExpGroups,
    results: c.inputs.map((json) => {
      const args = makeArgs(json);
      let test: unknown, exec: unknown;
      try {
        test = pattern.test(...args);
      } catch (error) {
        test = error instanceof TypeError ? "TypeError" : String(error);
      }
      try {
        const r = pattern.exec(...args);
        exec = r === null ? null : {
          inputs: (r.inputs as unknown[]).map((input) =>
            typeof input === "string" ? input : Object.entries(input as object).sort()
          ),
          // Groups in name order: Node 26 builds them from an unordered map.
          components: COMPONENTS.map((name) => {
            const { input, groups } = r[name] as { input: string; groups: Record<string, unknown> };
            return [input, Object.entries(groups).map(([k, v]) => [k, v === undefined ? "(undefined)" : v]).sort()];
          }),
        };
      } catch (error) {
        exec = error instanceof TypeError ? "TypeError" : String(error);
      }
      return { test, exec };
    }),
  };
}
