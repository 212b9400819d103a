/** URLPattern benchmark entry for Deno: the built-in URLPattern (where there is one) vs ours vs urlpattern-polyfill. */
import * as ada from "../runtimes/deno.ts";
import { URLPattern as Polyfill } from "urlpattern-polyfill/urlpattern";
import { benchArgs } from "./args.ts";
import { type PatternClass, type PatternContender, runPatternBench } from "./urlpattern_harness.ts";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with deno run --v8-flags=--expose-gc");
const { lines, rounds } = benchArgs();
const builtIn = (globalThis as { URLPattern?: PatternClass }).URLPattern;
const contenders: PatternContender[] = [
  ...(builtIn ? [{ name: "built-in", URLPattern: builtIn }] : []),
  { name: "ada-ffi", URLPattern: ada.URLPattern as unknown as PatternClass },
  { name: "urlpattern-polyfill", URLPattern: Polyfill as unknown as PatternClass },
];
const result = runPatternBench({ runtime: "deno", version: Deno.version.deno, gc, contenders }, lines, rounds);
console.log("PATTERN_RESULT " + JSON.stringify(result));
