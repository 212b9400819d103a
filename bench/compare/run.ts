/**
 * The A/B benchmark's process, for Node (compiled: dist/bench/compare/run.js, with --expose-gc), Deno (with
 * --v8-flags=--expose-gc) and Bun. bench/compare/main.mjs passes one JSON argument:
 *   { mode: "ab", file, entries: { A, B }, rounds, warmup, batch, workloads }   prints AB_RESULT <json>
 *   { mode: "single", file, entries: { X }, workload, rounds }                 prints AB_SINGLE { checksum, urls, ns }
 * Each entry is the path of one checkout's runtime entry: two copies of the library, two module graphs, two loaded
 * native libraries (each checkout has its own file, so the loader opens both).
 */
import { readFileSync } from "node:fs";
import process from "node:process";
import { pathToFileURL } from "node:url";
import { type AbHost, runAb, runSingle } from "./harness.ts";
import type { Contender, UrlClass } from "../url/harness.ts";

interface RuntimeGlobals {
  gc?: () => void;
  Deno?: { version: { deno: string } };
  Bun?: { version: string; gc(force: boolean): void };
}
const g = globalThis as RuntimeGlobals;

function runtimeFacts(): { runtime: string; version: string; gc: () => void } {
  if (g.Bun) {
    const bun = g.Bun;
    return { runtime: "bun", version: bun.version, gc: () => bun.gc(true) };
  }
  const gc = g.gc;
  if (!gc) throw new Error("run with --expose-gc (Deno: --v8-flags=--expose-gc)");
  return g.Deno
    ? { runtime: "deno", version: g.Deno.version.deno, gc }
    : { runtime: "node", version: process.version, gc };
}

async function contender(name: string, entry: string): Promise<Contender> {
  const ada = await import(pathToFileURL(entry).href);
  return { name, URL: ada.URL as UrlClass, parseMany: ada.parseMany as Contender["parseMany"] };
}

const config = JSON.parse(process.argv[2]);
const lines = readFileSync(config.file, "utf8").split(/\r?\n/).filter((l) => l !== "");
const facts = runtimeFacts();
const builtin: Contender = { name: "built-in", URL: globalThis.URL as unknown as UrlClass };
if (config.mode === "single") {
  const host: AbHost = { ...facts, contenders: [builtin, await contender("X", config.entries.X)] };
  process.stdout.write("AB_SINGLE " + JSON.stringify(runSingle(host, lines, config.workload, config.rounds)) + "\n");
} else {
  const host: AbHost = {
    ...facts,
    contenders: [builtin, await contender("A", config.entries.A), await contender("B", config.entries.B)],
  };
  if (host.contenders[1].URL === host.contenders[2].URL) throw new Error("A and B loaded the same module");
  process.stdout.write("AB_RESULT " + JSON.stringify(runAb(host, lines, config)) + "\n");
}
