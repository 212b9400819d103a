/**
 * URLPattern's crossings (native/ada_ffi_url_pattern.h): compile a pattern, and process a URLPatternInit
 * for test()/exec(). One call each through the call block; the output (a table of lengths and the strings
 * they measure) is decoded once and cut up here. No regular expression runs natively: ada hands back each
 * component's source, and asks the caller (`answer`) whether a protocol given as a regular expression
 * matches a special scheme.
 */
import {
  BASE_LEN,
  BLOCK_TEXT,
  INPUT_LEN,
  INVALID,
  NO_BASE_WORD as NO_BASE,
  OP_URL_PATTERN_COMPILE,
  OP_URL_PATTERN_PROCESS,
  OPERATION,
  TEXT_CAP,
} from "../native_calls/call_block.ts";
import { binding as nativeBinding } from "../native_calls/installed_binding.ts";
import { callGrowing, decodeHrefs } from "../native_calls/kept_block.ts";
import { encodeUtf8Into, maxUtf8Length } from "../native_calls/strings.ts";
import { stringSlice } from "../builtins/conversions.ts";
import { append } from "../builtins/own_arrays.ts";

/** Header words of ada_ffi_url_pattern.h (INPUT_LEN, BASE_LEN, TEXT_CAP and OPERATION as for every block). */
const FIELDS = 3;
const FLAGS = 12;
const ANSWERS = 14;
const OUTPUT = 15;
const ABSENT = -1; // ADA_FFI_ABSENT through an Int32Array
const FLAG_IGNORE_CASE = 1;
const FLAG_INIT = 2;
const OUTPUT_QUESTIONS = 1;

/** `enum ada_ffi_pattern_component_type`. */
export const COMPONENT_EMPTY = 0;
export const COMPONENT_EXACT_MATCH = 1;
export const COMPONENT_FULL_WILDCARD = 2;
export const COMPONENT_REGEXP = 3;

/** The special schemes, in the order of an answer's bits. */
const SPECIAL_SCHEMES = ["http", "https", "ws", "wss", "ftp", "file"];

/**
 * A URLPatternInit's members in `enum ada_ffi_pattern_field` order (protocol, username, password, hostname,
 * port, pathname, search, hash, baseURL); undefined for a member not given.
 */
export type InitMembers = (string | undefined)[];

/** A compiled pattern as ada describes it: per component (protocol … hash, by index) its parts. */
export interface CompiledPattern {
  /** `enum ada_ffi_pattern_component_type`. */
  types: number[];
  /** Bit 0: has regexp groups; bit 1: the regular expression takes the `i` flag. */
  flags: number[];
  patterns: string[];
  /** Regular-expression sources (REGEXP components; "" for the others). */
  regexps: string[];
  /** The one value each EXACT_MATCH component matches. */
  exact: string[];
  groupNames: string[][];
}
export const FLAG_HAS_REGEXP_GROUPS = 1;
export const FLAG_REGEXP_IGNORES_CASE = 2;

/** A regular expression ada asked about, and its answer bits once known. */
interface Answer {
  source: Uint8Array;
  ignoreCase: boolean;
  bits: number;
}

const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder();

/**
 * A decoded output: its table (from word `at` of `table` on: a view of the block, valid until the next call)
 * and its strings as one JS string.
 */
interface Output {
  table: Int32Array;
  at: number;
  text: string;
  questions: boolean;
}

/** Writes the input (a string and base, or the members) from byte `at` of the text area; returns the end. */
function encodeInput(
  target: Uint8Array,
  words: Int32Array,
  input: string | InitMembers,
  base: string | undefined,
): number {
  let at = BLOCK_TEXT;
  const write = (s: string): number => {
    const n = encodeUtf8Into(s, target, at);
    at += n;
    return n;
  };
  if (typeof input === "string") {
    words[INPUT_LEN] = write(input);
    words[BASE_LEN] = base === undefined ? NO_BASE : write(base);
    for (let field = 0; field < 9; field++) words[FIELDS + field] = ABSENT;
  } else {
    words[INPUT_LEN] = 0;
    words[BASE_LEN] = NO_BASE;
    for (let field = 0; field < 9; field++) {
      const member = input[field];
      words[FIELDS + field] = member === undefined ? ABSENT : write(member);
    }
  }
  return at;
}

function inputBound(input: string | InitMembers, base: string | undefined): number {
  if (typeof input === "string") return maxUtf8Length(input) + (base === undefined ? 0 : maxUtf8Length(base));
  let bytes = 0;
  for (let i = 0; i < input.length; i++) if (input[i] !== undefined) bytes += maxUtf8Length(input[i]!);
  return bytes;
}

/** Runs one operation; the decoded output, or null for ADA_FFI_INVALID. */
function call(
  op: number,
  flags: number,
  input: string | InitMembers,
  base: string | undefined,
  answers: readonly Answer[],
): Output | null {
  let answerBytes = 0;
  for (let i = 0; i < answers.length; i++) answerBytes += 5 + answers[i].source.length;
  let at = 0;
  const { result, target, words } = callGrowing(
    BLOCK_TEXT + inputBound(input, base) + answerBytes,
    (target, words) => {
      words[OPERATION] = op;
      words[FLAGS] = flags;
      words[TEXT_CAP] = target.length - BLOCK_TEXT;
      words[OUTPUT] = 0;
      at = encodeInput(target, words, input, base);
      words[ANSWERS] = answers.length;
      for (let i = 0; i < answers.length; i++) {
        const a = answers[i];
        const n = a.source.length;
        target[at] = n & 0xff;
        target[at + 1] = (n >>> 8) & 0xff;
        target[at + 2] = (n >>> 16) & 0xff;
        target[at + 3] = n >>> 24;
        target[at + 4] = a.bits | (a.ignoreCase ? 0x80 : 0);
        target.set(a.source, at + 5);
        at += 5 + n;
      }
      return nativeBinding().block(target);
    },
    // The output outgrew the block: again, in one large enough for output and input alike.
    (result) => BLOCK_TEXT + Math.max(result, at - BLOCK_TEXT) + 8,
  );
  if (result === INVALID) return null;
  const table = words;
  const head = BLOCK_TEXT / 4;
  const tableWords = table[head];
  const byteCount = table[head + 1];
  const units = table[head + 2];
  const start = BLOCK_TEXT + 4 * tableWords;
  const text = byteCount === 0
    ? ""
    : units === byteCount
    ? decodeHrefs(target, start, start + byteCount)
    : utf8Decoder.decode(target.subarray(start, start + byteCount));
  return { table, at: head + 3, text, questions: words[OUTPUT] === OUTPUT_QUESTIONS };
}

/**
 * Compiles a pattern with ada: `input` is the constructor string (with `base`) or a URLPatternInit's members.
 * `matches(source, ignoreCase, scheme)` tells whether a regular-expression source matches a special scheme
 * (it may throw, e.g. for a source the engine refuses). Returns the eight components (protocol … hash), or
 * null where the standard throws a TypeError. Reads nothing of the input after it returns.
 */
export function compilePattern(
  input: string | InitMembers,
  base: string | undefined,
  ignoreCase: boolean,
  matches: (source: string, ignoreCase: boolean, scheme: string) => boolean,
): CompiledPattern | null {
  const flags = (ignoreCase ? FLAG_IGNORE_CASE : 0) | (typeof input === "string" ? 0 : FLAG_INIT);
  const answers: Answer[] = [];
  // Each round answers ada's new questions; a protocol pattern yields at most two distinct sources.
  for (let round = 0; round < 8; round++) {
    const output = call(OP_URL_PATTERN_COMPILE, flags, input, base, answers);
    if (output === null) return null;
    if (!output.questions) return components(output);
    const { table, at: w, text } = output;
    const count = table[w];
    let at = 0;
    for (let q = 0; q < count; q++) {
      const questionIgnoreCase = table[w + 1 + 3 * q] === 1;
      const units = table[w + 3 + 3 * q];
      const source = stringSlice(text, at, at + units);
      at += units;
      let bits = 0;
      for (let i = 0; i < SPECIAL_SCHEMES.length; i++) {
        if (matches(source, questionIgnoreCase, SPECIAL_SCHEMES[i])) bits |= 1 << i;
      }
      append(answers, { source: utf8Encoder.encode(source), ignoreCase: questionIgnoreCase, bits });
    }
  }
  throw new Error("ada-ffi: URLPattern compilation kept asking about special schemes (a bug: please report it)");
}

/** The pattern output: per component its type, flags and strings, in the order the table measures them. */
function components(output: Output): CompiledPattern {
  const { table, text } = output;
  let word = output.at;
  let at = 0;
  const take = (): string => {
    const units = table[word++];
    if (units === 0) return ""; // most regexp and exact-match slots
    const s = stringSlice(text, at, at + units);
    at += units;
    return s;
  };
  const compiled: CompiledPattern = { types: [], flags: [], patterns: [], regexps: [], exact: [], groupNames: [] };
  // Grown by append(): a user's index setter on Array.prototype would take a plain write (own_arrays.ts).
  for (let c = 0; c < 8; c++) {
    append(compiled.types, table[word++]);
    append(compiled.flags, table[word++]);
    const groupCount = table[word++];
    append(compiled.patterns, take());
    append(compiled.regexps, take());
    append(compiled.exact, take());
    const names: string[] = [];
    for (let g = 0; g < groupCount; g++) append(names, take());
    append(compiled.groupNames, names);
  }
  return compiled;
}

/**
 * "Process a URLPatternInit" for test()/exec() (type "url", every default ""): the eight values a pattern
 * is matched against (search without its "?"), or null where that throws (no match).
 */
export function processInit(members: InitMembers): string[] | null {
  const output = call(OP_URL_PATTERN_PROCESS, FLAG_INIT, members, undefined, []);
  if (output === null) return null;
  const { table, at: w, text } = output;
  const values: string[] = [];
  let at = 0;
  for (let i = 0; i < 8; i++) {
    const units = table[w + i];
    append(values, stringSlice(text, at, at + units));
    at += units;
  }
  return values;
}
