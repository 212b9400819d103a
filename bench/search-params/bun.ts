/** URLSearchParams benchmark entry for Bun: the built-in vs ours. */
import { heapSize } from "bun:jsc";
import * as ada from "../../dist/runtimes/bun/entry.js"; // as the package ships it (tools/bundle_entries.mjs)
import { benchArgs } from "../common/args.ts";
import { type ParamsContender, runParamsBench } from "./harness.ts";

const { lines, rounds } = benchArgs();
const contenders = [
  { name: "built-in", URL: globalThis.URL, URLSearchParams: globalThis.URLSearchParams },
  { name: "ada-ffi", URL: ada.URL, URLSearchParams: ada.URLSearchParams },
] as unknown as ParamsContender[];
const gc = () => Bun.gc(true);
const result = runParamsBench(
  { runtime: "bun", version: Bun.version, gc, heapUsed: heapSize, contenders },
  lines,
  rounds,
);
console.log("PARAMS_RESULT " + JSON.stringify(result));
