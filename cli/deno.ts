/** `ada-ffi` on Deno: deno run --allow-ffi --allow-read cli/deno.ts [options] [file ...] */
import process from "node:process";
import * as api from "../runtimes/deno/entry.ts";
import { main } from "./main.ts";

// The entry's own URL, as it runs (runtimes/deno/entry.ts, or dist/runtimes/deno/entry.js), for the --jobs workers.
const apiModule =
  new URL(`../runtimes/deno/entry${import.meta.url.endsWith(".ts") ? ".ts" : ".js"}`, import.meta.url).href;
// node:os's loadavg() needs --allow-sys, and without it may prompt: read only when already granted.
const loadAverage = (): number =>
  Deno.permissions.querySync({ name: "sys", kind: "loadavg" }).state === "granted" ? Deno.loadavg()[0] : 0;
process.exitCode = await main(api, process.argv.slice(2), apiModule, loadAverage);
