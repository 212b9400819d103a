/**
 * The WHATWG `URLPattern` (https://urlpattern.spec.whatwg.org/): ada compiles the pattern in one native call
 * (ffi/url_pattern_native.ts), and this engine's own RegExp (the `v` flag) matches it. A pattern is plain data
 * here — per component its type, pattern string, RegExp and group names — so nothing native outlives a call.
 *
 * Matching follows ada's `url_pattern::match` step for step, including its fast paths for components that need
 * no regular expression (empty, one exact value, a full wildcard). A string input is parsed once by ada's URL
 * parser (the same crossing as `new URL`) and its components are cut from the href by ada's offsets.
 */
import {
  components as urlWords,
  HASH_START,
  HOST_END,
  HOST_START,
  OMITTED,
  parseHref,
  PATHNAME_START,
  PORT,
  PROTOCOL_END,
  SEARCH_START,
  USERNAME_END,
} from "./protocol.ts";
import {
  type CompiledComponent,
  compilePattern,
  COMPONENT_EMPTY,
  COMPONENT_EXACT_MATCH,
  COMPONENT_FULL_WILDCARD,
  COMPONENT_REGEXP,
  type InitMembers,
  processInit,
} from "./url_pattern_native.ts";
import { componentRegExp } from "./url_pattern_regexp.ts";
import { toUSVString } from "./url_search_params.ts";
import { invalidArgTypeError, invalidThisError, typeError } from "./errors.ts";
import { setLength } from "./interop.ts";
import { defineInspect, makeWebIdlMembersEnumerable } from "./webidl.ts";

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

/** The values a string input is matched against (as ada's match() takes them from the parsed URL), or null. */
function valuesOfUrl(input: string, base: string | undefined, into: string[]): boolean {
  const href = parseHref(input, base);
  if (href === null) return false;
  const w = urlWords;
  const protocolEnd = w[PROTOCOL_END];
  const usernameEnd = w[USERNAME_END];
  const hostStart = w[HOST_START];
  const hostEnd = w[HOST_END];
  const pathnameStart = w[PATHNAME_START];
  const searchStart = w[SEARCH_START];
  const hashStart = w[HASH_START];
  into[0] = href.slice(0, protocolEnd - 1);
  into[1] = protocolEnd + 2 < usernameEnd ? href.slice(protocolEnd + 2, usernameEnd) : "";
  into[2] = hostStart > usernameEnd ? href.slice(usernameEnd + 1, hostStart) : "";
  into[3] = href.slice(hostEnd > hostStart && href.charCodeAt(hostStart) === AT ? hostStart + 1 : hostStart, hostEnd);
  into[4] = w[PORT] === OMITTED ? "" : href.slice(hostEnd + 1, pathnameStart);
  const pathEnd = searchStart !== OMITTED ? searchStart : hashStart !== OMITTED ? hashStart : href.length;
  into[5] = href.slice(pathnameStart, pathEnd);
  const searchEnd = hashStart !== OMITTED ? hashStart : href.length;
  into[6] = searchStart === OMITTED ? "" : href.slice(searchStart + 1, searchEnd);
  into[7] = hashStart === OMITTED ? "" : href.slice(hashStart + 1);
  return true;
}

/** The values of the last test()/exec(), reused (read before anything can call back into JS). */
const scratch: string[] = ["", "", "", "", "", "", "", ""];

/**
 * A URL pattern: matches URLs (strings, URL objects, or URLPatternInit dictionaries) component by component,
 * with the same API and answers as the built-in `URLPattern` of Node 24+ (which also uses ada 4.0.0), Deno
 * and Bun, on every runtime.
 *
 * @example
 * const route = new URLPattern({ pathname: "/books/:id(\\d+)" });
 * route.test("https://example.com/books/42"); // true
 * route.exec("https://example.com/books/42")?.pathname.groups.id; // "42"
 */
export class URLPattern {
  #types: number[];
  #regexps: (RegExp | null)[];
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

    // ada asks whether a protocol given as a regular expression matches a special scheme: this engine answers.
    const asked = new Map<string, RegExp>();
    const matchesScheme = (source: string, sourceIgnoreCase: boolean, scheme: string): boolean => {
      const key = `${sourceIgnoreCase ? "i" : ""}:${source}`;
      let regexp = asked.get(key);
      if (regexp === undefined) {
        regexp = compileComponent(source, sourceIgnoreCase, "protocol");
        asked.set(key, regexp);
      }
      return regexp.test(scheme);
    };
    const compiled = compilePattern(converted, base, ignoreCase, matchesScheme);
    if (compiled === null) {
      throw invalidPatternError(
        typeof converted === "string" ? `invalid pattern ${JSON.stringify(converted)}` : "invalid pattern",
      );
    }
    this.#types = compiled.map((c) => c.type);
    this.#regexps = compiled.map((c: CompiledComponent, i) =>
      c.type === COMPONENT_REGEXP ? compileComponent(c.regexp, c.ignoreCase, COMPONENTS[i]) : null
    );
    this.#exact = compiled.map((c) => c.exact);
    this.#groupNames = compiled.map((c) => c.groupNames);
    this.#patterns = compiled.map((c) => c.pattern);
    this.#hasRegExpGroups = compiled.some((c) => c.hasRegExpGroups);
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
    if (this.#values(input, baseURL, "test") === null) return false;
    const types = this.#types;
    for (let c = 0; c < 8; c++) {
      const value = scratch[c];
      switch (types[c]) {
        case COMPONENT_FULL_WILDCARD:
          continue;
        case COMPONENT_EXACT_MATCH:
          if (value !== this.#exact[c]) return false;
          continue;
        case COMPONENT_EMPTY:
          if (value !== "") return false;
          continue;
        default:
          if (!this.#regexps[c]!.test(value)) return false;
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
    const results: URLPatternComponentResult[] = [];
    for (let c = 0; c < 8; c++) {
      const value = scratch[c];
      const names = this.#groupNames[c];
      let groups: Record<string, string | undefined>;
      switch (this.#types[c]) {
        case COMPONENT_FULL_WILDCARD:
          groups = {};
          if (names.length !== 0) groups[names[0]] = value;
          break;
        case COMPONENT_EXACT_MATCH:
          if (value !== this.#exact[c]) return null;
          groups = {};
          break;
        case COMPONENT_EMPTY:
          if (value !== "") return null;
          groups = {};
          break;
        default: {
          const match = this.#regexps[c]!.exec(value);
          if (match === null) return null;
          groups = {};
          for (let g = 0; g < names.length; g++) groups[names[g]] = match[g + 1];
        }
      }
      results.push({ groups, input: value });
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

  /**
   * Fills `scratch` with the values to match (ada's match(): a URL string is parsed, a dictionary processed).
   * Returns what exec() reports as `inputs`, or null when the input is no URL (no match).
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
      const values = processInit(members);
      if (values === null) return null;
      for (let c = 0; c < 8; c++) scratch[c] = values[c];
      return [init];
    }
    const url = toUSVString(input);
    if (!valuesOfUrl(url, base, scratch)) return null;
    return base === undefined ? [url] : [url, base];
  }
}

/** A component's RegExp; a source this engine refuses makes the pattern invalid (a TypeError). */
function compileComponent(source: string, ignoreCase: boolean, component: string): RegExp {
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
