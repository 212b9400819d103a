/**
 * The requests a router sees, matched with no native crossing: a URL string that is already what the URL parser would
 * make of it (so parsing would return it unchanged) is scanned here once, and its components are cut from it by the
 * offsets the scan records. Everything else goes through ada as before (pattern_input.ts). The rule is exact, not a
 * heuristic: an input is accepted only when every component it yields equals ada's, which
 * test/suites/canonical_input.ts checks on WPT's urltestdata, real URL lists and a hostile corpus (and a mutation
 * fuzzer, longer with --full).
 *
 * Accepted, for the special schemes http, https, ws, wss and ftp (not file: its drive letters and hosts have rules of
 * their own):
 * - the scheme in lowercase, then "://", no user info;
 * - a host of lowercase ASCII letters, digits and hyphens in non-empty dot-separated labels: nothing IDNA or
 *   percent-decoding changes, no label that starts "xn--" (IDNA would check it), and a last label that is not a
 *   number (all digits, or "0x" and hex digits: the host would be an IPv4 address) — or an IPv4 address as the
 *   parser serializes it: four decimal numbers up to 255, no leading zero (`127.0.0.1`, `10.0.0.5`);
 * - a port of digits with no leading zero, at most 65535, and not the scheme's default (the parser drops that);
 * - a path that starts with "/" and holds only printable ASCII outside the path percent-encode set, no "\" (a "/"
 *   to the parser), no "^" (encoded by later versions of the standard), and no "." or ".." segment in any spelling
 *   ("%2e" counts as "."), which the parser would remove;
 * - optionally "?" and a query of printable ASCII outside the special-query percent-encode set;
 * - optionally "#" and a fragment of printable ASCII outside the fragment percent-encode set.
 * No tab, newline, space, control character or non-ASCII character anywhere (the parser removes or encodes them).
 *
 * Also a path of that form (with its query and fragment) against a base URL of that form (node:http's `req.url`),
 * and a URLPatternInit whose only member is such a path (no query or fragment).
 *
 * A scan by character codes: one RegExp with the same rule cost 2-3x as much (its lookaheads and captures).
 */

import {
  HASH_START,
  HOST_END,
  HOST_START,
  OMITTED,
  PATHNAME_START,
  PORT,
  PROTOCOL_END,
  SCHEME_FTP,
  SCHEME_HTTP,
  SCHEME_HTTPS,
  SCHEME_TYPE,
  SCHEME_WS,
  SCHEME_WSS,
  SEARCH_START,
  USERNAME_END,
} from "../native_calls/call_block.ts";

/** String methods as they are when this module loads (a user's later change to String.prototype changes nothing). */
const charCodeAt = String.prototype.charCodeAt;
const slice = String.prototype.slice;

/**
 * Longer inputs go to ada: requests are far shorter (servers refuse targets over 8-16 KB), and ada's cost per byte
 * is lower than a scan in JavaScript.
 */
const LONGEST = 16384;

const HOST = 1, PATH = 2, QUERY = 4, FRAGMENT = 8;
/** Per ASCII code: which parts keep it as it is. */
const KEPT = new Uint8Array(128);
for (let c = 0x21; c < 0x7f; c++) {
  const lower = c >= 0x61 && c <= 0x7a, digit = c >= 0x30 && c <= 0x39;
  if (lower || digit || c === 0x2d) KEPT[c] |= HOST;
  // The path percent-encode set (" # < > ? ` { }), and \ and ^ (see above).
  if (c !== 0x22 && c !== 0x23 && c !== 0x3c && c !== 0x3e && c !== 0x3f && c !== 0x60 && c !== 0x7b && c !== 0x7d) {
    if (c !== 0x5c && c !== 0x5e) KEPT[c] |= PATH;
  }
  // The special-query percent-encode set (" # < > ').
  if (c !== 0x22 && c !== 0x23 && c !== 0x3c && c !== 0x3e && c !== 0x27) KEPT[c] |= QUERY;
  // The fragment percent-encode set (" < > `).
  if (c !== 0x22 && c !== 0x3c && c !== 0x3e && c !== 0x60) KEPT[c] |= FRAGMENT;
}

// What the last accepted scan found, read by the getters below until the next scan.
let scannedInput = "";
/**
 * The recorded input's hostname and pathname once cut (null until asked): a list's lookup reads the pathname three or
 * four times (its index, a decided pattern's groups, the result), and each cut is a string made.
 */
let scannedHostname: string | null = null, scannedPathname: string | null = null;
let scheme = "";
let hostStart = 0, hostEnd = 0, portStart = 0, pathStart = 0, pathEnd = 0, queryEnd = 0;
/** Where "?" and "#" stand, or -1. */
let queryMark = -1, hashMark = -1;

/** The scheme's default port. */
function defaultPort(name: string): number {
  return name === "https" || name === "wss" ? 443 : name === "ftp" ? 21 : 80;
}

/** Whether `s` from `at` starts "xn--" (a label IDNA would check). */
function isAceLabel(s: string, at: number, end: number): boolean {
  return end - at >= 4 && charCodeAt.call(s, at) === 0x78 && charCodeAt.call(s, at + 1) === 0x6e &&
    charCodeAt.call(s, at + 2) === 0x2d && charCodeAt.call(s, at + 3) === 0x2d;
}

/** Whether the label from `at` to `end` is a number to the IPv4 parser (digits, or "0x" and hex digits). */
function isNumber(s: string, at: number, end: number): boolean {
  let k = at;
  if (end - at >= 2 && charCodeAt.call(s, at) === 0x30 && charCodeAt.call(s, at + 1) === 0x78) {
    for (k = at + 2; k < end; k++) {
      const c = charCodeAt.call(s, k);
      if (!((c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66))) return false;
    }
    return true;
  }
  for (; k < end; k++) {
    const c = charCodeAt.call(s, k);
    if (c < 0x30 || c > 0x39) return false;
  }
  return true;
}

/**
 * Whether the host from `at` to `end` is an IPv4 address as the parser serializes it: four dot-separated decimal
 * numbers, each at most 255 with no leading zero. (Any other host whose last label is a number the IPv4 parser reads
 * otherwise: `1.2.3` is 1.2.0.3, `010.0.0.1` octal, `0x7f.1` hex, or it refuses the host.)
 */
function isCanonicalIPv4(s: string, at: number, end: number): boolean {
  let parts = 0;
  let i = at;
  while (i < end) {
    let value = 0;
    const start = i;
    for (; i < end; i++) {
      const c = charCodeAt.call(s, i);
      if (c < 0x30 || c > 0x39) break;
      value = value * 10 + (c - 0x30);
    }
    const length = i - start;
    if (length === 0 || length > 3 || value > 255 || (length > 1 && charCodeAt.call(s, start) === 0x30)) return false;
    parts++;
    if (i === end) break;
    // A fifth part, or a dot after the fourth (the parser would drop it), is not the serialization.
    if (charCodeAt.call(s, i) !== 0x2e || parts === 4) return false;
    i++;
  }
  return parts === 4;
}

/** Whether the segment from `at` to `end` is "." or ".." in any spelling (each dot "." or "%2e" / "%2E"). */
function isDotSegment(s: string, at: number, end: number): boolean {
  const length = end - at;
  if (length === 0 || length > 6) return false;
  let dots = 0;
  for (let i = at; i < end; dots++) {
    const c = charCodeAt.call(s, i);
    if (c === 0x2e) i++;
    else if (
      c === 0x25 && i + 3 <= end && charCodeAt.call(s, i + 1) === 0x32 && (charCodeAt.call(s, i + 2) | 0x20) === 0x65
    ) {
      i += 3;
    } else return false;
  }
  return dots <= 2;
}

/**
 * A path the caller has already checked (plain_path.ts's plainPath: only characters every parser keeps, no dot
 * segment, up to the first "?" or "#"), which the next scan of that very string skips: a URLPatternList asks its
 * index with it before preparing the input, and need not read it twice. Used once, by the next scanPath().
 */
export const checkedPath = { input: "", start: 0, end: 0 };

/**
 * Scans a path with its query and fragment from `at` (where `s` has a "/") to the end; records them and returns
 * true when they are canonical. `withRest`: a query and fragment may follow the path.
 */
function scanPath(s: string, at: number, withRest: boolean): boolean {
  const n = s.length;
  let i = at + 1;
  let c = 0;
  if (s === checkedPath.input && at === checkedPath.start) {
    // Already checked (see checkedPath): on from its end.
    i = checkedPath.end;
    if (i < n) c = charCodeAt.call(s, i);
  } else {
    let segment = at + 1;
    for (; i < n; i++) {
      c = charCodeAt.call(s, i);
      if (c === 0x2f) {
        if (isDotSegment(s, segment, i)) return false;
        segment = i + 1;
      } else if (c >= 128 || (KEPT[c] & PATH) === 0) {
        break;
      }
    }
    if (isDotSegment(s, segment, i)) return false;
  }
  checkedPath.input = "";
  pathStart = at;
  pathEnd = i;
  queryMark = -1;
  hashMark = -1;
  if (i === n) {
    queryEnd = n;
    return true;
  }
  if (!withRest) return false;
  if (c === 0x3f) {
    queryMark = i;
    for (i++; i < n; i++) {
      c = charCodeAt.call(s, i);
      if (c >= 128 || (KEPT[c] & QUERY) === 0) break;
    }
  }
  queryEnd = i;
  if (i === n) return true;
  if (c !== 0x23) return false;
  hashMark = i;
  for (i++; i < n; i++) {
    c = charCodeAt.call(s, i);
    if (c >= 128 || (KEPT[c] & FRAGMENT) === 0) return false;
  }
  return true;
}

/** Scans an absolute URL string; records it and returns true when it is canonical. */
function scanAbsolute(s: string): boolean {
  const n = s.length;
  if (n > LONGEST || n < 8) return false;
  let i: number;
  const first = charCodeAt.call(s, 0);
  if (first === 0x68) { // http, https
    if (charCodeAt.call(s, 1) !== 0x74 || charCodeAt.call(s, 2) !== 0x74 || charCodeAt.call(s, 3) !== 0x70) {
      return false;
    }
    if (charCodeAt.call(s, 4) === 0x73) {
      scheme = "https";
      i = 5;
    } else {
      scheme = "http";
      i = 4;
    }
  } else if (first === 0x77) { // ws, wss
    if (charCodeAt.call(s, 1) !== 0x73) return false;
    if (charCodeAt.call(s, 2) === 0x73) {
      scheme = "wss";
      i = 3;
    } else {
      scheme = "ws";
      i = 2;
    }
  } else if (first === 0x66) { // ftp
    if (charCodeAt.call(s, 1) !== 0x74 || charCodeAt.call(s, 2) !== 0x70) return false;
    scheme = "ftp";
    i = 3;
  } else {
    return false;
  }
  if (charCodeAt.call(s, i) !== 0x3a || charCodeAt.call(s, i + 1) !== 0x2f || charCodeAt.call(s, i + 2) !== 0x2f) {
    return false;
  }
  i += 3;
  const host = i;
  let label = i;
  let c = 0;
  for (;; i++) {
    if (i === n) return false; // no path: the parser adds "/"
    c = charCodeAt.call(s, i);
    if (c < 128 && (KEPT[c] & HOST) !== 0) continue;
    if (c !== 0x2e) break;
    if (i === label || isAceLabel(s, label, i)) return false;
    label = i + 1;
  }
  if (i === label || isAceLabel(s, label, i)) return false;
  if (isNumber(s, label, i) && !isCanonicalIPv4(s, host, i)) return false;
  hostStart = host;
  hostEnd = i;
  portStart = i;
  if (c === 0x3a) {
    const digits = ++i;
    let port = 0;
    for (; i < n; i++) {
      c = charCodeAt.call(s, i);
      if (c < 0x30 || c > 0x39) break;
      port = port * 10 + (c - 0x30);
      if (port > 65535) return false;
    }
    if (i === digits || (charCodeAt.call(s, digits) === 0x30 && i - digits > 1) || port === defaultPort(scheme)) {
      return false;
    }
    portStart = digits;
  }
  if (c !== 0x2f) return false;
  return scanPath(s, i, true);
}

/** The base last seen by scanCanonicalWithBase, and its protocol, hostname and port (a server passes one base). */
let lastBase: string | undefined;
let lastBaseValues: string[] | null = null;
/** The protocol, hostname and port of the base the recorded input was resolved against; null for an absolute one. */
let baseValues: string[] | null = null;

/** Whether `input` is a canonical absolute URL string; then valueOfScanned() reads its values. */
export function scanCanonical(input: string): boolean {
  if (!scanAbsolute(input)) return false;
  scannedInput = input;
  scannedHostname = scannedPathname = null;
  baseValues = null;
  return true;
}

/**
 * Whether `input` is a canonical path (one "/" first, with its query and fragment) and `base` a canonical absolute
 * URL string; then valueOfScanned() reads the values of `input` resolved against `base`.
 */
export function scanCanonicalWithBase(input: string, base: string): boolean {
  if (base !== lastBase) {
    lastBase = base;
    lastBaseValues = scanAbsolute(base)
      ? [
        scheme,
        slice.call(base, hostStart, hostEnd),
        portStart === hostEnd ? "" : slice.call(base, portStart, pathStart),
      ]
      : null;
  }
  const values = lastBaseValues;
  if (values === null) return false;
  const n = input.length;
  if (n > LONGEST || n === 0 || charCodeAt.call(input, 0) !== 0x2f || (n > 1 && charCodeAt.call(input, 1) === 0x2f)) {
    return false;
  }
  if (!scanPath(input, 0, true)) return false;
  scannedInput = input;
  scannedHostname = scannedPathname = null;
  baseValues = values;
  return true;
}

/** Whether `pathname` (a URLPatternInit's only member) is a canonical path with no query or fragment. */
export function isCanonicalPathname(pathname: string): boolean {
  const n = pathname.length;
  return n !== 0 && n <= LONGEST && charCodeAt.call(pathname, 0) === 0x2f && scanPath(pathname, 0, false);
}

/**
 * ada's nine component words (ffi/native_calls/call_block.ts: protocol_end … scheme type) for the absolute input the
 * last accepted scanCanonical recorded, into `words`: what a parse of it would write, the href being the input.
 */
export function writeScannedComponents(words: Int32Array): void {
  words[PROTOCOL_END] = scheme.length + 1;
  words[USERNAME_END] = hostStart; // no credentials: the username ends where the host starts
  words[HOST_START] = hostStart;
  words[HOST_END] = hostEnd;
  words[PORT] = portStart === hostEnd ? OMITTED : numberAt(scannedInput, portStart, pathStart);
  words[PATHNAME_START] = pathStart;
  words[SEARCH_START] = queryMark;
  words[HASH_START] = hashMark;
  words[SCHEME_TYPE] = scheme === "http"
    ? SCHEME_HTTP
    : scheme === "https"
    ? SCHEME_HTTPS
    : scheme === "ws"
    ? SCHEME_WS
    : scheme === "wss"
    ? SCHEME_WSS
    : SCHEME_FTP;
}

/** The decimal number `s` holds from `at` to `end` (digits only: a scanned port). */
function numberAt(s: string, at: number, end: number): number {
  let n = 0;
  for (let i = at; i < end; i++) n = n * 10 + (charCodeAt.call(s, i) - 0x30);
  return n;
}

/** Component `c` (protocol … hash, as URLPattern matches them) of the input the last accepted scan recorded. */
export function valueOfScanned(c: number): string {
  const s = scannedInput;
  switch (c) {
    case 0:
      return baseValues === null ? scheme : baseValues[0];
    case 1:
    case 2:
      return "";
    case 3:
      return baseValues === null ? (scannedHostname ??= slice.call(s, hostStart, hostEnd)) : baseValues[1];
    case 4:
      if (baseValues !== null) return baseValues[2];
      return portStart === hostEnd ? "" : slice.call(s, portStart, pathStart);
    case 5:
      return scannedPathname ??= slice.call(s, pathStart, pathEnd);
    case 6:
      return queryMark === -1 ? "" : slice.call(s, queryMark + 1, queryEnd);
    default:
      return hashMark === -1 ? "" : slice.call(s, hashMark + 1);
  }
}
