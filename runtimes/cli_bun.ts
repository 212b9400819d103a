/** `ada-ffi` on Bun: bun runtimes/cli_bun.ts [options] [file ...] */
import process from "node:process";
import * as api from "./bun.ts";
import { main } from "./cli.ts";

// The entry's own URL, as it runs (runtimes/bun.ts, or dist/runtimes/bun.js), for the --jobs workers.
const apiModule = new URL(`./bun${import.meta.url.endsWith(".ts") ? ".ts" : ".js"}`, import.meta.url).href;
process.exitCode = await main(api, process.argv.slice(2), apiModule);
