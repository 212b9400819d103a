/**
 * The requests a router sees, matched with no native crossing: a URL string that is already what the URL parser would
 * make of it (so parsing would return it unchanged) has its components cut here, in one RegExp match. Everything
 * else goes through ada as before (pattern_input.ts). The rule is exact, not a heuristic: an input is accepted only
 * when every component it yields equals ada's, which test/suites/canonical_input.ts checks on WPT's urltestdata,
 * real URL lists and a hostile corpus (and a mutation fuzzer with --full).
 *
 * Accepted, for the special schemes http, https, ws, wss and ftp (not file: its drive letters and hosts have rules of
 * their own):
 * - the scheme in lowercase, then "://", no user info;
 * - a host of lowercase ASCII letters, digits and hyphens in non-empty dot-separated labels: nothing IDNA or
 *   percent-decoding changes, no label that starts "xn--" (IDNA would check it), and a last label that is not a
 *   number (all digits, or "0x" and hex digits: the host would be an IPv4 address);
 * - a port of digits with no leading zero, at most 65535, and not the scheme's default (the parser drops that);
 * - a path that starts with "/" and holds only printable ASCII outside the path percent-encode set, no "\" (a "/"
 *   to the parser), "^" (encoded by later versions of the standard), and no "." or ".." segment in any spelling
 *   ("%2e" counts as "."), which the parser would remove;
 * - optionally "?" and a query of printable ASCII outside the special-query percent-encode set;
 * - optionally "#" and a fragment of printable ASCII outside the fragment percent-encode set.
 * No tab, newline, space, control character or non-ASCII character anywhere (the parser removes or encodes them).
 *
 * Also a path of that form (with its query and fragment) against a base URL of that form: node:http's `req.url`.
 */

// The path, query and fragment characters kept as they are (printable ASCII less each percent-encode set).
const PATH = "[!$-;=@-\\[\\]_a-z|~]";
const QUERY = "[!$-&(-;=?-~]";
const FRAGMENT = "[!#-;=?-_a-~]";
/** At the start of a path: no segment of it is "." or ".." in any spelling. */
const NO_DOT_SEGMENT = `(?!(?:${PATH}*\\/)?(?:\\.|%2[eE]){1,2}(?:\\/|$|[?#]))`;
/** The path, query and fragment: groups pathname, search, hash. */
const PATH_QUERY_FRAGMENT = `(\\/${NO_DOT_SEGMENT}${PATH}*)(?:\\?(${QUERY}*))?(?:#(${FRAGMENT}*))?$`;
/** Groups: scheme, host, port, then PATH_QUERY_FRAGMENT's. The lookaheads refuse an xn-- label and a numeric end. */
const ABSOLUTE = new RegExp(
  "^(https?|wss?|ftp):\\/\\/" +
    "(?!(?:[a-z0-9-]*\\.)*xn--)(?!(?:[a-z0-9-]+\\.)*(?:[0-9]+|0x[0-9a-f]*)(?:[:/]))" +
    "((?:[a-z0-9-]+\\.)*[a-z0-9-]+)(?::([1-9][0-9]{0,4}|0))?" + PATH_QUERY_FRAGMENT,
);
/** A path (not "//", which would name a host) with its query and fragment: groups pathname, search, hash. */
const PATH_ONLY = new RegExp(`^(?!\\/\\/)${PATH_QUERY_FRAGMENT}`);

/**
 * Longer inputs go to ada: requests are far shorter (servers refuse targets over 8-16 KB), and a megabyte of
 * host labels cost JavaScriptCore's RegExp 0.5 s where ada takes milliseconds.
 */
const LONGEST = 16384;

// RegExp's exec as it was at load: a lookup must read nothing of RegExp.prototype (component_regexp.ts says why).
const callExec = Function.prototype.call.bind(RegExp.prototype.exec) as unknown as (
  regexp: RegExp,
  value: string,
) => RegExpExecArray | null;

function defaultPort(scheme: string): string {
  switch (scheme) {
    case "http":
    case "ws":
      return "80";
    case "https":
    case "wss":
      return "443";
    default:
      return "21"; // ftp
  }
}

/** Whether a port the RegExp took is kept by the parser: in range and not the scheme's default. */
function keptPort(port: string | undefined, scheme: string): boolean {
  return port === undefined || ((port.length < 5 || port <= "65535") && port !== defaultPort(scheme));
}

/**
 * The eight values URLPattern matches (protocol without ":", username, password, hostname, port, pathname, search
 * without "?", hash without "#") of `input` when it is a canonical absolute URL string, else null.
 */
export function canonicalValues(input: string): string[] | null {
  if (input.length > LONGEST) return null;
  const m = callExec(ABSOLUTE, input);
  if (m === null) return null;
  const scheme = m[1];
  const port = m[3];
  if (!keptPort(port, scheme)) return null;
  return [scheme, "", "", m[2], port ?? "", m[4], m[5] ?? "", m[6] ?? ""];
}

/** The last base seen by canonicalValuesWithBase, and its values (a server passes the same base every time). */
let lastBase: string | undefined;
let lastBaseValues: string[] | null = null;

/**
 * The eight values of `input` resolved against `base`, when `input` is a canonical path (starting with one "/", with
 * its query and fragment) and `base` a canonical absolute URL string; else null.
 */
export function canonicalValuesWithBase(input: string, base: string): string[] | null {
  if (base !== lastBase) {
    lastBaseValues = canonicalValues(base);
    lastBase = base;
  }
  const b = lastBaseValues;
  if (b === null) return null;
  if (input.length > LONGEST) return null;
  const m = callExec(PATH_ONLY, input);
  if (m === null) return null;
  return [b[0], "", "", b[3], b[4], m[1], m[2] ?? "", m[3] ?? ""];
}

/**
 * The values of a URLPatternInit (already read, as `members` by field number: protocol … hash, baseURL) whose only
 * member is a canonical path: every other value is "" (what match() gives a member left out). Else null.
 */
export function canonicalPathnameValues(members: readonly (string | undefined)[]): string[] | null {
  const pathname = members[5];
  if (pathname === undefined || pathname.length > LONGEST) return null;
  for (let k = 0; k < 9; k++) if (k !== 5 && members[k] !== undefined) return null;
  const m = callExec(PATH_ONLY, pathname);
  if (m === null || m[2] !== undefined || m[3] !== undefined) return null;
  return ["", "", "", "", "", pathname, "", ""];
}
