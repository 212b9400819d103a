/**
 * The servers of examples/routing/ (docs/routing.md), started as a user would: each copied into a scratch project
 * that has ada-ffi (node_modules/ada-ffi links to this checkout, whose package.json `exports` lead Node and Bun to the
 * shipped bundles; Deno maps "ada-ffi" to the Deno entry in deno.json, as the other suites import it), run on the
 * current runtime on a free loopback port, and sent real HTTP requests from a child process of the same runtime: fetch
 * where the client keeps the target as written, a raw HTTP/1.1 request where fetch would canonicalize it first (dot
 * segments) or cannot send it (a Host header, `*`). The server is stopped afterwards, whatever happened. The Worker
 * (worker.mjs) is a module whose `fetch` takes a Request: a program in such a project imports it and calls it.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { runChild } from "../support/child_program.ts";
import { ENTRY, entryUrl, type Runtime } from "../support/entries.ts";
import { ROOT } from "../support/files.ts";

const EXAMPLES = join(ROOT, "examples", "routing");
/** The module every server imports: the routes and their handler. */
const SHARED = ["app.mjs"];
/** The Worker, checked by calling its fetch (no workerd: "ada-ffi" is then the current runtime's entry). */
const WORKER = "worker.mjs";
/** How long a server may take to print its address, and to exit once told to. */
const START_MS = 30_000;
const STOP_MS = 5_000;

/** Each runtime's own server, and the node:http one, which Deno and Bun run too. */
const SERVERS: Record<Runtime, string[]> = {
  node: ["node_http.mjs"],
  deno: ["deno_serve.ts", "node_http.mjs"],
  bun: ["bun_serve.ts", "node_http.mjs"],
};

interface Case {
  method: string;
  /** The request target as sent. */
  target: string;
  /** Sent over a socket as written (with this Host header when given), not through fetch. */
  raw?: boolean;
  host?: string;
  /** A JSON request body. */
  body?: string;
  status: number;
  /** Members the JSON response body must have. */
  json?: Record<string, unknown>;
  allow?: string;
}

// deno-fmt-ignore
const CASES: Case[] = [
  { method: "GET", target: "/", status: 200, json: { hello: "world" } },
  // The first route in array order wins: the literal one comes before /users/:id.
  { method: "GET", target: "/users/me", status: 200, json: { route: "/users/me" } },
  { method: "GET", target: "/users/42", status: 200, json: { route: "/users/:id", user: "42" } },
  // A param is decoded once; the percent-encoded spelling of a literal is not that literal (URL Standard).
  { method: "GET", target: "/users/caf%C3%A9", status: 200, json: { route: "/users/:id", user: "café" } },
  { method: "GET", target: "/users/%6De", status: 200, json: { route: "/users/:id", user: "me" } },
  { method: "GET", target: "/users/%E0%A4%A", status: 400 },
  { method: "GET", target: "/search?q=a%20b&page=2", status: 200, json: { q: "a b", page: 2 } },
  { method: "GET", target: "/search?q=x+y", status: 200, json: { q: "x y", page: 1 } },
  { method: "GET", target: "/nothing/here", status: 404 },
  { method: "PUT", target: "/users/42", status: 405, allow: "DELETE, GET, HEAD" },
  { method: "POST", target: "/search?q=1", status: 405, allow: "GET, HEAD" },
  { method: "DELETE", target: "/users/42", status: 204 },
  { method: "POST", target: "/users", body: '{"name":"ada"}', status: 201, json: { route: "POST /users", user: "ada" } },
  { method: "POST", target: "/users", body: "not json", status: 400 },
  { method: "GET", target: "/users", status: 405, allow: "POST" },
  // Methods do not shadow each other: GET's /users/me does not hide DELETE's /users/:id.
  { method: "DELETE", target: "/users/me", status: 204 },
  // HEAD reaches the GET route (its method list has HEAD); the server leaves the body out.
  { method: "HEAD", target: "/users/42", raw: true, status: 200 },
  { method: "HEAD", target: "/search?q=1", raw: true, status: 200 },
  // Dot segments (also percent-encoded ones) are resolved before routing, whoever sends them.
  { method: "GET", target: "/a/../users/me", raw: true, status: 200, json: { route: "/users/me" } },
  { method: "GET", target: "/users/%2e%2E/files/x", raw: true, status: 200, json: { route: "/files/*", file: "x" } },
  { method: "GET", target: "/files/a/./b/../c", raw: true, status: 200, json: { file: "a/c" } },
  // An encoded slash stays in the wildcard until decoded: a handler must never join it into a file path unchecked.
  { method: "GET", target: "/files/..%2f..%2fetc", status: 200, json: { file: "../../etc" } },
  { method: "GET", target: "/users\\me", raw: true, status: 200, json: { route: "/users/me" } },
  // A path that starts with "//" is a path, not a host.
  { method: "GET", target: "//evil.example/users/me", raw: true, status: 404 },
  // A Host header that would move the path (Deno.serve builds request.url from it) is refused by every server.
  { method: "GET", target: "/users/42", raw: true, host: "127.0.0.1/users/me?", status: 400 },
  { method: "GET", target: "/users/42", raw: true, host: "evil.example:8080", status: 200, json: { user: "42" } },
  // The absolute form (what a proxy gets) routes on its path.
  { method: "GET", target: "http://other.example/users/42", raw: true, status: 200, json: { user: "42" } },
  { method: "GET", target: "*", raw: true, status: 400 },
];

/** What the Worker is asked: the cases a Request can carry (its URL canonicalized; no Host of its own; a URL). */
const WORKER_CASES = CASES.filter((c) => c.host === undefined && c.target !== "*");

// The client, in a child process of the current runtime: every case in order, its status, Allow and body.
const CLIENT = (origin: string, port: number) => `
import { connect } from "node:net";
const origin = ${JSON.stringify(origin)};
const cases = ${JSON.stringify(CASES)};
// One request over its own connection, the target and Host as given; the response read until the server closes.
function raw({ method, target, host }) {
  return new Promise((resolve, reject) => {
    let data = "";
    const socket = connect(${port}, "127.0.0.1", () => {
      socket.write(method + " " + target + " HTTP/1.1\\r\\nHost: " + (host ?? "127.0.0.1:${port}") +
        "\\r\\nConnection: close\\r\\n\\r\\n");
    });
    socket.setEncoding("latin1");
    socket.setTimeout(10_000, () => socket.destroy(new Error("no answer in 10 s")));
    socket.on("data", (chunk) => (data += chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const end = data.indexOf("\\r\\n\\r\\n");
      const lines = data.slice(0, end).split("\\r\\n");
      const headers = {};
      for (const line of lines.slice(1)) {
        const colon = line.indexOf(":");
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      let body = data.slice(end + 4);
      if (/chunked/i.test(headers["transfer-encoding"] ?? "")) {
        let decoded = "";
        for (;;) {
          const eol = body.indexOf("\\r\\n");
          const size = parseInt(body.slice(0, eol), 16);
          if (!(size > 0)) break;
          decoded += body.slice(eol + 2, eol + 2 + size);
          body = body.slice(eol + 2 + size + 2);
        }
        body = decoded;
      }
      resolve({ status: Number(lines[0].split(" ")[1]), allow: headers.allow ?? null, body: Buffer.from(body, "latin1").toString("utf8") });
    });
  });
}
const results = [];
for (const c of cases) {
  if (c.raw) {
    results.push(await raw(c));
  } else {
    const response = await fetch(origin + c.target, {
      method: c.method,
      body: c.body,
      headers: c.body === undefined ? {} : { "content-type": "application/json" },
      signal: AbortSignal.timeout(10_000),
    });
    results.push({ status: response.status, allow: response.headers.get("allow"), body: await response.text() });
  }
}
console.log("RESULT " + JSON.stringify({ results }));
`;

/** A scratch project holding `files` from examples/routing, with ada-ffi installed for `runtime`. */
function makeProject(runtime: Runtime, files: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), "ada-ffi-routing-"));
  for (const file of files) copyFileSync(join(EXAMPLES, file), join(dir, file));
  if (runtime === "deno") {
    writeFileSync(join(dir, "deno.json"), JSON.stringify({ imports: { "ada-ffi": entryUrl(ENTRY.deno) } }));
  } else {
    mkdirSync(join(dir, "node_modules"));
    symlinkSync(ROOT, join(dir, "node_modules", "ada-ffi"), "dir");
  }
  return dir;
}

/** Starts `server` in `dir` on a free port; resolves with the child and the port it printed. */
function start(runtime: Runtime, dir: string, server: string): Promise<{ child: ChildProcess; port: number }> {
  const args = runtime === "deno"
    ? ["run", "--check", "--allow-net=127.0.0.1", "--allow-env=PORT", "--allow-ffi", "--allow-read", server]
    : [server];
  const child = spawn(process.execPath, args, {
    cwd: dir,
    env: { ...process.env, PORT: "0" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let out = "";
    let settled = false;
    const timer = setTimeout(() => fail(`no address printed in ${START_MS} ms`), START_MS);
    const fail = (why: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill("SIGKILL");
      reject(new Error(`${server}: ${why}\n${out}`));
    };
    const read = (chunk: unknown) => {
      out += String(chunk);
      const match = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (match && !settled) {
        settled = true;
        clearTimeout(timer);
        resolve({ child, port: Number(match[1]) });
      }
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", read);
    child.once("exit", (code, signal) => fail(`exited (${code ?? signal}) before listening`));
    child.once("error", (error) => fail(error.message));
  });
}

/** Stops the server: SIGTERM, then SIGKILL if it is still there after STOP_MS. */
function stop(child: ChildProcess): Promise<void> {
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

interface Answer {
  status: number;
  allow: string | null;
  body: string;
}

/** The answers a program printed on its `RESULT ` line. */
function answers(stdout: string, stderr: string): Answer[] {
  const line = stdout.split("\n").find((l) => l.startsWith("RESULT "));
  assert.ok(line, `the client did not finish: ${stdout}${stderr}`);
  return (JSON.parse(line!.slice(7)) as { results: Answer[] }).results;
}

/** Each answer against its case: status, Allow, the JSON body's members; no body for a 204 (or a served HEAD). */
function check(cases: Case[], results: Answer[], served: boolean): void {
  assert.is(results.length, cases.length, "one answer per case");
  cases.forEach((c, i) => {
    const got = results[i];
    const what = `${c.method} ${c.target}${c.host ? ` (Host: ${c.host})` : ""}: ${JSON.stringify(got)}`;
    assert.is(got.status, c.status, what);
    if (c.allow !== undefined) assert.is(got.allow, c.allow, what);
    if ((served && c.method === "HEAD") || c.status === 204) assert.is(got.body, "", what);
    if (c.json !== undefined) {
      const body = JSON.parse(got.body);
      for (const [key, value] of Object.entries(c.json)) assert.equal(body[key], value, `${what} (${key})`);
    }
  });
}

// A program in the Worker's project: its default export's fetch, called with a Request per case, as workerd would.
const WORKER_CLIENT = `
import worker from "./${WORKER}";
const results = [];
for (const c of ${JSON.stringify(WORKER_CASES)}) {
  const url = c.target.startsWith("/") ? "http://127.0.0.1:8787" + c.target : c.target;
  const headers = c.body === undefined ? {} : { "content-type": "application/json" };
  const response = await worker.fetch(new Request(url, { method: c.method, headers, body: c.body }));
  results.push({ status: response.status, allow: response.headers.get("allow"), body: await response.text() });
}
console.log("RESULT " + JSON.stringify({ results }));
`;

export function register(runtime: Runtime): void {
  const test = suite(`routing examples (${runtime})`);
  for (const server of SERVERS[runtime]) {
    test(`examples/routing/${server}: routes, params, query, 404, 405, HEAD, bodies, canonicalized paths, Host`, async () => {
      const dir = makeProject(runtime, [...SHARED, server]);
      let child: ChildProcess | undefined;
      try {
        const started = await start(runtime, dir, server);
        child = started.child;
        const origin = `http://127.0.0.1:${started.port}`;
        const run = runChild(runtime, () => CLIENT(origin, started.port));
        check(CASES, answers(run.stdout, run.stderr), true);
      } finally {
        if (child !== undefined) await stop(child);
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
  test(`examples/routing/${WORKER}: its fetch answers Requests as the servers do`, () => {
    const dir = makeProject(runtime, [...SHARED, WORKER]);
    try {
      writeFileSync(join(dir, "client.mjs"), WORKER_CLIENT);
      const args = runtime === "deno" ? ["run", "--allow-ffi", "--allow-read", "client.mjs"] : ["client.mjs"];
      const run = spawnSync(process.execPath, args, { cwd: dir, encoding: "utf8", timeout: 60_000 });
      check(WORKER_CASES, answers(`${run.stdout}`, `${run.stderr}`), false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  test.run();
}
