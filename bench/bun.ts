/** Benchmark entry for Bun: the built-in URL vs ours. */
import { heapSize } from "bun:jsc";
import * as ada from "../dist/runtimes/bun/entry.js"; // as the package ships it (tools/bundle_entries.mjs)
import { benchArgs, printResult } from "./args.ts";
import { type Contender, runBench, type UrlClass } from "./harness.ts";

const { name, lines, rounds } = benchArgs();
printResult(runBench(
  {
    runtime: "bun",
    version: Bun.version,
    gc: () => Bun.gc(true),
    heapUsed: () => heapSize(),
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
