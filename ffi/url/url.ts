/**
 * The WHATWG `URL`, backed by ada through one native call per parse.
 *
 * An instance keeps only the normalized href and five of ada's component offsets (native/ada_ffi.h); every getter
 * slices href on demand. Not stored, because href determines them cheaply: protocol_end (the first ':' of a normalized
 * href ends the scheme, which cannot contain one), the port (the text between host_end and pathname_start), the scheme
 * type (from the protocol) and username_end (userinfo holds no raw ':' but the one before the password).
 *
 * Instances stay small (retained heap is a benchmark figure): seven fields, the last searchParams (a WeakMap saved its
 * 8 bytes but cost 3-4.6 µs a URL and 14-140 ms minor GCs in long loops: issue 29), and no private methods (V8 gives
 * every instance of a class with private methods one more field, its brand): 80 bytes per URL in Node's and Deno's V8.
 */
import {
  HASH_START,
  HOST_END,
  HOST_START,
  OMITTED,
  PATHNAME_START,
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
} from "../native_calls/call_block.ts";
import { canParse as nativeCanParse, components, parseHref, setComponent } from "../native_calls/kept_block.ts";
import { blobOrigin, COLON, credentialsEndOf, hostnameStartOf, protocolEndOf, usernameEndOf } from "./href_parts.ts";
import {
  linkSearchParams,
  resetSearchParams,
  setSearchParamsOwnerUpdate,
  type URLSearchParams,
} from "./url_search_params.ts";
import { invalidThisError, invalidUrlError } from "../builtins/errors.ts";
import type { RuntimeBlob, RuntimeURLObject } from "../builtins/runtime_types.ts";
import { toDOMString, toUSVString } from "../builtins/conversions.ts";
import { presentLikeTheBuiltIns } from "./url_conventions.ts";
import * as wording from "./url_wording.ts";
import { keepInstanceShape } from "../builtins/instance_shapes.ts";
import { createObjectURLWith, revokeObjectURLWith, RuntimeURL } from "./object_urls.ts";

const stringSlice = String.prototype.slice;
const startsWith = String.prototype.startsWith;

/**
 * The constructor's errors, made out of it: every byte of its bytecode (and of what it inlines) counts against V8's
 * inlining budget on each `new URL` (`npm run bench -- --check`). Their stacks start at the caller of `new URL`.
 */
const missingUrlArgumentError = (): TypeError => wording.missingConstructorArgument(URL)!;
const invalidUrl = (input: string, base: string | undefined): TypeError => invalidUrlError(input, base, URL);

/** Passed as `url` by adopt(), which then fills the new instance's fields in itself. */
const ADOPT: unknown = Object.freeze({});
/** adopt()'s work, set by the class (only its code reaches the fields). */
let adoptHref: (href: string, words: Int32Array, at: number) => URL;

/**
 * A WHATWG URL parsed by ada (current spec), with the same API as the built-in `URL` of Deno, Bun and Node.
 * It keeps the normalized href and a few component offsets; every getter slices the href on demand, and
 * every setter runs ada's own setter in one native call.
 *
 * @example
 * const url = new URL("HTTPS://EXAMPLE.com/a/../b?x=1");
 * url.href; // "https://example.com/b?x=1"
 * url.searchParams.get("x"); // "1"
 */
export class URL {
  // The brand check: reading #href, in a try (free until it throws), is the check; a receiver that is no URL of ours
  // (undefined from an unbound member, a primitive, another object) gets the built-ins' error, not the engine's.
  // `#href in this` throws the engine's for a primitive; guarding it with `typeof this` cost Node 26 ~1.5 ns per
  // getter, a static helper ~1 ns, the inline try nothing measurable (V8, JSC).
  #href!: string;
  #hostStart!: number;
  #hostEnd!: number;
  #pathnameStart!: number;
  #searchStart!: number;
  #hashStart!: number;
  /** Created on first access; undefined by its declaration (no bytes in the constructor: V8's inlining budget). */
  #searchParams: URLSearchParams | undefined;

  /**
   * Parses `url`, resolved against `base` when given.
   * @throws {TypeError} `Invalid URL` (code `ERR_INVALID_URL`, with `input` and `base`) when it does not parse.
   */
  constructor(url: string | URL | RuntimeURLObject, base?: string | URL | RuntimeURLObject) {
    if (url === ADOPT) return; // adopt() fills the fields in
    if (arguments.length === 0) throw missingUrlArgumentError();
    // A template literal, not toDOMString: the same ToString, 30 bytes less of the inlining budget. V8 words a Symbol
    // as Node does; JavaScriptCore (Bun) says "Cannot convert a symbol to a string" here (docs/runtime-interop.md).
    const input = `${url}`;
    const baseString = base === undefined ? undefined : `${base}`;
    const href = parseHref(input, baseString);
    if (href === null) throw invalidUrl(input, baseString);
    const words = components; // one read of the module binding, not five (bytecode: see parseHref)
    this.#href = href;
    this.#hostStart = words[HOST_START];
    this.#hostEnd = words[HOST_END];
    this.#pathnameStart = words[PATHNAME_START];
    this.#searchStart = words[SEARCH_START];
    this.#hashStart = words[HASH_START];
  }

  static {
    // Out of the constructor, whose bytecode counts against V8's inlining budget on every `new URL`.
    adoptHref = (href: string, words: Int32Array, at: number): URL => {
      const url = new URL(ADOPT as string);
      url.#href = href;
      url.#hostStart = words[at + HOST_START];
      url.#hostEnd = words[at + HOST_END];
      url.#pathnameStart = words[at + PATHNAME_START];
      url.#searchStart = words[at + SEARCH_START];
      url.#hashStart = words[at + HASH_START];
      return url;
    };
  }

  /** The brand check of the setters and rarer members (the getters inline it: see the class's comment). */
  static #hrefOf(self: unknown): string {
    try {
      return (self as URL).#href;
    } catch {
      throw invalidThisError("URL");
    }
  }

  /** Makes `url` hold `href`, whose offsets are in `components` (after a setter). */
  static #take(url: URL, href: string): void {
    url.#href = href;
    url.#hostStart = components[HOST_START];
    url.#hostEnd = components[HOST_END];
    url.#pathnameStart = components[PATHNAME_START];
    url.#searchStart = components[SEARCH_START];
    url.#hashStart = components[HASH_START];
  }

  /**
   * Runs a native setter on `url`; a rejected value leaves it as it was. Returns whether it took. The value needs
   * WebIDL's ToString only (a Symbol throws): its lone surrogates become U+FFFD in the UTF-8 ada gets, as a USVString's
   * would (every encoder here, TextEncoder's included, writes them as EF BF BD). `isWellFormed` cost V8 a builtin call
   * and a use-counter runtime call on every setter (Node 26: ~6 ns).
   */
  static #set(url: URL, setter: number, value: unknown): boolean {
    const href = setComponent(url.#href, setter, typeof value === "string" ? value : toDOMString(value));
    if (href === null) return false;
    URL.#take(url, href);
    return true;
  }

  /** After the query changed through search or href, url's searchParams object (if any) follows. */
  static #refreshSearchParams(url: URL): void {
    const params = url.#searchParams;
    if (params === undefined) return;
    const hash = url.#hashStart;
    const upToHash = hash === OMITTED ? url.#href : stringSlice.call(url.#href, 0, hash);
    resetSearchParams(params, upToHash, url.#searchStart === OMITTED ? upToHash.length : url.#searchStart + 1);
  }

  /**
   * searchParams' update steps: the query becomes `serialized` ("" removes it). It holds only ASCII alphanumerics and
   * *-._+%&=, canonical in any query, so the href is put together here, no native call: only the search and hash
   * offsets move. (An opaque path's space before "?" or "#" is "%20" in the href: none is left to strip.)
   */
  static #setQuery(url: URL, serialized: string): void {
    const href = url.#href;
    const start = url.#searchStart;
    const hash = url.#hashStart;
    const queryEnd = hash !== OMITTED ? hash : href.length;
    if (serialized === "") {
      if (start === OMITTED) return;
      url.#href = stringSlice.call(href, 0, start) + stringSlice.call(href, queryEnd);
      url.#searchStart = OMITTED;
      if (hash !== OMITTED) url.#hashStart = start;
      return;
    }
    if (start !== OMITTED) {
      if (queryEnd - start - 1 === serialized.length && startsWith.call(href, serialized, start + 1)) return;
      url.#href = stringSlice.call(href, 0, start + 1) + serialized + stringSlice.call(href, queryEnd);
    } else {
      url.#href = stringSlice.call(href, 0, queryEnd) + "?" + serialized + stringSlice.call(href, queryEnd);
      url.#searchStart = queryEnd;
    }
    if (hash !== OMITTED) url.#hashStart = url.#searchStart + 1 + serialized.length;
  }

  static {
    setSearchParamsOwnerUpdate((owner, serialized) => URL.#setQuery(owner as URL, serialized));
  }

  /** Like `new URL(url, base)`, but returns null instead of throwing. */
  static parse(url: string | URL | RuntimeURLObject, base?: string | URL | RuntimeURLObject): URL | null {
    if (arguments.length === 0) throw wording.missingParseArgument(URL.parse)!;
    const href = parseHref(toDOMString(url), base === undefined ? undefined : toDOMString(base));
    return href === null ? null : adopt(href);
  }

  /** Whether `new URL(url, base)` would succeed; parses without building the href. */
  static canParse(url: string | URL | RuntimeURLObject, base?: string | URL | RuntimeURLObject): boolean {
    if (arguments.length === 0) throw wording.missingCanParseArgument(URL.canParse)!;
    return nativeCanParse(toDOMString(url), base === undefined ? undefined : toDOMString(base));
  }

  /** The whole normalized URL (always ASCII). */
  get href(): string {
    try {
      return this.#href;
    } catch {
      throw invalidThisError("URL");
    }
  }

  /** @throws {TypeError} `Invalid URL` when the new value does not parse (the URL is then unchanged). */
  set href(value: string) {
    URL.#hrefOf(this);
    if (arguments.length === 0) wording.noSetterValue("href");
    const text = toDOMString(value);
    const href = setComponent(this.#href, SET_HREF, toUSVString(text));
    if (href === null) throw invalidUrlError(text, undefined, hrefSetter);
    URL.#take(this, href);
    URL.#refreshSearchParams(this);
  }

  /** `scheme://host[:port]` for http(s), ws(s) and ftp; the inner URL's origin for blob:; else "null". */
  get origin(): string {
    let href: string;
    try {
      href = this.#href;
    } catch {
      throw invalidThisError("URL");
    }
    const end = protocolEndOf(href);
    // href is normalized: the scheme is lower case.
    switch (href.slice(0, end)) {
      case "http:":
      case "https:":
      case "ws:":
      case "wss:":
      case "ftp:": {
        // These have a host. Without credentials, "scheme://host[:port]" is the href up to the path (a default port
        // is not in the href): one slice (Node 26: 73 -> 25 ns over the parse).
        const start = this.#hostStart;
        if (start === end + 2 && credentialsEndOf(href, start, this.#hostEnd) === -1) {
          return href.slice(0, this.#pathnameStart);
        }
        return `${href.slice(0, end)}//${this.host}`;
      }
      case "blob:":
        return blobOrigin(this.pathname);
    }
    return "null"; // file: and every non-special scheme have opaque origins
  }

  /** The scheme followed by ":", e.g. "https:". */
  get protocol(): string {
    let href: string;
    try {
      href = this.#href;
    } catch {
      throw invalidThisError("URL");
    }
    return href.slice(0, protocolEndOf(href));
  }

  /**
   * Changes the scheme; ignored when the spec forbids the change (special ↔ non-special, file: with
   * credentials or a port).
   */
  set protocol(value: string) {
    URL.#hrefOf(this);
    if (arguments.length === 0) wording.noSetterValue("protocol");
    URL.#set(this, SET_PROTOCOL, value);
  }

  /** The percent-encoded user name, or "". */
  get username(): string {
    let href: string;
    try {
      href = this.#href;
    } catch {
      throw invalidThisError("URL");
    }
    const at = credentialsEndOf(href, this.#hostStart, this.#hostEnd);
    return at === -1 ? "" : href.slice(protocolEndOf(href) + 2, usernameEndOf(href, at));
  }

  /** Ignored when the URL cannot have credentials (no host, or file:). */
  set username(value: string) {
    URL.#hrefOf(this);
    if (arguments.length === 0) wording.noSetterValue("username");
    URL.#set(this, SET_USERNAME, value);
  }

  /** The percent-encoded password, or "". */
  get password(): string {
    let href: string;
    try {
      href = this.#href;
    } catch {
      throw invalidThisError("URL");
    }
    const at = credentialsEndOf(href, this.#hostStart, this.#hostEnd);
    if (at === -1) return "";
    const end = usernameEndOf(href, at);
    return end < at ? href.slice(end + 1, at) : "";
  }

  /** Ignored when the URL cannot have credentials (no host, or file:). */
  set password(value: string) {
    URL.#hrefOf(this);
    if (arguments.length === 0) wording.noSetterValue("password");
    URL.#set(this, SET_PASSWORD, value);
  }

  /** The hostname and, when not the scheme's default, ":port"; IDNA-encoded (punycode). */
  get host(): string {
    let href: string;
    try {
      href = this.#href;
    } catch {
      throw invalidThisError("URL");
    }
    const end = this.#hostEnd;
    const start = hostnameStartOf(href, this.#hostStart, end);
    // With an empty host the gap up to the path may hold "/." (web+x:/.//p); it is not a host.
    return start === end ? "" : href.slice(start, this.#pathnameStart);
  }

  /** Sets hostname and, if given, port; ignored when invalid or when the URL has an opaque path. */
  set host(value: string) {
    URL.#hrefOf(this);
    if (arguments.length === 0) wording.noSetterValue("host");
    URL.#set(this, SET_HOST, value);
  }

  /** The host without port: a domain (punycode), an IPv4 address, or an IPv6 address in brackets. */
  get hostname(): string {
    let href: string;
    try {
      href = this.#href;
    } catch {
      throw invalidThisError("URL");
    }
    const end = this.#hostEnd;
    return href.slice(hostnameStartOf(href, this.#hostStart, end), end);
  }

  /** Ignored when invalid or when the URL has an opaque path. */
  set hostname(value: string) {
    URL.#hrefOf(this);
    if (arguments.length === 0) wording.noSetterValue("hostname");
    URL.#set(this, SET_HOSTNAME, value);
  }

  /** The port as a decimal string, or "" when absent or the scheme's default. */
  get port(): string {
    let href: string;
    try {
      href = this.#href;
    } catch {
      throw invalidThisError("URL");
    }
    const end = this.#hostEnd;
    const path = this.#pathnameStart;
    return end < path && href.charCodeAt(end) === COLON ? href.slice(end + 1, path) : "";
  }

  /**
   * "" removes the port; otherwise its leading digits are taken (at most 65535), and a value without
   * leading digits leaves the URL unchanged.
   */
  set port(value: string) {
    URL.#hrefOf(this);
    if (arguments.length === 0) wording.noSetterValue("port");
    URL.#set(this, SET_PORT, value);
  }

  /** The path, percent-encoded; an opaque path (mailto:, data:) as it is. */
  get pathname(): string {
    let href: string;
    try {
      href = this.#href;
    } catch {
      throw invalidThisError("URL");
    }
    const search = this.#searchStart;
    const hash = this.#hashStart;
    return href.slice(this.#pathnameStart, search !== OMITTED ? search : hash !== OMITTED ? hash : href.length);
  }

  /** Ignored for a URL with an opaque path. */
  set pathname(value: string) {
    URL.#hrefOf(this);
    if (arguments.length === 0) wording.noSetterValue("pathname");
    URL.#set(this, SET_PATHNAME, value);
  }

  /** "?" and the query, or "" when the query is absent or empty. */
  get search(): string {
    let href: string;
    try {
      href = this.#href;
    } catch {
      throw invalidThisError("URL");
    }
    const start = this.#searchStart;
    if (start === OMITTED) return "";
    const hash = this.#hashStart;
    const end = hash !== OMITTED ? hash : href.length;
    return end - start <= 1 ? "" : href.slice(start, end); // a lone "?" reads as ""
  }

  /** Setting "" removes the query, "?" included. The searchParams object follows. */
  set search(value: string) {
    URL.#hrefOf(this);
    if (arguments.length === 0) wording.noSetterValue("search");
    URL.#set(this, SET_SEARCH, value);
    URL.#refreshSearchParams(this);
  }

  /** The query as a live URLSearchParams: the same object on every access. */
  get searchParams(): URLSearchParams {
    URL.#hrefOf(this);
    const params = this.#searchParams;
    if (params !== undefined) return params;
    const start = this.#searchStart;
    let href = this.#href;
    if (start !== OMITTED && this.#hashStart !== OMITTED) href = stringSlice.call(href, 0, this.#hashStart);
    return (this.#searchParams = linkSearchParams(this, href, start === OMITTED ? href.length : start + 1));
  }

  /** "#" and the fragment, or "" when the fragment is absent or empty. */
  get hash(): string {
    let href: string;
    try {
      href = this.#href;
    } catch {
      throw invalidThisError("URL");
    }
    const start = this.#hashStart;
    return start === OMITTED || href.length - start <= 1 ? "" : href.slice(start);
  }

  /** Setting "" removes the fragment, "#" included. */
  set hash(value: string) {
    URL.#hrefOf(this);
    if (arguments.length === 0) wording.noSetterValue("hash");
    URL.#set(this, SET_HASH, value);
  }

  /** The href. */
  toString(): string {
    try {
      return this.#href;
    } catch {
      throw invalidThisError("URL");
    }
  }

  /** Delegates to the runtime's own URL (blob: URLs are its), with the arguments as given: its own errors too. */
  // deno-lint-ignore no-unused-vars
  static createObjectURL(obj: RuntimeBlob): string {
    return createObjectURLWith(arguments);
  }

  /** Delegates to the runtime's own URL (its blob: registry), with the arguments as given. */
  // deno-lint-ignore no-unused-vars
  static revokeObjectURL(url: string): void {
    revokeObjectURLWith(arguments);
  }

  /** The href (JSON.stringify gives the href as a string). */
  toJSON(): string {
    try {
      return this.#href;
    } catch {
      throw invalidThisError("URL");
    }
  }
}

/**
 * A URL for an href whose nine offsets are `words[at]` … `words[at + 8]` (by default `components`):
 * no second parse, no exception path. Internal: used by URL.parse and the batch API (which points
 * it into its results array, saving a copy per URL), not part of the public API.
 */
export function adopt(href: string, words: Int32Array = components, at = 0): URL {
  return adoptHref(href, words, at);
}

/** The href setter, where an invalid href's stack starts. */
const hrefSetter = Object.getOwnPropertyDescriptor(URL.prototype, "href")!.set!;
wording.keepSettersOf(URL.prototype);

presentLikeTheBuiltIns(URL, RuntimeURL);
keepInstanceShape(adopt("", components, 0));
