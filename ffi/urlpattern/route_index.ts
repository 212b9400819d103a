/**
 * A URLPatternList's index: which of its patterns can match a pathname, in index order, without running any
 * pattern. It only ever narrows: every pattern it leaves out cannot match, and each one it returns is still
 * confirmed by the pattern's own matching (url_pattern.ts), so the first confirmed one is the loop's answer.
 *
 * Patterns are placed by their pathname (route_placement.ts) in a segment trie:
 * - a literal segment is a child found by its text: compared one by one while a node has few, then by a hash of
 *   the text computed in place (no slice, no string hashing), so 100,000 siblings cost what 10 do;
 * - a plain `:name` segment is the node's one parameter child, and so is a whole-segment regexp group whose RegExp
 *   matches neither "" nor "/" (route_placement.ts): a sure shape then checks the segment with that RegExp;
 * - a segment that is a literal prefix and a `:name` (`/r5-:id`, `/v:version`) is a "prefix-param" child, found by
 *   hashing the pathname segment's first characters at each prefix length the node has, for a segment longer than
 *   the prefix;
 * - a segment with a literal prefix and more (`/file{.:ext}?`, `/page-:n.html`) is a "partial" child, found the same
 *   way (the segment may be the prefix alone);
 * - a pattern ends on a node (its pathname is exactly the segments to there) or is listed there as "deeper" (it may
 *   match pathnames that go on past the node; on a partial child: any segment starting with its prefix); one the
 *   trie cannot place at all is a candidate for every pathname.
 * An index made with `fold` compares letters without case (its keys are lowercase): it holds the runtime's own
 * URLPatterns, whose ignoreCase cannot be read.
 */
import { PARAM, PARTIAL, type Placement, placementOf, PREFIX_PARAM, segmentsOf } from "./route_placement.ts";
import { regExpTest } from "./component_regexp.ts";
import type { PatternInternals } from "./url_pattern.ts";
import { append } from "../builtins/own_arrays.ts";

/**
 * The Map and String methods a lookup calls, as they are when this module loads (a user's later change to the
 * prototypes cannot answer a lookup). A lookup finds each segment's end with indexOf and compares it in place: slicing
 * each segment out and looking the fresh string up in a Map cost 60-85 ns a segment on V8 and JSC (allocation,
 * hashing), most of a lookup's index time.
 */
const mapGet = Map.prototype.get;
const mapSet = Map.prototype.set;
const stringIndexOf = String.prototype.indexOf;
const charCodeAt = String.prototype.charCodeAt;
const stringSlice = String.prototype.slice;

/** Past this many literal children, a node finds one by its text's hash before comparing. */
const FEW_CHILDREN = 6;

/**
 * How deep the trie goes: a pattern with more segments is placed by its first ones, as a prefix (its own matching
 * decides the rest). A lookup's walk recurses once per segment, and a trie as deep as a 65,536-character pathname
 * (32,768 segments) would overflow the stack where the loop over the patterns answers.
 */
const MAX_DEPTH = 64;

/** A literal or partial child: its segment text (a partial child's prefix) and node. */
interface Child {
  text: string;
  node: SegmentNode;
}

/**
 * A node's partial children: by the hash of their prefix, the prefix lengths there are (ascending), and which
 * characters (codes below 128) a prefix starts with: a segment that starts with none of them is not hashed at all.
 */
interface PartialChildren {
  byHash: Map<number, Child[]>;
  lengths: number[];
  firsts: Uint8Array;
}

/** A node of the segment trie: the patterns that end here, those that go deeper, and the children. */
interface SegmentNode {
  /** The literal children, while there are at most FEW_CHILDREN (compared one by one); else null. */
  few: Child[] | null;
  /** The literal children by the hash of their text, once there are more. */
  many: Map<number, Child[]> | null;
  param: SegmentNode | null;
  partials: PartialChildren | null;
  prefixParams: PartialChildren | null;
  /** Patterns whose pathname is exactly the segments to here. */
  ends: number[] | null;
  /** Patterns that may match a pathname with more after these segments (confirmed by the pattern). */
  deeper: number[] | null;
}

function newNode(): SegmentNode {
  return { few: null, many: null, param: null, partials: null, prefixParams: null, ends: null, deeper: null };
}

/** The hash step: 31 × h + c, kept a small integer (a Map keyed by small integers hashes nothing). */
function mix(h: number, c: number): number {
  return ((h << 5) - h + c) & 0x3fffffff;
}

/** The hash of `text` (a key: already lowercase in a folding index). */
function hashOfKey(text: string): number {
  let h = 0;
  for (let k = 0; k < text.length; k++) h = mix(h, charCodeAt.call(text, k) as number);
  return h;
}

/** The character code at `i` of `path`, its letter lowercased when `fold`. */
function codeAt(path: string, i: number, fold: boolean): number {
  const c = charCodeAt.call(path, i) as number;
  return fold && c >= 65 && c <= 90 ? c + 32 : c;
}

/**
 * What the index knows of a pathname it decides: which of its segments are `:name` parameters (their indexes, in
 * order, and the length of the literal prefix before each one's group: 0 for a whole segment), and whether a `/*` tail
 * follows its segments. The groups of the pathname are those segments (past their prefixes), then the tail.
 */
export interface PathShape {
  params: number[];
  prefixLengths: number[];
  /** Per parameter, the RegExp its whole segment must match (a regexp group's: `/:id(\d+)`), or null; null if none. */
  checks: (RegExp | null)[] | null;
  /** How many segments the pattern's path has (the tail, when there is one, is all that follows them). */
  segments: number;
  tail: boolean;
  /** One groups object of this shape, kept alive: see url_pattern.ts's #keptParams. */
  kept?: object;
}

const NO_PARAMS: PathShape = {
  params: [],
  prefixLengths: [],
  checks: null,
  segments: 0,
  tail: false,
  kept: undefined,
};

/** Whether an exact pathname goes in the segment trie: a path of literal segments (no key mark in it). */
function inTrie(value: string): boolean {
  if (value[0] !== "/") return false;
  for (let k = 0; k < value.length; k++) {
    if (value[k] === PARAM || value[k] === PARTIAL || value[k] === PREFIX_PARAM) return false;
  }
  return true;
}

/** The patterns of a URLPatternList, by pathname; built as patterns are added, in index order. */
export class RouteIndex {
  /** Exact pathnames that do not start with "/" (rare: empty, opaque paths); #hasExact once there is one. */
  #exact = new Map<string, number[]>();
  #hasExact = false;
  #root: SegmentNode = newNode();
  /** Candidates for every pathname: patterns whose pathname the index cannot narrow. */
  #always: number[] = [];
  /** Whether letters are compared without case (keys lowercase). */
  #fold: boolean;

  constructor(fold = false) {
    this.#fold = fold;
  }

  /**
   * Indexes pattern number `index` (each call's index greater than the last). Returns the pathname's shape when
   * being a candidate means its pathname matches (an exact value, or a path of literal and `:name` segments, with or
   * without `/*`), else null.
   */
  add(index: number, internals: PatternInternals): PathShape | null {
    return this.place(index, placementOf(internals));
  }

  /** Indexes pattern number `index` at `placement` (keys lowercase in a folding index); returns as add() does. */
  place(index: number, placement: Placement): PathShape | null {
    if (placement.kind === "exact" && !inTrie(placement.value)) {
      const list: number[] | undefined = mapGet.call(this.#exact, placement.value);
      if (list === undefined) mapSet.call(this.#exact, placement.value, [index]);
      else append(list, index);
      this.#hasExact = true;
      return NO_PARAMS;
    }
    if (placement.kind === "prefix" && placement.segments.length === 0) {
      append(this.#always, index);
      return null;
    }
    const segments = placement.kind === "exact" ? segmentsOf(placement.value) : placement.segments;
    if (segments.length > MAX_DEPTH) {
      // Its pathnames all go on past the first MAX_DEPTH segments: a prefix of those.
      const first: string[] = [];
      for (let s = 0; s < MAX_DEPTH; s++) append(first, segments[s]);
      return this.place(index, { kind: "prefix", segments: first });
    }
    let node = this.#root;
    let partial = false;
    for (let s = 0; s < segments.length; s++) {
      const segment = segments[s];
      if (segment === PARAM) {
        node = node.param ??= newNode();
      } else if (segment[0] === PARTIAL) {
        node = partialChild(node.partials ??= newPartialChildren(), stringSlice.call(segment, 1));
        partial = true;
      } else if (segment[0] === PREFIX_PARAM) {
        node = partialChild(node.prefixParams ??= newPartialChildren(), stringSlice.call(segment, 1));
      } else {
        node = literalChild(node, segment);
      }
    }
    const ends = placement.kind === "exact" || (placement.kind === "path" && !placement.deeper);
    const list = ends ? (node.ends ??= []) : (node.deeper ??= []);
    append(list, index);
    if (placement.kind === "prefix" || partial) return null;
    if (placement.kind === "exact") return NO_PARAMS;
    const params: number[] = [];
    const prefixLengths: number[] = [];
    const checks: (RegExp | null)[] = [];
    for (let s = 0; s < segments.length; s++) {
      const segment = segments[s];
      if (segment !== PARAM && segment[0] !== PREFIX_PARAM) continue;
      append(params, s);
      append(prefixLengths, segment === PARAM ? 0 : segment.length - 1);
      append(checks, placement.checks === null ? null : placement.checks[s]);
    }
    const checked = placement.checks === null ? null : checks;
    return { params, prefixLengths, checks: checked, segments: segments.length, tail: placement.deeper };
  }

  /** Makes pattern number `index` a candidate for every pathname (a pattern the index cannot read). */
  addEverywhere(index: number): void {
    append(this.#always, index);
  }

  /**
   * Writes into `lists` from `n` on every list of patterns that may match the pathname `path` from `start` to
   * `limit` (each list in index order; a pattern is in one list only), and returns the new count.
   */
  candidates(path: string, start: number, limit: number, lists: number[][], n: number): number {
    if (this.#always.length !== 0) lists[n++] = this.#always;
    if (start < limit && path[start] === "/") return walk(this.#root, path, start + 1, limit, this.#fold, lists, n);
    // Not hashed for a pathname that starts with "/": hashing a fresh string cost Node 26 ~200-300 ns (Node 24 ~60,
    // Bun ~20), more than the whole walk.
    if (this.#hasExact) {
      const pathname = start === 0 && limit === path.length ? path : stringSlice.call(path, start, limit);
      const exact: number[] | undefined = mapGet.call(this.#exact, pathname);
      if (exact !== undefined) lists[n++] = exact;
    }
    return n;
  }
}

/** The literal child of `node` for segment `text`, made when new. */
function literalChild(node: SegmentNode, text: string): SegmentNode {
  const siblings = node.many !== null ? mapGet.call(node.many, hashOfKey(text)) as Child[] | undefined : node.few;
  if (siblings) { for (let k = 0; k < siblings.length; k++) if (siblings[k].text === text) return siblings[k].node; }
  const child = { text, node: newNode() };
  if (node.many !== null) {
    if (!siblings) mapSet.call(node.many, hashOfKey(text), [child]);
    else append(siblings, child);
  } else if (node.few === null || node.few.length < FEW_CHILDREN) {
    append(node.few ??= [], child);
  } else {
    // The children so far and the new one, without iterating an array (a user's Array.prototype[Symbol.iterator]).
    const many = new Map<number, Child[]>();
    const few = node.few;
    for (let k = 0; k <= few.length; k++) {
      const moved = k < few.length ? few[k] : child;
      const key = hashOfKey(moved.text);
      const list: Child[] | undefined = mapGet.call(many, key);
      if (list === undefined) mapSet.call(many, key, [moved]);
      else append(list, moved);
    }
    node.many = many;
    node.few = null;
  }
  return child.node;
}

function newPartialChildren(): PartialChildren {
  return { byHash: new Map(), lengths: [], firsts: new Uint8Array(128) };
}

/** The child among `partials` (a node's partial or prefix-param children) for `prefix` (not empty), made when new. */
function partialChild(partials: PartialChildren, prefix: string): SegmentNode {
  const key = hashOfKey(prefix);
  let bucket: Child[] | undefined = mapGet.call(partials.byHash, key);
  if (bucket) { for (let k = 0; k < bucket.length; k++) if (bucket[k].text === prefix) return bucket[k].node; }
  if (bucket === undefined) mapSet.call(partials.byHash, key, bucket = []);
  const child = { text: prefix, node: newNode() };
  append(bucket, child);
  const first = charCodeAt.call(prefix, 0) as number;
  if (first < 128) partials.firsts[first] = 1;
  const lengths = partials.lengths;
  let at = 0;
  while (at < lengths.length && lengths[at] < prefix.length) at++;
  if (at === lengths.length || lengths[at] !== prefix.length) {
    // Grown by one (append: the new index), then the longer ones moved up past `at`.
    append(lengths, prefix.length);
    for (let k = lengths.length - 1; k > at; k--) lengths[k] = lengths[k - 1];
    lengths[at] = prefix.length;
  }
  return child.node;
}

/** The child among `siblings` whose text is `path` from `start` to `end` (`fold`: letters without case), or null. */
function findChild(siblings: Child[], path: string, start: number, end: number, fold: boolean): SegmentNode | null {
  const length = end - start;
  for (let k = 0; k < siblings.length; k++) {
    const text = siblings[k].text;
    if (text.length !== length) continue;
    let i = 0;
    // By character codes: `path[k] === text[k]` made V8 look each character's string up (findChild was ~10% of a
    // lookup on Node 26).
    if (fold) { while (i < length && codeAt(path, start + i, true) === charCodeAt.call(text, i)) i++; }
    else while (i < length && charCodeAt.call(path, start + i) === charCodeAt.call(text, i)) i++;
    if (i === length) return siblings[k].node;
  }
  return null;
}

/**
 * Follows `path`'s segment starting at `start` from `node` (a pathname has one after every "/", maybe empty; the
 * pathname ends at `limit`), writing the lists it meets into `lists` from `n` on; returns the new count.
 */
function walk(
  node: SegmentNode,
  path: string,
  start: number,
  limit: number,
  fold: boolean,
  lists: number[][],
  n: number,
): number {
  if (node.deeper !== null) lists[n++] = node.deeper;
  return step(node, path, start, limit, fold, lists, n);
}

/** walk() without the node's own "deeper" list: the children that take the segment at `start`. */
function step(
  node: SegmentNode,
  path: string,
  start: number,
  limit: number,
  fold: boolean,
  lists: number[][],
  n: number,
): number {
  let end = stringIndexOf.call(path, "/", start);
  const last = end === -1 || end >= limit;
  if (last) end = limit;
  let child: SegmentNode | null = null;
  if (node.few !== null) {
    child = findChild(node.few, path, start, end, fold);
  } else if (node.many !== null) {
    let h = 0;
    for (let i = start; i < end; i++) h = mix(h, codeAt(path, i, fold));
    const siblings: Child[] | undefined = mapGet.call(node.many, h);
    if (siblings !== undefined) child = findChild(siblings, path, start, end, fold);
  }
  if (child !== null) {
    if (!last) n = walk(child, path, end + 1, limit, fold, lists, n);
    else if (child.ends !== null) lists[n++] = child.ends;
  }
  if (node.partials !== null) n = partials(node.partials, false, path, start, end, last, limit, fold, lists, n);
  if (node.prefixParams !== null) n = partials(node.prefixParams, true, path, start, end, last, limit, fold, lists, n);
  const param = node.param;
  if (param !== null && end > start) {
    if (!last) n = walk(param, path, end + 1, limit, fold, lists, n);
    else if (param.ends !== null) lists[n++] = param.ends;
  }
  return n;
}

/**
 * The partial children whose prefix the segment from `start` to `end` starts with: their lists, and on from them. Of
 * prefix-param children (`whole`), those whose prefix is shorter than the segment (the rest is the group), taken as a
 * literal child is: their `deeper` patterns only when the pathname goes on past the segment.
 */
function partials(
  children: PartialChildren,
  whole: boolean,
  path: string,
  start: number,
  end: number,
  last: boolean,
  limit: number,
  fold: boolean,
  lists: number[][],
  n: number,
): number {
  if (start < end) {
    // On a table with a few partial children most segments start with none of their prefixes' first characters.
    const first = codeAt(path, start, fold);
    if (first < 128 && children.firsts[first] === 0) return n;
  }
  const lengths = children.lengths;
  let h = 0;
  let next = 0;
  const prefixLimit = whole ? end - 1 : end;
  for (let i = start; i < prefixLimit && next < lengths.length; i++) {
    h = mix(h, codeAt(path, i, fold));
    if (i - start + 1 !== lengths[next]) continue;
    next++;
    const bucket: Child[] | undefined = mapGet.call(children.byHash, h);
    if (bucket === undefined) continue;
    const child = findChild(bucket, path, start, i + 1, fold);
    if (child === null) continue;
    if (whole) {
      if (!last) n = walk(child, path, end + 1, limit, fold, lists, n);
      else if (child.ends !== null) lists[n++] = child.ends;
      continue;
    }
    if (child.deeper !== null) lists[n++] = child.deeper;
    if (!last) n = step(child, path, end + 1, limit, fold, lists, n);
    else if (child.ends !== null) lists[n++] = child.ends;
  }
  return n;
}

/**
 * The groups of a pathname the index found for a pattern of `shape`: each `:name` parameter's segment, then the `/*`
 * tail (everything after the pattern's segments), under `names` in that order; null when a parameter's segment does not
 * match its check (then the pattern does not match). `set` writes a group.
 */
export function pathGroups(
  pathname: string,
  shape: PathShape,
  names: readonly string[],
  set: (groups: Record<string, string | undefined>, name: string, value: string) => void,
): Record<string, string | undefined> | null {
  // A `/*` tail's group is "0": the object is made with its slot (url_pattern.ts's hasGroupZero).
  const groups: Record<string, string | undefined> = shape.tail && names[names.length - 1] === "0" ? { 0: "" } : {};
  if (!readParams(pathname, shape, names, set, groups)) return null;
  shape.kept ??= groups;
  return groups;
}

/** Whether each checked parameter's segment of a pathname the index found for `shape` matches its check (test()). */
export function pathChecksPass(pathname: string, shape: PathShape): boolean {
  return readParams(pathname, shape, null, null, null);
}

/**
 * pathGroups()'s reading: each parameter's segment checked, and written into `groups` (with the tail) unless it is
 * null; false at the first segment that fails its check.
 */
function readParams(
  pathname: string,
  shape: PathShape,
  names: readonly string[] | null,
  set: ((groups: Record<string, string | undefined>, name: string, value: string) => void) | null,
  groups: Record<string, string | undefined> | null,
): boolean {
  const params = shape.params;
  const last = shape.tail ? shape.segments : params.length === 0 ? 0 : params[params.length - 1] + 1;
  let k = 0;
  let start = 1;
  for (let s = 0; s < last; s++) {
    let end = stringIndexOf.call(pathname, "/", start);
    if (end === -1) end = pathname.length;
    if (k < params.length && params[k] === s) {
      const check = shape.checks === null ? null : shape.checks[k];
      if (check !== null || groups !== null) {
        const value: string = stringSlice.call(pathname, start + shape.prefixLengths[k], end);
        if (check !== null && !regExpTest(check, value)) return false;
        if (groups !== null) set!(groups, names![k], value);
      }
      k++;
    }
    start = end + 1;
  }
  if (groups !== null && shape.tail) set!(groups, names![k], stringSlice.call(pathname, start));
  return true;
}
