/**
 * The WHATWG `URLPattern` (https://urlpattern.spec.whatwg.org/): ada compiles the pattern in one native call
 * (ffi/urlpattern/ada_calls.ts), and this engine's own RegExp (the `v` flag) matches it. A pattern is plain data
 * here — per component its type, pattern string, RegExp and group names — so nothing native outlives a call.
 *
 * Matching follows ada's `url_pattern::match` step for step, including its fast paths for components that need
 * no regular expression (empty, one exact value, a full wildcard). A string input is parsed once by ada's URL
 * parser (the same crossing as `new URL`) and its components are cut from the href by ada's offsets.
 */
import {
  HASH_START,
  HOST_END,
  HOST_START,
  OMITTED,
  PATHNAME_START,
  PORT,
  PROTOCOL_END,
  SEARCH_START,
  USERNAME_END,
} from "../native_calls/call_block.ts";
import { components as urlWords, parseHref } from "../native_calls/kept_block.ts";
import {
  compilePattern,
  COMPONENT_EMPTY,
  COMPONENT_EXACT_MATCH,
  COMPONENT_FULL_WILDCARD,
  COMPONENT_REGEXP,
  FLAG_HAS_REGEXP_GROUPS,
  FLAG_REGEXP_IGNORES_CASE,
  type InitMembers,
  processInit,
} from "./ada_calls.ts";
import { componentRegExp } from "./component_regexp.ts";
import { toUSVString } from "../url/url_search_params.ts";
import { invalidArgTypeError, invalidThisError, typeError } from "../builtins/errors.ts";
import { setLength } from "../builtins/interop.ts";
import { keepInstanceShape } from "../builtins/instance_shapes.ts";
import { defineInspect, makeWebIdlMembersEnumerable } from "../builtins/webidl.ts";

/** The URLPatternInit dictionary: each member a pattern (constructor) or a value (test/exec). */
export interface URLPatternInit {
  protocol?: string;
  username?: string;
  password?: string;
  hostname?: string;
  port?: string;
  pathname?: string;
  search?: string;
  hash?: string;
  baseURL?: string;
}

export type URLPatternInput = string | URLPatternInit;

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

/** The components, in ada's (and the standard's) order; the index of each is its field number. */
const COMPONENTS = ["protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"] as const;
const BASE_URL_FIELD = 8;

/** WebIDL reads a dictionary's members in lexicographic order; each with its field number. */
const INIT_MEMBERS: readonly [keyof URLPatternInit, number][] = [
  ["baseURL", BASE_URL_FIELD],
  ["hash", 7],
  ["hostname", 3],
  ["password", 2],
  ["pathname", 5],
  ["port", 4],
  ["protocol", 0],
  ["search", 6],
  ["username", 1],
];

const AT = 0x40; // '@'

/** Past these, a component's RegExp is made at construction even without a user's regexp group. */
const LAZY_SOURCE_LIMIT = 4096;
const LAZY_GROUP_LIMIT = 256;

function invalidPatternError(detail: string, cause?: unknown): TypeError {
  return typeError(`Failed to construct 'URLPattern': ${detail}`, "ERR_INVALID_URL_PATTERN", cause);
}

/** WebIDL's (USVString or URLPatternInit): objects (and null, undefined) are dictionaries, the rest strings. */
function isDictionary(value: unknown): boolean {
  return value === undefined || value === null || typeof value === "object" || typeof value === "function";
}

/** A URLPatternInit from a JS value: its members by field number, and the dictionary as JS sees it. */
function toInit(value: unknown): { members: InitMembers; init: URLPatternInit } {
  const members: InitMembers = [
    undefined,
    undefined,
    undefined,
    undefined,
    undefined,
    undefined,
    undefined,
    undefined,
    undefined,
  ];
  const init: Record<string, string> = {};
  if (value !== undefined && value !== null) {
    const source = value as Record<string, unknown>;
    for (const [name, field] of INIT_MEMBERS) {
      const member = source[name];
      if (member === undefined) continue;
      const converted = toUSVString(member);
      members[field] = converted;
      init[name] = converted;
    }
  }
  return { members, init };
}

/** URLPatternOptions: ignoreCase, from undefined, null or an object. */
function toIgnoreCase(value: unknown, what: string): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value !== "object" && typeof value !== "function") throw invalidArgTypeError(what, "object", value);
  return Boolean((value as URLPatternOptions).ignoreCase);
}

/**
 * Component `c` (protocol … hash) of the URL the last parseHref() returned, as ada's match() takes it: the
 * protocol without ":", search and hash without "?" and "#". Read from ada's offsets, which stay valid until
 * the next native call.
 */
function urlComponent(href: string, c: number): string {
  const w = urlWords;
  switch (c) {
    case 0:
      return href.slice(0, w[PROTOCOL_END] - 1);
    case 1: {
      const start = w[PROTOCOL_END] + 2;
      return start < w[USERNAME_END] ? href.slice(start, w[USERNAME_END]) : "";
    }
    case 2:
      return w[HOST_START] > w[USERNAME_END] ? href.slice(w[USERNAME_END] + 1, w[HOST_START]) : "";
    case 3: {
      const start = w[HOST_START];
      const end = w[HOST_END];
      return href.slice(end > start && href.charCodeAt(start) === AT ? start + 1 : start, end);
    }
    case 4:
      return w[PORT] === OMITTED ? "" : href.slice(w[HOST_END] + 1, w[PATHNAME_START]);
    case 5: {
      const end = w[SEARCH_START] !== OMITTED
        ? w[SEARCH_START]
        : w[HASH_START] !== OMITTED
        ? w[HASH_START]
        : href.length;
      return href.slice(w[PATHNAME_START], end);
    }
    case 6: {
      if (w[SEARCH_START] === OMITTED) return "";
      return href.slice(w[SEARCH_START] + 1, w[HASH_START] !== OMITTED ? w[HASH_START] : href.length);
    }
    default:
      return w[HASH_START] === OMITTED ? "" : href.slice(w[HASH_START] + 1);
  }
}

/** The processed values of the last dictionary input (null: the input was a URL string, see urlComponent). */
let initValues: string[] | null = null;
/** The href of the last URL string input. */
let inputHref = "";

function valueOf(c: number): string {
  return initValues === null ? urlComponent(inputHref, c) : initValues[c];
}

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

  /**
   * `new URLPattern(input, baseURL?, options?)` or `new URLPattern(input?, options?)`: input is a pattern
   * string (relative ones need baseURL) or a URLPatternInit of component patterns (every one left out is "*").
   * @throws {TypeError} (code `ERR_INVALID_URL_PATTERN`) when the pattern is not valid.
   */
  constructor(input?: URLPatternInput, baseURL?: string, options?: URLPatternOptions);
  constructor(input?: URLPatternInput, options?: URLPatternOptions);
  constructor(input?: URLPatternInput, baseURLOrOptions?: string | URLPatternOptions, options?: URLPatternOptions) {
    // WebIDL overload resolution: three arguments, or a second one that is not a dictionary, mean a base URL.
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
    if (compiled === null) {
      throw invalidPatternError(
        typeof converted === "string" ? `invalid pattern ${JSON.stringify(converted)}` : "invalid pattern",
      );
    }
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
    this.#patterns = compiled.patterns;
    this.#hasRegExpGroups = hasRegExpGroups;
    askedSource = undefined;
    if (!shapeKept) {
      // ffi/builtins/instance_shapes.ts; a pattern cannot be made before the library loads, so the first one made is kept.
      shapeKept = true;
      keepInstanceShape(this);
    }
  }

  /** The protocol component's pattern string, e.g. "http{s}?". */
  get protocol(): string {
    if (!(#types in this)) throw invalidThisError("URLPattern");
    return this.#patterns[0];
  }
  get username(): string {
    if (!(#types in this)) throw invalidThisError("URLPattern");
    return this.#patterns[1];
  }
  get password(): string {
    if (!(#types in this)) throw invalidThisError("URLPattern");
    return this.#patterns[2];
  }
  get hostname(): string {
    if (!(#types in this)) throw invalidThisError("URLPattern");
    return this.#patterns[3];
  }
  get port(): string {
    if (!(#types in this)) throw invalidThisError("URLPattern");
    return this.#patterns[4];
  }
  get pathname(): string {
    if (!(#types in this)) throw invalidThisError("URLPattern");
    return this.#patterns[5];
  }
  get search(): string {
    if (!(#types in this)) throw invalidThisError("URLPattern");
    return this.#patterns[6];
  }
  get hash(): string {
    if (!(#types in this)) throw invalidThisError("URLPattern");
    return this.#patterns[7];
  }

  /** Whether any component uses a custom regular expression group, like `(\\d+)` or `:id([a-z]+)`. */
  get hasRegExpGroups(): boolean {
    if (!(#types in this)) throw invalidThisError("URLPattern");
    return this.#hasRegExpGroups;
  }

  /**
   * Whether `input` (a URL string, resolved against `baseURL` when given, or a URLPatternInit / URL object)
   * matches. An input that is not a valid URL does not match.
   * @throws {TypeError} when `baseURL` is given with a dictionary input.
   */
  test(input?: URLPatternInput | { readonly href: string }, baseURL?: string): boolean {
    if (!(#types in this)) throw invalidThisError("URLPattern");
    if (typeof input === "string" && baseURL === undefined) {
      // The common call, test(url): no inputs list to build.
      const href = parseHref(input.isWellFormed() ? input : input.toWellFormed(), undefined);
      if (href === null) return false;
      initValues = null;
      inputHref = href;
    } else if (this.#values(input, baseURL, "test") === null) {
      return false;
    }
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
          if (!(this.#regexps[c] ?? this.#regexp(c)).test(valueOf(c))) return false;
      }
    }
    return true;
  }

  /**
   * Matches like test(), and returns each component's input and groups (or null when it does not match).
   * @throws {TypeError} when `baseURL` is given with a dictionary input.
   */
  exec(input?: URLPatternInput | { readonly href: string }, baseURL?: string): URLPatternResult | null {
    if (!(#types in this)) throw invalidThisError("URLPattern");
    const inputs = this.#values(input, baseURL, "exec");
    if (inputs === null) return null;
    const results: URLPatternComponentResult[] = new Array(8);
    for (let c = 0; c < 8; c++) {
      const result = this.#match(c, valueOf(c));
      if (result === null) return null;
      results[c] = result;
    }
    // Members in WebIDL's (lexicographic) order, as the built-ins of Node give them.
    return {
      hash: results[7],
      hostname: results[3],
      inputs,
      password: results[2],
      pathname: results[5],
      port: results[4],
      protocol: results[0],
      search: results[6],
      username: results[1],
    };
  }

  /** Component `c`'s RegExp, made now. */
  #regexp(c: number): RegExp {
    const regexp = compileComponent(this.#sources[c], (this.#flags[c] & FLAG_REGEXP_IGNORES_CASE) !== 0, COMPONENTS[c]);
    this.#regexps[c] = regexp;
    return regexp;
  }

  /** Component `c`'s result for `value`, or null when it does not match (ada's fast_match, then its groups). */
  #match(c: number, value: string): URLPatternComponentResult | null {
    const names = this.#groupNames[c];
    switch (this.#types[c]) {
      case COMPONENT_FULL_WILDCARD:
        if (names.length === 0) return { groups: {}, input: value };
        // A wildcard's group is nearly always the unnamed "0": a literal keeps the object's shape cheap.
        return { groups: names[0] === "0" ? { 0: value } : { [names[0]]: value }, input: value };
      case COMPONENT_EXACT_MATCH:
        return value === this.#exact[c] ? { groups: {}, input: value } : null;
      case COMPONENT_EMPTY:
        return value === "" ? { groups: {}, input: value } : null;
      default: {
        const match = (this.#regexps[c] ?? this.#regexp(c)).exec(value);
        if (match === null) return null;
        const groups: Record<string, string | undefined> = {};
        for (let g = 0; g < names.length; g++) groups[names[g]] = match[g + 1];
        return { groups, input: value };
      }
    }
  }

  /**
   * Prepares the values to match (ada's match(): a URL string is parsed, a dictionary processed), for
   * valueOf(). Returns what exec() reports as `inputs`, or null when the input is no URL (no match).
   */
  #values(input: unknown, baseURL: unknown, method: string): URLPatternInput[] | null {
    const base = baseURL === undefined ? undefined : toUSVString(baseURL);
    if (isDictionary(input)) {
      const { members, init } = toInit(input);
      if (base !== undefined) {
        throw typeError(
          `Failed to execute '${method}' on 'URLPattern': a base URL cannot be given with a URLPatternInit ` +
            "(use its baseURL member)",
          "ERR_INVALID_ARG_VALUE",
        );
      }
      initValues = processInit(members);
      if (initValues === null) return null;
      return [init];
    }
    const url = toUSVString(input);
    const href = parseHref(url, base);
    if (href === null) return null;
    initValues = null;
    inputHref = href;
    return base === undefined ? [url] : [url, base];
  }
}

let shapeKept = false;

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
  return askedRegExp!.test(scheme);
}

/** A component's RegExp; a source this engine refuses makes the pattern invalid (a TypeError). */
function compileComponent(source: string, ignoreCase: boolean, component: string): RegExp {
  // The protocol's, when ada asked about it while compiling: already made.
  if (askedSource !== undefined && askedSource === `${ignoreCase ? "i" : "-"}${source}`) return askedRegExp!;
  try {
    return componentRegExp(source, ignoreCase);
  } catch (error) {
    throw invalidPatternError(
      `invalid regular expression in the ${component} component: ${(error as Error)?.message ?? error}`,
      error,
    );
  }
}

makeWebIdlMembersEnumerable(URLPattern.prototype, "URLPattern");
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
