/**
 * The `ada-ffi` command: URLs in (one per line, from files or stdin), components out — one JSON object
 * per line, or TSV with --fields. Reads the input in segments of about 1 MiB (cut at line breaks), turns each
 * segment into output (cli/format.ts) in this thread or, with --jobs, in worker threads, and writes
 * the outputs in input order: memory stays bounded on inputs of any size, and the bytes written are the
 * same for any number of jobs. Uses only node: modules, which Node, Deno and Bun all provide; each
 * runtime's entry (cli_node.ts, cli_deno.ts, cli_bun.ts) passes its API in.
 */
import { createReadStream, readFileSync, statSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import process from "node:process";
import type { Readable } from "node:stream";
import { Worker } from "node:worker_threads";
import { type Api, FIELDS, formatLines, type FormatOptions, splitLines } from "./format.ts";
import { defaultJobs } from "./jobs.ts";

/** Bytes read per segment (a segment ends at the last line break in it; a longer line makes a longer segment). */
const SEGMENT_BYTES = 1 << 20;
const LINE_FEED = new Uint8Array([0x0a]);
/**
 * The young generation of each Node worker, Node 24's default for workers (Node 20 and 22 give them 32 MB, Node 26 63):
 * a segment's lines, URLs and output live until the segment is done, and with less room every scavenge copies them. Two
 * jobs, 780 MB file: Node 22 3.81-3.86 -> 2.86-2.89 s, Node 20 3.87-3.98 -> 2.85-3.03, Node 26 2.53-2.66 -> 2.35-2.36,
 * Node 24 the same; peak memory +200-280 MB (docs/cli.md, "Memory").
 */
const WORKER_YOUNG_GENERATION_MB = 128;

const USAGE = `usage: ada-ffi [--fields f1,f2,...] [--base URL] [--jobs N] [file ...]

Reads URLs, one per line, from the files (or standard input, also as "-") and writes one JSON object
per line with every component: {"input", "href", "origin", "protocol", "username", "password", "host",
"hostname", "port", "pathname", "search", "hash"}; an invalid URL gives {"input": ..., "href": null}.

  --fields f1,f2   write tab-separated values of these fields instead (also "input"); invalid URLs
                   give empty fields
  --base URL       resolve every line against this base URL
  --jobs N         parse in N threads; the output is the same (default: one for inputs under 64 MiB,
                   else as many as the cores the load average leaves idle)
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
  /** undefined: chosen by input size and idle cores (cli/jobs.ts). */
  jobs: number | undefined;
  files: string[];
}

function parseArgs(argv: string[]): Options | string {
  const options: Options = { fields: undefined, base: undefined, jobs: undefined, files: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--help" || arg === "-h") return USAGE;
    if (arg === "--version" || arg === "-V") return VERSION;
    if (arg === "--fields" || arg === "--base" || arg === "--jobs") {
      const value = argv[++i];
      if (value === undefined) return `ada-ffi: ${arg} needs a value\n\n${USAGE}`;
      if (arg === "--base") options.base = value;
      else if (arg === "--jobs") options.jobs = Number(value);
      else options.fields = value.split(",").filter((f) => f !== "");
    } else if (arg.startsWith("--jobs=")) {
      options.jobs = Number(arg.slice(7));
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
  if (options.jobs !== undefined && (!Number.isInteger(options.jobs) || options.jobs < 1 || options.jobs > 256)) {
    return `ada-ffi: --jobs takes a whole number from 1 to 256`;
  }
  for (const field of options.fields ?? []) {
    if (field !== "input" && !(FIELDS as readonly string[]).includes(field)) {
      return `ada-ffi: unknown field ${field} (fields: input, ${FIELDS.join(", ")})`;
    }
  }
  return options;
}

/** Writes, waiting for the stream to drain when its buffer is full (constant memory). */
function write(text: string | Uint8Array): Promise<void> | undefined {
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

/** One segment's output, as a job returns it (a worker's as UTF-8 bytes). */
interface SegmentResult {
  out: string | Uint8Array;
  lines: number;
  invalid: number;
}

/** A worker thread: a web Worker where the runtime has one (Deno, Bun), else node:worker_threads (Node). */
interface JobWorker {
  post(message: unknown, transfer?: ArrayBuffer[]): void;
  terminate(): unknown;
}

function startWorker(script: URL, onMessage: (data: unknown) => void, onError: (error: Error) => void): JobWorker {
  const WebWorker = (globalThis as {
    Worker?: new (url: string, options: { type: "module" }) => {
      onmessage: ((event: { data: unknown }) => void) | null;
      onerror: ((event: { message: string; preventDefault?: () => void }) => void) | null;
      postMessage(message: unknown, transfer?: ArrayBuffer[]): void;
      terminate(): void;
    };
  }).Worker;
  if (typeof WebWorker === "function") {
    const worker = new WebWorker(script.href, { type: "module" });
    worker.onmessage = (event) => onMessage(event.data);
    worker.onerror = (event) => {
      event.preventDefault?.();
      onError(new Error(event.message));
    };
    return { post: (message, transfer) => worker.postMessage(message, transfer), terminate: () => worker.terminate() };
  }
  const worker = new Worker(script, { resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB } });
  worker.on("message", onMessage);
  worker.on("error", onError);
  return { post: (message, transfer) => worker.postMessage(message, transfer), terminate: () => worker.terminate() };
}

/** Worker threads, each loading ada-ffi once; segments go round-robin, answers come back by sequence number. */
class Jobs {
  #workers: { worker: JobWorker; closed: Promise<void> }[];
  #next = 0;
  #waiting = new Map<number, { resolve: (r: SegmentResult) => void; reject: (e: Error) => void }>();

  constructor(count: number, apiModule: string, options: FormatOptions) {
    const script = new URL(`./worker${import.meta.url.endsWith(".ts") ? ".ts" : ".js"}`, import.meta.url);
    this.#workers = Array.from({ length: count }, () => {
      let markClosed!: () => void;
      const closed = new Promise<void>((resolve) => (markClosed = resolve));
      const worker = startWorker(script, (data) => {
        if ((data as { closed?: boolean }).closed) return markClosed();
        const r = data as SegmentResult & { seq: number };
        this.#waiting.get(r.seq)?.resolve(r);
        this.#waiting.delete(r.seq);
      }, (error) => {
        this.#failAll(error);
        markClosed();
      });
      worker.post({ init: { apiModule, options } });
      return { worker, closed };
    });
  }

  run(seq: number, bytes: Uint8Array): Promise<SegmentResult> {
    return new Promise((resolve, reject) => {
      this.#waiting.set(seq, { resolve, reject });
      const { worker } = this.#workers[this.#next++ % this.#workers.length];
      worker.post({ seq, bytes }, [bytes.buffer as ArrayBuffer]);
    });
  }

  #failAll(error: Error): void {
    for (const { reject } of this.#waiting.values()) reject(error);
    this.#waiting.clear();
  }

  /**
   * Ends the workers once each has finished loading ada-ffi and its segments: terminating one while it loads a
   * native addon aborted the process (koffi on Node 26: "FATAL ERROR: Error::ThrowAsJavaScriptException", 2 runs
   * in 60 of a two-file input).
   */
  async close(): Promise<void> {
    for (const { worker } of this.#workers) worker.post({ close: true });
    await Promise.all(this.#workers.map(async ({ worker, closed }) => {
      await closed;
      await worker.terminate();
    }));
  }
}

/**
 * `ada-ffi` itself. `apiModule` is the URL of this runtime's ada-ffi entry (what `api` was imported from),
 * for the worker threads of --jobs; `loadAverage` the 1-minute load average (Deno's asks for no permission).
 */
export async function main(
  api: Api,
  argv: string[],
  apiModule: string,
  loadAverage: () => number = () => loadavg()[0],
): Promise<number> {
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
  const format: FormatOptions = { fields: options.fields, base: options.base };
  const progress = process.stderr.isTTY === true;
  let lines = 0;
  let invalid = 0;
  let lastReport = Date.now();
  const started = lastReport;

  // Segments are numbered as they are read and written in that order, whoever finished them first.
  let jobs: Jobs | undefined;
  let submitted = 0;
  let written = 0;
  const done = new Map<number, SegmentResult>();
  let writing: Promise<void> = Promise.resolve();
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  const flush = async () => {
    while (done.has(written)) {
      const r = done.get(written)!;
      done.delete(written);
      written++;
      lines += r.lines;
      invalid += r.invalid;
      await write(r.out);
      wake?.();
      if (progress && Date.now() - lastReport > 500) {
        lastReport = Date.now();
        const rate = Math.round(lines / ((lastReport - started) / 1000));
        process.stderr.write(`\r${lines} lines, ${invalid} invalid, ${rate} lines/s `);
      }
    }
  };
  const finished = (seq: number, r: SegmentResult) => {
    done.set(seq, r);
    writing = writing.then(flush);
  };
  // The number of jobs: given, or chosen once the input's size (or as much of it as was read) tells (cli/jobs.ts).
  let jobCount = options.jobs;
  const inputBytes = regularFilesSize(options.files);
  let readBytes = 0;
  const submit = async (bytes: Uint8Array) => {
    const seq = submitted++;
    readBytes += bytes.length;
    jobCount ??= defaultJobs({ inputBytes, readBytes, cores: availableParallelism(), load: loadOrZero(loadAverage) });
    // The first segment runs here: a small input never starts a thread.
    if (jobCount === undefined || jobCount === 1 || seq === 0) {
      const segmentLines = splitLines(bytes);
      finished(seq, { ...formatLines(api, segmentLines, format), lines: segmentLines.length });
      await writing;
      return;
    }
    jobs ??= new Jobs(jobCount, apiModule, format);
    jobs.run(seq, bytes).then((r) => finished(seq, r), (error: Error) => {
      failure = error;
      wake?.();
    });
    // At most four segments per job in flight: with two, the workers were seen waiting for the main thread on
    // 2 cores; memory stays bounded (a few MiB per segment) when the output is slower than the input.
    while (submitted - written >= 4 * jobCount && failure === undefined) {
      await new Promise<void>((resolve) => (wake = resolve));
    }
    if (failure !== undefined) throw failure;
  };

  try {
    if (options.fields !== undefined) await write(options.fields.join("\t") + "\n");
    const sources = options.files.length === 0 ? ["-"] : options.files;
    // Whole lines not yet submitted, across files (a segment is submitted once it holds SEGMENT_BYTES, so a small
    // input of many files starts no thread either), kept as read and joined once (a pipe delivers 64 KiB at
    // a time).
    let pending: Uint8Array[] = [];
    let pendingBytes = 0;
    const addLines = (part: Uint8Array) => {
      pending.push(part);
      pendingBytes += part.length;
    };
    const submitPending = async () => {
      if (pendingBytes === 0) return;
      const segment = join(pending);
      pending = [];
      pendingBytes = 0;
      await submit(segment);
    };
    // What was read before a file that cannot be read is still written, as each line is its own answer.
    const cannotRead = async (source: string, error: unknown) => {
      await submitPending();
      process.stderr.write(`ada-ffi: cannot read ${source}: ${(error as Error).message}\n`);
      return 1;
    };
    for (const source of sources) {
      const stream: Readable = source === "-"
        ? process.stdin
        : createReadStream(source, { highWaterMark: SEGMENT_BYTES });
      const opened = new Promise<void>((resolve, reject) => {
        stream.once("error", reject);
        if (source === "-") resolve();
        else stream.once("open", () => resolve());
      });
      try {
        await opened;
      } catch (error) {
        return await cannotRead(source, error);
      }
      // The bytes after the last line break so far.
      let carry: Uint8Array[] = [];
      const chunks = (stream as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]();
      for (;;) {
        let next: IteratorResult<Uint8Array>;
        try {
          next = await chunks.next();
        } catch (error) {
          // A read that fails after the open: a directory (EISDIR), an I/O error.
          return await cannotRead(source, error);
        }
        if (next.done) break;
        const chunk = next.value;
        const cut = segmentEnd(chunk);
        if (cut === 0) {
          carry.push(chunk);
          continue;
        }
        for (const part of carry) addLines(part);
        addLines(chunk.subarray(0, cut));
        carry = cut < chunk.length ? [chunk.subarray(cut)] : [];
        if (pendingBytes >= SEGMENT_BYTES) await submitPending();
      }
      // A file's last line ends with the file: a "\n" keeps it apart from the next file's first line (after a
      // lone "\r" it makes "\r\n", still one line break).
      if (carry.length > 0) {
        for (const part of carry) addLines(part);
        addLines(LINE_FEED);
      }
    }
    await submitPending();
    while (written < submitted && failure === undefined) await new Promise<void>((resolve) => (wake = resolve));
    if (failure !== undefined) throw failure;
    await writing;
  } catch (error) {
    process.stderr.write(`ada-ffi: ${(error as Error).message}\n`);
    return 1;
  } finally {
    await jobs?.close();
  }
  if (progress) process.stderr.write(`\r${lines} lines, ${invalid} invalid\n`);
  return 0;
}

/**
 * Where a segment may end in `chunk`: just after its last "\n", or after its last "\r" that is not its last
 * byte (a "\r" at the end may be the first half of a "\r\n"); 0 if nowhere. Never inside a UTF-8 sequence.
 */
function segmentEnd(chunk: Uint8Array): number {
  const lf = chunk.lastIndexOf(0x0a);
  if (lf !== -1) return lf + 1;
  if (chunk.length < 2) return 0;
  const cr = chunk.lastIndexOf(0x0d, chunk.length - 2);
  return cr === -1 ? 0 : cr + 1;
}

/** The load average, or 0 where it cannot be read. */
function loadOrZero(loadAverage: () => number): number {
  try {
    return loadAverage();
  } catch {
    return 0;
  }
}

/** The total size of the inputs when every one is a regular file (not standard input, a pipe or a device). */
function regularFilesSize(files: string[]): number | undefined {
  if (files.length === 0) return undefined;
  let total = 0;
  for (const file of files) {
    if (file === "-") return undefined;
    try {
      const stat = statSync(file);
      if (!stat.isFile()) return undefined;
      total += stat.size;
    } catch {
      return undefined; // reported when it is read
    }
  }
  return total;
}

/** The parts joined into a new array of its own (a worker is handed its buffer). */
function join(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
