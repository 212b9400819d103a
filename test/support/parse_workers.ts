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

/** What a worker answers: each input's href (null when invalid) by URL.parse, by parseMany, and after two setters. */
export interface WorkerResult {
  single: (string | null)[];
  batch: (string | null)[];
  setters: (string | null)[];
}

/** One worker that loads the runtime's entry itself and parses `inputs`; it is ended once it has answered. */
export function runParseWorker(runtime: Runtime, inputs: string[]): Promise<WorkerResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(pathToFileURL(join(ROOT, WORKER[runtime])), {
      workerData: { entry: entryUrl(ENTRY[runtime]), inputs },
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
