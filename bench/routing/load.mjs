#!/usr/bin/env node
// `npm run bench:routing-load`: requests per second of a node:http server (the pinned Node 26) routing GitHub's REST
// API routes (203 method + path pairs) with URLPatternList, with find-my-way and with a loop over Node's built-in
// URLPattern (bench/routing/load_server.mjs), driven by autocannon on loopback. Each server gets the same fixed list
// of request targets, cycled (made from the routes as bench/routing/harness.ts makes its requests: parameters filled,
// one in ten a miss, one in four with a query). Each server is checked first (it must answer like the others), warmed
// up, then measured for --seconds, in --rounds rounds, the servers' order rotated every round. Prints req/s per server
// and writes bench/results/routing_load.json (date, versions, machine, settings, every run).
//
// Nothing else should run on the machine meanwhile (figures from a loaded machine are worthless). `--smoke` runs each
// server for 1 s, once, without warm-up, to prove the script works; it writes bench/results/routing_load.smoke.json.
//
// Usage: node bench/routing/load.mjs [--smoke] [--seconds 10] [--rounds 2] [--warmup 3] [--connections 10]
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { arch, cpus, loadavg, platform, release, totalmem } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { nodeBinary } from "../../test/support/node_lines.mjs";
import { median } from "../common/median.mjs";

const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const require = createRequire(import.meta.url);

const SERVERS = [
  ["URLPatternList", "list"],
  ["find-my-way", "find-my-way"],
  ["built-in URLPattern loop", "loop"],
];
/** Distinct request targets the connections cycle through. */
const REQUEST_COUNT = 1000;
/** Requests sent to every server before the load, whose answers must agree. */
const CHECK_COUNT = 300;
const START_MS = 30_000;
const STOP_MS = 5_000;

function options(argv) {
  const smoke = argv.includes("--smoke");
  const value = (name, fallback) => {
    const at = argv.indexOf(name);
    if (at === -1) return fallback;
    const n = Number(argv[at + 1]);
    if (!(n >= 0)) throw new Error(`${name} takes a number`);
    return n;
  };
  return {
    smoke,
    seconds: value("--seconds", smoke ? 1 : 10),
    rounds: value("--rounds", smoke ? 1 : 2),
    warmup: value("--warmup", smoke ? 0 : 3),
    connections: value("--connections", 10),
  };
}

/**
 * The request targets: route i*7919 (mod the route count) with its parameters filled from the request's number, as
 * bench/routing/harness.ts requestsFor() does; every tenth a miss (a segment no route has), every fourth with a query.
 */
function requestsFor(routes, count) {
  const requests = [];
  for (let i = 0; i < count; i++) {
    const { method, path } = routes[(i * 7919 + 31) % routes.length];
    const value = (100_003 + i).toString(36);
    let filled = path.replace(/:(\w+)/g, (_, name) => `${name[0]}${value}`);
    if (i % 10 === 9) filled = `/zz${value}${filled}`;
    requests.push({ method, path: filled + (i % 4 === 3 ? `?page=${i}` : "") });
  }
  return requests;
}

/** Starts one server with Node 26; resolves with the child and what it printed on its READY line. */
function startServer(node, kind) {
  const child = spawn(node, ["bench/routing/load_server.mjs", kind], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
  return new Promise((resolve, reject) => {
    let out = "";
    let settled = false;
    const fail = (why) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill("SIGKILL");
      reject(new Error(`server ${kind}: ${why}\n${out}`));
    };
    const timer = setTimeout(() => fail(`not ready in ${START_MS} ms`), START_MS);
    const read = (chunk) => {
      out += chunk;
      const line = out.split("\n").find((l) => l.startsWith("READY "));
      if (line && !settled) {
        settled = true;
        clearTimeout(timer);
        resolve({ child, ...JSON.parse(line.slice(6)) });
      }
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.once("exit", (code, signal) => fail(`exited (${code ?? signal})`));
    child.once("error", (error) => fail(error.message));
  });
}

function stopServer(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), STOP_MS);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/** What a server answers to the first CHECK_COUNT requests: "status route" each. */
async function answers(port, requests) {
  const out = [];
  for (const { method, path } of requests.slice(0, CHECK_COUNT)) {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, { method, signal: AbortSignal.timeout(10_000) });
    const body = await response.text();
    out.push(`${response.status} ${response.status === 200 ? JSON.parse(body).id : ""}`);
  }
  return out;
}

function load(port, requests, seconds, connections) {
  return autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    pipelining: 1,
    duration: seconds,
    requests,
  });
}

const versionOf = (name) => JSON.parse(readFileSync(require.resolve(`${name}/package.json`), "utf8")).version;

async function main() {
  const settings = options(process.argv.slice(2));
  const node = nodeBinary("26");
  const routes = JSON.parse(readFileSync(join(root, "bench/data/routes/github-api.json"), "utf8"));
  const requests = requestsFor(routes, REQUEST_COUNT);
  const runs = Object.fromEntries(SERVERS.map(([name]) => [name, []]));
  const servers = {};
  let reference = null;
  const started = new Date();
  const load0 = loadavg();
  // Bounded whatever happens: the longest the run may take, then every server is stopped and the script fails.
  const budget = (settings.rounds * SERVERS.length * (settings.seconds + settings.warmup + 40) + 60) * 1000;
  const live = new Set();
  const watchdog = setTimeout(() => {
    console.error(`bench:routing-load: over ${budget / 1000} s, stopping`);
    for (const child of live) child.kill("SIGKILL");
    process.exit(1);
  }, budget);
  watchdog.unref();
  try {
    for (let round = 0; round < settings.rounds; round++) {
      for (let s = 0; s < SERVERS.length; s++) {
        const [name, kind] = SERVERS[(s + round) % SERVERS.length];
        const server = await startServer(node, kind);
        live.add(server.child);
        try {
          servers[name] ??= kind === "list"
            ? { node: server.node, ada: server.ada, ffi: server.ffi }
            : { node: server.node };
          if (round === 0) {
            // Every server must answer like the list (status and route) before its speed means anything.
            const got = await answers(server.port, requests);
            reference ??= got;
            servers[name].checked = got.length;
            servers[name].disagree = got.filter((a, i) => a !== reference[i]).length;
            if (!got.some((a) => a.startsWith("200 "))) throw new Error(`${name} matched none of the requests`);
          }
          if (settings.warmup > 0) await load(server.port, requests, settings.warmup, settings.connections);
          console.error(`bench:routing-load: round ${round + 1}/${settings.rounds}, ${name}, ${settings.seconds} s...`);
          const result = await load(server.port, requests, settings.seconds, settings.connections);
          runs[name].push({
            round: round + 1,
            requestsPerSecond: Math.round(result.requests.total / result.duration),
            requests: result.requests.total,
            seconds: result.duration,
            latencyMs: { p50: result.latency.p50, p99: result.latency.p99 },
            non2xx: result.non2xx, // the misses: one request in ten
            errors: result.errors,
            timeouts: result.timeouts,
          });
        } finally {
          await stopServer(server.child);
          live.delete(server.child);
        }
      }
    }
  } finally {
    clearTimeout(watchdog);
  }

  const table = SERVERS.map(([name]) => {
    const rps = runs[name].map((r) => r.requestsPerSecond);
    return {
      name,
      requestsPerSecond: Math.round(median(rps)),
      rounds: rps,
      p99: median(runs[name].map((r) => r.latencyMs.p99)),
      errors: runs[name].reduce((sum, r) => sum + r.errors, 0),
    };
  });
  const list = table[0].requestsPerSecond;
  console.log(
    `\nGitHub REST API routes (${routes.length}), node:http on Node ${servers.URLPatternList.node}, ` +
      `${settings.connections} connections, ${settings.seconds} s x ${settings.rounds} rounds` +
      (settings.smoke ? " (SMOKE RUN: not a measurement)" : ""),
  );
  console.log("| server | req/s (median) | per round | p99 latency ms | vs URLPatternList | errors |");
  console.log("| --- | ---: | --- | ---: | ---: | ---: |");
  for (const row of table) {
    console.log(
      `| ${row.name} | ${row.requestsPerSecond.toLocaleString("en-US")} | ${row.rounds.join(", ")} | ${row.p99} | ` +
        `${(row.requestsPerSecond / list).toFixed(2)} | ${row.errors} |`,
    );
  }

  const out = {
    date: started.toISOString(),
    smoke: settings.smoke,
    versions: {
      serverNode: servers.URLPatternList.node,
      driverNode: process.version,
      adaFfi: JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version,
      ada: servers.URLPatternList.ada,
      ffi: servers.URLPatternList.ffi,
      autocannon: versionOf("autocannon"),
      findMyWay: versionOf("find-my-way"),
    },
    machine: {
      cpu: cpus()[0]?.model,
      cores: cpus().length,
      memoryBytes: totalmem(),
      os: `${platform()} ${release()} ${arch()}`,
      loadAverageAtStart: load0,
    },
    settings: { ...settings, routes: routes.length, distinctRequests: requests.length, pipelining: 1 },
    servers,
    summary: table,
    runs,
  };
  mkdirSync(join(root, "bench/results"), { recursive: true });
  const file = join(root, "bench/results", settings.smoke ? "routing_load.smoke.json" : "routing_load.json");
  writeFileSync(file, JSON.stringify(out, null, 2) + "\n");
  console.log(`\nwrote ${file}`);
}

await main();
