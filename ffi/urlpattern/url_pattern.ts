/**
 * The WHATWG `URLPattern` (https://urlpattern.spec.whatwg.org/): ada compiles the pattern in one native call
 * (ffi/urlpattern/ada_calls.ts), and this engine's own RegExp (the `v` flag) matches it. A pattern is plain data
 * here — per component its type, pattern string, RegExp and group names — so nothing native outlives a call.
 *
 * Matching follows ada's `url_pattern::match` step for step, including its fast paths for components that need
 * no regular expression (empty, one exact value, a full wildcard). The input becomes the eight values to match
 * in ffi/urlpattern/pattern_input.ts; a URLPatternList (ffi/urlpattern/url_pattern_list.ts) matches its patterns
 * through the same code (patternInternals), on values it prepares once.
 */
import {
  compilePattern,
  COMPONENT_EMPTY,
  COMPONENT_EXACT_MATCH,
  COMPONENT_FULL_WILDCARD,
  COMPONENT_REGEXP,
  FLAG_HAS_REGEXP_GROUPS,
  FLAG_REGEXP_IGNORES_CASE,
  type InitMembers,
} from "./ada_calls.ts";
import {
  COMPONENTS,
  isDictionary,
  prepareHref,
  prepareInput,
  symbolArgumentError,
  toInit,
  type URLPatternInit,
  type URLPatternInput,
  valueOf,
} from "./pattern_input.ts";
import { componentRegExp, regExpExec, regExpTest } from "./component_regexp.ts";
import { setOwnData } from "../builtins/data_property.ts";
import { explainInvalidPattern } from "./pattern_diagnosis.ts";
import { canParse } from "../native_calls/kept_block.ts";
import { toUSVString } from "../builtins/conversions.ts";
import { invalidArgTypeError, invalidThisError, typeError } from "../builtins/errors.ts";
import { setLength } from "../builtins/interop.ts";
import { keepInstanceShape } from "../builtins/instance_shapes.ts";
import { defineInspect, makeWebIdlMembersEnumerable } from "../builtins/webidl.ts";

export type { URLPatternInit, URLPatternInput };

export interface URLPatternOptions {
  /** Match pathname, search and hash case-insensitively (their RegExps get the `i` flag). */
  ignoreCase?: boolean;
}

/** One component's match: the value matched and each group's capture (undefined when it did not take part). */
export interface URLPatternComponentResult {
  groups: Record<string, string | undefined>;
  input: string;
}

/** What `exec()` returns on a match. */
export interface URLPatternResult {
  hash: URLPatternComponentResult;
  hostname: URLPatternComponentResult;
  inputs: URLPatternInput[];
  password: URLPatternComponentResult;
  pathname: URLPatternComponentResult;
  port: URLPatternComponentResult;
  protocol: URLPatternComponentResult;
  search: URLPatternComponentResult;
  username: URLPatternComponentResult;
}

/** Past these, a component's RegExp is made at construction even without a user's regexp group. */
const LAZY_SOURCE_LIMIT = 4096;
const LAZY_GROUP_LIMIT = 256;

function invalidPatternError(detail: string, cause?: unknown): TypeError {
  return typeError(`Failed to construct 'URLPattern': ${detail}`, "ERR_INVALID_URL_PATTERN", cause, URLPattern);
}

/** URLPatternOptions: ignoreCase, from undefined, null or an object. */
function toIgnoreCase(value: unknown, what: string): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value !== "object" && typeof value !== "function") throw invalidArgTypeError(what, "object", value);
  return Boolean((value as URLPatternOptions).ignoreCase);
}

/** A pattern's compiled components, as a URLPatternList indexes them (null: not one of our URLPatterns). */
export interface PatternInternals {
  readonly types: readonly number[];
  readonly exact: readonly string[];
  readonly sources: readonly string[];
  readonly flags: readonly number[];
  readonly groupNames: readonly (readonly string[])[];
}
export let patternInternals: (value: unknown) => PatternInternals | null;
/** test() and exec() on the values pattern_input.ts prepared last (a URLPatternList's shared matching path). */
export let testPrepared: (pattern: URLPattern) => boolean;
export let execPrepared: (pattern: URLPattern, inputs: URLPatternInput[]) => URLPatternResult | null;
/**
 * exec()'s result for a pattern whose every component but the pathname is a full wildcard, where the pathname is
 * known to match with these groups (a URLPatternList's index decided it).
 */
export let execKnownPathname: (
  pattern: URLPattern,
  inputs: URLPatternInput[],
  pathnameGroups: Record<string, string | undefined>,
) => URLPatternResult;
/** The params URLPatternList.match() reports for the prepared values, or null when they do not match. */
export let paramsPrepared: (pattern: URLPattern) => Record<string, string | undefined> | null;

/**
 * A URL pattern: matches URLs (strings, URL objects, or URLPatternInit dictionaries) component by component,
 * with the API of the built-in `URLPattern` (Node 24+, Deno, Bun) and the standard's answers — those of Node 24+'s,
 * which also uses ada 4.0.0 — on every runtime.
 *
 * @example
 * const route = new URLPattern({ pathname: "/books/:id(\\d+)" });
 * route.test("https://example.com/books/42"); // true
 * route.exec("https://example.com/books/42")?.pathname.groups.id; // "42"
 */
export class URLPattern {
  #types: number[];
  /** Each REGEXP component's RegExp, once made (see the constructor); null for the other types. */
  #regexps: (RegExp | null)[];
  #sources: string[];
  #flags: number[];
  #exact: string[];
  #groupNames: string[][];
  #patterns: string[];
  #hasRegExpGroups: boolean;
  /** Whether every component but the pathname is a full wildcard with one unnamed group (`*`): a route's pattern. */
  #othersUnnamedWildcards: boolean;

  /**
   * `new URLPattern(input, baseURL?, options?)` or `new URLPattern(input?, options?)`: input is a pattern
   * string (relative ones need baseURL) or a URLPatternInit of component patterns (every one left out is "*").
   * @throws {TypeError} (code `ERR_INVALID_URL_PATTERN`) when the pattern is not valid.
   */
  constructor(input?: URLPatternInput, baseURL?: string, options?: URLPatternOptions);
  constructor(input?: URLPatternInput, options?: URLPatternOptions);
  constructor(input?: URLPatternInput, baseURLOrOptions?: string | URLPatternOptions, options?: URLPatternOptions) {
    // WebIDL overload resolution: three arguments, or a second one that is not a dictionary, mean a base URL.
    if (typeof input === "symbol" || (arguments.length >= 2 && typeof baseURLOrOptions === "symbol")) {
      throw symbolArgumentError(typeof input === "symbol" ? "input" : "baseURL", "Failed to construct 'URLPattern'");
    }
    let base: string | undefined;
    let optionsValue: unknown = baseURLOrOptions;
    if (arguments.length >= 3 || (arguments.length === 2 && !isDictionary(baseURLOrOptions))) {
      base = toUSVString(baseURLOrOptions);
      optionsValue = options;
    }
    const converted: string | InitMembers = isDictionary(input) ? toInit(input).members : toUSVString(input);
    const ignoreCase = toIgnoreCase(optionsValue, "options");
    if (typeof converted !== "string" && base !== undefined) {
      throw invalidPatternError("a base URL cannot be given with a URLPatternInit (use its baseURL member)");
    }

    askedSource = undefined;
    const compiled = compilePattern(converted, base, ignoreCase, protocolMatchesScheme);
    if (compiled === null) throw invalidPatternError(whyInvalid(converted, base, ignoreCase));
    this.#patterns = compiled.patterns; // before any RegExp is made: its errors quote the pattern
    const { types, flags, regexps, groupNames } = compiled;
    this.#types = types;
    this.#regexps = [null, null, null, null, null, null, null, null];
    this.#sources = regexps;
    this.#flags = flags;
    let hasRegExpGroups = false;
    for (let i = 0; i < 8; i++) {
      const withRegExpGroups = (flags[i] & FLAG_HAS_REGEXP_GROUPS) !== 0;
      hasRegExpGroups ||= withRegExpGroups;
      // A source ada made without a user's regexp group always compiles (escaped text, [^/]+?, .*): it is compiled
      // on first use, which halves the cost of constructing a typical route. One with a user's group may not, and
      // the standard wants the TypeError now; so do very large sources, where an engine's limits may refuse them.
      const eager = types[i] === COMPONENT_REGEXP &&
        (withRegExpGroups || regexps[i].length > LAZY_SOURCE_LIMIT || groupNames[i].length > LAZY_GROUP_LIMIT);
      if (eager) this.#regexp(i);
    }
    this.#exact = compiled.exact;
    this.#groupNames = compiled.groupNames;
    this.#hasRegExpGroups = hasRegExpGroups;
    let othersUnnamedWildcards = true;
    for (let c = 0; c < 8; c++) {
      const names = groupNames[c];
      if (c !== 5 && (types[c] !== COMPONENT_FULL_WILDCARD || names.length !== 1 || names[0] !== "0")) {
        othersUnnamedWildcards = false;
      }
    }
    this.#othersUnnamedWildcards = othersUnnamedWildcards;
    askedSource = undefined;
    if (!shapeKept) {
      // ffi/builtins/instance_shapes.ts; a pattern cannot be made before the library loads, so the first one made is kept.
      shapeKept = true;
      keepInstanceShape(this);
    }
  }

  /** The protocol component's pattern string, e.g. "http{s}?". */
  get protocol(): string {
    if (typeof this !== "object" || this === null || !(#types in this)) throw invalidThisError("URLPattern");
    return this.#patterns[0];
  }
  get username(): string {
    if (typeof this !== "object" || this === null || !(#types in this)) throw invalidThisError("URLPattern");
    return this.#patterns[1];
  }
  get password(): string {
    if (typeof this !== "object" || this === null || !(#types in this)) throw invalidThisError("URLPattern");
    return this.#patterns[2];
  }
  get hostname(): string {
    if (typeof this !== "object" || this === null || !(#types in this)) throw invalidThisError("URLPattern");
    return this.#patterns[3];
  }
  get port(): string {
    if (typeof this !== "object" || this === null || !(#types in this)) throw invalidThisError("URLPattern");
    return this.#patterns[4];
  }
  get pathname(): string {
    if (typeof this !== "object" || this === null || !(#types in this)) throw invalidThisError("URLPattern");
    return this.#patterns[5];
  }
  get search(): string {
    if (typeof this !== "object" || this === null || !(#types in this)) throw invalidThisError("URLPattern");
    return this.#patterns[6];
  }
  get hash(): string {
    if (typeof this !== "object" || this === null || !(#types in this)) throw invalidThisError("URLPattern");
    return this.#patterns[7];
  }

  /** Whether any component uses a custom regular expression group, like `(\\d+)` or `:id([a-z]+)`. */
  get hasRegExpGroups(): boolean {
    if (typeof this !== "object" || this === null || !(#types in this)) throw invalidThisError("URLPattern");
    return this.#hasRegExpGroups;
  }

  /**
   * Whether `input` (a URL string, resolved against `baseURL` when given, or a URLPatternInit / URL object)
   * matches. An input that is not a valid URL does not match.
   * @throws {TypeError} when `baseURL` is given with a dictionary input.
   */
  test(input?: URLPatternInput | { readonly href: string }, baseURL?: string): boolean {
    if (typeof this !== "object" || this === null || !(#types in this)) throw invalidThisError("URLPattern");
    if (typeof input === "string" && baseURL === undefined) {
      // The common call, test(url): no inputs list to build.
      if (!prepareHref(input)) return false;
    } else if (prepareInput(input, baseURL, "test") === null) {
      return false;
    }
    return this.#test();
  }

  /**
   * Matches like test(), and returns each component's input and groups (or null when it does not match).
   * @throws {TypeError} when `baseURL` is given with a dictionary input.
   */
  exec(input?: URLPatternInput | { readonly href: string }, baseURL?: string): URLPatternResult | null {
    if (typeof this !== "object" || this === null || !(#types in this)) throw invalidThisError("URLPattern");
    const inputs = prepareInput(input, baseURL, "exec");
    if (inputs === null) return null;
    return this.#exec(inputs);
  }

  /** Whether the prepared values (pattern_input.ts) match. */
  #test(): boolean {
    const types = this.#types;
    // ada's test(): components in order, the first mismatch decides; a full wildcard needs no value at all.
    for (let c = 0; c < 8; c++) {
      switch (types[c]) {
        case COMPONENT_FULL_WILDCARD:
          continue;
        case COMPONENT_EXACT_MATCH:
          if (valueOf(c) !== this.#exact[c]) return false;
          continue;
        case COMPONENT_EMPTY:
          if (valueOf(c) !== "") return false;
          continue;
        default:
          if (!regExpTest(this.#regexps[c] ?? this.#regexp(c), valueOf(c))) return false;
      }
    }
    return true;
  }

  /** Whether the components that compare one value (exact, empty) match the prepared values. */
  #oneValueComponentsMatch(): boolean {
    const types = this.#types;
    for (let c = 0; c < 8; c++) {
      const type = types[c];
      if (
        type === COMPONENT_EXACT_MATCH ? valueOf(c) !== this.#exact[c] : type === COMPONENT_EMPTY && valueOf(c) !== ""
      ) {
        return false;
      }
    }
    return true;
  }

  /** exec()'s result for the prepared values (pattern_input.ts), reporting `inputs`; null when they do not match. */
  #exec(inputs: URLPatternInput[]): URLPatternResult | null {
    // First the components that compare one value (exact, empty): they cost a string comparison and make nothing,
    // and a pattern that fails nearly always fails on one of them. Then the regular expressions in the standard's
    // order, so a component that rules the input out stops a later one as it does in test() and the built-ins (a
    // pathname RegExp run before a mismatching hostname could take seconds). Only then the result: a candidate that
    // fails (a list's lookup tries many) makes no object.
    if (!this.#oneValueComponentsMatch()) return null;
    const types = this.#types;
    for (let c = 0; c < 8; c++) {
      if (types[c] !== COMPONENT_REGEXP) continue;
      const result = this.#regexpResult(c, valueOf(c));
      if (result === null) return null;
      regexpResults[c] = result;
    }
    if (this.#othersUnnamedWildcards) {
      const pathname = this.#componentResult(5);
      return routeResult(inputs, pathname.groups, pathname.input);
    }
    // Members in WebIDL's (lexicographic) order, as the built-ins of Node give them.
    return {
      hash: this.#componentResult(7),
      hostname: this.#componentResult(3),
      inputs,
      password: this.#componentResult(2),
      pathname: this.#componentResult(5),
      port: this.#componentResult(4),
      protocol: this.#componentResult(0),
      search: this.#componentResult(6),
      username: this.#componentResult(1),
    };
  }

  /** Component `c`'s result, once every component matched (a RegExp component's is in regexpResults). */
  #componentResult(c: number): URLPatternComponentResult {
    switch (this.#types[c]) {
      case COMPONENT_FULL_WILDCARD:
        return this.#wildcardResult(c, valueOf(c));
      case COMPONENT_REGEXP: {
        const result = regexpResults[c]!;
        regexpResults[c] = null;
        return result;
      }
      default:
        return { groups: {}, input: valueOf(c) };
    }
  }

  /** A RegExp component's result for `value`, or null when it does not match. */
  #regexpResult(c: number, value: string): URLPatternComponentResult | null {
    const match = regExpExec(this.#regexps[c] ?? this.#regexp(c), value);
    if (match === null) return null;
    const names = this.#groupNames[c];
    // With its slot for an unnamed group "0" (see hasGroupZero).
    const groups: Record<string, string | undefined> = hasGroupZero(names) ? { 0: undefined } : {};
    for (let g = 0; g < names.length; g++) setOwnData(groups, names[g], match[g + 1]);
    return { groups, input: value };
  }

  /**
   * #exec() where every component but the pathname is a full wildcard and the pathname's groups are known: nothing
   * to compare, only the result to make (a route's lookup: about half of route()'s time on a hit went to #exec).
   */
  #execDecided(inputs: URLPatternInput[], pathnameGroups: Record<string, string | undefined>): URLPatternResult {
    if (this.#othersUnnamedWildcards) return routeResult(inputs, pathnameGroups, valueOf(5));
    return {
      hash: this.#wildcardResult(7, valueOf(7)),
      hostname: this.#wildcardResult(3, valueOf(3)),
      inputs,
      password: this.#wildcardResult(2, valueOf(2)),
      pathname: { groups: pathnameGroups, input: valueOf(5) },
      port: this.#wildcardResult(4, valueOf(4)),
      protocol: this.#wildcardResult(0, valueOf(0)),
      search: this.#wildcardResult(6, valueOf(6)),
      username: this.#wildcardResult(1, valueOf(1)),
    };
  }

  /** A full-wildcard component's result for `value`: the value as its one group. */
  #wildcardResult(c: number, value: string): URLPatternComponentResult {
    const names = this.#groupNames[c];
    if (names.length === 0) return { groups: {}, input: value };
    // The group is nearly always the unnamed "0": a literal keeps the object's shape cheap.
    return { groups: names[0] === "0" ? { 0: value } : { [names[0]]: value }, input: value };
  }

  static {
    // What a URLPatternList reads of its patterns, and how it matches them on values it prepared (module-internal).
    patternInternals = (value) =>
      typeof value === "object" && value !== null && #types in value
        ? {
          types: value.#types,
          exact: value.#exact,
          sources: value.#sources,
          flags: value.#flags,
          groupNames: value.#groupNames,
        }
        : null;
    testPrepared = (pattern) => pattern.#test();
    execPrepared = (pattern, inputs) => pattern.#exec(inputs);
    execKnownPathname = (pattern, inputs, groups) => pattern.#execDecided(inputs, groups);
    paramsPrepared = (pattern) => pattern.#params();
  }

  /**
   * match()'s params: the pathname's groups, then the named groups (names that are not numbers) of the other
   * components in the standard's order, a name already there kept; null when the prepared values do not match.
   */
  /**
   * One params object of this pattern, kept alive: a GC that left no object of its shape cleared the shape V8's
   * optimized code embeds weakly, and Node 26 deoptimized URLPatternList.match() after every such GC (`npm run bench
   * -- --check`, "embedded weak objects cleared"; gone with one kept).
   */
  #keptParams: object | undefined = undefined;

  #params(): Record<string, string | undefined> | null {
    // test()'s matching, in the standard's order after the one-value components, keeping the RegExp matches of
    // the components that have groups: no result objects.
    if (!this.#oneValueComponentsMatch()) return null;
    const types = this.#types;
    const names = this.#groupNames;
    const matches: (RegExpExecArray | null)[] = [null, null, null, null, null, null, null, null];
    for (let c = 0; c < 8; c++) {
      if (types[c] !== COMPONENT_REGEXP) continue;
      const match = regExpExec(this.#regexps[c] ?? this.#regexp(c), valueOf(c));
      if (match === null) return null;
      matches[c] = match;
    }
    const params: Record<string, string | undefined> = {};
    this.#addParams(params, 5, matches[5], true);
    for (let c = 0; c < 8; c++) if (c !== 5 && names[c].length !== 0) this.#addParams(params, c, matches[c], false);
    this.#keptParams ??= params;
    return params;
  }

  /** Adds component `c`'s groups to `params` (the numbered ones only when `numbered`), keeping names already there. */
  #addParams(
    params: Record<string, string | undefined>,
    c: number,
    match: RegExpExecArray | null,
    numbered: boolean,
  ): void {
    const names = this.#groupNames[c];
    for (let g = 0; g < names.length; g++) {
      const name = names[g];
      if ((!numbered && isNumberName(name)) || hasOwn(params, name)) continue;
      // A full wildcard's one group is the whole value.
      setOwnData(params, name, match === null ? valueOf(c) : match[g + 1]);
    }
  }

  /** Component `c`'s RegExp, made now. */
  #regexp(c: number): RegExp {
    const ignoreCase = (this.#flags[c] & FLAG_REGEXP_IGNORES_CASE) !== 0;
    const regexp = compileComponent(this.#sources[c], ignoreCase, COMPONENTS[c], this.#patterns[c]);
    this.#regexps[c] = regexp;
    return regexp;
  }
}

/**
 * The exec() result of a route's pattern (every component but the pathname a `*`) for the prepared values, given the
 * pathname's groups and input: one object literal, whose allocations V8's optimizing compiler folds into one (a
 * route() hit cost 1-15% less than with the components made one by one). Members in WebIDL's (lexicographic) order, as
 * Node's built-in gives them.
 */
function routeResult(
  inputs: URLPatternInput[],
  pathnameGroups: Record<string, string | undefined>,
  pathname: string,
): URLPatternResult {
  const protocol = valueOf(0), username = valueOf(1), password = valueOf(2), hostname = valueOf(3);
  const port = valueOf(4), search = valueOf(6), hash = valueOf(7);
  return {
    hash: { groups: { 0: hash }, input: hash },
    hostname: { groups: { 0: hostname }, input: hostname },
    inputs,
    password: { groups: { 0: password }, input: password },
    pathname: { groups: pathnameGroups, input: pathname },
    port: { groups: { 0: port }, input: port },
    protocol: { groups: { 0: protocol }, input: protocol },
    search: { groups: { 0: search }, input: search },
    username: { groups: { 0: username }, input: username },
  };
}

let shapeKept = false;

/**
 * #exec()'s RegExp components' results, made while matching and taken when the result is built (one exec at a time:
 * matching runs no user code).
 */
const regexpResults: (URLPatternComponentResult | null)[] = [null, null, null, null, null, null, null, null];

/**
 * Whether a component's group names include the unnamed "0" (a `*`, a `(...)`). Its groups object is then made with
 * that slot: on V8 the first store of an index into an object that has none goes through the runtime (~350 ns on Node
 * 26, a third of a list's lookup); indices enumerate before names either way, so the object is the same.
 */
export function hasGroupZero(names: readonly string[]): boolean {
  for (let k = 0; k < names.length; k++) if (names[k] === "0") return true;
  return false;
}
const hasOwn = Object.hasOwn as (object: object, key: string) => boolean;

/** Whether a group name is a number (an unnamed group's: "0", "1", …). */
export function isNumberName(name: string): boolean {
  for (let k = 0; k < name.length; k++) if (name[k] < "0" || name[k] > "9") return false;
  return name.length !== 0;
}

/** The protocol RegExp of ada's last question (a construction asks about one source, and reuses it). */
let askedSource: string | undefined;
let askedRegExp: RegExp | undefined;

/** ada asks whether a protocol given as a regular expression matches a special scheme: this engine answers. */
function protocolMatchesScheme(source: string, ignoreCase: boolean, scheme: string): boolean {
  const key = `${ignoreCase ? "i" : "-"}${source}`;
  if (key !== askedSource) {
    askedRegExp = compileComponent(source, ignoreCase, "protocol");
    askedSource = key;
  }
  return regExpTest(askedRegExp!, scheme);
}

/**
 * A component's RegExp; a source this engine refuses makes the pattern invalid: a TypeError quoting the component's
 * pattern (when known) and the engine's message, with its SyntaxError as `cause`.
 */
function compileComponent(source: string, ignoreCase: boolean, component: string, pattern?: string): RegExp {
  // The protocol's, when ada asked about it while compiling: already made.
  if (askedSource !== undefined && askedSource === `${ignoreCase ? "i" : "-"}${source}`) return askedRegExp!;
  try {
    return componentRegExp(source, ignoreCase);
  } catch (error) {
    const from = pattern === undefined ? `the ${component} component` : `${component} from ${JSON.stringify(pattern)}`;
    throw invalidPatternError(
      `Failed to parse ${from}: this engine refused its regular expression: ${(error as Error)?.message ?? error}`,
      error,
    );
  }
}

/** The reason ada refused a pattern (ffi/urlpattern/pattern_diagnosis.ts). */
function whyInvalid(input: string | InitMembers, base: string | undefined, ignoreCase: boolean): string {
  const compiles = (pattern: string | InitMembers, baseURL: string | undefined): boolean => {
    try {
      return compilePattern(pattern, baseURL, ignoreCase, protocolMatchesScheme) !== null;
    } catch {
      return false;
    } finally {
      askedSource = undefined;
    }
  };
  return explainInvalidPattern(input, base, compiles, (url) => canParse(url, undefined));
}

makeWebIdlMembersEnumerable(
  URLPattern.prototype,
  "URLPattern",
  (globalThis as { URLPattern?: { prototype: unknown } }).URLPattern?.prototype,
);
setLength(URLPattern, 0);
setLength(URLPattern.prototype.test, 0);
setLength(URLPattern.prototype.exec, 0);
defineInspect(URLPattern.prototype, (pattern: URLPattern) => ({
  protocol: pattern.protocol,
  username: pattern.username,
  password: pattern.password,
  hostname: pattern.hostname,
  port: pattern.port,
  pathname: pattern.pathname,
  search: pattern.search,
  hash: pattern.hash,
  hasRegExpGroups: pattern.hasRegExpGroups,
}));
