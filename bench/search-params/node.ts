/** URLSearchParams benchmark entry for Node (run compiled, with --expose-gc): the built-in vs ours. */
import process from "node:process";
import * as ada from "../../runtimes/node/entry.ts";
import { benchArgs } from "../common/args.ts";
import { type ParamsContender, runParamsBench } from "./harness.ts";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc");
const { lines, rounds } = benchArgs();
const contenders = [
  { name: "built-in", URL: globalThis.URL, URLSearchParams: globalThis.URLSearchParams },
  { name: "ada-ffi", URL: ada.URL, URLSearchParams: ada.URLSearchParams },
] as unknown as ParamsContender[];
const heapUsed = () => process.memoryUsage().heapUsed;
const result = runParamsBench({ runtime: "node", version: process.version, gc, heapUsed, contenders }, lines, rounds);
console.log("PARAMS_RESULT " + JSON.stringify(result));
