/**
 * Where a URLPatternList's route index (route_index.ts) puts a pattern, read from its pathname as ada compiled it (its
 * type, exact value and RegExp source). The placement only ever narrows what the pattern can match; the pattern's own
 * matching confirms every candidate.
 *
 * A placement is a list of segment keys, each one of:
 * - literal text: the pathname's segment is exactly that text;
 * - PARAM: a plain `:name` segment, any non-empty segment; or a whole segment that is a regexp group (`/:id(\d+)`)
 *   whose RegExp can match neither "" nor a "/": the segment then also matches the group's RegExp, its "check";
 * - PREFIX_PARAM + prefix: a segment that is the (non-empty) literal prefix and then a `:name` to its end, e.g.
 *   `/r5-:id`, `/v:version`: any segment that starts with the prefix and goes on past it (the rest is the group);
 * - PARTIAL + prefix: a segment that starts with the (non-empty) literal prefix, e.g. `/file{.:ext}?`, `/page-:n.html`:
 *   what follows the prefix inside the segment is left to the pattern.
 */
import { COMPONENT_EMPTY, COMPONENT_EXACT_MATCH, COMPONENT_REGEXP, FLAG_REGEXP_IGNORES_CASE } from "./ada_calls.ts";
import { componentRegExp, regExpTest } from "./component_regexp.ts";
import type { PatternInternals } from "./url_pattern.ts";
import { append } from "../builtins/own_arrays.ts";

const PATHNAME = 5;

/** A `:name` segment key: a character no literal text of a pathname pattern holds. */
export const PARAM = "\u0000";
/** The mark before a PARTIAL key's prefix. */
export const PARTIAL = "\u0001";
/** The mark before a PREFIX_PARAM key's prefix. */
export const PREFIX_PARAM = "\u0002";

/** Where a pathname pattern goes in the index. */
export type Placement =
  /** An exact pathname. */
  | { kind: "exact"; value: string }
  /**
   * Exactly these segments (`deeper`: then a `/*` tail, any pathname that goes on past them); `checks`, where a PARAM
   * segment is a regexp group: per segment, the RegExp the whole segment must match (null for every other).
   */
  | { kind: "path"; segments: string[]; deeper: boolean; checks: (RegExp | null)[] | null }
  /** The pathname starts with these segments (a PARTIAL last one: that segment starts with its prefix). */
  | { kind: "prefix"; segments: string[] };

/** ada's source for a `/:name` segment (prefix "/", the segment wildcard, no modifier). */
const PARAM_SOURCE = "(?:\\/([^\\/]+?))";
/** ada's source for a `:name` inside a segment (no "/" prefix: `/r5-:id`, `/a/{:x}`). */
const SEGMENT_PARAM_SOURCE = "([^\\/]+?)";
/** ada's source for a trailing `/*`. */
const TAIL_WILDCARD_SOURCE = "(?:\\/(.*))";
/** Characters with a meaning in a `v`-flag RegExp outside a class: a literal one is escaped. */
const SYNTAX = "^$\\.*+?()[]{}|/";
const QUANTIFIERS = "?*+{";

// Classifying runs when a pattern is added, after user code ran: plain indexing and loops, and no String.prototype
// method but slice as it was at load.
const stringSlice = String.prototype.slice;
const charCodeAt = String.prototype.charCodeAt;
const mapGet = Map.prototype.get;
const mapSet = Map.prototype.set;

/** Whether `s` has `prefix` at `at`. */
function hasAt(s: string, prefix: string, at: number): boolean {
  if (at + prefix.length > s.length) return false;
  for (let k = 0; k < prefix.length; k++) if (s[at + k] !== prefix[k]) return false;
  return true;
}

/** Whether `c` is one of `chars`. */
function isOneOf(chars: string, c: string | undefined): boolean {
  for (let k = 0; k < chars.length; k++) if (chars[k] === c) return true;
  return false;
}

/** The segments of a literal path that starts with "/": the parts after it, split at every "/". */
export function segmentsOf(path: string): string[] {
  const segments: string[] = [];
  let segment = "";
  for (let k = 1; k < path.length; k++) {
    if (path[k] === "/") {
      append(segments, segment);
      segment = "";
    } else {
      segment += path[k];
    }
  }
  append(segments, segment);
  return segments;
}

/** The index in a source of the ")" closing the group opened at `open`, or -1 (escapes, `v`-flag classes skipped). */
function groupEnd(source: string, open: number): number {
  let depth = 0;
  let classDepth = 0;
  for (let i = open; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") {
      i++;
    } else if (c === "[") {
      classDepth++;
    } else if (c === "]") {
      if (classDepth > 0) classDepth--;
    } else if (classDepth === 0 && c === "(") {
      depth++;
    } else if (classDepth === 0 && c === ")") {
      if (--depth === 0) return i;
    }
  }
  return -1;
}

const NOWHERE: Placement = { kind: "prefix", segments: [] };

/** The key of a segment that is none of the above (`/:id-foo`): the trie holds nothing from it on. */
const UNKNOWN_KEY = PARTIAL;

/**
 * What the segment being read is, in classifySource: PREFIXED_PARAM while it is a literal prefix and one `:name` (so
 * far), PREFIXED once more follows.
 */
const LITERAL = 0, WHOLE_PARAM = 1, PREFIXED = 2, UNKNOWN = 3, PREFIXED_PARAM = 4;

/**
 * The placement of a pathname ada compiled to a RegExp `source`: reads the source as ada writes it (`^`, then escaped
 * literal text, `(?:\/([^\/]+?))` segments and `([^\/]+?)` inside segments, `$`) as far as it can; the first thing it
 * does not recognize ends what is known.
 */
function classifySource(source: string, ignoreCase: boolean): Placement {
  const last = source.length - 1;
  if (source[0] !== "^" || source[last] !== "$") return NOWHERE;
  const segments: string[] = [];
  const checks: (RegExp | null)[] = []; // per segment, its regexp group's check or null
  let checked = false; // whether any segment has one
  let text = ""; // the literal text of the segment being read (its prefix, once PREFIXED)
  let kind = -1; // -1: before the first "/"
  let check: RegExp | null = null; // the check of the segment being read (a regexp group's), taken by push()
  const push = () => {
    append(
      segments,
      kind === LITERAL
        ? text
        : kind === WHOLE_PARAM
        ? PARAM
        : kind === PREFIXED_PARAM
        ? PREFIX_PARAM + text
        : kind === PREFIXED
        ? PARTIAL + text
        : UNKNOWN_KEY,
    );
    // Each segment's own (a group that did not stay the whole segment, `/:id(\d+)-x`, made it UNKNOWN: the placement
    // is then a prefix, which has none).
    append(checks, check);
    if (check !== null) checked = true;
    check = null;
  };
  let i = 1;
  let whole = false; // the unrecognized rest begins with an unquantified "/": the last segment read is whole
  while (i < last) {
    if (hasAt(source, PARAM_SOURCE, i) && !isOneOf(QUANTIFIERS, source[i + PARAM_SOURCE.length])) {
      if (kind !== -1) push();
      kind = WHOLE_PARAM;
      text = "";
      i += PARAM_SOURCE.length;
      continue;
    }
    if (hasAt(source, CHECKED_GROUP_START, i)) {
      const group = segmentCheck(source, i, ignoreCase);
      if (group !== null) {
        if (kind !== -1) push();
        kind = WHOLE_PARAM;
        text = "";
        check = group.regexp;
        i = group.end;
        continue;
      }
    }
    if (kind !== -1 && hasAt(source, SEGMENT_PARAM_SOURCE, i)) {
      if (!isOneOf(QUANTIFIERS, source[i + SEGMENT_PARAM_SOURCE.length])) {
        if (kind === LITERAL) kind = text === "" ? WHOLE_PARAM : PREFIXED_PARAM;
        else if (kind === WHOLE_PARAM) kind = UNKNOWN; // two groups in one segment: which holds what is the pattern's
        else if (kind === PREFIXED_PARAM) kind = PREFIXED;
        i += SEGMENT_PARAM_SOURCE.length;
        continue;
      }
    }
    if (hasAt(source, TAIL_WILDCARD_SOURCE, i) && i + TAIL_WILDCARD_SOURCE.length === last) {
      if (kind !== -1) push();
      return pathPlacement(segments, true, checked ? checks : null);
    }
    let literal: string | undefined;
    let next = i + 1;
    if (source[i] === "\\" && isOneOf(SYNTAX, source[i + 1])) {
      literal = source[i + 1];
      next = i + 2;
    } else if (!isOneOf(SYNTAX, source[i])) {
      literal = source[i];
    }
    if (literal !== undefined && literal !== PARAM && literal !== PARTIAL && !isOneOf(QUANTIFIERS, source[next])) {
      if (kind === -1 && literal !== "/") return NOWHERE; // a pathname that does not start with "/"
      if (literal === "/") {
        if (kind !== -1) push();
        kind = LITERAL;
        text = "";
      } else if (kind === LITERAL) {
        text += literal;
      } else if (kind === WHOLE_PARAM) {
        kind = UNKNOWN; // `/:id-foo`: not a plain segment
      } else if (kind === PREFIXED_PARAM) {
        kind = PREFIXED; // `/page-:n.html`: a suffix, left to the pattern
      } // PREFIXED: a suffix, left to the pattern; UNKNOWN stays so
      i = next;
      continue;
    }
    if (hasAt(source, "(?:\\/", i)) {
      const end = groupEnd(source, i);
      whole = end !== -1 && !isOneOf(QUANTIFIERS, source[end + 1]);
    }
    break;
  }
  if (i === last) {
    if (kind !== -1) push();
    return pathPlacement(segments, false, checked ? checks : null);
  }
  if (kind === -1) return NOWHERE;
  // The rest is unknown. The segment being read is whole when a "/" must follow; else it may go on into the rest,
  // so only its literal prefix is known.
  if (whole) push();
  else if ((kind === LITERAL || kind === PREFIXED || kind === PREFIXED_PARAM) && text !== "") {
    append(segments, PARTIAL + text);
  }
  return { kind: "prefix", segments: leading(segments) };
}

/** The leading keys of `segments` the trie can hold, up to the first it cannot. */
function leading(segments: string[]): string[] {
  const known: string[] = [];
  for (let k = 0; k < segments.length && segments[k] !== UNKNOWN_KEY; k++) append(known, segments[k]);
  return known;
}

/** A whole pathname read from the source: its segments (and their checks, one per segment), unless one is unknown. */
function pathPlacement(segments: string[], deeper: boolean, checks: (RegExp | null)[] | null): Placement {
  const known = leading(segments);
  if (known.length !== segments.length) return { kind: "prefix", segments: known };
  return { kind: "path", segments, deeper, checks };
}

/** How ada writes a whole segment that is a regexp group: `(?:\/(` + the user's RegExp + `))`. */
const CHECKED_GROUP_START = "(?:\\/(";

/**
 * Checks by flags and source: tables repeat `\d+` on many routes (a few hundred kept at most). A body refused once
 * (its RegExp matches "", or does not compile) is kept as null.
 */
const checkCache = new Map<string, RegExp | null>();
const CHECKS_KEPT = 256;
const mapClear = Map.prototype.clear;
const mapSize = Object.getOwnPropertyDescriptor(Map.prototype, "size")!.get!;

/**
 * The check of a whole-segment regexp group whose source starts at `at` (CHECKED_GROUP_START), and where its source
 * ends; null when the group is quantified (`/:id(\d+)?`), or its RegExp may match "" or a "/" (then the segment is not
 * what the group holds), or reads outside it (lookarounds, `^`, `$`, backreferences).
 */
function segmentCheck(source: string, at: number, ignoreCase: boolean): { regexp: RegExp; end: number } | null {
  const open = at + CHECKED_GROUP_START.length - 1;
  const close = groupEnd(source, open);
  if (close === -1 || source[close + 1] !== ")" || isOneOf(QUANTIFIERS, source[close + 2])) return null;
  const body: string = stringSlice.call(source, open + 1, close);
  if (!cannotMatchSlash(body)) return null;
  const key = (ignoreCase ? "i" : "-") + body;
  let regexp: RegExp | null | undefined = mapGet.call(checkCache, key);
  if (regexp === undefined) {
    try {
      regexp = componentRegExp("^(?:" + body + ")$", ignoreCase);
      if (regExpTest(regexp, "")) regexp = null;
    } catch {
      regexp = null;
    }
    if ((mapSize.call(checkCache) as number) >= CHECKS_KEPT) mapClear.call(checkCache);
    mapSet.call(checkCache, key, regexp);
  }
  return regexp === null ? null : { regexp, end: close + 2 };
}

/** Whether `c` is an ASCII letter or digit (an escape of one means something else than the character). */
function isAlphanumeric(c: string): boolean {
  const code = charCodeAt.call(c, 0) as number;
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/**
 * Whether a RegExp source (a `v`-flag one, as ada keeps it) surely matches no "/", and reads nothing outside what it
 * matches: made only of literal characters but "/" and ".", escaped punctuation, `\d \w \s \b \B`, classes that are
 * not negated and hold no "/", `(?:` groups, alternatives and quantifiers. Anything else (`.`, `\D`, `\p{…}`, `\x2f`,
 * lookarounds, `^`, `$`, backreferences, nested or set-operation classes) is not known to, and is left to the pattern.
 */
function cannotMatchSlash(body: string): boolean {
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === "\\") {
      const e = body[++i];
      if (e === "d" || e === "w" || e === "s" || e === "b" || e === "B") continue;
      if (e === undefined || e === "/" || isAlphanumeric(e)) return false;
    } else if (c === "[") {
      i = classEnd(body, i);
      if (i === -1) return false;
    } else if (c === "(") {
      if (body[i + 1] !== "?" || body[i + 2] !== ":") return false;
      i += 2;
    } else if (c === "." || c === "/" || c === "^" || c === "$") {
      return false;
    }
  }
  return true;
}

/** The index of the "]" closing the class opened at `open` when the class surely holds no "/", else -1. */
function classEnd(body: string, open: number): number {
  if (body[open + 1] === "^") return -1;
  let previous = -1; // the code of the last single character: a range's start
  for (let i = open + 1; i < body.length; i++) {
    let c = body[i];
    if (c === "]") return i;
    if (c === "[" || c === "/" || (c === "-" && body[i + 1] === "-") || (c === "&" && body[i + 1] === "&")) return -1;
    if (c === "-" && previous !== -1 && body[i + 1] !== "]") {
      // A range: it holds "/" when it starts at or before it and ends at or after it.
      c = body[++i];
      if (c === "\\") {
        c = body[++i];
        if (c === undefined || c === "/" || isAlphanumeric(c)) return -1;
      } else if (c === "[") {
        return -1;
      }
      if (previous <= 47 && (charCodeAt.call(c, 0) as number) >= 47) return -1;
      previous = -1;
      continue;
    }
    if (c === "\\") {
      c = body[++i];
      if (c === "d" || c === "w" || c === "s") {
        previous = -1;
        continue;
      }
      if (c === undefined || c === "/" || isAlphanumeric(c)) return -1;
    }
    previous = charCodeAt.call(c, 0) as number;
  }
  return -1;
}

/**
 * Where pattern `internals` goes, by its pathname. Under ignoreCase its literal text matches other spellings: the
 * placement is the folded one (runtimePlacement), for an index made with `fold`; ignoresCase() tells which.
 */
export function placementOf(internals: PatternInternals): Placement {
  const type = internals.types[PATHNAME];
  if (type === COMPONENT_EXACT_MATCH) return { kind: "exact", value: internals.exact[PATHNAME] };
  if (type === COMPONENT_EMPTY) return { kind: "exact", value: "" };
  if (type !== COMPONENT_REGEXP) return NOWHERE; // a full wildcard
  const folded = ignoresCase(internals);
  const placement = classifySource(internals.sources[PATHNAME], folded);
  return folded ? runtimePlacement(placement) : placement;
}

/** Whether the pattern's pathname ignores case (then its placement's keys are folded). */
export function ignoresCase(internals: PatternInternals): boolean {
  return internals.types[PATHNAME] === COMPONENT_REGEXP && (internals.flags[PATHNAME] & FLAG_REGEXP_IGNORES_CASE) !== 0;
}

/**
 * Characters of a path segment that every URL parser (each runtime's, of every version of the standard) keeps as
 * they are: a literal key made only of these means the same to a runtime's URLPattern as to ada's, and a path made of
 * these and "/" is its own pathname to every parser (plain_path.ts's plainPath).
 */
export const KEPT = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@%";

/** Whether every character of `text` is KEPT. */
function allKept(text: string): boolean {
  for (let k = 0; k < text.length; k++) if (!isOneOf(KEPT, text[k])) return false;
  return true;
}

/** `text` with ASCII letters lowercased (plain loops: see above). */
export function foldAscii(text: string): string {
  let folded = "";
  for (let k = 0; k < text.length; k++) {
    const c = text[k];
    const upper = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let lower = c;
    for (let u = 0; u < 26; u++) {
      if (upper[u] === c) {
        lower = "abcdefghijklmnopqrstuvwxyz"[u];
        break;
      }
    }
    folded += lower;
  }
  return folded;
}

/**
 * A placement with its keys folded to lowercase, for a pattern that ignores case, or may (a runtime's own URLPattern,
 * placed by ours compiled from its pathname string: whether it ignores case cannot be read, and folded keys narrow for
 * either); cut before the first key with a character a runtime's parser might write otherwise than ada does (such a
 * key narrows no further), which also keeps every folded key ASCII.
 */
export function runtimePlacement(placement: Placement): Placement {
  let segments: string[];
  let complete: boolean;
  let checks: (RegExp | null)[] | null = null;
  if (placement.kind === "exact") {
    if (placement.value[0] !== "/") return NOWHERE;
    segments = segmentsOf(placement.value);
    complete = true;
  } else {
    segments = placement.segments;
    complete = placement.kind === "path";
    if (placement.kind === "path") checks = placement.checks;
  }
  const keys: string[] = [];
  for (let k = 0; k < segments.length; k++) {
    const key = segments[k];
    if (key === PARAM) {
      append(keys, key);
      continue;
    }
    const mark = key[0] === PARTIAL || key[0] === PREFIX_PARAM ? key[0] : "";
    const text = mark === "" ? key : stringSlice.call(key, 1) as string;
    if (allKept(text)) {
      append(keys, mark + foldAscii(text));
      continue;
    }
    let kept = "";
    for (let c = 0; c < text.length && isOneOf(KEPT, text[c]); c++) kept += text[c];
    if (kept !== "") append(keys, PARTIAL + foldAscii(kept));
    return { kind: "prefix", segments: keys };
  }
  if (!complete) return { kind: "prefix", segments: keys };
  return { kind: "path", segments: keys, deeper: placement.kind === "path" && placement.deeper, checks };
}
