/**
 * The WHATWG `URL`, backed by ada through one native call per parse.
 *
 * An instance keeps only the normalized href and nine small integers (ada's component offsets, see
 * native/ada_ffi.h); every getter slices href on demand. Fields are plain numbers, not a typed array
 * per object, to keep instances small.
 */
import {
  canParse as nativeCanParse,
  components,
  HASH_START,
  HOST_END,
  HOST_START,
  OMITTED,
  parseHref,
  PATHNAME_START,
  PORT,
  PROTOCOL_END,
  SCHEME_FILE,
  SCHEME_HTTP,
  SCHEME_HTTPS,
  SCHEME_NOT_SPECIAL,
  SCHEME_TYPE,
  SEARCH_START,
  SET_HASH,
  SET_HOST,
  SET_HOSTNAME,
  SET_HREF,
  SET_PASSWORD,
  SET_PATHNAME,
  SET_PORT,
  SET_PROTOCOL,
  SET_SEARCH,
  SET_USERNAME,
  setComponent,
  USERNAME_END,
} from "./protocol.ts";
import { createLinkedSearchParams, resetSearchParams, toUSVString, type URLSearchParams } from "./url_search_params.ts";
import { invalidUrlError, missingArgumentError } from "./errors.ts";
import { defineInspect, makeWebIdlMembersEnumerable } from "./webidl.ts";

const AT = 0x40; // '@'

/** The runtime's own URL, for the object-URL registry (blob: URLs belong to the runtime). */
const RuntimeURL = globalThis.URL as unknown as {
  createObjectURL(obj: unknown): string;
  revokeObjectURL(url: string): void;
};

/** Passed as `url` to build an instance from an href already parsed into `components` (see adopt()). */
const ADOPT: unknown = Object.freeze({});
let adoptedHref = "";

export class URL {
  #href: string;
  #protocolEnd: number;
  #usernameEnd: number;
  #hostStart: number;
  #hostEnd: number;
  #port: number;
  #pathnameStart: number;
  #searchStart: number;
  #hashStart: number;
  #scheme: number;
  /** Created on first access of `searchParams`; kept in sync with the query both ways. */
  #searchParams: URLSearchParams | undefined;

  /**
   * Parses `url`, resolved against `base` when given.
   * @throws {TypeError} `Invalid URL` (code `ERR_INVALID_URL`, with `input` and `base`) when it does not parse.
   */
  constructor(url: string | URL, base?: string | URL) {
    if (url === ADOPT) {
      this.#href = adoptedHref;
    } else {
      if (arguments.length === 0) throw missingArgumentError("URL", 1, 0);
      const input = `${url}`;
      const baseString = base === undefined ? undefined : `${base}`;
      const href = parseHref(input, baseString);
      if (href === null) throw invalidUrlError(input, baseString);
      this.#href = href;
    }
    this.#protocolEnd = components[PROTOCOL_END];
    this.#usernameEnd = components[USERNAME_END];
    this.#hostStart = components[HOST_START];
    this.#hostEnd = components[HOST_END];
    this.#port = components[PORT];
    this.#pathnameStart = components[PATHNAME_START];
    this.#searchStart = components[SEARCH_START];
    this.#hashStart = components[HASH_START];
    this.#scheme = components[SCHEME_TYPE];
    this.#searchParams = undefined;
  }

  /** Takes a new href whose offsets are in `components` (after a setter). */
  #adoptComponents(href: string): void {
    this.#href = href;
    this.#protocolEnd = components[PROTOCOL_END];
    this.#usernameEnd = components[USERNAME_END];
    this.#hostStart = components[HOST_START];
    this.#hostEnd = components[HOST_END];
    this.#port = components[PORT];
    this.#pathnameStart = components[PATHNAME_START];
    this.#searchStart = components[SEARCH_START];
    this.#hashStart = components[HASH_START];
    this.#scheme = components[SCHEME_TYPE];
  }

  /** Runs a native setter; a rejected value leaves the URL as it was. Returns whether it took. */
  #set(setter: number, value: unknown): boolean {
    const href = setComponent(this.#href, setter, toUSVString(value));
    if (href === null) return false;
    this.#adoptComponents(href);
    return true;
  }

  /** The query without its "?" ("" when absent), as URLSearchParams parses it. */
  #query(): string {
    const start = this.#searchStart;
    if (start === OMITTED) return "";
    return this.#href.slice(start + 1, this.#hashStart !== OMITTED ? this.#hashStart : this.#href.length);
  }

  /** Like `new URL(url, base)`, but returns null instead of throwing. */
  static parse(url: string | URL, base?: string | URL): URL | null {
    if (arguments.length === 0) throw missingArgumentError("URL.parse", 1, 0);
    const href = parseHref(`${url}`, base === undefined ? undefined : `${base}`);
    return href === null ? null : adopt(href);
  }

  /** Whether `new URL(url, base)` would succeed; parses without building the href. */
  static canParse(url: string | URL, base?: string | URL): boolean {
    if (arguments.length === 0) throw missingArgumentError("URL.canParse", 1, 0);
    return nativeCanParse(`${url}`, base === undefined ? undefined : `${base}`);
  }

  get href(): string {
    return this.#href;
  }

  /** @throws {TypeError} `Invalid URL` when the new value does not parse (the URL is then unchanged). */
  set href(value: string) {
    const input = toUSVString(value);
    const href = setComponent(this.#href, SET_HREF, input);
    if (href === null) throw invalidUrlError(input, undefined);
    this.#adoptComponents(href);
    if (this.#searchParams !== undefined) resetSearchParams(this.#searchParams, this.#query());
  }

  get origin(): string {
    if (this.#scheme !== SCHEME_NOT_SPECIAL) {
      return this.#scheme === SCHEME_FILE ? "null" : `${this.protocol}//${this.host}`;
    }
    if (this.#protocolEnd === 5 && this.#href.startsWith("blob:")) return blobOrigin(this.pathname);
    return "null";
  }

  get protocol(): string {
    return this.#href.slice(0, this.#protocolEnd);
  }

  set protocol(value: string) {
    this.#set(SET_PROTOCOL, value);
  }

  get username(): string {
    // Credentials sit after "scheme://"; without an authority username_end == protocol_end.
    const start = this.#protocolEnd + 2;
    return start < this.#usernameEnd ? this.#href.slice(start, this.#usernameEnd) : "";
  }

  set username(value: string) {
    this.#set(SET_USERNAME, value);
  }

  get password(): string {
    // username_end points at ':' and host_start at '@' when a password exists.
    return this.#hostStart > this.#usernameEnd ? this.#href.slice(this.#usernameEnd + 1, this.#hostStart) : "";
  }

  set password(value: string) {
    this.#set(SET_PASSWORD, value);
  }

  get host(): string {
    const start = this.#hostnameStart();
    // With an empty host the gap up to the path may hold "/." (web+x:/.//p); it is not a host.
    return start === this.#hostEnd ? "" : this.#href.slice(start, this.#pathnameStart);
  }

  set host(value: string) {
    this.#set(SET_HOST, value);
  }

  get hostname(): string {
    return this.#href.slice(this.#hostnameStart(), this.#hostEnd);
  }

  set hostname(value: string) {
    this.#set(SET_HOSTNAME, value);
  }

  get port(): string {
    return this.#port === OMITTED ? "" : `${this.#port}`;
  }

  set port(value: string) {
    this.#set(SET_PORT, value);
  }

  get pathname(): string {
    const end = this.#searchStart !== OMITTED
      ? this.#searchStart
      : this.#hashStart !== OMITTED
      ? this.#hashStart
      : this.#href.length;
    return this.#href.slice(this.#pathnameStart, end);
  }

  set pathname(value: string) {
    this.#set(SET_PATHNAME, value);
  }

  get search(): string {
    const start = this.#searchStart;
    if (start === OMITTED) return "";
    const end = this.#hashStart !== OMITTED ? this.#hashStart : this.#href.length;
    return end - start <= 1 ? "" : this.#href.slice(start, end); // a lone "?" reads as ""
  }

  /** Setting "" removes the query, "?" included. The searchParams object follows. */
  set search(value: string) {
    this.#set(SET_SEARCH, value);
    if (this.#searchParams !== undefined) resetSearchParams(this.#searchParams, this.#query());
  }

  /** The query as a live URLSearchParams: the same object on every access. */
  get searchParams(): URLSearchParams {
    if (this.#searchParams === undefined) {
      this.#searchParams = createLinkedSearchParams(this.#query(), (serialized) => {
        // The URL standard's "update steps": an empty list removes the query entirely.
        this.#set(SET_SEARCH, serialized);
      });
    }
    return this.#searchParams;
  }

  get hash(): string {
    const start = this.#hashStart;
    return start === OMITTED || this.#href.length - start <= 1 ? "" : this.#href.slice(start);
  }

  set hash(value: string) {
    this.#set(SET_HASH, value);
  }

  toString(): string {
    return this.#href;
  }

  /** Delegates to the runtime's own URL: blob: URLs live in the runtime's registry. */
  static createObjectURL(obj: Blob): string {
    if (arguments.length === 0) throw missingArgumentError("URL.createObjectURL", 1, 0);
    return RuntimeURL.createObjectURL(obj);
  }

  static revokeObjectURL(url: string): void {
    if (arguments.length === 0) throw missingArgumentError("URL.revokeObjectURL", 1, 0);
    RuntimeURL.revokeObjectURL(url);
  }

  toJSON(): string {
    return this.#href;
  }

  /** host_start points at the '@' that ends the credentials, if any. */
  #hostnameStart(): number {
    const start = this.#hostStart;
    return start < this.#hostEnd && this.#href.charCodeAt(start) === AT ? start + 1 : start;
  }
}

/**
 * A URL for an href whose offsets are in `components` (no second parse, no exception path).
 * Internal: used by URL.parse and the batch API, not part of the public API.
 */
export function adopt(href: string): URL {
  adoptedHref = href;
  return new URL(ADOPT as string);
}

/** The origin of a blob: URL: that of its path when the path is an http(s) URL, else opaque. */
function blobOrigin(path: string): string {
  if (path === "") return "null";
  const inner = parseHref(path, undefined);
  if (inner === null) return "null";
  const scheme = components[SCHEME_TYPE];
  if (scheme !== SCHEME_HTTP && scheme !== SCHEME_HTTPS) return "null";
  const hostStart = components[HOST_START];
  const start = hostStart < components[HOST_END] && inner.charCodeAt(hostStart) === AT ? hostStart + 1 : hostStart;
  return `${inner.slice(0, components[PROTOCOL_END])}//${inner.slice(start, components[PATHNAME_START])}`;
}

makeWebIdlMembersEnumerable(URL.prototype, "URL");
defineInspect(URL.prototype, (url: URL) => ({
  href: url.href,
  origin: url.origin,
  protocol: url.protocol,
  username: url.username,
  password: url.password,
  host: url.host,
  hostname: url.hostname,
  port: url.port,
  pathname: url.pathname,
  search: url.search,
  searchParams: url.searchParams,
  hash: url.hash,
}));
