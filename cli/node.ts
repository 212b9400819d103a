/** `ada-ffi` on Node: node dist/cli/node.js [options] [file ...] (the package bin, cli/bin.ts, comes here). */
import process from "node:process";
import * as api from "../runtimes/node/entry.ts";
import { main } from "./main.ts";

// The entry's own URL, as it runs (runtimes/node/entry.ts, or dist/runtimes/node/entry.js), for the --jobs workers.
const apiModule =
  new URL(`../runtimes/node/entry${import.meta.url.endsWith(".ts") ? ".ts" : ".js"}`, import.meta.url).href;
process.exitCode = await main(api, process.argv.slice(2), apiModule);
