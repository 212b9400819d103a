/** Runs the whole suite on bun. */
import * as api from "../runtimes/bun.ts";
import { registerAll } from "./suites/all.ts";

registerAll(api, "bun");
