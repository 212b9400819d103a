/** `ada-ffi` on Deno: deno run --allow-ffi --allow-read runtimes/cli_deno.ts [options] [file ...] */
import process from "node:process";
import * as api from "./deno.ts";
import { main } from "./cli.ts";

// The entry's own URL, as it runs (runtimes/deno.ts, or dist/runtimes/deno.js), for the --jobs workers.
const apiModule = new URL(`./deno${import.meta.url.endsWith(".ts") ? ".ts" : ".js"}`, import.meta.url).href;
process.exitCode = await main(api, process.argv.slice(2), apiModule);
