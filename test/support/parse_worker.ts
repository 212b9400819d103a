/** A worker for the concurrency test: loads the runtime's entry point itself and parses what it is sent. */
import { parentPort, workerData } from "node:worker_threads";

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
parentPort!.postMessage({ single, batch, setters });
