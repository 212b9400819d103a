/** Starts the concurrency tests' worker (test/support/parse_worker.ts) on a runtime and collects its answers. */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { ROOT } from "./files.ts";
import { ENTRY, entryUrl, type Runtime } from "./entries.ts";

const WORKER: Record<Runtime, string> = {
  node: "dist/test/support/parse_worker.js",
  deno: "test/support/parse_worker.ts",
  bun: "test/support/parse_worker.ts",
};

/**
 * What a worker answers: each input's href (null when invalid) by URL.parse, by parseMany, and after two setters; and
 * when asked, each relative input's href against its base (see relativeBase).
 */
export interface WorkerResult {
  single: (string | null)[];
  batch: (string | null)[];
  setters: (string | null)[];
  relative: (string | null)[];
}

/** Relative inputs, and the bases they are resolved against: three inputs in a row per base, from bases[shift] on. */
export interface RelativeWork {
  inputs: string[];
  bases: string[];
  shift: number;
}

/** The base relative input i is resolved against. */
export function relativeBase(work: RelativeWork, i: number): string {
  return work.bases[(Math.floor(i / 3) + work.shift) % work.bases.length];
}

/** One worker that loads the runtime's entry itself and parses `inputs`; it is ended once it has answered. */
export function runParseWorker(runtime: Runtime, inputs: string[], relative?: RelativeWork): Promise<WorkerResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(pathToFileURL(join(ROOT, WORKER[runtime])), {
      workerData: { entry: entryUrl(ENTRY[runtime]), inputs, relative },
    });
    worker.once("message", (result) => {
      resolve(result);
      worker.terminate();
    });
    worker.once("error", reject);
    worker.once("exit", (code) => {
      if (code !== 0 && code !== 1) reject(new Error(`worker exited with ${code}`));
    });
  });
}
