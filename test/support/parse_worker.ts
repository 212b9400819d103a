/** A worker for the concurrency test: loads the runtime's entry point itself and parses what it is sent. */
import { parentPort, workerData } from "node:worker_threads";
import { relativeBase, type RelativeWork } from "./parse_workers.ts";

const api = await import(workerData.entry);
const inputs: string[] = workerData.inputs;
const single = inputs.map((s) => api.URL.parse(s)?.href ?? null);
const batch = api.parseMany(inputs).map((u: { href: string } | null) => u?.href ?? null);
const setters = inputs.map((s) => {
  const url = api.URL.parse(s);
  if (url === null) return null;
  url.search = "?worker=1";
  url.hash = "w";
  return url.href;
});
// Against bases that change every three inputs, so the native memo of the last base both hits and misses.
const work: RelativeWork | undefined = workerData.relative;
const relative = work === undefined
  ? []
  : work.inputs.map((s, i) => api.URL.parse(s, relativeBase(work, i))?.href ?? null);
parentPort!.postMessage({ single, batch, setters, relative });
