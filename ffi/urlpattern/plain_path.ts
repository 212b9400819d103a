/**
 * The path of a URL string as written, when every URL parser (ada's, each runtime's, of every version of the standard)
 * gives that very text as the pathname: what a URLPatternList asks its index with before (or instead of) preparing the
 * input, so that a miss costs no parse, and what it walks the index of its runtime URLPatterns with, so that they see
 * the pathname the index saw.
 */
import { KEPT } from "./route_placement.ts";

const charCodeAt = String.prototype.charCodeAt;

/** Where plainPath() found the path: from `start` to `end` of the string it was given. */
export const pathRange = { start: 0, end: 0 };

/** Character classes of a path (codes below 128; 0 for any other: a character a parser may percent-encode). */
const KEPT_CHAR = 1, SLASH = 2, PATH_END = 3, DOT = 4, PERCENT = 5;
const PATH_CLASS = new Uint8Array(128);
for (const c of KEPT) PATH_CLASS[c.charCodeAt(0)] = KEPT_CHAR;
PATH_CLASS[47] = SLASH;
PATH_CLASS[63] = PATH_END; // "?"
PATH_CLASS[35] = PATH_END; // "#"
PATH_CLASS[46] = DOT;
PATH_CLASS[37] = PERCENT;

/** Authority classes: where it ends ("/", "?", "#"), and what makes a parser read it otherwise (a "\", tab, newline). */
const AUTHORITY_END = 1, AUTHORITY_REFUSED = 2;
const AUTHORITY_CLASS = new Uint8Array(128);
for (const c of [47, 63, 35]) AUTHORITY_CLASS[c] = AUTHORITY_END;
for (const c of [92, 9, 10, 13]) AUTHORITY_CLASS[c] = AUTHORITY_REFUSED;

/**
 * Where the authority of `href` starts when it begins `http://` or `https://` (lowercase, as a `Request`'s url and
 * every canonical URL do), else -1.
 */
function authorityStart(href: string): number {
  if (
    charCodeAt.call(href, 0) !== 104 || charCodeAt.call(href, 1) !== 116 || charCodeAt.call(href, 2) !== 116 ||
    charCodeAt.call(href, 3) !== 112
  ) return -1;
  let at = 4;
  if (charCodeAt.call(href, at) === 115) at++; // "https"
  if (
    charCodeAt.call(href, at) !== 58 || charCodeAt.call(href, at + 1) !== 47 || charCodeAt.call(href, at + 2) !== 47
  ) {
    return -1;
  }
  return at + 3;
}

/**
 * Whether the pathname every URL parser gives `href` is the text of `href` itself: an `http://` or `https://` URL with
 * an authority, whose path (up to the first `?` or `#`) holds only characters every parser keeps and no dot segment
 * (`.`, `..`, any `%2e`). Then that text (in pathRange) is the pathname; otherwise false (parse it to know).
 */
export function plainPath(href: string): boolean {
  const at = authorityStart(href);
  if (at === -1) return false;
  const length = href.length;
  // The authority: up to the first "/", "?" or "#"; a "\" (a "/" to a special URL's parser), or a tab or newline
  // (which parsers strip first: "http://\t/x" is "http:///x", whose host is "x"): false.
  let i = at;
  for (; i < length; i++) {
    const c = charCodeAt.call(href, i) as number;
    if (c >= 128) continue;
    const kind = AUTHORITY_CLASS[c];
    if (kind === AUTHORITY_END) break;
    if (kind === AUTHORITY_REFUSED) return false;
  }
  if (i === at) return false; // "http:///x": the parser skips the slashes, its host is "x"
  // No path: the parser's pathname is "/", which is not in the string.
  if (i === length || charCodeAt.call(href, i) !== 47) return false;
  pathRange.start = i;
  let segmentStart = i + 1;
  for (i++; i < length; i++) {
    const c = charCodeAt.call(href, i) as number;
    if (c >= 128) return false;
    const kind = PATH_CLASS[c];
    if (kind === KEPT_CHAR || kind === DOT) continue;
    if (kind === SLASH) {
      if (isDotSegment(href, segmentStart, i)) return false;
      segmentStart = i + 1;
      continue;
    }
    if (kind === PATH_END) break;
    if (kind === PERCENT) {
      // "%2e" is a dot to the parser: it may make a dot segment.
      const e = charCodeAt.call(href, i + 2);
      if (charCodeAt.call(href, i + 1) === 50 && (e === 101 || e === 69)) return false;
      continue;
    }
    return false; // a character a parser may percent-encode
  }
  if (isDotSegment(href, segmentStart, i)) return false;
  pathRange.end = i;
  return true;
}

/** Whether `href` from `start` to `end` is "." or "..". */
function isDotSegment(href: string, start: number, end: number): boolean {
  const length = end - start;
  if (length === 0 || length > 2 || charCodeAt.call(href, start) !== 46) return false;
  return length === 1 || charCodeAt.call(href, start + 1) === 46;
}
