/** URLPattern benchmark entry for Node: the built-in URLPattern (where there is one) vs ours vs urlpattern-polyfill. */
import process from "node:process";
import * as ada from "../../runtimes/node/entry.ts";
import { URLPattern as Polyfill } from "urlpattern-polyfill/urlpattern";
import { benchArgs } from "../common/args.ts";
import { patternContenders, runPatternBench } from "./harness.ts";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc");
const { lines, rounds } = benchArgs();
const contenders = patternContenders(ada.URLPattern, Polyfill);
const result = runPatternBench({ runtime: "node", version: process.version, gc, contenders }, lines, rounds);
console.log("PATTERN_RESULT " + JSON.stringify(result));
