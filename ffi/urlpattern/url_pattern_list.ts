/**
 * `URLPatternList`: many URLPatterns, asked at once which one matches first. Not a standard interface (yet): the
 * answer is exactly the loop users write today, the first pattern in insertion order whose `exec(input, baseURL)`
 * is not null, with that pattern's own result. The input is prepared once per lookup (one parse of a URL string),
 * the route index (route_index.ts) names the patterns its pathname can match, and those are confirmed in index
 * order by each pattern's own matching code (url_pattern.ts), so an index that narrows too little costs time, never
 * an answer.
 */
import {
  execPrepared,
  patternInternals,
  testPrepared,
  URLPattern,
  type URLPatternInput,
  type URLPatternOptions,
  type URLPatternResult,
} from "./url_pattern.ts";
import { currentValues, prepareHref, prepareInput, restoreValues, valueOf } from "./pattern_input.ts";
import { execRuntimePattern, isRuntimePattern, testRuntimePattern } from "./runtime_patterns.ts";
import { RouteIndex } from "./route_index.ts";
import { COMPONENT_FULL_WILDCARD } from "./ada_calls.ts";
import { invalidArgTypeError, invalidThisError, missingArgsError, typeError } from "../builtins/errors.ts";
import { setLength } from "../builtins/interop.ts";
import { defineInspect, makeWebIdlMembersEnumerable } from "../builtins/webidl.ts";

/** What `URLPatternList.exec()` returns on a match: which pattern matched first, and its `exec()` result. */
export interface URLPatternListResult {
  /** The pattern's index: the order it was added in, from 0. */
  index: number;
  pattern: URLPattern;
  /** What `pattern.exec(input, baseURL)` returns. */
  result: URLPatternResult;
}

const PATHNAME = 5;
const FULL_WILDCARD = COMPONENT_FULL_WILDCARD;

/** The candidate lists of the lookup under way (reused: a lookup runs no user code, so none starts inside another). */
const lists: number[][] = [];

/** The winner's result of the last exec lookup (set by #first when it confirms with exec). */
let lastResult: URLPatternResult | null = null;

/** The lookup's own arguments, as a runtime's own URLPattern in the list is asked with them (see #first). */
interface Asked {
  input: unknown;
  baseURL: unknown;
  exec: boolean;
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
  #patterns: URLPattern[] = [];
  #index = new RouteIndex();
  /** Per pattern: a runtime's own URLPattern (runtime_patterns.ts), asked with its own methods; and how many. */
  #runtime: boolean[] = [];
  #runtimeCount = 0;
  /** Per pattern: being the index's candidate means it matches (its pathname is decided there, the rest is "*"). */
  #sure: boolean[] = [];

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
    if (this.#patterns.length === 0) return false; // the loop over no patterns looks at nothing
    const asked = this.#runtimeCount === 0 ? null : { input, baseURL, exec: false };
    if (typeof input === "string" && baseURL === undefined) {
      if (!prepareHref(input)) return asked !== null && this.#firstRuntime(asked) !== -1;
    } else if (prepareInput(input, baseURL, "test", "URLPatternList") === null) {
      return asked !== null && this.#firstRuntime(asked) !== -1;
    }
    return this.#first(null, asked) !== -1;
  }

  /**
   * The first pattern that matches `input`, its index and its `exec()` result; null when none does.
   * @throws {TypeError} where URLPattern's exec() throws (a base URL with a dictionary input).
   */
  exec(input?: URLPatternInput | { readonly href: string }, baseURL?: string): URLPatternListResult | null {
    if (typeof this !== "object" || this === null || !(#patterns in this)) throw invalidThisError("URLPatternList");
    if (this.#patterns.length === 0) return null;
    const asked = this.#runtimeCount === 0 ? null : { input, baseURL, exec: true };
    const inputs = prepareInput(input, baseURL, "exec", "URLPatternList");
    const index = inputs !== null ? this.#first(inputs, asked) : asked !== null ? this.#firstRuntime(asked) : -1;
    if (index === -1) return null;
    const result = lastResult!;
    lastResult = null;
    return { index, pattern: this.#patterns[index], result };
  }

  static {
    // Printed as the patterns it holds, in index order (a copy: nothing printed can change the list).
    defineInspect(
      this.prototype,
      (list: URLPatternList) => ({ length: list.#patterns.length, patterns: [...list.#patterns] }),
    );
  }

  #push(pattern: URLPattern): number {
    const index = this.#patterns.length;
    const internals = patternInternals(pattern);
    if (internals === null) {
      // A runtime's own URLPattern: nothing of it to index, a candidate for every input.
      this.#index.addEverywhere(index);
      this.#runtime[index] = true;
      this.#runtimeCount++;
      this.#sure[index] = false;
      this.#patterns[index] = pattern;
      return index;
    }
    this.#runtime[index] = false;
    const decided = this.#index.add(index, internals);
    const types = internals.types;
    let restIsWildcard = true;
    for (let c = 0; c < 8; c++) if (c !== PATHNAME && types[c] !== FULL_WILDCARD) restIsWildcard = false;
    this.#sure[index] = decided && restIsWildcard;
    this.#patterns[index] = pattern;
    return index;
  }

  /**
   * The index of the first pattern that matches the prepared input, or -1: the index's candidate lists merged in
   * index order, each confirmed by the pattern (by exec when `inputs` is given: its result is then lastResult).
   */
  #first(inputs: URLPatternInput[] | null, asked: Asked | null): number {
    if (asked !== null) return this.#firstAsking(inputs, asked);
    // The pathname first: most lookups confirm one candidate, which cuts what it reads from a URL string itself.
    const count = this.#index.candidates(valueOf(PATHNAME), lists);
    let tried = 0;
    const patterns = this.#patterns;
    const sure = inputs === null ? this.#sure : null; // exec builds the result whatever the index knows
    if (count <= 1) {
      if (count === 0) return -1;
      const list = lists[0];
      for (let k = 0; k < list.length; k++) {
        const index = list[k];
        if (sure !== null && sure[index]) return index;
        if (tried++ === 1) currentValues(); // a second candidate: cut all eight values once, not per candidate
        if (confirm(patterns[index], inputs)) return index;
      }
      return -1;
    }
    const heads: number[] = [];
    for (let l = 0; l < count; l++) heads[l] = 0;
    for (;;) {
      let best = -1;
      let from = -1;
      for (let l = 0; l < count; l++) {
        const list = lists[l];
        if (heads[l] < list.length && (best === -1 || list[heads[l]] < best)) {
          best = list[heads[l]];
          from = l;
        }
      }
      if (best === -1) return -1;
      heads[from]++;
      if (sure !== null && sure[best]) return best;
      if (tried++ === 1) currentValues();
      if (confirm(patterns[best], inputs)) return best;
    }
  }

  /**
   * #first() for a list that holds runtime URLPatterns: the same merge, in which such a pattern is asked with the
   * lookup's own arguments. Its conversion of them may run user code (a toString, a dictionary's getters) that makes
   * lookups of its own, so this one keeps its state to itself: its candidate lists copied, the prepared values cut
   * once and restored after each such call.
   */
  #firstAsking(inputs: URLPatternInput[] | null, asked: Asked): number {
    const count = this.#index.candidates(valueOf(PATHNAME), lists);
    const own: number[][] = [];
    for (let l = 0; l < count; l++) own[l] = lists[l];
    const values = currentValues();
    const heads: number[] = [];
    for (let l = 0; l < count; l++) heads[l] = 0;
    const patterns = this.#patterns;
    const runtime = this.#runtime;
    for (;;) {
      let best = -1;
      let from = -1;
      for (let l = 0; l < count; l++) {
        const list = own[l];
        if (heads[l] < list.length && (best === -1 || list[heads[l]] < best)) {
          best = list[heads[l]];
          from = l;
        }
      }
      if (best === -1) return -1;
      heads[from]++;
      if (runtime[best]) {
        const matched = askRuntime(patterns[best], asked);
        restoreValues(values);
        if (matched) return best;
      } else if (confirm(patterns[best], inputs)) {
        return best;
      }
    }
  }

  /** The first runtime URLPattern that matches an input our parser refused (the runtime's may accept it), or -1. */
  #firstRuntime(asked: Asked): number {
    const patterns = this.#patterns;
    const runtime = this.#runtime;
    for (let index = 0; index < patterns.length; index++) {
      if (runtime[index] && askRuntime(patterns[index], asked)) return index;
    }
    return -1;
  }
}

/** Whether `pattern` matches the prepared input: by test(), or by exec() (keeping its result) when `inputs` is given. */
function confirm(pattern: URLPattern, inputs: URLPatternInput[] | null): boolean {
  if (inputs === null) return testPrepared(pattern);
  lastResult = execPrepared(pattern, inputs);
  return lastResult !== null;
}

/** Asks a runtime's own URLPattern (test or exec as the lookup does, keeping exec's result). */
function askRuntime(pattern: unknown, asked: Asked): boolean {
  if (!asked.exec) return testRuntimePattern(pattern, asked.input, asked.baseURL);
  lastResult = execRuntimePattern(pattern, asked.input, asked.baseURL) as URLPatternResult | null;
  return lastResult !== null;
}

makeWebIdlMembersEnumerable(URLPatternList.prototype, "URLPatternList");
setLength(URLPatternList, 0);
setLength(URLPatternList.prototype.add, 1);
setLength(URLPatternList.prototype.test, 0);
setLength(URLPatternList.prototype.exec, 0);
