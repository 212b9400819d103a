/** `ada-ffi` on Node: node dist/runtimes/cli_node.js [options] [file ...] (the package bin, cli_bin.ts, comes here). */
import process from "node:process";
import * as api from "./node.ts";
import { main } from "./cli.ts";

// The entry's own URL, as it runs (runtimes/node.ts, or dist/runtimes/node.js), for the --jobs workers.
const apiModule = new URL(`./node${import.meta.url.endsWith(".ts") ? ".ts" : ".js"}`, import.meta.url).href;
process.exitCode = await main(api, process.argv.slice(2), apiModule);
