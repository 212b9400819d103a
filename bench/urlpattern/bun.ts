/** URLPattern benchmark entry for Bun: the built-in URLPattern (where there is one) vs ours vs urlpattern-polyfill. */
import * as ada from "../../dist/runtimes/bun/entry.js"; // as the package ships it (tools/bundle_entries.mjs)
import { URLPattern as Polyfill } from "urlpattern-polyfill/urlpattern";
import { benchArgs } from "../common/args.ts";
import { patternContenders, runPatternBench } from "./harness.ts";

const gc = () => Bun.gc(true);
const { lines, rounds } = benchArgs();
const contenders = patternContenders(ada.URLPattern, Polyfill);
const result = runPatternBench({ runtime: "bun", version: Bun.version, gc, contenders }, lines, rounds);
console.log("PATTERN_RESULT " + JSON.stringify(result));
