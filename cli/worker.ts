/**
 * A worker of the `ada-ffi` command (`--jobs`). Its first message names this runtime's ada-ffi entry (a
 * module URL) and the output options; every later one is a segment of input lines, answered with its output
 * (cli/format.ts) as UTF-8 bytes whose buffer is transferred, not copied; `{ close: true }` is
 * answered with `{ closed: true }` once the segments before it are answered.
 *
 * It runs as a web Worker where the runtime has one (Deno, Bun: `node:worker_threads` copies messages on
 * Deno, 43 ms per 1 MiB round trip against 0.05) and as a `node:worker_threads` worker on Node; it answers on
 * whichever channel its first message came through.
 */
import { parentPort } from "node:worker_threads";
import { type Api, formatLines, type FormatOptions, splitLines } from "./format.ts";

type Reply = (message: unknown, transfer: ArrayBuffer[]) => void;
interface Segment {
  seq: number;
  bytes: Uint8Array;
}

let setup: Promise<{ api: Api; options: FormatOptions }> | undefined;
let channel: "node" | "web" | undefined;
const encoder = new TextEncoder();

function receive(
  data: { init?: { apiModule: string; options: FormatOptions }; close?: boolean } & Partial<Segment>,
  reply: Reply,
) {
  if (data.close) {
    // After the segments before it (their answers are chained on the same promise): the main thread may end us.
    (setup ?? Promise.resolve()).then(() => reply({ closed: true }, []), () => reply({ closed: true }, []));
    return;
  }
  if (data.init !== undefined) {
    const { apiModule, options } = data.init;
    setup = import(apiModule).then((api: Api) => ({ api, options }));
    return;
  }
  const { seq, bytes } = data as Segment;
  setup!.then(({ api, options }) => {
    const lines = splitLines(bytes);
    const { out, invalid } = formatLines(api, lines, options);
    const encoded = encoder.encode(out);
    reply({ seq, out: encoded, lines: lines.length, invalid }, [encoded.buffer as ArrayBuffer]);
  });
}

parentPort?.on("message", (data) => {
  if (channel === "web") return;
  channel = "node";
  receive(data, (message, transfer) => parentPort!.postMessage(message, transfer));
});
const scope = globalThis as unknown as {
  addEventListener?: (type: string, listener: (event: { data: unknown }) => void) => void;
  postMessage?: (message: unknown, transfer: ArrayBuffer[]) => void;
};
if (typeof scope.addEventListener === "function" && typeof scope.postMessage === "function") {
  scope.addEventListener("message", (event) => {
    if (channel === "node") return;
    channel = "web";
    receive(event.data as Parameters<typeof receive>[0], (message, transfer) => scope.postMessage!(message, transfer));
  });
}
