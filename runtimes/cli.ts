/**
 * The `ada-ffi` command: URLs in (one per line, from files or stdin), components out — one JSON object
 * per line, or TSV with --fields. Streams in batches through parseMany, so memory stays constant on
 * inputs of any size. Uses only node: modules, which Node, Deno and Bun all provide; each runtime's
 * entry (cli_node.ts, cli_deno.ts, cli_bun.ts) passes its API in.
 */
import { createReadStream, readFileSync } from "node:fs";
import process from "node:process";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";

type Api = typeof import("../ffi/api.ts");

const FIELDS = [
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
const BATCH = 1024;

const USAGE = `usage: ada-ffi [--fields f1,f2,...] [--base URL] [file ...]

Reads URLs, one per line, from the files (or standard input, also as "-") and writes one JSON object
per line with every component: {"input", "href", "origin", "protocol", "username", "password", "host",
"hostname", "port", "pathname", "search", "hash"}; an invalid URL gives {"input": ..., "href": null}.

  --fields f1,f2   write tab-separated values of these fields instead (also "input"); invalid URLs
                   give empty fields
  --base URL       resolve every line against this base URL
  --version        the versions of ada-ffi and of the ada inside it
  --help           this text

Progress goes to standard error when it is a terminal. Exit status: 0 (also when the reader of the
output goes away, as with \`| head\`), 1 for an input that cannot be read, 2 for bad arguments.`;

/** This package's version, from its package.json (beside runtimes/, or two levels up from dist/runtimes/). */
function packageVersion(): string {
  for (const relative of ["../package.json", "../../package.json"]) {
    try {
      const json = JSON.parse(readFileSync(new URL(relative, import.meta.url), "utf8"));
      if (json.name === "ada-ffi") return json.version;
    } catch {
      // not this one
    }
  }
  return "unknown";
}

const VERSION = "--version";

interface Options {
  fields: string[] | undefined;
  base: string | undefined;
  files: string[];
}

function parseArgs(argv: string[]): Options | string {
  const options: Options = { fields: undefined, base: undefined, files: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--help" || arg === "-h") return USAGE;
    if (arg === "--version" || arg === "-V") return VERSION;
    if (arg === "--fields" || arg === "--base") {
      const value = argv[++i];
      if (value === undefined) return `ada-ffi: ${arg} needs a value\n\n${USAGE}`;
      if (arg === "--base") options.base = value;
      else options.fields = value.split(",").filter((f) => f !== "");
    } else if (arg.startsWith("--fields=")) {
      options.fields = arg.slice(9).split(",").filter((f) => f !== "");
    } else if (arg.startsWith("--base=")) {
      options.base = arg.slice(7);
    } else if (arg.startsWith("--")) {
      return `ada-ffi: unknown option ${arg}\n\n${USAGE}`;
    } else {
      options.files.push(arg);
    }
  }
  for (const field of options.fields ?? []) {
    if (field !== "input" && !(FIELDS as readonly string[]).includes(field)) {
      return `ada-ffi: unknown field ${field} (fields: input, ${FIELDS.join(", ")})`;
    }
  }
  return options;
}

/** TSV cells hold no tab or newline: the input (the only raw text) is escaped. */
function tsvCell(value: string): string {
  return value.replace(/[\\\t\n\r]/g, (c) => (c === "\\" ? "\\\\" : c === "\t" ? "\\t" : c === "\n" ? "\\n" : "\\r"));
}

/** Writes, waiting for the stream to drain when its buffer is full (constant memory). */
function write(text: string): Promise<void> | undefined {
  if (process.stdout.write(text)) return undefined;
  return new Promise((resolve) => process.stdout.once("drain", () => resolve()));
}

/**
 * The reader of our output went away (`ada-ffi big.txt | head -1`): a normal end, not an error. Exit at once
 * and quietly: nothing more can be written, and waiting for a drain that never comes would hang.
 */
function exitQuietlyOnClosedOutput(): void {
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE" || error.code === "ERR_STREAM_DESTROYED") process.exit(0);
    process.stderr.write(`ada-ffi: cannot write the output: ${error.message}\n`);
    process.exit(1);
  });
}

export async function main(api: Api, argv: string[]): Promise<number> {
  const options = parseArgs(argv);
  if (options === VERSION) {
    process.stdout.write(`ada-ffi ${packageVersion()} (ada ${api.adaVersion()})\n`);
    return 0;
  }
  if (typeof options === "string") {
    (options === USAGE ? process.stdout : process.stderr).write(options + "\n");
    return options === USAGE ? 0 : 2;
  }
  exitQuietlyOnClosedOutput();
  if (options.base !== undefined && !api.URL.canParse(options.base)) {
    process.stderr.write(`ada-ffi: the base is not a valid URL: ${options.base}\n`);
    return 2;
  }
  const progress = process.stderr.isTTY === true;
  let lines = 0;
  let invalid = 0;
  let lastReport = Date.now();
  const started = lastReport;

  const format = (input: string, url: InstanceType<Api["URL"]> | null): string => {
    if (options.fields !== undefined) {
      return options.fields.map((
        f,
      ) => (f === "input" ? tsvCell(input) : url === null ? "" : url[f as typeof FIELDS[number]]))
        .join("\t");
    }
    if (url === null) return JSON.stringify({ input, href: null });
    const record: Record<string, string> = { input };
    for (const f of FIELDS) record[f] = url[f];
    return JSON.stringify(record);
  };

  const flush = async (batch: string[]) => {
    const urls = api.parseMany(batch, options.base);
    let out = "";
    for (let i = 0; i < batch.length; i++) {
      if (urls[i] === null) invalid++;
      out += format(batch[i], urls[i]) + "\n";
    }
    lines += batch.length;
    await write(out);
    if (progress && Date.now() - lastReport > 500) {
      lastReport = Date.now();
      const rate = Math.round(lines / ((lastReport - started) / 1000));
      process.stderr.write(`\r${lines} lines, ${invalid} invalid, ${rate} lines/s `);
    }
  };

  if (options.fields !== undefined) await write(options.fields.join("\t") + "\n");
  const sources = options.files.length === 0 ? ["-"] : options.files;
  for (const source of sources) {
    const stream: Readable = source === "-" ? process.stdin : createReadStream(source);
    const opened = new Promise<void>((resolve, reject) => {
      stream.once("error", reject);
      if (source === "-") resolve();
      else stream.once("open", () => resolve());
    });
    try {
      await opened;
    } catch (error) {
      process.stderr.write(`ada-ffi: cannot read ${source}: ${(error as Error).message}\n`);
      return 1;
    }
    let batch: string[] = [];
    try {
      for await (const line of createInterface({ input: stream, crlfDelay: Infinity })) {
        batch.push(line);
        if (batch.length === BATCH) {
          await flush(batch);
          batch = [];
        }
      }
    } catch (error) {
      // A read that fails after the open: a directory (EISDIR), an I/O error.
      process.stderr.write(`ada-ffi: cannot read ${source}: ${(error as Error).message}\n`);
      return 1;
    }
    if (batch.length > 0) await flush(batch);
  }
  if (progress) process.stderr.write(`\r${lines} lines, ${invalid} invalid\n`);
  return 0;
}
