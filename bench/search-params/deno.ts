/** URLSearchParams benchmark entry for Deno (run with --v8-flags=--expose-gc): the built-in vs ours. */
import * as ada from "../../runtimes/deno/entry.ts";
import { benchArgs } from "../common/args.ts";
import { type ParamsContender, runParamsBench } from "./harness.ts";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with deno run --v8-flags=--expose-gc");
const { lines, rounds } = benchArgs();
const contenders = [
  { name: "built-in", URL: globalThis.URL, URLSearchParams: globalThis.URLSearchParams },
  { name: "ada-ffi", URL: ada.URL, URLSearchParams: ada.URLSearchParams },
] as unknown as ParamsContender[];
const heapUsed = () => Deno.memoryUsage().heapUsed;
const result = runParamsBench({ runtime: "deno", version: Deno.version.deno, gc, heapUsed, contenders }, lines, rounds);
console.log("PARAMS_RESULT " + JSON.stringify(result));
