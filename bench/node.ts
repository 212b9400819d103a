/** Benchmark entry for Node (run compiled, with --expose-gc): the built-in URL vs ours. */
import process from "node:process";
import * as ada from "../runtimes/node/entry.ts";
import { benchArgs, printResult } from "./args.ts";
import { type Contender, runBench, type UrlClass } from "./harness.ts";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc");
const { name, lines, rounds } = benchArgs();
printResult(runBench(
  {
    runtime: "node",
    version: process.version,
    gc,
    heapUsed: () => process.memoryUsage().heapUsed,
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
