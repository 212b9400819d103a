/**
 * The runtime's own `URLPattern` objects (Deno's, Bun's, Node 24+'s) in a URLPatternList. Read as a URLPatternInit
 * they would lose what their getters do not show (ignoreCase) and `result.pattern` would not be the object passed;
 * so a list keeps one as the pattern it is and asks it with its own test() and exec(), as the loop over patterns does.
 * Their methods are taken when this module loads (a user's later change to the runtime's URLPattern.prototype
 * changes no answer), and an object is one of them when the runtime's own getter accepts it (a brand check).
 */
import { KEPT } from "./route_placement.ts";

interface RuntimePattern {
  test(input?: unknown, baseURL?: unknown): boolean;
  exec(input?: unknown, baseURL?: unknown): unknown;
}

const RuntimeURLPattern = (globalThis as { URLPattern?: { prototype: RuntimePattern } }).URLPattern;
const uncurry = <F>(f: unknown) => Function.prototype.call.bind(f as () => unknown) as unknown as F;
const proto = RuntimeURLPattern?.prototype;
const protocolGetter = proto && Object.getOwnPropertyDescriptor(proto, "protocol")?.get;
const brandCheck = protocolGetter ? uncurry<(pattern: unknown) => string>(protocolGetter) : undefined;
const runtimeTest = proto && uncurry<(pattern: unknown, input: unknown, baseURL: unknown) => boolean>(proto.test);
const runtimeExec = proto && uncurry<(pattern: unknown, input: unknown, baseURL: unknown) => unknown>(proto.exec);

/**
 * Whether `value` is a URLPattern of the runtime's own (false where the runtime has none, and for ours: the caller
 * asks about ours first). Runs no user code: the runtime's getter throws on anything else before reading it.
 */
export function isRuntimePattern(value: unknown): boolean {
  if (brandCheck === undefined || typeof value !== "object" || value === null) return false;
  try {
    brandCheck(value);
    return true;
  } catch {
    return false;
  }
}

/** `pattern.test(input, baseURL)` with the runtime's own method as it was at load. */
export function testRuntimePattern(pattern: unknown, input: unknown, baseURL: unknown): boolean {
  return runtimeTest!(pattern, input, baseURL);
}

/** `pattern.exec(input, baseURL)` with the runtime's own method as it was at load. */
export function execRuntimePattern(pattern: unknown, input: unknown, baseURL: unknown): unknown {
  return runtimeExec!(pattern, input, baseURL);
}

const pathnameGetter = proto && Object.getOwnPropertyDescriptor(proto, "pathname")?.get;
const runtimePathname = pathnameGetter ? uncurry<(pattern: unknown) => string>(pathnameGetter) : undefined;

/** A runtime URLPattern's pathname pattern string (what its own getter, as it was at load, gives). */
export function pathnamePatternOf(pattern: unknown): string {
  return runtimePathname!(pattern);
}

const charCodeAt = String.prototype.charCodeAt;

/** The path characters every URL parser keeps as they are (route_placement.ts's KEPT, and "/"): 1 at their codes. */
const KEPT_IN_PATH = new Uint8Array(128);
for (const c of KEPT + "/") KEPT_IN_PATH[c.charCodeAt(0)] = 1;

/** Where runtimePathRange() found the pathname: from `start` to `end` of the string it was given. */
export const pathRange = { start: 0, end: 0 };

/**
 * Whether the pathname that any runtime's URL parser gives `href` can be read from the string as it is, without
 * parsing it: an `http://` or `https://` URL with an authority, whose path (up to the first `?` or `#`) holds only
 * characters every parser keeps and no dot segment (`.`, `..`, any `%2e`). Then that path is the pathname (left in
 * pathRange): a runtime's own URLPattern sees the same pathname as the index, whatever its parser's version. Any
 * other string: false (its runtime patterns are all candidates). A Request's `url` is of the first kind.
 */
export function runtimePathRange(href: string): boolean {
  let at: number;
  if (href[0] !== "h" || href[1] !== "t" || href[2] !== "t" || href[3] !== "p") return false;
  if (href[4] === ":") at = 5;
  else if (href[4] === "s" && href[5] === ":") at = 6;
  else return false;
  if (href[at] !== "/" || href[at + 1] !== "/") return false;
  at += 2;
  const length = href.length;
  // The authority: up to the first "/", "?" or "#"; a "\" (a "/" to a special URL's parser) or none at all: false.
  let i = at;
  for (; i < length; i++) {
    const c = charCodeAt.call(href, i) as number;
    if (c === 47 || c === 63 || c === 35) break;
    // A "\" (a "/" to a special URL's parser); a tab or newline, which parsers strip before anything else (so
    // "http://\t/x" is "http:///x", whose host is "x").
    if (c === 92 || c === 9 || c === 10 || c === 13) return false;
  }
  if (i === at) return false; // "http:///x": the parser skips the slashes, its host is "x"
  pathRange.start = i;
  if (i === length || href[i] !== "/") {
    // No path: the parser's pathname is "/", which is not in the string.
    return false;
  }
  let segmentStart = i + 1;
  for (i = i + 1; i < length; i++) {
    const c = charCodeAt.call(href, i) as number;
    if (c === 63 || c === 35) break;
    if (c >= 128 || KEPT_IN_PATH[c] === 0) return false;
    if (c === 37 && (href[i + 1] === "2") && (href[i + 2] === "e" || href[i + 2] === "E")) return false;
    if (c === 47) {
      if (isDotSegment(href, segmentStart, i)) return false;
      segmentStart = i + 1;
    }
  }
  if (isDotSegment(href, segmentStart, i)) return false;
  pathRange.end = i;
  return true;
}

/** Whether `href` from `start` to `end` is "." or "..". */
function isDotSegment(href: string, start: number, end: number): boolean {
  return (end - start === 1 && href[start] === ".") ||
    (end - start === 2 && href[start] === "." && href[start + 1] === ".");
}
