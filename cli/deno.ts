/** `ada-ffi` on Deno: deno run --allow-ffi --allow-read cli/deno.ts [options] [file ...] */
import process from "node:process";
import * as api from "../runtimes/deno/entry.ts";
import { main } from "./main.ts";

// The entry's own URL, as it runs (runtimes/deno/entry.ts, or dist/runtimes/deno/entry.js), for the --jobs workers.
const apiModule =
  new URL(`../runtimes/deno/entry${import.meta.url.endsWith(".ts") ? ".ts" : ".js"}`, import.meta.url).href;
process.exitCode = await main(api, process.argv.slice(2), apiModule);
