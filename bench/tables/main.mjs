#!/usr/bin/env node
// `npm run bench:tables`: writes the benchmark tables of README.md and docs/*.md, and bench/chart.svg, from the results
// files the benchmarks wrote (bench/results/<name>.json, bench/common/results_file.mjs), so that a table cannot drift
// from its run. A table lives between two marker comments naming it, each on a line of its own:
//
//   <!-- bench:routing -->
//   (generated: the provenance line and the table)
//   <!-- /bench:routing -->
//
// Names: url-<dataset> (url.json, e.g. url-kasztp), search-params, startup, urlpattern, routing
// (bench/tables/renderers.mjs).
// A table whose results file is missing, or of an older layout, keeps what it has (and is listed as kept).
//
//   node bench/tables/main.mjs [--check] [--results DIR]
//   --check: change nothing; exit 1 if a file or the chart is not what the results give (npm test runs it).
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { renderChart } from "./chart.mjs";
import { RESULTS_SCHEMA, resultsDir } from "../common/results_file.mjs";
import { tableSource } from "./renderers.mjs";

const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
/** A marker is a line of its own (a mention inside a sentence or code is not one). */
const MARKER = /^<!-- (\/?)bench:([\w.-]+) -->$/gm;

/**
 * Replaces the content of every marked block of `text` with `render(name)` (a string), or keeps it where `render`
 * returns undefined. Throws on a block that is not closed, closed twice, nested or unknown to `isKnown`.
 */
export function replaceBlocks(text, render, isKnown = () => true) {
  const marks = [...text.matchAll(MARKER)].map((m) => ({
    close: m[1] === "/",
    name: m[2],
    start: m.index,
    end: m.index + m[0].length,
  }));
  let out = "";
  let at = 0;
  for (let i = 0; i < marks.length; i += 2) {
    const open = marks[i];
    const close = marks[i + 1];
    if (open.close) throw new Error(`<!-- /bench:${open.name} --> closes no block`);
    if (!isKnown(open.name)) throw new Error(`unknown table <!-- bench:${open.name} -->`);
    if (!close || !close.close || close.name !== open.name) {
      throw new Error(
        `<!-- bench:${open.name} --> is not closed by <!-- /bench:${open.name} --> before the next marker`,
      );
    }
    const rendered = render(open.name);
    out += text.slice(at, open.end);
    out += rendered === undefined ? text.slice(open.end, close.start) : `\n\n${rendered.trim()}\n\n`;
    at = close.start;
  }
  return out + text.slice(at);
}

/** Prose paragraphs of `markdown` wrapped at `width` (as the docs are written); tables left as they are. */
export function wrapProse(markdown, width = 120) {
  return markdown.split("\n\n").map((paragraph) => {
    if (paragraph.startsWith("|")) return paragraph;
    const lines = [];
    let line = "";
    for (const word of paragraph.split(/\s+/)) {
      if (line && line.length + 1 + word.length > width) {
        lines.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    return [...lines, line].join("\n");
  }).join("\n\n");
}

/** The names of the marked blocks of `text`, in order. */
export function blockNames(text) {
  return [...text.matchAll(MARKER)].filter((m) => m[1] === "").map((m) => m[2]);
}

/** A results file's report, or a reason it cannot be used. */
export function readReport(dir, file) {
  const path = join(dir, file);
  if (!existsSync(path)) return { reason: `no ${file}` };
  const report = JSON.parse(readFileSync(path, "utf8"));
  if (report.schema !== RESULTS_SCHEMA) {
    return { reason: `${file} is of an older layout (no schema ${RESULTS_SCHEMA})` };
  }
  return { report };
}

/** The Markdown files that may hold tables: README.md and docs/*.md. */
function markdownFiles() {
  const docs = readdirSync(join(root, "docs")).filter((f) => f.endsWith(".md")).map((f) => join("docs", f));
  return ["README.md", ...docs];
}

function main(argv) {
  const check = argv.includes("--check");
  const resultsArg = argv.indexOf("--results");
  const dir = resultsArg === -1 ? resultsDir() : argv[resultsArg + 1];
  const written = [];
  const kept = [];
  const stale = [];
  for (const file of markdownFiles()) {
    const path = join(root, file);
    const text = readFileSync(path, "utf8");
    if (blockNames(text).length === 0) continue;
    const next = replaceBlocks(text, (name) => {
      const source = tableSource(name);
      const { report, reason } = readReport(dir, source.file);
      const table = report && source.render(report);
      if (table === undefined) kept.push(`${file} ${name}: ${reason ?? `no such table in ${source.file}`}`);
      else written.push(`${file} ${name}`);
      return table === undefined ? undefined : wrapProse(table);
    }, (name) => tableSource(name) !== undefined);
    if (next === text) continue;
    if (check) stale.push(file);
    else writeFileSync(path, next);
  }
  const url = readReport(dir, "url.json").report;
  if (url) {
    const chart = renderChart(url);
    const chartPath = join(root, "bench", "chart.svg");
    if (readFileSync(chartPath, "utf8") !== chart) {
      if (check) stale.push("bench/chart.svg");
      else writeFileSync(chartPath, chart);
    }
    written.push("bench/chart.svg");
  } else kept.push("bench/chart.svg: no url.json");
  for (const w of written) console.log(`${check ? "from results" : "written"}: ${w}`);
  for (const k of kept) console.log(`kept as it is: ${k}`);
  if (check && stale.length) {
    console.log(`not what the results give (run npm run bench:tables): ${stale.join(", ")}`);
    return 1;
  }
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(main(process.argv.slice(2)));
