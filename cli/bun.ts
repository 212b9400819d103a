/** `ada-ffi` on Bun: bun cli/bun.ts [options] [file ...] */
import process from "node:process";
import * as api from "../runtimes/bun/entry.ts";
import { main } from "./main.ts";

// The entry's own URL, as it runs (runtimes/bun/entry.ts, or dist/runtimes/bun/entry.js), for the --jobs workers.
const apiModule =
  new URL(`../runtimes/bun/entry${import.meta.url.endsWith(".ts") ? ".ts" : ".js"}`, import.meta.url).href;
process.exitCode = await main(api, process.argv.slice(2), apiModule);
