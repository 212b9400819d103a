/**
 * A URLPatternList's index: which of its patterns can match a pathname, in index order, without running any
 * pattern. It only ever narrows: every pattern it leaves out cannot match, and each one it returns is still
 * confirmed by the pattern's own matching (url_pattern.ts), so the first confirmed one is the loop's answer.
 *
 * Each pattern's pathname is classified once, from what ada compiled (its type, exact value and RegExp source):
 * - one exact value starting with "/": a path of literal segments in the segment trie (below), ending there;
 *   another exact value (empty, an opaque path): a Map from the value to its patterns;
 * - a sequence of literal segments and plain `:name` segments, optionally ending in `/*`: a path in a segment
 *   trie (literal segments by Map, `:name` as one parameter child); `/*` lists the pattern on its node as
 *   "deeper": any pathname that goes on past the node;
 * - anything else (regexp groups, optional or repeated parts, ignoreCase, wildcards elsewhere): listed as
 *   "deeper" on the node of its leading whole segments (their literal text is still known), at worst on no
 *   node at all, as a candidate for every pathname.
 */
import { COMPONENT_EMPTY, COMPONENT_EXACT_MATCH, COMPONENT_REGEXP, FLAG_REGEXP_IGNORES_CASE } from "./ada_calls.ts";
import type { PatternInternals } from "./url_pattern.ts";

const PATHNAME = 5;

/**
 * The Map and String methods a lookup calls, as they are when this module loads (a user's later change to the
 * prototypes cannot answer a lookup). A lookup finds each segment's end with indexOf and compares it in place: slicing
 * each segment out and looking the fresh string up in a Map cost 60-85 ns a segment on V8 and JSC (allocation,
 * hashing), most of a lookup's index time.
 */
const mapGet = Map.prototype.get;
const mapSet = Map.prototype.set;
const stringIndexOf = String.prototype.indexOf;

/** Past this many literal children, a node finds one by the segment's first character (a Map) before comparing. */
const FEW_CHILDREN = 6;

/** A literal child: its segment text and node. */
interface LiteralChild {
  text: string;
  node: SegmentNode;
}

/** A node of the segment trie: the patterns that end here, those that go deeper, and the children. */
interface SegmentNode {
  /** The literal children, while there are at most FEW_CHILDREN (compared one by one); else null. */
  few: LiteralChild[] | null;
  /** The literal children by their first character ("" for an empty segment), once there are more. */
  many: Map<string, LiteralChild[]> | null;
  param: SegmentNode | null;
  /** Patterns whose pathname is exactly the segments to here. */
  ends: number[] | null;
  /** Patterns that may match a pathname with more segments after these (confirmed by the pattern). */
  deeper: number[] | null;
}

function newNode(): SegmentNode {
  return { few: null, many: null, param: null, ends: null, deeper: null };
}

/** ada's source for a `/:name` segment (prefix "/", the segment wildcard, no modifier). */
const PARAM_SOURCE = "(?:\\/([^\\/]+?))";
/** ada's source for a trailing `/*`. */
const TAIL_WILDCARD_SOURCE = "(?:\\/(.*))";
/** A `:name` segment in a classified path: a character no literal text of a pathname pattern holds. */
const PARAM = "\u0000";
/** Characters with a meaning in a `v`-flag RegExp outside a class: a literal one is escaped. */
const SYNTAX = "^$\\.*+?()[]{}|/";
const QUANTIFIERS = "?*+{";

/** Where a pathname pattern goes in the index. */
type Placement =
  | { kind: "exact"; value: string }
  | { kind: "path"; segments: string[]; deeper: boolean }
  | { kind: "prefix"; segments: string[] };

// Classifying runs when a pattern is added, after user code ran: plain indexing and loops, no String.prototype calls.

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

/** The segments of a path that starts with "/": the parts after it, split at every "/". */
function segmentsOf(path: string): string[] {
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

/** A segment the trie holds: literal text, or exactly one `:name`. */
function isTrieSegment(segment: string): boolean {
  if (segment === PARAM) return true;
  for (let k = 0; k < segment.length; k++) if (segment[k] === PARAM) return false;
  return true;
}

/** The leading trie segments of `segments`, up to `count` of them. */
function leading(segments: string[], count: number): string[] {
  const known: string[] = [];
  for (let k = 0; k < count && isTrieSegment(segments[k]); k++) known[known.length] = segments[k];
  return known;
}

/** The index in a source of the ")" closing the group opened at `open`, or -1 (escapes and `v`-flag classes skipped). */
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

/**
 * The placement of a pathname ada compiled to a RegExp `source`: reads the source as ada writes it (`^`, then
 * escaped literal text and `(?:\/([^\/]+?))` segments, `$`) as far as it can; the first thing it does not
 * recognize ends the known prefix.
 */
function classifySource(source: string): Placement {
  const last = source.length - 1;
  if (source[0] !== "^" || source[last] !== "$") return NOWHERE;
  let path = "";
  let i = 1;
  let whole = false; // the unrecognized rest begins with an unquantified "/": the path's last segment is whole
  while (i < last) {
    if (hasAt(source, PARAM_SOURCE, i) && !isOneOf(QUANTIFIERS, source[i + PARAM_SOURCE.length])) {
      path += "/" + PARAM;
      i += PARAM_SOURCE.length;
      continue;
    }
    if (hasAt(source, TAIL_WILDCARD_SOURCE, i) && i + TAIL_WILDCARD_SOURCE.length === last) {
      return pathPlacement(path, true);
    }
    let literal: string | undefined;
    let next = i + 1;
    if (source[i] === "\\" && isOneOf(SYNTAX, source[i + 1])) {
      literal = source[i + 1];
      next = i + 2;
    } else if (!isOneOf(SYNTAX, source[i])) {
      literal = source[i];
    }
    if (literal !== undefined && literal !== PARAM && !isOneOf(QUANTIFIERS, source[next])) {
      path += literal;
      i = next;
      continue;
    }
    if (hasAt(source, "(?:\\/", i)) {
      const end = groupEnd(source, i);
      whole = end !== -1 && !isOneOf(QUANTIFIERS, source[end + 1]);
    }
    break;
  }
  if (i === last) return pathPlacement(path, false);
  if (path[0] !== "/") return NOWHERE;
  const segments = segmentsOf(path);
  // Without a "/" next, the last segment may go on into what follows.
  return { kind: "prefix", segments: leading(segments, whole ? segments.length : segments.length - 1) };
}

/** A whole pathname read from the source: a path in the trie when every segment is literal or one `:name`. */
function pathPlacement(path: string, deeper: boolean): Placement {
  if (path[0] !== "/") return NOWHERE;
  const segments = segmentsOf(path);
  const known = leading(segments, segments.length);
  if (known.length === segments.length) return { kind: "path", segments, deeper };
  return { kind: "prefix", segments: known };
}

/** Where pattern `internals` goes, by its pathname. */
export function placementOf(internals: PatternInternals): Placement {
  const type = internals.types[PATHNAME];
  if (type === COMPONENT_EXACT_MATCH) return { kind: "exact", value: internals.exact[PATHNAME] };
  if (type === COMPONENT_EMPTY) return { kind: "exact", value: "" };
  // A full wildcard, and a RegExp under ignoreCase (its literal text matches other spellings): no known prefix.
  if (type !== COMPONENT_REGEXP || (internals.flags[PATHNAME] & FLAG_REGEXP_IGNORES_CASE) !== 0) {
    return { kind: "prefix", segments: [] };
  }
  return classifySource(internals.sources[PATHNAME]);
}

/** Whether an exact pathname goes in the segment trie: a path of literal segments (no `:name` marker in it). */
function inTrie(value: string): boolean {
  if (value[0] !== "/") return false;
  for (let k = 0; k < value.length; k++) if (value[k] === PARAM) return false;
  return true;
}

/**
 * What the index knows of a pathname it decides: which of its segments are `:name` parameters (their indexes, in
 * order), and whether a `/*` tail follows its segments. The groups of the pathname are those segments, then the tail.
 */
export interface PathShape {
  params: number[];
  /** How many segments the pattern's path has (the tail, when there is one, is all that follows them). */
  segments: number;
  tail: boolean;
  /** One groups object of this shape, kept alive: see url_pattern.ts's #keptParams. */
  kept?: object;
}

const NO_PARAMS: PathShape = { params: [], segments: 0, tail: false, kept: undefined };

/** The patterns of a URLPatternList, by pathname; built as patterns are added, in index order. */
export class RouteIndex {
  /** Exact pathnames that do not start with "/" (rare: empty, opaque paths); #hasExact once there is one. */
  #exact = new Map<string, number[]>();
  #hasExact = false;
  #root: SegmentNode = newNode();
  /** Candidates for every pathname: patterns whose pathname the index cannot narrow. */
  #always: number[] = [];

  /**
   * Indexes pattern number `index` (each call's index greater than the last). Returns the pathname's shape when
   * being a candidate means its pathname matches (an exact value, or a path of literal and `:name` segments, with or
   * without `/*`), else null.
   */
  add(index: number, internals: PatternInternals): PathShape | null {
    const placement = placementOf(internals);
    if (placement.kind === "exact" && !inTrie(placement.value)) {
      const list: number[] | undefined = mapGet.call(this.#exact, placement.value);
      if (list === undefined) mapSet.call(this.#exact, placement.value, [index]);
      else list[list.length] = index;
      this.#hasExact = true;
      return NO_PARAMS;
    }
    if (placement.kind === "prefix" && placement.segments.length === 0) {
      this.#always[this.#always.length] = index;
      return null;
    }
    let node = this.#root;
    const segments = placement.kind === "exact" ? segmentsOf(placement.value) : placement.segments;
    for (let s = 0; s < segments.length; s++) {
      const segment = segments[s];
      if (segment === PARAM) {
        node = node.param ??= newNode();
      } else {
        node = literalChild(node, segment);
      }
    }
    const ends = placement.kind === "exact" || (placement.kind === "path" && !placement.deeper);
    const list = ends ? (node.ends ??= []) : (node.deeper ??= []);
    list[list.length] = index;
    if (placement.kind === "prefix") return null;
    if (placement.kind === "exact") return NO_PARAMS;
    const params: number[] = [];
    for (let s = 0; s < segments.length; s++) if (segments[s] === PARAM) params[params.length] = s;
    return { params, segments: segments.length, tail: placement.deeper };
  }

  /** Makes pattern number `index` a candidate for every pathname (a pattern the index cannot read). */
  addEverywhere(index: number): void {
    this.#always[this.#always.length] = index;
  }

  /**
   * Writes into `lists` from 0 on every list of patterns that may match `pathname` (each list in index order; a
   * pattern is in one list only), and returns how many.
   */
  candidates(pathname: string, lists: number[][]): number {
    let n = 0;
    if (this.#always.length !== 0) lists[n++] = this.#always;
    if (pathname[0] === "/") return walk(this.#root, pathname, 1, lists, n);
    // Not hashed for a pathname that starts with "/": hashing a fresh string cost Node 26 ~200-300 ns (Node 24 ~60,
    // Bun ~20), more than the whole walk.
    if (this.#hasExact) {
      const exact: number[] | undefined = mapGet.call(this.#exact, pathname);
      if (exact !== undefined) lists[n++] = exact;
    }
    return n;
  }
}

/** The first character of `text`, or "" when it is empty: the key of a node's `many` Map. */
function firstOf(text: string): string {
  return text.length === 0 ? "" : text[0];
}

/** The literal child of `node` for segment `text`, made when new. */
function literalChild(node: SegmentNode, text: string): SegmentNode {
  const siblings = node.many !== null ? mapGet.call(node.many, firstOf(text)) as LiteralChild[] | undefined : node.few;
  if (siblings) { for (let k = 0; k < siblings.length; k++) if (siblings[k].text === text) return siblings[k].node; }
  const child = { text, node: newNode() };
  if (node.many !== null) {
    if (!siblings) mapSet.call(node.many, firstOf(text), [child]);
    else siblings[siblings.length] = child;
  } else if (node.few === null || node.few.length < FEW_CHILDREN) {
    (node.few ??= [])[node.few.length] = child;
  } else {
    const many = new Map<string, LiteralChild[]>();
    const all = [...node.few, child];
    for (let k = 0; k < all.length; k++) {
      const list: LiteralChild[] | undefined = mapGet.call(many, firstOf(all[k].text));
      if (list === undefined) mapSet.call(many, firstOf(all[k].text), [all[k]]);
      else list[list.length] = all[k];
    }
    node.many = many;
    node.few = null;
  }
  return child.node;
}

/** The literal child among `siblings` whose text is `path` from `start` to `end`, or null. */
function findChild(siblings: LiteralChild[], path: string, start: number, end: number): SegmentNode | null {
  const length = end - start;
  for (let k = 0; k < siblings.length; k++) {
    const text = siblings[k].text;
    if (text.length !== length) continue;
    let i = 0;
    while (i < length && path[start + i] === text[i]) i++;
    if (i === length) return siblings[k].node;
  }
  return null;
}

/**
 * Follows `path`'s segment starting at `start` from `node` (a pathname has one after every "/", maybe empty),
 * writing the lists it meets into `lists` from `n` on; returns the new count.
 */
function walk(node: SegmentNode, path: string, start: number, lists: number[][], n: number): number {
  if (node.deeper !== null) lists[n++] = node.deeper;
  let end = stringIndexOf.call(path, "/", start);
  const last = end === -1;
  if (last) end = path.length;
  const siblings = node.few !== null
    ? node.few
    : node.many !== null
    ? mapGet.call(node.many, end > start ? path[start] : "") as LiteralChild[] | undefined
    : undefined;
  if (siblings !== undefined) {
    const child = findChild(siblings, path, start, end);
    if (child !== null) {
      if (!last) n = walk(child, path, end + 1, lists, n);
      else if (child.ends !== null) lists[n++] = child.ends;
    }
  }
  const param = node.param;
  if (param !== null && end > start) {
    if (!last) n = walk(param, path, end + 1, lists, n);
    else if (param.ends !== null) lists[n++] = param.ends;
  }
  return n;
}

const stringSlice = String.prototype.slice;

/**
 * The groups of a pathname that matched a pattern of `shape` (decided by the index): each `:name` parameter's segment,
 * then the `/*` tail (everything after the pattern's segments), under `names` in that order. `set` writes a group.
 */
export function pathGroups(
  pathname: string,
  shape: PathShape,
  names: readonly string[],
  set: (groups: Record<string, string | undefined>, name: string, value: string) => void,
): Record<string, string | undefined> {
  const groups: Record<string, string | undefined> = {};
  const params = shape.params;
  const last = shape.tail ? shape.segments : params.length === 0 ? 0 : params[params.length - 1] + 1;
  let k = 0;
  let start = 1;
  for (let s = 0; s < last; s++) {
    let end = stringIndexOf.call(pathname, "/", start);
    if (end === -1) end = pathname.length;
    if (k < params.length && params[k] === s) set(groups, names[k++], stringSlice.call(pathname, start, end));
    start = end + 1;
  }
  if (shape.tail) set(groups, names[k], stringSlice.call(pathname, start));
  shape.kept ??= groups;
  return groups;
}
