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
  USERNAME_END,
} from "./protocol.ts";
import { invalidUrlError, missingArgumentError } from "./errors.ts";
import { defineInspect, makeWebIdlMembersEnumerable } from "./webidl.ts";

const AT = 0x40; // '@'

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

  get username(): string {
    // Credentials sit after "scheme://"; without an authority username_end == protocol_end.
    const start = this.#protocolEnd + 2;
    return start < this.#usernameEnd ? this.#href.slice(start, this.#usernameEnd) : "";
  }

  get password(): string {
    // username_end points at ':' and host_start at '@' when a password exists.
    return this.#hostStart > this.#usernameEnd ? this.#href.slice(this.#usernameEnd + 1, this.#hostStart) : "";
  }

  get host(): string {
    const start = this.#hostnameStart();
    // With an empty host the gap up to the path may hold "/." (web+x:/.//p); it is not a host.
    return start === this.#hostEnd ? "" : this.#href.slice(start, this.#pathnameStart);
  }

  get hostname(): string {
    return this.#href.slice(this.#hostnameStart(), this.#hostEnd);
  }

  get port(): string {
    return this.#port === OMITTED ? "" : `${this.#port}`;
  }

  get pathname(): string {
    const end = this.#searchStart !== OMITTED
      ? this.#searchStart
      : this.#hashStart !== OMITTED
      ? this.#hashStart
      : this.#href.length;
    return this.#href.slice(this.#pathnameStart, end);
  }

  get search(): string {
    const start = this.#searchStart;
    if (start === OMITTED) return "";
    const end = this.#hashStart !== OMITTED ? this.#hashStart : this.#href.length;
    return end - start <= 1 ? "" : this.#href.slice(start, end); // a lone "?" reads as ""
  }

  get hash(): string {
    const start = this.#hashStart;
    return start === OMITTED || this.#href.length - start <= 1 ? "" : this.#href.slice(start);
  }

  toString(): string {
    return this.#href;
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
  hash: url.hash,
}));
