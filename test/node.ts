/** Runs the whole suite on node. */
import * as api from "../runtimes/node/entry.ts";
import { registerAll } from "./suites/all.ts";

registerAll(api, "node");
