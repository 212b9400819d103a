/** URLPattern benchmark entry for Node: the built-in URLPattern (where there is one) vs ours vs urlpattern-polyfill. */
import process from "node:process";
import * as ada from "../runtimes/node.ts";
import { URLPattern as Polyfill } from "urlpattern-polyfill/urlpattern";
import { benchArgs } from "./args.ts";
import { type PatternClass, type PatternContender, runPatternBench } from "./urlpattern_harness.ts";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc");
const { lines, rounds } = benchArgs();
const builtIn = (globalThis as { URLPattern?: PatternClass }).URLPattern;
const contenders: PatternContender[] = [
  ...(builtIn ? [{ name: "built-in", URLPattern: builtIn }] : []),
  { name: "ada-ffi", URLPattern: ada.URLPattern as unknown as PatternClass },
  { name: "urlpattern-polyfill", URLPattern: Polyfill as unknown as PatternClass },
];
const result = runPatternBench({ runtime: "node", version: process.version, gc, contenders }, lines, rounds);
console.log("PATTERN_RESULT " + JSON.stringify(result));
