#!/usr/bin/env node
// The release files, checked in every `npm test` (a few seconds): the release workflow passes the pinned actionlint
// and runs what it must; package.json and deno.json carry what the registries show, with types for every export; the
// versions agree and CHANGELOG.md has the version's entry; the npm package's file list holds what it must and nothing
// else; the benchmark tables in README.md and docs/ are what their results files give, and the table writer
// (bench/tables/main.mjs) draws the fixture results (test/data/bench_results/) as it should.
// Ends with `N passed, N failed`.
//
//   node test/release_files_check.mjs [--all-prebuilds]   (--all-prebuilds: the seven libraries must be in the package)
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { PREBUILT_TARGETS } from "../native/prebuilt_targets.mjs";
import { runActionlint } from "../tools/actionlint.mjs";
import { blockNames, readReport, replaceBlocks, wrapProse } from "../bench/tables/main.mjs";
import { markdownTable, tableSource } from "../bench/tables/renderers.mjs";
import { check, finish, sh } from "./support/checks.mjs";
import { readCheckSummary } from "./support/check_summary.mjs";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const read = (path) => readFileSync(join(root, path), "utf8");
const json = (path) => JSON.parse(read(path));
const pkg = json("package.json");
const deno = json("deno.json");
const workflow = read(".github/workflows/release.yml");
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const allPrebuilds = process.argv.includes("--all-prebuilds");

console.log("release workflow:");
check("actionlint (pinned, tools/actionlint-requirements.txt) passes .github/workflows/", () => {
  const { status, out } = runActionlint();
  return status === 0 ? true : out;
});
check("third-party actions are pinned by full commit SHA, with their tag beside it", () => {
  const uses = [...workflow.matchAll(/uses:\s*(\S+)(.*)/g)];
  const loose = uses.filter(([, ref, rest]) => !/^[\w.-]+\/[\w.-]+@[0-9a-f]{40}$/.test(ref) || !/# v\d/.test(rest));
  return uses.length > 0 && loose.length === 0 ? true : `not pinned: ${loose.map((u) => u[1]).join(", ") || "no uses"}`;
});
check("it runs what release:check runs before publishing, then publishes with provenance and OIDC", () => {
  const needed = [
    /tags:\s*\n\s*- "v\*"/,
    /npm ci/,
    /node native\/prebuild\.mjs\n/,
    /npm test -- --full/,
    /npm publish --dry-run/,
    /deno publish --dry-run/,
    /npm publish --provenance/,
    /NODE_AUTH_TOKEN: \$\{\{ secrets\.NPM_TOKEN \}\}/,
    /id-token: write/,
    /node_modules\/\.bin\/deno publish\n/,
  ];
  const missing = needed.filter((re) => !re.test(workflow));
  return missing.length === 0 ? true : `missing: ${missing.join(", ")}`;
});
check("it installs the Debian packages .ci/run installs for the full suite", () => {
  const ci = read(".ci/run");
  const list = (name) => ci.match(new RegExp(`^${name}=\\(([^)]*)\\)`, "m"))?.[1].trim().split(/\s+/) ?? [];
  const wanted = [...list("sanitizers"), ...list("cross")];
  const installed = [...workflow.matchAll(/apt-get install [^\n]*/g)].join(" ").split(/\s+/);
  const missing = wanted.filter((p) => !installed.includes(p));
  return wanted.length > 0 && missing.length === 0 ? true : `not installed by the workflow: ${missing.join(" ")}`;
});

console.log("package metadata:");
check("package.json has what npm shows: description, repository, homepage, bugs, engines, keywords, license", () => {
  const repo = "github.com/ada-ffi/ada-ffi";
  const problems = [
    !pkg.description && "description",
    !String(pkg.repository?.url).includes(repo) && "repository.url",
    !String(pkg.homepage).includes(repo) && "homepage",
    !String(pkg.bugs?.url).includes(repo) && "bugs.url",
    !pkg.engines?.node && "engines.node",
    !(pkg.keywords?.length > 0) && "keywords",
    !pkg.license && "license",
    !pkg.author && "author",
  ].filter(Boolean);
  return problems.length === 0 ? true : `missing or wrong: ${problems.join(", ")}`;
});
check("every export that resolves to JavaScript has types beside it", () => {
  const bad = [];
  const walk = (value, where) => {
    if (typeof value === "string") {
      if (!where.includes(".json") && !/\.(d\.ts)$/.test(value)) bad.push(`${where}: a bare path without types`);
      return;
    }
    if (("default" in value || "node" in value) && !("types" in value)) bad.push(`${where}: no "types"`);
    for (const [condition, target] of Object.entries(value)) {
      if (typeof target === "object") walk(target, `${where}.${condition}`);
    }
  };
  for (const [subpath, target] of Object.entries(pkg.exports)) walk(target, subpath);
  return bad.length === 0 ? true : bad.join("\n");
});
check("the versions agree: package.json, package-lock.json, deno.json, runtimes/deno/npm_package.ts", () => {
  const lock = json("package-lock.json");
  const npmPackage = read("runtimes/deno/npm_package.ts").match(/NPM_PACKAGE_VERSION = "([^"]+)"/)?.[1];
  const versions = {
    "package.json": pkg.version,
    "package-lock.json": lock.version,
    "package-lock.json packages['']": lock.packages?.[""]?.version,
    "deno.json": deno.version,
    "npm_package.ts": npmPackage,
  };
  const differ = Object.entries(versions).filter(([, v]) => v !== pkg.version);
  return differ.length === 0 ? true : JSON.stringify(versions);
});
check("CHANGELOG.md: an Unreleased section first, then this version's entry", () => {
  const headings = [...read("CHANGELOG.md").matchAll(/^## (.*)$/gm)].map((m) => m[1]);
  if (headings[0] !== "Unreleased") return `first section: ${headings[0]}`;
  return headings.some((h) => h.startsWith(`${pkg.version} `) || h === pkg.version)
    ? true
    : `no "## ${pkg.version}" section`;
});
check("deno.json: name, version, license, every export's file, README and LICENSE published", () => {
  const missing = Object.values(deno.exports).filter((f) => !existsSync(join(root, f)));
  const include = deno.publish?.include ?? [];
  if (!deno.name || !deno.version || !deno.license) return "name, version or license missing";
  if (!include.includes("README.md") || !include.includes("LICENSE")) return "README.md or LICENSE not published";
  return missing.length === 0 ? true : `missing: ${missing.join(", ")}`;
});

console.log("npm package file list:");
let files = new Set();
check("npm pack --dry-run lists the package (without running prepack)", () => {
  const { status, stdout, out } = sh(npm, ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: root });
  if (status !== 0) return out;
  files = new Set(JSON.parse(stdout)[0].files.map((f) => f.path));
  return true;
});
const prebuilt = Object.entries(PREBUILT_TARGETS).map(([key, t]) => `native/prebuilds/${key}/${t.file}`);
check("nothing that should not ship: only the package's own sources, dist/, types and the prebuilt libraries", () => {
  const allowed = [
    /^(README\.md|CHANGELOG\.md|LICENSE|package\.json|CMakeLists\.txt)$/,
    /^dist\/(ffi|runtimes|cli)\/[\w/]+\.(js|d\.ts)$/,
    /^dist\/runtimes\/wasm\/ada_ffi\.wasm$/, // the module `ada-ffi/wasm/module` imports (Workers)
    /^types\/global\.d\.ts$/,
    /^(ffi|runtimes)\/[\w/]+(\.d)?\.ts$/,
    /^cli\/\w+\.ts$/,
    /^native\/(ada_ffi\.h|ada_ffi\.cpp|ada_ffi_url_pattern\.h|ada_ffi_url_pattern\.cpp|ada_ffi_operations\.h)$/,
    /^native\/(ada_ffi\.map|CMakeLists\.txt|build_library\.mjs|ada_source\.json)$/,
    /^native\/cmake\/\w+\.cmake$/,
  ];
  const stray = [...files].filter((f) => !allowed.some((re) => re.test(f)) && !prebuilt.includes(f));
  return stray.length === 0 ? true : `should not ship: ${stray.join(", ")}`;
});
check(
  `what must ship: every export's files, the bin and its types, ${
    allPrebuilds ? "all seven" : "this machine's"
  } prebuilt libraries`,
  () => {
    const targets = [];
    const collect = (value) => {
      if (typeof value === "string") targets.push(value.replace(/^\.\//, ""));
      else for (const v of Object.values(value)) collect(v);
    };
    collect(pkg.exports);
    const bin = Object.values(pkg.bin).map((b) => b.replace(/^\.\//, ""));
    const required = [
      ...targets,
      ...bin,
      ...bin.map((b) => b.replace(/\.js$/, ".d.ts")),
      pkg.main.replace(/^\.\//, ""),
      pkg.types.replace(/^\.\//, ""),
      "CHANGELOG.md",
      ...(allPrebuilds ? prebuilt : prebuilt.filter((f) => existsSync(join(root, f)))),
    ];
    const missing = [...new Set(required)].filter((f) => !files.has(f));
    return missing.length === 0 ? true : `missing: ${missing.join(", ")}`;
  },
);

console.log("benchmark tables:");
const fixtures = join(root, "test", "data", "bench_results");
const fixture = (file) => readReport(fixtures, file).report;
check("README.md and docs/: every table marker is known and closed, and each table is what its results give", () => {
  const { status, stdout, stderr } = spawnSync(process.execPath, ["bench/tables/main.mjs", "--check"], {
    cwd: root,
    encoding: "utf8",
  });
  return status === 0 ? true : `${stdout}${stderr}`;
});
check("the table writer finds every marked table, and a run's results would change them", () => {
  const { status, stdout } = spawnSync(process.execPath, ["bench/tables/main.mjs", "--check", "--results", fixtures], {
    cwd: root,
    encoding: "utf8",
  });
  const expected = [
    "from results: docs/performance.md search-params",
    "from results: docs/performance.md startup",
    "from results: docs/urlpattern.md urlpattern",
    "from results: docs/urlpattern.md routing",
    "kept as it is: README.md url-kasztp: no such table in url.json",
    "not what the results give",
  ];
  const missing = expected.filter((line) => !stdout.includes(line));
  return status === 1 && missing.length === 0 ? true : `exit ${status}, missing ${missing.join("; ")}:\n${stdout}`;
});
check("each fixture table: the provenance line, the numbers of the results, padded columns", () => {
  const problems = [];
  const tables = {
    "url-small": ["url.json", ["`new URL(s).href`        |", "407 vs 320 (1.27)", "80.0 vs 268 (0.30)", "65.7 |"]],
    "search-params": ["search_params.json", ["Node 20 |", "Bun 1.4 |", "0.60 / 0.55", "1.04 (`has` + `getAll`)"]],
    startup: ["startup.json", ["Node 26 (`node:ffi`)", "Node 26 (koffi)", "-81.1 ms", "+123.8 ms", "219.5 ms"]],
    urlpattern: ["urlpattern.json", ["| `construct` | node20  |", "53.4x", "0.3x", "| `router`    |"]],
    routing: ["routing.json", [
      "find-my-way 9.10",
      "|     12 | Node 20 |   743 |   412 |",
      "250,208",
      "94.2 |",
      "0.82",
    ]],
  };
  for (const [name, [file, wanted]] of Object.entries(tables)) {
    const text = tableSource(name).render(fixture(file));
    const first = text.split("\n")[0];
    if (
      !first.startsWith("Measured 2026-11-26 with `node bench/") || !first.includes("Example CPU @ 2.0GHz (2 cores")
    ) {
      problems.push(`${name}: provenance line ${first}`);
    }
    if (!first.includes("ada 4.0.0; commit 0123456.") || !/(Node|Bun) \d/.test(first)) {
      problems.push(`${name}: ${first}`);
    }
    for (const w of wanted) if (!text.includes(w)) problems.push(`${name}: no "${w}"`);
    const rows = text.split("\n").filter((l) => l.startsWith("|"));
    if (new Set(rows.map((r) => r.length)).size !== 1) problems.push(`${name}: rows of different widths`);
  }
  return problems.length === 0 ? true : problems.join("\n");
});
check(
  "the Wasm backend's figures: a table of their own with issue 35's targets, columns only where results have them",
  () => {
    const problems = [];
    const url = structuredClone(fixture("url.json"));
    if (tableSource("url-wasm").render(url) !== undefined) problems.push("url-wasm rendered from results without Wasm");
    const dataset = url.datasets[0];
    dataset.name = "kasztp.txt";
    for (const [runtime, wasm] of [["node20", [300, 270]], ["bun", [500, 200]]]) {
      const r = dataset.runtimes[runtime];
      r.ns.href.wasm = wasm[0];
      r.ns.getters4.wasm = wasm[1];
    }
    const urlText = tableSource("url-wasm").render(url);
    for (const w of ["| Node 20 ", "300 vs 320 (0.94) ✓", "≤ 1.00", "≤ 1.50", "500 vs 108 (4.61) ✗"]) {
      if (!urlText?.includes(w)) problems.push(`url-wasm: no "${w}"`);
    }
    const startup = structuredClone(fixture("startup.json"));
    if (tableSource("startup").render(startup).includes("wasm")) {
      problems.push(
        "startup: a Wasm row without Wasm results",
      );
    }
    startup.rows[0].wasmMs = startup.rows[0].builtinMs + 12.5;
    startup.rows[1].wasmMs = startup.rows[1].builtinMs + 31;
    const startupText = tableSource("startup").render(startup);
    for (const w of ["added by `ada-ffi/wasm` (target ≤ 30 ms)", "+12.5 ms ✓", "+31.0 ms ✗"]) {
      if (!startupText.includes(w)) problems.push(`startup: no "${w}"`);
    }
    const routing = structuredClone(fixture("routing.json"));
    if (tableSource("routing").render(routing).includes("Wasm")) {
      problems.push(
        "routing: Wasm columns without Wasm results",
      );
    }
    const github = routing.results.bun.sets["github-api"];
    github.ns["URLPatternList wasm"] = github.ns["built-in URLPattern loop"] / 12;
    const routingText = tableSource("routing").render(routing);
    for (const w of ["exec on Wasm", "built-in loop / Wasm exec (target ≥ 10)", "12.0 ✓"]) {
      if (!routingText.includes(w)) problems.push(`routing: no "${w}"`);
    }
    for (const [name, text] of [["url-wasm", urlText], ["startup", startupText], ["routing", routingText]]) {
      const rows = (text ?? "").split("\n").filter((l) => l.startsWith("|"));
      if (new Set(rows.map((r) => r.length)).size !== 1) problems.push(`${name}: rows of different widths`);
    }
    return problems.length === 0 ? true : problems.join("\n");
  },
);
check("markdownTable: right-aligned columns end their rule with ':', cells padded to the widest", () => {
  const got = markdownTable(["a", "value"], [["xyz", "1"], ["b", "10.5"]], [false, true]);
  const want = "| a   | value |\n| --- | ----: |\n| xyz |     1 |\n| b   |  10.5 |";
  return got === want ? true : got;
});
check("wrapProse: prose wrapped at 120 columns, tables untouched", () => {
  const table = "| a | b |\n| - | - |\n| " + "x".repeat(150) + " | y |";
  const text = `${"word ".repeat(60).trim()}\n\n${table}`;
  const [prose, kept] = wrapProse(text).split("\n\n");
  const lines = prose.split("\n");
  const ok = kept === table && lines.length === 3 && lines.every((l) => l.length <= 120) &&
    lines.join(" ") === "word ".repeat(60).trim();
  return ok ? true : wrapProse(text);
});
check("replaceBlocks: a rendered block is replaced, a kept one left as it is, twice gives the same", () => {
  const text =
    "intro\n<!-- bench:a -->\nold a\n<!-- /bench:a -->\nmiddle\n<!-- bench:b -->\nold b\n<!-- /bench:b -->\n";
  const render = (name) => (name === "a" ? "new a" : undefined);
  const once = replaceBlocks(text, render);
  const want =
    "intro\n<!-- bench:a -->\n\nnew a\n\n<!-- /bench:a -->\nmiddle\n<!-- bench:b -->\nold b\n<!-- /bench:b -->\n";
  if (once !== want) return once;
  return replaceBlocks(once, render) === once ? true : "not idempotent";
});
check("replaceBlocks refuses a block not closed, closed under another name, or unknown", () => {
  const cases = [
    "<!-- bench:a -->\nx\n",
    "<!-- bench:a -->\nx\n<!-- /bench:b -->\n",
    "<!-- /bench:a -->\n",
    "<!-- bench:a -->\n<!-- bench:b -->\n<!-- /bench:b -->\n<!-- /bench:a -->\n",
  ];
  const accepted = cases.filter((text) => {
    try {
      replaceBlocks(text, () => "t");
      return true;
    } catch {
      return false;
    }
  });
  const mentioned = "see `<!-- bench:a -->` here\n<!-- bench:b -->\nold\n<!-- /bench:b -->\n";
  if (replaceBlocks(mentioned, () => "t") !== mentioned.replace("old\n", "\nt\n\n")) {
    return "a mention was taken for a marker";
  }
  let unknown = false;
  try {
    replaceBlocks("<!-- bench:nope -->\n<!-- /bench:nope -->", () => "t", (n) => tableSource(n) !== undefined);
  } catch {
    unknown = true;
  }
  return accepted.length === 0 && unknown ? true : `accepted: ${JSON.stringify(accepted)}; unknown refused: ${unknown}`;
});
check("README.md keeps one benchmark table and the chart", () => {
  const names = blockNames(read("README.md"));
  return names.length === 1 && read("README.md").includes("(bench/chart.svg)") ? true : `README tables: ${names}`;
});
check("a results file of the old layout (no schema: no versions) is refused, so its table is kept", () => {
  const dir = mkdtempSync(join(tmpdir(), "ada-ffi-results-"));
  try {
    const { schema: _, ...old } = fixture("routing.json");
    writeFileSync(join(dir, "routing.json"), JSON.stringify(old));
    const { report, reason } = readReport(dir, "routing.json");
    return report === undefined && /older layout/.test(reason) ? true : `read: ${reason}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

console.log("npm test's reading of a check's summary:");
check("a check's summary is read from its standard output, whatever its standard error says after it", () => {
  // What a first run on a new machine does: the check passes, then an installer's progress lands on stderr.
  const script = 'console.log("1 passed, 0 failed"); console.error("building actionlint from source...\\nok");';
  const child = spawnSync(process.execPath, ["-e", script], { encoding: "utf8" });
  const read = readCheckSummary({ stdout: child.stdout, status: child.status });
  return read.passed === 1 && read.failed === 0 ? true : JSON.stringify(read);
});
check(
  "readCheckSummary: a summary not last on stdout did not finish; a crash after it fails; the forms it takes",
  () => {
    const cases = [
      [{ stdout: "3 passed, 0 failed\nmore output\n", status: 0 }, { passed: 0, failed: 1 }],
      [{ stdout: "3 passed, 0 failed\n", status: 134 }, { passed: 3, failed: 1 }],
      [{ stdout: "x\n2 passed, 1 failed\n\n", status: 1 }, { passed: 2, failed: 1 }],
      [{ stdout: "workerd: 5 passed, 0 failed\n", status: 0 }, { passed: 5, failed: 0 }],
      [{ stdout: "4 passed, 0 failed, 2 skipped\n", status: 0 }, { passed: 4, failed: 0 }],
      [{ stdout: "", status: 0 }, { passed: 0, failed: 1 }],
    ];
    const wrong = cases.filter(([run, want]) => {
      const got = readCheckSummary(run);
      return got.passed !== want.passed || got.failed !== want.failed;
    });
    return wrong.length === 0 ? true : `wrong: ${JSON.stringify(wrong)}`;
  },
);

finish();
