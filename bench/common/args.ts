/** Command-line arguments and output shared by the per-runtime benchmark entries. */
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import process from "node:process";
import type { BenchResult } from "../url/harness.ts";

export interface BenchArgs {
  dataset: string;
  name: string;
  lines: string[];
  rounds: number;
}

/** `<entry> <urls-file> [rounds]` */
export function benchArgs(): BenchArgs {
  const [file, rounds] = process.argv.slice(2).filter((a) => !a.startsWith("-"));
  if (!file) throw new Error("usage: <bench entry> <urls-file> [rounds]");
  const lines = readFileSync(file, "utf8").split(/\r?\n/).filter((l) => l !== "");
  return { dataset: file, name: basename(file), lines, rounds: Number(rounds ?? 15) };
}

/** One line the driver (bench/url/main.mjs) picks out of the output. */
export function printResult(result: BenchResult): void {
  console.log("BENCH_RESULT " + JSON.stringify(result));
}
