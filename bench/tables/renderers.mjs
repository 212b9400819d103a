// The benchmark tables of README.md and docs/, as Markdown, from the results files the benchmarks write
// (bench/common/results_file.mjs). One renderer per table name; bench/tables/main.mjs puts them between the marker
// comments.
// Each table comes with the line that says where its numbers come from: date, command, machine, versions, commit.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));

/** A Markdown table with padded columns (as deno fmt writes them); `right[c]` right-aligns column c. */
export function markdownTable(header, rows, right) {
  const all = [header, ...rows].map((row) => row.map(String));
  const widths = header.map((_, c) => Math.max(3, ...all.map((row) => row[c].length)));
  const line = (row) =>
    `| ${row.map((cell, c) => (right[c] ? cell.padStart(widths[c]) : cell.padEnd(widths[c]))).join(" | ")} |`;
  const rule = `| ${widths.map((w, c) => (right[c] ? `${"-".repeat(w - 1)}:` : "-".repeat(w))).join(" | ")} |`;
  return [line(all[0]), rule, ...all.slice(1).map(line)].join("\n");
}

/** "Node 20.20.2, 22.23.3, 24.21.0, 26.10.0, Deno 2.9.6, Bun 1.4.5" from a results file's versions. */
export function versionsLine(versions) {
  const node = [...new Set(Object.entries(versions).filter(([n]) => n.startsWith("node")).map(([, v]) => v))]
    .sort((a, b) => Number(a.split(".")[0]) - Number(b.split(".")[0]));
  const parts = [];
  if (node.length) parts.push(`Node ${node.join(", ")}`);
  if (versions.deno) parts.push(`Deno ${versions.deno}`);
  if (versions.bun) parts.push(`Bun ${versions.bun}`);
  return parts.join(", ");
}

/** The line above each table: when, how, where and what was measured. */
export function provenance(report) {
  const m = report.machine;
  const commit = report.commit
    ? `; commit ${report.commit.sha.slice(0, 7)}${report.commit.dirty ? " with uncommitted changes" : ""}`
    : "";
  return `Measured ${report.date.slice(0, 10)} with \`${report.command}\` on ${m.cpu} (${m.cores} cores, ` +
    `${m.memoryGB} GB, ${m.platform}-${m.arch}); ${versionsLine(report.versions)}; ada ${report.ada}${commit}.`;
}

const ns = (n) => (n === undefined ? "—" : n >= 100 ? n.toFixed(0) : n.toFixed(1));
const ratio = (a, b) => (a === undefined || b === undefined ? "—" : (a / b).toFixed(2));
const thousands = (n) => (n === undefined ? "—" : Math.round(n).toLocaleString("en-US"));
const count = (n) => Number(n).toLocaleString("en-US");
const rounds = (n) => `${n} round${n === 1 ? "" : "s"}`;

/** "node20" → "Node 20", "node26-koffi" → "Node 26 (koffi)", "deno" → "Deno 2.9" (with its version). */
function runtimeLabel(name, version) {
  const node = name.match(/^node ?(\d+)(?:[- ](koffi))?$/);
  if (node) return `Node ${node[1]}${node[2] ? " (koffi)" : ""}`;
  const short = version ? ` ${version.split(".").slice(0, 2).join(".")}` : "";
  return `${name[0].toUpperCase()}${name.slice(1)}${short}`;
}

const URL_ROWS = [
  ["href", "`new URL(s).href`"],
  ["parseMany", "`parseMany` → href"],
  ["getters4", "`new URL(s)` + 4 getters"],
  ["getters11", "all 11 getters"],
  ["canParse", "`URL.canParse`"],
  ["setSearch", "`url.search = …`"],
  ["relative", "`new URL(rel, base)`"],
  ["heap", "retained bytes per URL"],
];

/** `npm run bench`'s table for one dataset (README keeps kasztp.txt's; docs/performance.md has both). */
export function urlTable(report, datasetName) {
  const dataset = report.datasets.find((d) => d.name === datasetName || d.name === `${datasetName}.txt`);
  if (!dataset) return undefined;
  const names = Object.keys(dataset.runtimes);
  const rows = URL_ROWS.map(([key, label]) => [
    label,
    ...names.map((name) => {
      const r = dataset.runtimes[name];
      if (key === "heap") {
        const h = r.heapBytes ?? {};
        return h["ada-ffi"] === undefined
          ? "—"
          : `${ns(h["ada-ffi"])} vs ${ns(h["built-in"])} (${ratio(h["ada-ffi"], h["built-in"])})`;
      }
      if (key === "parseMany") {
        const batch = r.ns.href?.["ada-ffi parseMany"];
        return batch === undefined
          ? "—"
          : `${ns(batch)} (${ratio(batch, dataset.native.href)} of native, ${
            ratio(batch, r.ns.href["built-in"])
          } of built-in)`;
      }
      const w = r.ns[key] ?? {};
      return w["ada-ffi"] === undefined
        ? "—"
        : `${ns(w["ada-ffi"])} vs ${ns(w["built-in"])} (${ratio(w["ada-ffi"], w["built-in"])})`;
    }),
    key === "heap" ? "" : ns(dataset.native[key === "parseMany" ? "href" : key]),
  ]);
  const header = ["workload", ...names, "native ada"];
  const ffis = names.filter((n) => n.endsWith("-koffi"))
    .map((n) => `\`${n.replace(/-koffi$/, "")}\` calls through \`node:ffi\`, \`${n}\` through koffi`);
  return `${provenance(report)}\n\n\`${dataset.name}\` (${count(dataset.urls)} URLs), ns per URL, ours vs built-in ` +
    `(ratio), median of ${rounds(dataset.rounds)}${ffis.length ? ` (${ffis.join("; ")})` : ""}:\n\n` +
    markdownTable(header, rows, header.map((_, c) => c > 0));
}

/** Issue 35's targets for the Wasm backend: its ns / the built-in's on kasztp.txt, href and 4 getters, at most. */
export function wasmTarget(runtime) {
  if (runtime === "deno") return 0.7;
  const line = runtime.match(/^node(\d+)$/)?.[1];
  if (line === "20" || line === "22") return 1.0;
  if (line !== undefined || runtime === "bun") return 1.5;
  return undefined;
}

const WASM_OTHER_ROWS = ["getters11", "canParse", "setSearch", "relative"];

/**
 * `npm run bench`'s Wasm backend (`ada-ffi/wasm`, the contender "wasm") on kasztp.txt: ns per URL and ratio to the
 * built-in for issue 35's two workloads with the target beside, the other workloads' ratios, and the native backend's
 * href for scale. Undefined (the table kept as it is) for a results file from before the Wasm column. The koffi
 * variants are left out: the Wasm backend does not depend on the FFI.
 */
export function urlWasmTable(report) {
  const dataset = report.datasets.find((d) => d.name === "kasztp.txt");
  if (!dataset) return undefined;
  const names = Object.keys(dataset.runtimes).filter((n) => dataset.runtimes[n].ns.href?.wasm !== undefined)
    .filter((n) => !n.endsWith("-koffi"));
  if (names.length === 0) return undefined;
  const pair = (w) => `${ns(w.wasm)} vs ${ns(w["built-in"])} (${ratio(w.wasm, w["built-in"])})`;
  const met = (w, target) =>
    target === undefined || w.wasm === undefined ? "" : w.wasm / w["built-in"] <= target ? " ✓" : " ✗";
  const rows = names.map((name) => {
    const r = dataset.runtimes[name];
    const target = wasmTarget(name);
    const href = r.ns.href ?? {};
    const g4 = r.ns.getters4 ?? {};
    return [
      runtimeLabel(name, report.versions[name]),
      pair(href) + met(href, target),
      pair(g4) + met(g4, target),
      target === undefined ? "—" : `≤ ${target.toFixed(2)}`,
      ...WASM_OTHER_ROWS.map((key) => ratio(r.ns[key]?.wasm, r.ns[key]?.["built-in"])),
      ratio(href.wasm, href["ada-ffi"]),
    ];
  });
  const header = [
    "runtime",
    "`new URL(s).href`",
    "`new URL(s)` + 4 getters",
    "target",
    "all 11 getters",
    "`URL.canParse`",
    "`url.search = …`",
    "`new URL(rel, base)`",
    "href: Wasm / native",
  ];
  return `${provenance(report)}

\`${dataset.name}\` (${count(dataset.urls)} URLs), the Wasm backend ` +
    `(\`ada-ffi/wasm\`) in the same processes as the other contenders: ns per URL, Wasm vs built-in (ratio), median ` +
    `of ${rounds(dataset.rounds)}; the target is issue 35's, on the ratio of the first two columns (✓ met, ✗ not); ` +
    `the other columns are ratios to the built-in, the last to ada-ffi's native backend:\n\n` +
    markdownTable(header, rows, header.map((_, c) => c > 0));
}

const PARAMS_ROWS = [
  ["get", '`new URL(s).searchParams.get("id")`'],
  ["sustained", "the same, sustained"],
  ["entries", "iterate entries"],
  ["hasGetAll", "`has` + `getAll`"],
  ["setAppendHref", "`set` + `append`, then `href`"],
  ["sortHref", "`sort`, then `href`"],
  ["record5", "`new URLSearchParams({5 keys}).toString()`"],
  ["size", "`.size`"],
  ["parseToString", "`new URLSearchParams(search).toString()`"],
];

/** `npm run bench:params`: ours / built-in on all URLs, the URLs with a query in two rows, the heap. */
export function searchParamsTable(report) {
  const names = Object.keys(report.results);
  const cell = (name, key, set) => {
    const w = report.results[name].ns[`${key} ${set}`] ?? {};
    return ratio(w["ada-ffi"], w["built-in"]);
  };
  const rows = PARAMS_ROWS.map(([key, label]) => [label, ...names.map((n) => cell(n, key, "all"))]);
  rows.push([
    'URLs with a query: `get("id")` / sustained',
    ...names.map((n) => `${cell(n, "get", "query")} / ${cell(n, "sustained", "query")}`),
  ]);
  rows.push([
    "URLs with a query: worst other workload",
    ...names.map((n) => {
      const others = PARAMS_ROWS.filter(([key]) => key !== "get" && key !== "sustained")
        .map(([key, label]) => [Number(cell(n, key, "query")), label])
        .filter(([r]) => !Number.isNaN(r))
        .sort((a, b) => b[0] - a[0]);
      return others.length ? `${others[0][0].toFixed(2)} (${others[0][1]})` : "—";
    }),
  ]);
  for (const [field, label] of [["heapMB", "heap after sustained, MB"], ["peakHeapMB", "peak heap in sustained, MB"]]) {
    rows.push([
      `${label} (ours / built-in)`,
      ...names.map((n) => {
        const h = report.results[n][field]?.all ?? {};
        return `${ns(h["ada-ffi"])} / ${ns(h["built-in"])}`;
      }),
    ]);
  }
  const header = ["workload", ...names.map((n) => runtimeLabel(n, report.versions[n]))];
  const urls = Object.values(report.results)[0]?.urls ?? {};
  return `${provenance(report)}\n\nRatio ada-ffi / built-in, median of ${rounds(report.rounds)}; all ${
    count(urls.all ?? 0)
  } URLs of \`${report.file}\`, and the URLs with a query (${count(urls.query ?? 0)}):\n\n` +
    markdownTable(header, rows, header.map((_, c) => c > 0));
}

/** Issue 35's target: import of `ada-ffi/wasm` to first parse, over the built-in's start-up, at most (ms). */
const WASM_STARTUP_TARGET_MS = 30;

/** `npm run bench:startup`: what importing ada-ffi adds (native; and Wasm where measured), and the built-in's own. */
export function startupTable(report) {
  const hasKoffi = new Set(report.rows.filter((r) => r.name.endsWith(" koffi")).map((r) => r.name.split(" ")[1]));
  const label = (name) => {
    const [, line, koffi] = name.match(/^node (\d+)( koffi)?$/) ?? [];
    if (line === undefined) return runtimeLabel(name);
    return koffi ? `Node ${line} (koffi)` : hasKoffi.has(line) ? `Node ${line} (\`node:ffi\`)` : `Node ${line}`;
  };
  const header = ["", ...report.rows.map((r) => label(r.name))];
  const rows = [
    [
      "added by ada-ffi",
      ...report.rows.map((r) => `${r.oursMs >= r.builtinMs ? "+" : ""}${(r.oursMs - r.builtinMs).toFixed(1)} ms`),
    ],
    ["the built-in alone", ...report.rows.map((r) => `${r.builtinMs.toFixed(1)} ms`)],
  ];
  // The Wasm backend's row (`ada-ffi/wasm`), from results files that have it; issue 35's target beside each figure.
  if (report.rows.some((r) => r.wasmMs !== undefined)) {
    rows.splice(1, 0, [
      `added by \`ada-ffi/wasm\` (target ≤ ${WASM_STARTUP_TARGET_MS} ms)`,
      ...report.rows.map((r) => {
        if (r.wasmMs === undefined) return "—";
        const added = r.wasmMs - r.builtinMs;
        return `${added >= 0 ? "+" : ""}${added.toFixed(1)} ms ${added <= WASM_STARTUP_TARGET_MS ? "✓" : "✗"}`;
      }),
    ]);
  }
  return `${provenance(report)}\n\nMedian of ${report.runs} fresh process${report.runs === 1 ? "" : "es"} each:\n\n` +
    markdownTable(header, rows, header.map((_, c) => c > 0));
}

const PATTERN_WORKLOADS = ["construct", "test", "exec", "router"];

/** `npm run bench:urlpattern`: µs per call and how many times ada-ffi's time the others take. */
export function urlPatternTable(report) {
  const fmt = (n) => (n === undefined ? "—" : n >= 10 ? n.toFixed(1) : n >= 1 ? n.toFixed(2) : n.toFixed(3));
  const rows = [];
  for (const workload of PATTERN_WORKLOADS) {
    Object.entries(report.results).forEach(([runtime, r], i) => {
      const us = r.us[workload] ?? {};
      const ours = us["ada-ffi"];
      const differs = (name) => r.disagree?.[workload]?.includes(name);
      const value = (name) => (differs(name) ? "differs" : fmt(us[name]));
      const times = (name) =>
        us[name] === undefined || ours === undefined || differs(name) ? "—" : `${(us[name] / ours).toFixed(1)}x`;
      rows.push([
        i === 0 ? `\`${workload}\`` : "",
        runtime,
        value("built-in"),
        fmt(ours),
        value("urlpattern-polyfill"),
        times("built-in"),
        times("urlpattern-polyfill"),
      ]);
    });
  }
  const header = [
    "workload",
    "runtime",
    "built-in µs",
    "ada-ffi µs",
    "polyfill µs",
    "built-in / ada-ffi",
    "polyfill / ada-ffi",
  ];
  const urls = Object.values(report.results)[0]?.urls;
  return `${provenance(report)}\n\nµs per call, median of ${rounds(report.rounds)} (${
    count(urls ?? 0)
  } URLs of \`${report.file}\`); "differs": that contender answered differently on the workload's inputs, so it was not timed:\n\n` +
    markdownTable(header, rows, header.map((_, c) => c > 1));
}

/** "9.10" from package.json's pin of a dev dependency. */
function pinnedMinor(name) {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  return (pkg.devDependencies?.[name] ?? "?").split(".").slice(0, 2).join(".");
}

/** Issue 35's target: URLPatternList on the Wasm backend at least this many times faster than the built-in's loop. */
const WASM_ROUTING_TARGET = 10;

/** `npm run bench:routing`: ns per lookup per route set and runtime, and the ratios of issue 34's targets. */
export function routingTable(report) {
  const rows = [];
  const notes = [];
  const sets = Object.keys(Object.values(report.results)[0]?.sets ?? {});
  // URLPatternList on the Wasm backend: two columns, only from results files that have it (older ones render as before).
  const withWasm = Object.values(report.results)
    .some((r) => Object.values(r.sets).some((s) => s.ns["URLPatternList wasm"] !== undefined));
  for (const set of sets) {
    for (const [runtime, r] of Object.entries(report.results)) {
      const s = r.sets[set];
      if (!s) continue;
      const n = s.ns;
      const loop = n["built-in URLPattern loop"];
      const speedup = loop === undefined ? "—" : loop / n["URLPatternList"];
      rows.push([
        count(s.routes),
        runtimeLabel(runtime),
        thousands(n["URLPatternList"]),
        thousands(n["URLPatternList match"]),
        thousands(n["URLPatternList test"]),
        thousands(n["input"]),
        thousands(n["find-my-way"]),
        thousands(n["hono"]),
        thousands(n["rou3"]),
        thousands(loop),
        ratio(n["URLPatternList test"], n["find-my-way"]),
        ratio(n["URLPatternList match"], n["find-my-way"]),
        ratio(n["URLPatternList match"], n["hono"]),
        ratio(n["URLPatternList"], n["find-my-way"]),
        typeof speedup === "number" ? speedup.toFixed(speedup >= 100 ? 0 : 1) : speedup,
      ]);
      if (withWasm) {
        const wasm = n["URLPatternList wasm"];
        const wasmSpeedup = loop === undefined || wasm === undefined ? undefined : loop / wasm;
        rows.at(-1).push(
          thousands(wasm),
          wasmSpeedup === undefined
            ? "—"
            : `${wasmSpeedup.toFixed(wasmSpeedup >= 100 ? 0 : 1)} ${wasmSpeedup >= WASM_ROUTING_TARGET ? "✓" : "✗"}`,
        );
      }
      if (s.hono !== "RegExpRouter") notes.push(`${runtime}, ${s.routes} routes: hono used its ${s.hono}.`);
      for (const [name, k] of Object.entries(s.disagree ?? {})) {
        if (k > 0) {
          notes.push(`${runtime}, ${s.routes} routes: ${name} matched another route on ${k} of ${s.requests}.`);
        }
      }
    }
  }
  const header = [
    "routes",
    "runtime",
    "exec",
    "match",
    "test",
    "input",
    `find-my-way ${pinnedMinor("find-my-way")}`,
    `hono ${pinnedMinor("hono")}`,
    `rou3 ${pinnedMinor("rou3")}`,
    "built-in URLPattern, looped",
    "test / fmw",
    "match / fmw",
    "match / hono",
    "exec / fmw",
    "built-in loop / exec",
    ...(withWasm ? ["exec on Wasm", `built-in loop / Wasm exec (target ≥ ${WASM_ROUTING_TARGET})`] : []),
  ];
  return `${provenance(report)}\n\nns per lookup, median of ${rounds(report.rounds)}; exec, match, test: ` +
    `URLPatternList's; input: preparing the input alone:\n\n` +
    markdownTable(header, rows, header.map((_, c) => c !== 1)) + (notes.length ? `\n\n${notes.join(" ")}` : "");
}

/** Which results file a table name reads, and how it is drawn: undefined for an unknown name. */
export function tableSource(name) {
  if (name === "url-wasm") return { file: "url.json", render: urlWasmTable };
  const url = name.match(/^url-(.+)$/);
  if (url) return { file: "url.json", render: (report) => urlTable(report, url[1]) };
  const fixed = {
    "search-params": { file: "search_params.json", render: searchParamsTable },
    startup: { file: "startup.json", render: startupTable },
    urlpattern: { file: "urlpattern.json", render: urlPatternTable },
    routing: { file: "routing.json", render: routingTable },
  };
  return fixed[name];
}
