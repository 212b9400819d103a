/** `ada-ffi` on Deno: deno run --allow-ffi --allow-read runtimes/cli_deno.ts [options] [file ...] */
import process from "node:process";
import * as api from "./deno.ts";
import { main } from "./cli.ts";

process.exitCode = await main(api, process.argv.slice(2));
