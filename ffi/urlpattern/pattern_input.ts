/**
 * What a URLPattern (or a URLPatternList) matches against: a test()/exec() input made into the eight component
 * values the standard's match() takes. A URL string is parsed once by ada's URL parser (the same crossing as
 * `new URL`) and its components are cut from the href by ada's offsets; a URLPatternInit dictionary (a URL object
 * is one: WebIDL reads its members) is processed by ada in one more crossing — but for one of our own URL objects,
 * whose members are already what that processing returns: they are read from the object, with no crossing. The values of the last input
 * prepared are module state, read by valueOf() until the next input is prepared.
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
import { type InitMembers, processInit } from "./ada_calls.ts";
import { urlPatternMembersOf } from "./url_object_members.ts";
import { isCanonicalPathname, scanCanonical, scanCanonicalWithBase, valueOfScanned } from "./canonical_input.ts";
import { stringIsWellFormed, stringToWellFormed, toUSVString } from "../builtins/conversions.ts";
import { typeError } from "../builtins/errors.ts";
import { setOwnData } from "../builtins/data_property.ts";

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

/** The components, in ada's (and the standard's) order; the index of each is its field number. */
export const COMPONENTS = [
  "protocol",
  "username",
  "password",
  "hostname",
  "port",
  "pathname",
  "search",
  "hash",
] as const;
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

/** WebIDL's (USVString or URLPatternInit): objects (and null, undefined) are dictionaries, the rest strings. */
export function isDictionary(value: unknown): boolean {
  return value === undefined || value === null || typeof value === "object" || typeof value === "function";
}

/** A URLPatternInit from a JS value: its members by field number, and the dictionary as JS sees it. */
export function toInit(value: unknown): { members: InitMembers; init: URLPatternInit } {
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
    // By index: Array.prototype's iterator is the user's to replace.
    for (let i = 0; i < INIT_MEMBERS.length; i++) {
      const name = INIT_MEMBERS[i][0];
      const field = INIT_MEMBERS[i][1];
      const member = source[name];
      if (member === undefined) continue;
      const converted = toUSVString(member);
      members[field] = converted;
      // Defined, as the built-ins do (see setOwnData): a setter on Object.prototype named `pathname` takes no member.
      setOwnData(init, name, converted);
    }
  }
  return { members, init };
}

/** String methods as they are when this module loads (a user's later change to String.prototype changes no match). */
const slice = String.prototype.slice;
const charCodeAt = String.prototype.charCodeAt;

/**
 * Component `c` (protocol … hash) of the URL the last parseHref() returned, as ada's match() takes it: the
 * protocol without ":", search and hash without "?" and "#". Read from ada's offsets, which stay valid until
 * the next native call.
 */
function urlComponent(href: string, c: number): string {
  const w = urlWords;
  switch (c) {
    case 0:
      return slice.call(href, 0, w[PROTOCOL_END] - 1);
    case 1: {
      const start = w[PROTOCOL_END] + 2;
      return start < w[USERNAME_END] ? slice.call(href, start, w[USERNAME_END]) : "";
    }
    case 2:
      return w[HOST_START] > w[USERNAME_END] ? slice.call(href, w[USERNAME_END] + 1, w[HOST_START]) : "";
    case 3: {
      const start = w[HOST_START];
      const end = w[HOST_END];
      return slice.call(href, end > start && charCodeAt.call(href, start) === AT ? start + 1 : start, end);
    }
    case 4:
      return w[PORT] === OMITTED ? "" : slice.call(href, w[HOST_END] + 1, w[PATHNAME_START]);
    case 5: {
      const end = w[SEARCH_START] !== OMITTED
        ? w[SEARCH_START]
        : w[HASH_START] !== OMITTED
        ? w[HASH_START]
        : href.length;
      return slice.call(href, w[PATHNAME_START], end);
    }
    case 6: {
      if (w[SEARCH_START] === OMITTED) return "";
      return slice.call(href, w[SEARCH_START] + 1, w[HASH_START] !== OMITTED ? w[HASH_START] : href.length);
    }
    default:
      return w[HASH_START] === OMITTED ? "" : slice.call(href, w[HASH_START] + 1);
  }
}

/** What prepareInput() returns for test() on a URL object: test() reports no inputs. */
const NO_INPUTS: URLPatternInput[] = [];
/** The members of the URL object read last (reused; copied into the values and the reported dictionary). */
const urlMembers: string[] = ["", "", "", "", "", "", "", ""];

/**
 * The values to match for one of our URL objects, whose members urlMembers holds, or null where ada's processing of
 * that URLPatternInit is not a plain cut (then the caller takes the dictionary path, one crossing). For a special
 * scheme's URL the members are already canonical: processing only drops the protocol's ":", the "?" of search
 * (ada's canonicalization drops one more leading "?": "??a" becomes "a") and the "#" of hash. A non-special URL's are
 * not: ada lowercases, percent-decodes, IDNA- and IPv4-normalizes its opaque host, re-parses a path that starts with
 * "//", and some fail. test/suites/url_pattern_url_objects.ts checks this against the processing itself.
 */
function valuesOfUrl(m: string[]): string[] | null {
  const protocol = m[0];
  switch (protocol) {
    case "http:":
    case "https:":
    case "ws:":
    case "wss:":
    case "ftp:":
    case "file:":
      break;
    default:
      return null;
  }
  const search = m[6];
  const hash = m[7];
  return [
    slice.call(protocol, 0, protocol.length - 1),
    m[1],
    m[2],
    m[3],
    m[4],
    m[5],
    search === "" ? "" : slice.call(search, search[1] === "?" ? 2 : 1),
    hash === "" ? "" : slice.call(hash, 1),
  ];
}

/** The dictionary WebIDL makes of a URL object's members, as exec() reports it in `inputs` (lexicographic order). */
function initOfUrl(m: string[]): URLPatternInit {
  return {
    hash: m[7],
    hostname: m[3],
    password: m[2],
    pathname: m[5],
    port: m[4],
    protocol: m[0],
    search: m[6],
    username: m[1],
  };
}

/** The processed values of the last dictionary input (null: the input was a URL string, see `scanned`). */
let initValues: string[] | null = null;
/** For a URL string: true when canonical_input.ts scanned it (its values cut from it), false when ada parsed it. */
let scanned = false;
/** The href of the last URL string input ada parsed (see urlComponent). */
let inputHref = "";

export function valueOf(c: number): string {
  return initValues !== null ? initValues[c] : scanned ? valueOfScanned(c) : urlComponent(inputHref, c);
}

/**
 * A Symbol where a URLPattern method takes a string or a dictionary: WebIDL's conversion throws a TypeError; this one
 * carries the code Node's built-in gives it (ERR_INVALID_ARG_TYPE, on Node 24 and 26).
 */
export function symbolArgumentError(what: string, failedTo: string): TypeError {
  return typeError(
    `${failedTo}: the ${what} must be a string or a URLPatternInit, not a Symbol`,
    "ERR_INVALID_ARG_TYPE",
  );
}

/**
 * Prepares the values to match (ada's match(): a URL string is parsed, a dictionary processed), for
 * valueOf() (or currentValues()). Returns what exec() reports as `inputs`, or null when the input is no URL (no match).
 */
export function prepareInput(
  input: unknown,
  baseURL: unknown,
  method: string,
  interfaceName = "URLPattern",
): URLPatternInput[] | null {
  if (typeof input === "symbol" || typeof baseURL === "symbol") {
    const what = typeof input === "symbol" ? "input" : "baseURL";
    throw symbolArgumentError(what, `Failed to execute '${method}' on '${interfaceName}'`);
  }
  const base = baseURL === undefined ? undefined : toUSVString(baseURL);
  if (isDictionary(input)) {
    // One of our URLs whose members WebIDL would read through our own getters: those members, no crossing.
    if (base === undefined && typeof input === "object" && input !== null && urlPatternMembersOf(input, urlMembers)) {
      const values = valuesOfUrl(urlMembers);
      if (values !== null) {
        initValues = values;
        return method === "test" ? NO_INPUTS : [initOfUrl(urlMembers)];
      }
    }
    const { members, init } = toInit(input);
    if (base !== undefined) {
      throw typeError(
        `Failed to execute '${method}' on '${interfaceName}': a base URL cannot be given with a URLPatternInit ` +
          "(use its baseURL member)",
        "ERR_OPERATION_FAILED", // Node's built-in's code (24, 26)
      );
    }
    initValues = onlyCanonicalPathname(members) ?? processInit(members);
    if (initValues === null) return null;
    return [init];
  }
  // A request that is already canonical (canonical_input.ts): its values cut from it, no crossing. A string the scan
  // accepts is ASCII, so already a USVString: a string is converted only when the scan refuses it.
  const given = typeof input === "string" ? input : toUSVString(input);
  if (base === undefined ? scanCanonical(given) : scanCanonicalWithBase(given, base)) {
    initValues = null;
    scanned = true;
    return base === undefined ? [given] : [given, base];
  }
  const url = typeof input === "string" ? toUSVString(given) : given;
  const href = parseHref(url, base);
  if (href === null) return null;
  initValues = null;
  scanned = false;
  inputHref = href;
  return base === undefined ? [url] : [url, base];
}

/** Prepares a URL string (no base) for valueOf(); false when it is no URL. test()'s common call, with no inputs list. */
export function prepareHref(input: string): boolean {
  if (scanCanonical(input)) {
    initValues = null;
    scanned = true;
    return true;
  }
  const href = parseHref(stringIsWellFormed(input) ? input : stringToWellFormed(input), undefined);
  if (href === null) return false;
  initValues = null;
  scanned = false;
  inputHref = href;
  return true;
}

/**
 * The eight values of the input prepared last, each cut once (a URL string's are sliced from its href now): a
 * URLPatternList matches many patterns against one input. Afterwards valueOf() reads them from the array.
 */
export function currentValues(): string[] {
  if (initValues !== null) return initValues;
  const values = [valueOf(0), valueOf(1), valueOf(2), valueOf(3), valueOf(4), valueOf(5), valueOf(6), valueOf(7)];
  initValues = values;
  return values;
}

/**
 * Makes `values` (what currentValues() returned) the prepared input again: a URLPatternList restores its lookup's
 * input after asking a runtime's own URLPattern, whose conversion of the input may run user code that prepares
 * another.
 */
export function restoreValues(values: string[]): void {
  initValues = values;
}

/** The values of a URLPatternInit whose only member is a canonical path (every other one is "" to match()), or null. */
function onlyCanonicalPathname(members: InitMembers): string[] | null {
  const pathname = members[5];
  if (pathname === undefined) return null;
  for (let k = 0; k < 9; k++) if (k !== 5 && members[k] !== undefined) return null;
  return isCanonicalPathname(pathname) ? ["", "", "", "", "", pathname, "", ""] : null;
}
