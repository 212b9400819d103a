/**
 * `URLPatternList`: many URLPatterns, asked at once which one matches first. Not a standard interface (yet): the
 * answer is exactly the loop users write today, the first pattern in insertion order whose `exec(input, baseURL)`
 * is not null, with that pattern's own result. The input is prepared once per lookup (a canonical URL string is cut
 * in JavaScript, anything else parsed once by ada), the route index (route_index.ts) names the patterns its pathname
 * can match, and those are confirmed in index order by each pattern's own matching code (url_pattern.ts), so an index
 * that narrows too little costs time, never an answer. Where the index decides a pattern whole (its pathname literal
 * and `:name` segments, every other component "*"), no pattern code runs: the pathname's groups are its segments.
 */
import {
  execKnownPathname,
  execPrepared,
  isNumberName,
  paramsPrepared,
  patternInternals,
  testPrepared,
  URLPattern,
  type URLPatternInput,
  type URLPatternOptions,
  type URLPatternResult,
} from "./url_pattern.ts";
import { COMPONENTS, currentValues, prepareHref, prepareInput, restoreValues, valueOf } from "./pattern_input.ts";
import { execRuntimePattern, isRuntimePattern, pathnamePatternOf, testRuntimePattern } from "./runtime_patterns.ts";
import { pathRange, plainPath } from "./plain_path.ts";
import { checkedPath } from "./canonical_input.ts";
import { pathChecksPass, pathGroups, type PathShape, RouteIndex } from "./route_index.ts";
import { setOwnData } from "../builtins/data_property.ts";
import { ignoresCase, placementOf, runtimePlacement } from "./route_placement.ts";
import { COMPONENT_EXACT_MATCH, COMPONENT_FULL_WILDCARD } from "./ada_calls.ts";
import { invalidArgTypeError, invalidThisError, missingArgsError, typeError } from "../builtins/errors.ts";
import { setLength } from "../builtins/interop.ts";
import { copyForUser, newArray } from "../builtins/own_arrays.ts";
import { defineInspect, makeWebIdlMembersEnumerable } from "../builtins/webidl.ts";

/** What `URLPatternList.exec()` returns on a match: which pattern matched first, and its `exec()` result. */
export interface URLPatternListResult {
  /** The pattern's index: the order it was added in, from 0. */
  index: number;
  pattern: URLPattern;
  /** What `pattern.exec(input, baseURL)` returns. */
  result: URLPatternResult;
}

/** What `URLPatternList.match()` returns on a match: the first pattern that matches, and its parameters. */
export interface URLPatternListMatch {
  /** The pattern's index: the order it was added in, from 0. */
  index: number;
  pattern: URLPattern;
  /**
   * The pathname's groups (named and numbered, as `result.pathname.groups`), then the named groups of the other
   * components in the standard's order (protocol, username, password, hostname, port, search, hash): a name that is
   * already there keeps its first value. Values are as the standard's groups: not percent-decoded; undefined for an
   * optional group that did not take part.
   */
  params: Record<string, string | undefined>;
}

const HOSTNAME = 3;
const PATHNAME = 5;
const mapGet = Map.prototype.get;
const mapSet = Map.prototype.set;
const FULL_WILDCARD = COMPONENT_FULL_WILDCARD;

/** What a lookup answers: whether, the exec() result, or match()'s params. */
const TEST = 0, EXEC = 1, MATCH = 2;
/**
 * Past this many characters in a pathname the list is the loop: every pattern a candidate, each matched by its own
 * RegExp. The engine's RegExp may give up on a huge subject (a 16 MB pathname against `/:a` or `/:a/` throws a
 * RangeError on V8), and the list must then throw as the loop over the patterns would, not answer where they cannot.
 */
const DECIDED_PATHNAME_LIMIT = 1 << 16;

/**
 * The candidate lists of the lookup under way (reused: only a runtime URLPattern's exec can run user code inside a
 * lookup, and #lookupAsking() copies them before asking one). With no prototype: writing a new index of an array
 * looks for a setter up its prototype chain, and a user's `Array.prototype[0]` setter would swallow the write.
 */
const lists: number[][] = newArray();

/** A runtime pattern's pathname group names, which the list never reads (it asks the pattern itself). */
const NO_NAMES: readonly string[] = newArray();

/**
 * The merge's heads (where it stands in each candidate list), reused: a fresh Int32Array and a fresh array with no
 * prototype per lookup cost V8 ~250-1,000 ns (Deno, a table of two candidates: `/books/:id(\d+)`, `/books/:slug`).
 * #lookup() runs no user code while it merges and uses `heads`. #lookupAsking() may (a runtime pattern's exec, which
 * may make a lookup of its own): it takes a pair of its own per nesting depth.
 */
let heads: Int32Array = new Int32Array(16);
const askingLists: number[][][] = newArray();
const askingHeads: Int32Array[] = newArray();
let askingDepth = 0;
const heads0: Int32Array = new Int32Array(0);

/** `heads` with room for `count` lists, its first `count` set to 0. */
function resetHeads(buffer: Int32Array, count: number): Int32Array {
  if (buffer.length < count) return new Int32Array(count * 2);
  for (let l = 0; l < count; l++) buffer[l] = 0;
  return buffer;
}

/** The winner's result (exec) or params (match) of the last lookup, set just before it returns. */
let lastResult: URLPatternResult | null = null;
let lastParams: Record<string, string | undefined> | null = null;

/**
 * route()'s lookup (module-internal, set by URLPatternList): the index of the first pattern from index `from` up to
 * (not including) `below` that `allowed` allows (null: all) whose exec(url) matches, its result then in takeResult();
 * -1 when none does. No pattern outside that range is matched (route() asks the routes between in order itself).
 */
export let execAllowed: (
  list: URLPatternList,
  url: string,
  allowed: Uint8Array | null,
  from: number,
  below: number,
) => number;

/** A lookup's `below` when every pattern may answer. */
const NO_BOUND = 0x7fffffff;

/** The result of the last execAllowed() that found a match (once). */
export function takeResult(): URLPatternResult {
  const result = lastResult!;
  lastResult = null;
  return result;
}

function checkOptions(options: unknown): void {
  if (options !== undefined && options !== null && typeof options !== "object" && typeof options !== "function") {
    throw invalidArgTypeError("options", "object", options);
  }
}

/**
 * An ordered list of URL patterns that finds the first one matching an input, as a loop over `exec()` would, with
 * the input parsed once and the patterns narrowed by pathname first.
 *
 * @example
 * const routes = new URLPatternList([{ pathname: "/books" }, { pathname: "/books/:id" }]);
 * const match = routes.exec("https://example.com/books/42");
 * match?.index; // 1
 * match?.result.pathname.groups.id; // "42"
 */
export class URLPatternList {
  #patterns: URLPattern[] = newArray();
  #index = new RouteIndex();
  /**
   * Patterns with an exact hostname (virtual hosts) have an index per hostname, asked only for the input's: 10,000
   * hosts cost a lookup what one does. Null until there is one.
   */
  #byHost: Map<string, RouteIndex> | null = null;
  /** Our patterns whose pathname ignores case, keys folded; null until there is one. */
  #folded: RouteIndex | null = null;
  /**
   * Per pattern: a runtime's own URLPattern (runtime_patterns.ts), asked with its own methods; and how many. They
   * have an index of their own, folded (their ignoreCase cannot be read) and walked with the pathname every parser
   * gives a plain http(s) URL string (plainPath); for any other input, all of them (#runtimeAll) are
   * candidates.
   */
  #runtime: boolean[] = newArray();
  #runtimeCount = 0;
  #runtimeIndex = new RouteIndex(true);
  #runtimeAll: number[] = newArray();
  /**
   * Per pattern: its pathname's shape when being the index's candidate means it matches (its pathname is decided
   * there, the rest is "*"), else null; and its pathname's group names.
   */
  #sure: (PathShape | null)[] = newArray();
  /** Our patterns' indices, ascending: the candidates for a pathname past DECIDED_PATHNAME_LIMIT. */
  #ours: number[] = newArray();
  #pathnameNames: (readonly string[])[] = newArray();

  /**
   * `new URLPatternList(patterns?, options?)`: each item a URLPattern (kept as it is) or what `new URLPattern(item,
   * options)` takes.
   * @throws {TypeError} when `patterns` is not iterable (code `ERR_INVALID_ARG_TYPE`), or an item is not a valid
   * pattern (code `ERR_INVALID_URL_PATTERN`).
   */
  constructor(patterns?: Iterable<URLPattern | URLPatternInput>, options?: URLPatternOptions) {
    checkOptions(options);
    if (patterns === undefined) return;
    const iterator = (typeof patterns === "object" || typeof patterns === "function") && patterns !== null
      ? (patterns as Iterable<unknown>)[Symbol.iterator]
      : undefined;
    if (typeof iterator !== "function") throw invalidArgTypeError("patterns", "Iterable", patterns);
    for (const item of patterns as Iterable<URLPattern | URLPatternInput>) {
      if (patternInternals(item) !== null || isRuntimePattern(item)) this.#push(item as URLPattern);
      else this.#push(options === undefined ? new URLPattern(item) : new URLPattern(item, options));
    }
  }

  /** How many patterns the list holds. */
  get length(): number {
    if (typeof this !== "object" || this === null || !(#patterns in this)) throw invalidThisError("URLPatternList");
    return this.#patterns.length;
  }

  /**
   * Adds a pattern at the end: a URLPattern as it is, or what `new URLPattern(pattern, baseURL, options)` takes
   * (also `add(pattern, options)`). Returns its index. Lookups already made see it from now on.
   * @throws {TypeError} when the pattern is not valid, or a URLPattern comes with a base URL or options.
   */
  add(pattern: URLPattern | URLPatternInput, baseURL?: string, options?: URLPatternOptions): number;
  add(pattern: URLPatternInput, options?: URLPatternOptions): number;
  add(
    pattern: URLPattern | URLPatternInput,
    baseURL?: string | URLPatternOptions,
    options?: URLPatternOptions,
  ): number {
    if (typeof this !== "object" || this === null || !(#patterns in this)) throw invalidThisError("URLPatternList");
    const given = arguments.length;
    if (given === 0) throw missingArgsError(["pattern"], URLPatternList.prototype.add);
    if (patternInternals(pattern) !== null || isRuntimePattern(pattern)) {
      if (baseURL !== undefined || options !== undefined) {
        throw typeError(
          "Failed to execute 'add' on 'URLPatternList': a URLPattern is added as it is, without a base URL or options",
          "ERR_INVALID_ARG_VALUE",
        );
      }
      return this.#push(pattern as URLPattern);
    }
    // The same arguments, as many as given: URLPattern's overloads tell a base URL from options.
    if (given === 1) return this.#push(new URLPattern(pattern as URLPatternInput));
    if (given === 2) return this.#push(new URLPattern(pattern as URLPatternInput, baseURL as string));
    return this.#push(new URLPattern(pattern as URLPatternInput, baseURL as string, options));
  }

  /**
   * Whether any pattern matches `input` (a URL string, resolved against `baseURL` when given, or a URLPatternInit /
   * URL object): the loop `patterns.some((p) => p.test(input, baseURL))`.
   * @throws {TypeError} where URLPattern's test() throws (a base URL with a dictionary input).
   */
  test(input: URLPatternInput | { readonly href: string } = {}, baseURL?: string): boolean {
    if (typeof this !== "object" || this === null || !(#patterns in this)) throw invalidThisError("URLPatternList");
    return this.#lookup(TEST, input, baseURL, "test", null, 0, NO_BOUND) !== -1;
  }

  /**
   * The first pattern that matches `input`, its index and its `exec()` result; null when none does.
   * @throws {TypeError} where URLPattern's exec() throws (a base URL with a dictionary input).
   */
  exec(input?: URLPatternInput | { readonly href: string }, baseURL?: string): URLPatternListResult | null {
    if (typeof this !== "object" || this === null || !(#patterns in this)) throw invalidThisError("URLPatternList");
    const index = this.#lookup(EXEC, input, baseURL, "exec", null, 0, NO_BOUND);
    if (index === -1) return null;
    const result = lastResult!;
    lastResult = null;
    return { index, pattern: this.#patterns[index], result };
  }

  /**
   * A router's lookup: the first pattern that matches `input` (the same one exec() finds), its index and its
   * parameters, without the standard's result object (what a router needs, at a router's cost); null when none does.
   * @throws {TypeError} where URLPattern's exec() throws (a base URL with a dictionary input).
   *
   * @example
   * const routes = new URLPatternList([{ pathname: "/users/:id" }, { pathname: "/files/*" }]);
   * routes.match("https://example.com/files/a/b.css"); // { index: 1, pattern, params: { 0: "a/b.css" } }
   */
  match(input?: URLPatternInput | { readonly href: string }, baseURL?: string): URLPatternListMatch | null {
    if (typeof this !== "object" || this === null || !(#patterns in this)) throw invalidThisError("URLPatternList");
    const index = this.#lookup(MATCH, input, baseURL, "match", null, 0, NO_BOUND);
    if (index === -1) return null;
    const params = lastParams!;
    lastParams = null;
    return { index, pattern: this.#patterns[index], params };
  }

  static {
    // Printed as the patterns it holds, in index order (a copy: nothing printed can change the list).
    defineInspect(
      this.prototype,
      (list: URLPatternList) => ({ length: list.#patterns.length, patterns: copyForUser(list.#patterns) }),
    );
  }

  #push(pattern: URLPattern): number {
    const index = this.#patterns.length;
    const internals = patternInternals(pattern);
    if (internals === null) {
      // A runtime's own URLPattern: indexed by its pathname string, compiled by ada (only to narrow: the pattern
      // itself answers). One ada cannot compile is a candidate for every input.
      let placed = false;
      try {
        const own = patternInternals(new URLPattern({ pathname: pathnamePatternOf(pattern) }));
        if (own !== null) {
          this.#runtimeIndex.place(index, runtimePlacement(placementOf(own)));
          placed = true;
        }
      } catch {
        // not compiled: placed stays false
      }
      if (!placed) this.#runtimeIndex.addEverywhere(index);
      this.#runtimeAll[this.#runtimeAll.length] = index;
      this.#runtime[index] = true;
      this.#runtimeCount++;
      this.#sure[index] = null;
      this.#pathnameNames[index] = NO_NAMES;
      this.#patterns[index] = pattern;
      return index;
    }
    this.#runtime[index] = false;
    this.#ours[this.#ours.length] = index;
    let shape: PathShape | null;
    if (ignoresCase(internals)) {
      shape = (this.#folded ??= new RouteIndex(true)).add(index, internals);
    } else if (internals.types[HOSTNAME] === COMPONENT_EXACT_MATCH) {
      const byHost = this.#byHost ??= new Map();
      const host = internals.exact[HOSTNAME];
      let hostIndex: RouteIndex | undefined = mapGet.call(byHost, host);
      if (hostIndex === undefined) mapSet.call(byHost, host, hostIndex = new RouteIndex());
      shape = hostIndex.add(index, internals);
    } else {
      shape = this.#index.add(index, internals);
    }
    const types = internals.types;
    let restIsWildcard = true;
    for (let c = 0; c < 8; c++) if (c !== PATHNAME && types[c] !== FULL_WILDCARD) restIsWildcard = false;
    this.#sure[index] = restIsWildcard ? shape : null;
    this.#pathnameNames[index] = internals.groupNames[PATHNAME];
    this.#patterns[index] = pattern;
    return index;
  }

  /**
   * One lookup: prepares the input once (one crossing at most), then finds the first pattern that matches and that
   * `allowed` allows (null: all) from index `from` up to `below`; its exec() result or match() params are left in
   * lastResult / lastParams. -1 when none does.
   */
  #lookup(
    mode: number,
    input: unknown,
    baseURL: unknown,
    method: string,
    allowed: Uint8Array | null,
    from: number,
    below: number,
  ): number {
    if (this.#patterns.length === 0) return -1; // the loop over no patterns looks at nothing
    if (this.#runtimeCount !== 0) return this.#lookupAsking(mode, input, baseURL, method, allowed, from, below);
    // A URL string whose pathname every parser gives as written (plainPath: a Request's url nearly always) asks the
    // index with that text before the input is prepared: a miss, or no candidate of the request's method, then costs
    // no canonical scan or parse. (Not with virtual hosts: they need the hostname.)
    let count = -1;
    if (typeof input === "string" && baseURL === undefined && this.#byHost === null && plainPath(input)) {
      const start = pathRange.start, end = pathRange.end;
      if (end - start <= DECIDED_PATHNAME_LIMIT) {
        count = this.#pathCandidates(input, start, end);
        if (count === 0 || (allowed !== null && !anyAllowed(count, allowed))) return -1;
        // Its path is canonical: the scan that prepares the input skips it.
        checkedPath.input = input;
        checkedPath.start = start;
        checkedPath.end = end;
      }
    }
    let inputs: URLPatternInput[] | null = null;
    if (mode !== EXEC && typeof input === "string" && baseURL === undefined) {
      // The common call: no inputs list to build.
      if (!prepareHref(input)) return -1;
    } else {
      inputs = prepareInput(input, baseURL, method, "URLPatternList");
      if (inputs === null) return -1;
    }
    // The pathname first: most lookups confirm one candidate, which cuts what it reads from a URL string itself.
    if (count === -1) {
      count = this.#candidates(valueOf(PATHNAME));
      if (count === 0) return -1;
    }
    let tried = 0;
    if (count === 1) {
      const list = lists[0];
      for (let k = 0; k < list.length; k++) {
        const index = list[k];
        if (index < from || (allowed !== null && allowed[index] === 0)) continue;
        if (index >= below) return -1;
        if (this.#accept(index, mode, inputs, tried++)) return index;
      }
      return -1;
    }
    // Where the merge stands in each list (typed: writing an index calls no setter a user put on Array.prototype).
    heads = resetHeads(heads, count);
    for (;;) {
      const best = nextCandidate(lists, heads, count);
      if (best === -1 || best >= below) return -1;
      if (best < from || (allowed !== null && allowed[best] === 0)) continue;
      if (this.#accept(best, mode, inputs, tried++)) return best;
    }
  }

  /** Writes the lists of our patterns that may match the prepared input into `lists` from 0; returns how many. */
  #candidates(pathname: string): number {
    if (pathname.length > DECIDED_PATHNAME_LIMIT) {
      // Every pattern, as the loop: one the index rules out may still make the engine's RegExp throw.
      lists[0] = this.#ours;
      return this.#ours.length === 0 ? 0 : 1;
    }
    const count = this.#pathCandidates(pathname, 0, pathname.length);
    if (this.#byHost === null) return count;
    const hostIndex: RouteIndex | undefined = mapGet.call(this.#byHost, valueOf(HOSTNAME));
    return hostIndex === undefined ? count : hostIndex.candidates(pathname, 0, pathname.length, lists, count);
  }

  /** The lists of our patterns (but virtual hosts') that may match `path` from `start` to `end`, into `lists` from 0. */
  #pathCandidates(path: string, start: number, end: number): number {
    const count = this.#index.candidates(path, start, end, lists, 0);
    return this.#folded === null ? count : this.#folded.candidates(path, start, end, lists, count);
  }

  /**
   * Whether candidate `index` matches the prepared input, its result or params kept for the lookup's mode. `tried`:
   * candidates tried before it in this lookup.
   */
  #accept(index: number, mode: number, inputs: URLPatternInput[] | null, tried: number): boolean {
    const shape = this.#sure[index];
    if (shape !== null && valueOf(PATHNAME).length <= DECIDED_PATHNAME_LIMIT) {
      // Decided by the index: the pathname's groups are its segments (those of regexp groups checked).
      if (mode === TEST) return shape.checks === null || pathChecksPass(valueOf(PATHNAME), shape);
      const groups = pathGroups(valueOf(PATHNAME), shape, this.#pathnameNames[index], setOwnData);
      if (groups === null) return false;
      if (mode === MATCH) lastParams = groups;
      else lastResult = execKnownPathname(this.#patterns[index], inputs!, groups);
      return true;
    }
    // A second candidate: cut all eight values once, not per candidate.
    if (tried === 1) currentValues();
    return confirm(this.#patterns[index], mode, inputs);
  }

  /**
   * #lookup() for a list that holds runtime URLPatterns: ours narrowed by the index as there, theirs by their own
   * index where the input is a plain http(s) URL string (else all of them), merged in index order. A runtime pattern
   * is asked with the lookup's own arguments, and asking it may run user code that makes lookups of its own: its
   * conversion of them (a toString, a dictionary's getters) and, on Node, its matching (Node's built-in calls
   * `RegExp.prototype.exec` as it is now). So this one keeps its state to itself: its candidate lists copied, the
   * prepared values cut once and restored after each such call.
   */
  #lookupAsking(
    mode: number,
    input: unknown,
    baseURL: unknown,
    method: string,
    allowed: Uint8Array | null,
    from: number,
    below: number,
  ): number {
    // A URL string alone: converting it runs no user code (a lookup may still start inside the runtime's matching).
    const plain = typeof input === "string" && baseURL === undefined;
    let count = 0;
    let inputs: URLPatternInput[] | null = null;
    let values: string[] | null = null;
    if (this.#runtimeCount !== this.#patterns.length) {
      // Ours, as #lookup() prepares them; an input our parser refuses matches none of ours.
      let prepared: boolean;
      if (mode !== EXEC && plain) prepared = prepareHref(input as string);
      else prepared = (inputs = prepareInput(input, baseURL, method, "URLPatternList")) !== null;
      if (prepared) {
        const pathname = valueOf(PATHNAME);
        count = this.#candidates(pathname);
        if (!plain || count !== 0) values = currentValues();
      }
    }
    if (plain && (input as string).length <= DECIDED_PATHNAME_LIMIT && plainPath(input as string)) {
      count = this.#runtimeIndex.candidates(input as string, pathRange.start, pathRange.end, lists, count);
    } else {
      lists[count++] = this.#runtimeAll;
    }
    if (count === 0) return -1;
    if (count === 1) {
      const list = lists[0];
      for (let k = 0; k < list.length; k++) {
        const index = list[k];
        if (index < from || (allowed !== null && allowed[index] === 0)) continue;
        if (index >= below) return -1;
        if (this.#acceptAsking(index, mode, input, baseURL, inputs, values)) return index;
      }
      return -1;
    }
    // This depth's lists and heads: a lookup inside an exec below takes the next depth's.
    const depth = askingDepth++;
    try {
      const own: number[][] = askingLists[depth] ??= newArray();
      for (let l = 0; l < count; l++) own[l] = lists[l];
      const ownHeads = askingHeads[depth] = resetHeads(askingHeads[depth] ?? heads0, count);
      for (;;) {
        const best = nextCandidate(own, ownHeads, count);
        if (best === -1 || best >= below) return -1;
        if (best < from || (allowed !== null && allowed[best] === 0)) continue;
        if (this.#acceptAsking(best, mode, input, baseURL, inputs, values)) return best;
      }
    } finally {
      askingDepth = depth;
    }
  }

  /**
   * #accept() in #lookupAsking(): a runtime URLPattern is asked with the lookup's arguments, then our prepared
   * `values` (if any) restored, as asking it may have prepared another input.
   */
  #acceptAsking(
    index: number,
    mode: number,
    input: unknown,
    baseURL: unknown,
    inputs: URLPatternInput[] | null,
    values: string[] | null,
  ): boolean {
    if (!this.#runtime[index]) return this.#accept(index, mode, inputs, 0);
    const matched = askRuntime(this.#patterns[index], mode, input, baseURL);
    if (values !== null) restoreValues(values);
    return matched;
  }

  static {
    // route()'s lookup (module-internal): exec() of a URL string, among the patterns `allowed` allows in a range.
    execAllowed = (list, url, allowed, from, below) => {
      lastResult = null;
      return list.#lookup(EXEC, url, undefined, "exec", allowed, from, below);
    };
  }
}

/** Whether any candidate in the first `count` lists is one `allowed` allows (route(): the request's method). */
function anyAllowed(count: number, allowed: Uint8Array): boolean {
  for (let l = 0; l < count; l++) {
    const list = lists[l];
    for (let k = 0; k < list.length; k++) if (allowed[list[k]] !== 0) return true;
  }
  return false;
}

/**
 * The candidate lists merged in index order: the smallest index at the heads of `lists` (each list in index order,
 * `heads` where each stands), its list's head moved past it; -1 when every list is spent.
 */
function nextCandidate(lists: number[][], heads: Int32Array, count: number): number {
  let best = -1;
  let from = -1;
  for (let l = 0; l < count; l++) {
    const list = lists[l];
    if (heads[l] < list.length && (best === -1 || list[heads[l]] < best)) {
      best = list[heads[l]];
      from = l;
    }
  }
  if (best !== -1) heads[from]++;
  return best;
}

/** Whether `pattern` matches the prepared input, keeping its exec() result or match() params for the mode. */
function confirm(pattern: URLPattern, mode: number, inputs: URLPatternInput[] | null): boolean {
  switch (mode) {
    case TEST:
      return testPrepared(pattern);
    case EXEC:
      lastResult = execPrepared(pattern, inputs!);
      return lastResult !== null;
    default:
      lastParams = paramsPrepared(pattern);
      return lastParams !== null;
  }
}

/** Asks a runtime's own URLPattern, as the lookup's mode does (test, or exec keeping its result or params). */
function askRuntime(pattern: unknown, mode: number, input: unknown, baseURL: unknown): boolean {
  if (mode === TEST) return testRuntimePattern(pattern, input, baseURL);
  const result = execRuntimePattern(pattern, input, baseURL) as URLPatternResult | null;
  if (result === null) return false;
  if (mode === EXEC) lastResult = result;
  else lastParams = paramsOfResult(result);
  return true;
}

/** match()'s params from an exec() result (a runtime URLPattern's): the same rule as URLPattern's own (#params). */
function paramsOfResult(result: URLPatternResult): Record<string, string | undefined> {
  const params: Record<string, string | undefined> = {};
  const pathname = result.pathname.groups;
  for (const name in pathname) if (hasOwn(pathname, name)) setOwnData(params, name, pathname[name]);
  for (let c = 0; c < 8; c++) {
    if (c === PATHNAME) continue;
    const groups = result[COMPONENTS[c]].groups;
    for (const name in groups) {
      if (hasOwn(groups, name) && !isNumberName(name) && !hasOwn(params, name)) setOwnData(params, name, groups[name]);
    }
  }
  return params;
}

const hasOwn = Object.hasOwn as (object: object, key: string) => boolean;

makeWebIdlMembersEnumerable(URLPatternList.prototype, "URLPatternList");
setLength(URLPatternList, 0);
setLength(URLPatternList.prototype.add, 1);
setLength(URLPatternList.prototype.test, 0);
setLength(URLPatternList.prototype.exec, 0);
setLength(URLPatternList.prototype.match, 0);
