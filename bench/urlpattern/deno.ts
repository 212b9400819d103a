/** URLPattern benchmark entry for Deno: the built-in URLPattern (where there is one) vs ours vs urlpattern-polyfill. */
import * as ada from "../../runtimes/deno/entry.ts";
import { URLPattern as Polyfill } from "urlpattern-polyfill/urlpattern";
import { benchArgs } from "../common/args.ts";
import { patternContenders, runPatternBench } from "./harness.ts";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with deno run --v8-flags=--expose-gc");
const { lines, rounds } = benchArgs();
const contenders = patternContenders(ada.URLPattern, Polyfill);
const result = runPatternBench({ runtime: "deno", version: Deno.version.deno, gc, contenders }, lines, rounds);
console.log("PATTERN_RESULT " + JSON.stringify(result));
