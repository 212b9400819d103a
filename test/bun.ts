/** Runs the whole suite on bun. */
// The entry as the package ships it for Bun (tools/bundle_entries.mjs).
import * as api from "../dist/runtimes/bun/entry.js";
import { registerAll } from "./suites/all.ts";

registerAll(api, "bun");
