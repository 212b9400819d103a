/**
 * The URL benchmark, runtime-neutral: workloads × contenders, interleaved, order rotated every round,
 * garbage collected between rounds, medians over the rounds. Each runtime's entry (bench/url/node.ts,
 * bench/url/deno.ts, bench/url/bun.ts) supplies the host facts and prints the JSON this returns.
 */
import { checkTwoBackends, median, type OurEntry } from "../common/harness.ts";

/** The shape shared by the built-in URL and ours (what the workloads touch). */
export interface UrlLike {
  href: string;
  origin: string;
  protocol: string;
  username: string;
  password: string;
  host: string;
  hostname: string;
  port: string;
  pathname: string;
  search: string;
  hash: string;
}
export interface UrlClass {
  new (input: string, base?: string): UrlLike;
  canParse(input: string, base?: string): boolean;
}

export interface Contender {
  name: string;
  URL: UrlClass;
  /** Optional bulk parser (our parseMany): returns one URL (or null) per input. */
  parseMany?: (inputs: string[], base?: string) => (UrlLike | null)[];
}

/**
 * Our two contenders, native and Wasm, from two entries of the package imported into one process. They must be two
 * module graphs (two copies of ffi/, each with its own installed binding): were they one, the Wasm entry's install
 * would replace the native one's and both columns would measure the same backend. Each entry's nativeLibrary() says
 * which backend its URL runs on; this throws unless native says a native FFI and Wasm says "wasm".
 */
export function ourContenders(native: OurEntry, wasm: OurEntry): Contender[] {
  checkTwoBackends(native, wasm);
  return [
    { name: "ada-ffi", URL: native.URL as UrlClass, parseMany: native.parseMany as Contender["parseMany"] },
    { name: "wasm", URL: wasm.URL as UrlClass, parseMany: wasm.parseMany as Contender["parseMany"] },
  ];
}

export interface Host {
  runtime: string;
  version: string;
  gc(): void;
  heapUsed(): number;
  contenders: Contender[];
}

export interface BenchResult {
  runtime: string;
  version: string;
  dataset: string;
  urls: number;
  rounds: number;
  /** workload -> contender -> median ns per URL */
  ns: Record<string, Record<string, number>>;
  /** contender -> retained heap bytes per URL object */
  heapBytes: Record<string, number>;
}

const BASE = "https://example.com/dir/page?q#h";
const HEAP_OBJECTS = 100_000;

type Workload = (c: Contender, urls: string[], relatives: string[]) => number;

/**
 * Loop bodies over `urls` (or `relatives`), accumulating into `acc`: a checksum, so no engine can drop
 * the work. Each contender gets its own compiled copy (see compile()), so every property access site
 * sees one class only, as in a real program, instead of a polymorphic site shared by all contenders.
 */
export const WORKLOAD_BODIES: Record<string, string> = {
  href: "for (let i = 0; i < urls.length; i++) acc += new URL(urls[i]).href.length;",
  getters4: `for (let i = 0; i < urls.length; i++) {
    const u = new URL(urls[i]);
    acc += u.hostname.length + u.pathname.length + u.search.length + u.protocol.length;
  }`,
  getters11: `for (let i = 0; i < urls.length; i++) {
    const u = new URL(urls[i]);
    acc += u.href.length + u.origin.length + u.protocol.length + u.username.length + u.password.length +
      u.host.length + u.hostname.length + u.port.length + u.pathname.length + u.search.length + u.hash.length;
  }`,
  canParse: "for (let i = 0; i < urls.length; i++) if (URL.canParse(urls[i])) acc++;",
  setSearch: `for (let i = 0; i < urls.length; i++) {
    const u = new URL(urls[i]);
    u.search = "?q=1";
    acc += u.href.length;
  }`,
  relative: "for (let i = 0; i < relatives.length; i++) acc += new URL(relatives[i], BASE).href.length;",
};

export function compile(body: string): Workload {
  const fn = new Function("URL", "urls", "relatives", "BASE", `let acc = 0;\n${body}\nreturn acc;`);
  return (c, urls, relatives) => fn(c.URL, urls, relatives, BASE);
}

/** The batch API on the first workload's question (href of every URL). */
const BATCH_WORKLOAD = "href";
export function batchHref(c: Contender, urls: string[]): number {
  let acc = 0;
  for (const u of c.parseMany!(urls)) if (u !== null) acc += u.href.length;
  return acc;
}

/** Whether a contender supports a workload (ours may lack setters until they exist). */
export function supports(c: Contender, workload: string): boolean {
  if (workload !== "setSearch") return true;
  const d = Object.getOwnPropertyDescriptor(c.URL.prototype, "search");
  return typeof d?.set === "function";
}

/** Retained heap per URL object with HEAP_OBJECTS of them alive; the input strings already exist. */
function retainedBytes(host: Host, c: Contender, urls: string[]): number {
  const keep: UrlLike[] = new Array(HEAP_OBJECTS);
  host.gc();
  const before = host.heapUsed();
  for (let i = 0; i < HEAP_OBJECTS; i++) keep[i] = new c.URL(urls[i % urls.length]);
  host.gc();
  const after = host.heapUsed();
  if (keep.length !== HEAP_OBJECTS) throw new Error("unreachable");
  return (after - before) / HEAP_OBJECTS;
}

export function runBench(host: Host, dataset: string, lines: string[], rounds: number): BenchResult {
  // Only URLs every contender accepts: the built-ins disagree with the current spec on some inputs.
  const urls = lines.filter((s) => host.contenders.every((c) => c.URL.canParse(s)));
  const builtin = host.contenders[0].URL;
  const relatives = urls.map((s) => {
    const u = new builtin(s);
    return u.pathname + u.search;
  });

  const samples: Record<string, Record<string, number[]>> = {};
  const jobs: { workload: string; contender: Contender; run: () => number }[] = [];
  for (const [workload, body] of Object.entries(WORKLOAD_BODIES)) {
    samples[workload] = {};
    for (const c of host.contenders) {
      if (!supports(c, workload)) continue;
      samples[workload][c.name] = [];
      const fn = compile(body);
      jobs.push({ workload, contender: c, run: () => fn(c, urls, relatives) });
    }
  }
  for (const c of host.contenders) {
    if (!c.parseMany) continue;
    const name = `${c.name} parseMany`;
    samples[BATCH_WORKLOAD][name] = [];
    jobs.push({ workload: BATCH_WORKLOAD, contender: { ...c, name }, run: () => batchHref(c, urls) });
  }

  const warmup = 2;
  for (let round = 0; round < rounds + warmup; round++) {
    host.gc();
    // Rotate the order each round so no contender always runs first (or right after a GC).
    for (let k = 0; k < jobs.length; k++) {
      const job = jobs[(k + round) % jobs.length];
      const start = performance.now();
      const checksum = job.run();
      const elapsed = performance.now() - start;
      if (checksum <= 0) throw new Error(`${job.contender.name} ${job.workload}: checksum ${checksum}`);
      if (round >= warmup) samples[job.workload][job.contender.name].push((elapsed * 1e6) / urls.length);
    }
  }

  const ns: BenchResult["ns"] = {};
  for (const [workload, byContender] of Object.entries(samples)) {
    ns[workload] = {};
    for (const [name, values] of Object.entries(byContender)) ns[workload][name] = Math.round(median(values) * 10) / 10;
  }
  const heapBytes: Record<string, number> = {};
  for (const c of host.contenders) {
    const values = [0, 1, 2].map(() => retainedBytes(host, c, urls));
    heapBytes[c.name] = Math.round(median(values));
  }
  return { runtime: host.runtime, version: host.version, dataset, urls: urls.length, rounds, ns, heapBytes };
}
