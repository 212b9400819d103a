/**
 * Where a URLPatternList's route index (route_index.ts) puts a pattern, read from its pathname as ada compiled it (its
 * type, exact value and RegExp source). The placement only ever narrows what the pattern can match; the pattern's own
 * matching confirms every candidate.
 *
 * A placement is a list of segment keys, each one of:
 * - literal text: the pathname's segment is exactly that text;
 * - PARAM: a plain `:name` segment, any non-empty segment;
 * - PREFIX_PARAM + prefix: a segment that is the (non-empty) literal prefix and then a `:name` to its end, e.g.
 *   `/r5-:id`, `/v:version`: any segment that starts with the prefix and goes on past it (the rest is the group);
 * - PARTIAL + prefix: a segment that starts with the (non-empty) literal prefix, e.g. `/file{.:ext}?`, `/page-:n.html`:
 *   what follows the prefix inside the segment is left to the pattern.
 */
import { COMPONENT_EMPTY, COMPONENT_EXACT_MATCH, COMPONENT_REGEXP, FLAG_REGEXP_IGNORES_CASE } from "./ada_calls.ts";
import type { PatternInternals } from "./url_pattern.ts";

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
  /** Exactly these segments (`deeper`: then a `/*` tail, any pathname that goes on past them). */
  | { kind: "path"; segments: string[]; deeper: boolean }
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
      segments[segments.length] = segment;
      segment = "";
    } else {
      segment += path[k];
    }
  }
  segments[segments.length] = segment;
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
function classifySource(source: string): Placement {
  const last = source.length - 1;
  if (source[0] !== "^" || source[last] !== "$") return NOWHERE;
  const segments: string[] = [];
  let text = ""; // the literal text of the segment being read (its prefix, once PREFIXED)
  let kind = -1; // -1: before the first "/"
  const push = () => {
    segments[segments.length] = kind === LITERAL
      ? text
      : kind === WHOLE_PARAM
      ? PARAM
      : kind === PREFIXED_PARAM
      ? PREFIX_PARAM + text
      : kind === PREFIXED
      ? PARTIAL + text
      : UNKNOWN_KEY;
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
      return pathPlacement(segments, true);
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
    return pathPlacement(segments, false);
  }
  if (kind === -1) return NOWHERE;
  // The rest is unknown. The segment being read is whole when a "/" must follow; else it may go on into the rest,
  // so only its literal prefix is known.
  if (whole) push();
  else if ((kind === LITERAL || kind === PREFIXED || kind === PREFIXED_PARAM) && text !== "") {
    segments[segments.length] = PARTIAL + text;
  }
  return { kind: "prefix", segments: leading(segments) };
}

/** The leading keys of `segments` the trie can hold, up to the first it cannot. */
function leading(segments: string[]): string[] {
  const known: string[] = [];
  for (let k = 0; k < segments.length && segments[k] !== UNKNOWN_KEY; k++) known[known.length] = segments[k];
  return known;
}

/** A whole pathname read from the source: its segments, unless one is unknown. */
function pathPlacement(segments: string[], deeper: boolean): Placement {
  const known = leading(segments);
  if (known.length === segments.length) return { kind: "path", segments, deeper };
  return { kind: "prefix", segments: known };
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
  const placement = classifySource(internals.sources[PATHNAME]);
  return ignoresCase(internals) ? runtimePlacement(placement) : placement;
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
  if (placement.kind === "exact") {
    if (placement.value[0] !== "/") return NOWHERE;
    segments = segmentsOf(placement.value);
    complete = true;
  } else {
    segments = placement.segments;
    complete = placement.kind === "path";
  }
  const keys: string[] = [];
  for (let k = 0; k < segments.length; k++) {
    const key = segments[k];
    if (key === PARAM) {
      keys[keys.length] = key;
      continue;
    }
    const mark = key[0] === PARTIAL || key[0] === PREFIX_PARAM ? key[0] : "";
    const text = mark === "" ? key : stringSlice.call(key, 1) as string;
    if (allKept(text)) {
      keys[keys.length] = mark + foldAscii(text);
      continue;
    }
    let kept = "";
    for (let c = 0; c < text.length && isOneOf(KEPT, text[c]); c++) kept += text[c];
    if (kept !== "") keys[keys.length] = PARTIAL + foldAscii(kept);
    return { kind: "prefix", segments: keys };
  }
  if (!complete) return { kind: "prefix", segments: keys };
  return { kind: "path", segments: keys, deeper: placement.kind === "path" && placement.deeper };
}
