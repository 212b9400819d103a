/** Runs the whole suite on deno. */
import * as api from "../runtimes/deno/entry.ts";
import { registerAll } from "./suites/all.ts";

registerAll(api, "deno");
