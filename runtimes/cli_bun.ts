/** `ada-ffi` on Bun: bun runtimes/cli_bun.ts [options] [file ...] */
import process from "node:process";
import * as api from "./bun.ts";
import { main } from "./cli.ts";

process.exitCode = await main(api, process.argv.slice(2));
