/** `ada-ffi` on Node: node dist/runtimes/cli_node.js [options] [file ...] (the package bin, cli_bin.ts, comes here). */
import process from "node:process";
import * as api from "./node.ts";
import { main } from "./cli.ts";

process.exitCode = await main(api, process.argv.slice(2));
