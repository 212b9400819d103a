/**
 * The work of the `ada-ffi` command on one segment of input, the same in the main thread and in its workers
 * (cli/worker.ts), so that any number of jobs writes the same bytes: split the text into lines as
 * Node's readline does, parse them with parseMany, format one output line per input line.
 */
import { Buffer } from "node:buffer";

export type Api = typeof import("../ffi/api.ts");

export const FIELDS = [
  "href",
  "origin",
  "protocol",
  "username",
  "password",
  "host",
  "hostname",
  "port",
  "pathname",
  "search",
  "hash",
] as const;

/** What a job needs to know besides the input: the output format and the base. */
export interface FormatOptions {
  /** TSV columns, or undefined for JSON lines. */
  fields: string[] | undefined;
  base: string | undefined;
}

const BATCH = 1024;

/** TSV cells hold no tab or newline: the input (the only raw text) is escaped. */
function tsvCell(value: string): string {
  return value.replace(/[\\\t\n\r]/g, (c) => (c === "\\" ? "\\\\" : c === "\t" ? "\\t" : c === "\n" ? "\\n" : "\\r"));
}

/**
 * The lines of a segment of UTF-8 input that ends at a line break or at the end of the input: broken at
 * "\r\n", "\n" or "\r" as readline does; a break at the very end starts no further line.
 */
export function splitLines(bytes: Uint8Array): string[] {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8");
  const lines = text.split(/\r\n|\r|\n/);
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/**
 * The output for `lines` (each followed by "\n"), and how many of them were invalid URLs.
 *
 * Built without an array or object per line: a TSV row is concatenated field by field, and every JSON line of a
 * valid URL is the same record, refilled, handed to JSON.stringify. Per line of kasztp.txt, formatting and
 * encoding, before -> after: TSV hostname,pathname 172 -> 80 ns on Node 26, 233 -> 116 on Node 22, 164 -> 108 on
 * Bun, 277 -> 83 on Deno; JSON 1028 -> 661 on Node 26, 1010 -> 740 on Node 22, 892 -> 392 on Bun, 1088 -> 699 on
 * Deno (an object literal per line: 765, 910, 487, 1035).
 */
export function formatLines(api: Api, lines: string[], options: FormatOptions): { out: string; invalid: number } {
  const { fields, base } = options;
  // The keys in FIELDS' order, after input.
  const record = {
    input: "",
    href: "",
    origin: "",
    protocol: "",
    username: "",
    password: "",
    host: "",
    hostname: "",
    port: "",
    pathname: "",
    search: "",
    hash: "",
  };
  let out = "";
  let invalid = 0;
  for (let start = 0; start < lines.length; start += BATCH) {
    const batch = lines.slice(start, start + BATCH);
    const urls = api.parseMany(batch, base);
    for (let i = 0; i < batch.length; i++) {
      const input = batch[i];
      const url = urls[i];
      if (url === null) invalid++;
      if (fields !== undefined) {
        for (let k = 0; k < fields.length; k++) {
          const field = fields[k];
          const value = field === "input" ? tsvCell(input) : url === null ? "" : url[field as typeof FIELDS[number]];
          out += k === 0 ? value : "\t" + value;
        }
        out += "\n";
      } else if (url === null) {
        out += JSON.stringify({ input, href: null }) + "\n";
      } else {
        record.input = input;
        record.href = url.href;
        record.origin = url.origin;
        record.protocol = url.protocol;
        record.username = url.username;
        record.password = url.password;
        record.host = url.host;
        record.hostname = url.hostname;
        record.port = url.port;
        record.pathname = url.pathname;
        record.search = url.search;
        record.hash = url.hash;
        out += JSON.stringify(record) + "\n";
      }
    }
  }
  return { out, invalid };
}
