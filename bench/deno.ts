/** Benchmark entry for Deno (run with --v8-flags=--expose-gc): the built-in URL vs ours. */
import * as ada from "../runtimes/deno/entry.ts";
import { benchArgs, printResult } from "./args.ts";
import { type Contender, runBench, type UrlClass } from "./harness.ts";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with deno run --v8-flags=--expose-gc");
const { name, lines, rounds } = benchArgs();
printResult(runBench(
  {
    runtime: "deno",
    version: Deno.version.deno,
    gc,
    heapUsed: () => Deno.memoryUsage().heapUsed,
    contenders: [{ name: "built-in", URL: globalThis.URL }, {
      name: "ada-ffi",
      URL: ada.URL as unknown as UrlClass,
      parseMany: ada.parseMany as unknown as Contender["parseMany"],
    }],
  },
  name,
  lines,
  rounds,
));
