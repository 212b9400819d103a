/**
 * Why a URLPattern is invalid, for its TypeError: ada only says that a pattern failed, so when it does this re-reads
 * the pattern strings with the standard's tokenizer and parser rules and names the first fault it finds — which
 * component, which position (a caret under it) and why. Runs only after a failure: never on a valid pattern's path.
 */

import { append } from "../builtins/own_arrays.ts";

/** A fault in one pattern string: what is wrong, where (UTF-16 index), and an optional hint. */
export interface PatternFault {
  reason: string;
  at: number;
  hint?: string;
}

// Taken at load: a user's later RegExp.prototype.exec must not change what is reported.
const NativeRegExp = RegExp;
// What it calls after load, as loaded: a user's later replacement cannot change a diagnosis.
const stringSlice = String.prototype.slice;
const charCodeAt = String.prototype.charCodeAt;
const stringRepeat = String.prototype.repeat;
const stringCodePointAt = String.prototype.codePointAt;
const fromCodePoint = String.fromCodePoint;
const mapGet = Map.prototype.get;
const mapSet = Map.prototype.set;
const stringify = JSON.stringify;
const regExpExec = Function.prototype.call.bind(RegExp.prototype.exec) as unknown as (
  regexp: RegExp,
  value: string,
) => RegExpExecArray | null;
const NAME_START = new NativeRegExp("^[\\p{ID_Start}$_]$", "u");
const NAME_PART = new NativeRegExp("^[\\p{ID_Continue}$\\u200C\\u200D]$", "u");

type TokenType = "char" | "name" | "regexp" | "asterisk" | "modifier" | "open" | "close" | "escaped";

interface Token {
  type: TokenType;
  at: number;
  value: string;
}

/** The code point at `i` as a string (a surrogate pair is one). */
function codePointAt(s: string, i: number): string {
  return fromCodePoint(stringCodePointAt.call(s, i)!);
}

/**
 * The standard's tokenizer. `lenient` (a constructor string, which holds ':' and '/' of its own) reports only faults
 * no reading can excuse (a regexp group never closed or refused, a trailing backslash).
 */
function tokenize(s: string, lenient: boolean): Token[] | PatternFault {
  const tokens: Token[] = [];
  let i = 0;
  while (i < s.length) {
    const c = codePointAt(s, i);
    const at = i;
    i += c.length;
    if (c === "*") append(tokens, { type: "asterisk", at, value: c });
    else if (c === "+" || c === "?") append(tokens, { type: "modifier", at, value: c });
    else if (c === "{") append(tokens, { type: "open", at, value: c });
    else if (c === "}") append(tokens, { type: "close", at, value: c });
    else if (c === "\\") {
      if (i >= s.length) return { reason: "a backslash at the end escapes nothing", at };
      const escaped = codePointAt(s, i);
      i += escaped.length;
      append(tokens, { type: "escaped", at, value: escaped });
    } else if (c === ":") {
      let end = i;
      while (end < s.length) {
        const n = codePointAt(s, end);
        if (regExpExec(end === i ? NAME_START : NAME_PART, n) === null) break;
        end += n.length;
      }
      if (end === i) {
        if (lenient) {
          append(tokens, { type: "char", at, value: c });
          continue;
        }
        return {
          reason: "invalid name; must be at least length 1",
          at,
          hint: '":" starts a named group and must be followed by a name (a letter, "$" or "_", then letters, ' +
            'digits, "$" or "_"). To match a literal ":", escape it as "\\:".',
        };
      }
      append(tokens, { type: "name", at, value: stringSlice.call(s, i, end) });
      i = end;
    } else if (c === "(") {
      const fault = regexpGroupFault(s, at);
      if (typeof fault !== "number") return fault;
      append(tokens, { type: "regexp", at, value: stringSlice.call(s, at + 1, fault - 1) });
      i = fault;
    } else append(tokens, { type: "char", at, value: c });
  }
  return tokens;
}

/** The standard's rules for a regexp group "(…)" opening at `open`: the index after its ")", or the fault. */
function regexpGroupFault(s: string, open: number): number | PatternFault {
  let depth = 1;
  let i = open + 1;
  while (i < s.length) {
    const c = s[i];
    if (charCodeAt.call(c, 0) > 0x7f) {
      return { reason: `invalid regex: only ASCII is allowed in a regexp group ("${codePointAt(s, i)}")`, at: i };
    }
    if (i === open + 1 && c === "?") {
      return {
        reason: 'invalid regex: a regexp group cannot start with "?" (groups such as "(?:…)" are not allowed)',
        at: i,
      };
    }
    if (c === "\\") {
      if (i === s.length - 1) return { reason: "invalid regex: a backslash at the end escapes nothing", at: i };
      if (charCodeAt.call(s, i + 1) > 0x7f) {
        return { reason: "invalid regex: only ASCII is allowed in a regexp group", at: i + 1 };
      }
      i += 2;
      continue;
    }
    if (c === ")") {
      depth--;
      if (depth === 0) {
        if (i === open + 1) return { reason: "invalid regex: the regexp group is empty", at: open };
        return i + 1;
      }
    } else if (c === "(") {
      depth++;
      if (i === s.length - 1 || s[i + 1] !== "?") {
        return {
          reason: 'invalid regex: a group nested in a regexp group must be non-capturing ("(?:…)")',
          at: i,
        };
      }
    }
    i++;
  }
  return { reason: "invalid regex: missing closing )", at: open };
}

/** The standard's parser rules on the tokens: names unique, "{…}" balanced and flat, modifiers after a part. */
function parserFault(tokens: Token[], lenient: boolean): PatternFault | undefined {
  const names = new Map<string, number>();
  let openAt = -1;
  for (let t = 0; t < tokens.length; t++) {
    const token = tokens[t];
    switch (token.type) {
      case "name": {
        const first: number | undefined = mapGet.call(names, token.value);
        if (first !== undefined && !lenient) {
          return { reason: `duplicate group name "${token.value}" (first at char ${first})`, at: token.at };
        }
        mapSet.call(names, token.value, token.at);
        break;
      }
      case "open":
        if (openAt !== -1) {
          return { reason: `a "{" group cannot hold another "{" (the first opened at char ${openAt})`, at: token.at };
        }
        openAt = token.at;
        break;
      case "close":
        if (openAt === -1) return { reason: 'a "}" closes no "{" group', at: token.at, hint: 'Escape it as "\\}".' };
        openAt = -1;
        break;
      case "modifier": {
        const previous = tokens[t - 1]?.type;
        const follows = previous === "name" || previous === "regexp" || previous === "asterisk" || previous === "close";
        if (!follows && !lenient) {
          return {
            reason: `a "${token.value}" modifier must follow a group (":name", "(regexp)", "*" or "{…}")`,
            at: token.at,
            hint: `To match a literal "${token.value}", escape it as "\\${token.value}".`,
          };
        }
        break;
      }
    }
  }
  if (openAt !== -1) return { reason: 'missing closing "}"', at: openAt };
  return undefined;
}

/**
 * The first fault of a pattern string, or undefined when its syntax is sound (then the fault is elsewhere: a value
 * that cannot be canonicalized, or a regular expression the engine refuses). `lenient` for a constructor string.
 */
export function findPatternFault(pattern: string, lenient: boolean): PatternFault | undefined {
  const tokens = tokenize(pattern, lenient);
  if (!Array.isArray(tokens)) return tokens;
  return parserFault(tokens, lenient);
}

/** `Failed to parse <what> from "<pattern>": <reason> (at char N)`, with the pattern and a caret under the place. */
export function describeFault(what: string, pattern: string, fault: PatternFault): string {
  const caret = stringRepeat.call(" ", fault.at) + "^";
  return `Failed to parse ${what} from ${stringify(pattern)}: ${fault.reason} (at char ${fault.at})\n\n` +
    `  ${pattern}\n  ${caret}` + (fault.hint === undefined ? "" : `\n\n  hint: ${fault.hint}`);
}

const COMPONENT_NAMES = ["protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"];
const BASE_URL_FIELD = 8;

/**
 * Why ada refused a pattern: `input` is the constructor string (with `base`) or a URLPatternInit's members by field
 * number. `compiles(input, base)` compiles a pattern, `parses(url)` parses a URL.
 */
export function explainInvalidPattern(
  input: string | readonly (string | undefined)[],
  base: string | undefined,
  compiles: (input: string | (string | undefined)[], base: string | undefined) => boolean,
  parses: (url: string) => boolean,
): string {
  if (typeof input === "string") {
    const fault = findPatternFault(input, true);
    if (fault !== undefined) return describeFault("URLPattern", input, fault);
    if (base !== undefined && !parses(base)) return `the base URL ${stringify(base)} is not a valid URL`;
    if (base === undefined && compiles(input, "https://example.com/")) {
      return `Failed to parse URLPattern from ${stringify(input)}: a relative pattern needs a base URL ` +
        "(new URLPattern(pattern, baseURL))";
    }
    return `Failed to parse URLPattern from ${stringify(input)}: a component's fixed text cannot be part of a ` +
      "URL (e.g. a hostname with a space, a port that is not a number, a relative pattern without a base URL)";
  }
  for (let field = 0; field < COMPONENT_NAMES.length; field++) {
    const value = input[field];
    if (value === undefined) continue;
    const fault = findPatternFault(value, false);
    if (fault !== undefined) return describeFault(COMPONENT_NAMES[field], value, fault);
  }
  const baseURL = input[BASE_URL_FIELD];
  if (baseURL !== undefined && !parses(baseURL)) return `the baseURL ${stringify(baseURL)} is not a valid URL`;
  for (let field = 0; field < COMPONENT_NAMES.length; field++) {
    const value = input[field];
    if (value === undefined) continue;
    // Alone, with the protocol it is canonicalized for (a special scheme's hostname, port and path differ).
    // Eight items (protocol … hash), by append(): no plain write past the end (a setter on Array.prototype).
    const alone: (string | undefined)[] = [];
    for (let k = 0; k < 8; k++) append(alone, k === field ? value : k === 0 ? input[0] : undefined);
    if (!compiles(alone, undefined)) {
      return `Failed to parse ${COMPONENT_NAMES[field]} from ${stringify(value)}: its fixed text cannot be ` +
        `a URL's ${COMPONENT_NAMES[field]}`;
    }
  }
  return "invalid pattern";
}
