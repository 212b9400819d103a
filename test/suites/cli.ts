/** The ada-ffi command on the current runtime: JSON lines, TSV, --base, files, errors, a large stream. */
import { spawn } from "node:child_process";
import { Buffer } from "node:buffer";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { suite } from "uvu";
import { defaultJobs, PARALLEL_MIN_BYTES } from "../../cli/jobs.ts";
import * as assert from "uvu/assert";
import { readLines, ROOT } from "../support/files.ts";
import type { Runtime } from "../support/entries.ts";

const ENTRY: Record<Runtime, string[]> = {
  node: ["dist/cli/node.js"],
  deno: ["run", "--allow-ffi", "--allow-read", "--allow-env", "cli/deno.ts"],
  bun: ["cli/bun.ts"],
};

// Asynchronous spawn: Deno's spawnSync writes all of `input` before it reads stdout, which deadlocks once the
// child's output fills the pipe, and it ignores a file descriptor given as stdin.
function cli(
  runtime: Runtime,
  args: string[],
  input = "",
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...ENTRY[runtime], ...args], { cwd: ROOT, stdio: ["pipe", "pipe", "pipe"] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
    child.on("error", reject);
    child.on(
      "close",
      (status) =>
        resolve({
          status,
          stdout: Buffer.concat(stdout).toString("utf8"),
          stderr: Buffer.concat(stderr).toString("utf8"),
        }),
    );
    child.stdin.on("error", async () => {}); // the child may exit (bad arguments) before reading its input
    child.stdin.end(input);
  });
}

export function register(runtime: Runtime): void {
  const test = suite(`ada-ffi CLI (${runtime})`);

  test("stdin to one JSON object per line; invalid lines give href null", async () => {
    const { status, stdout } = await cli(runtime, [], 'HTTPS://EXAMPLE.com/a/../b\nnot a url\nx:"a\\b"\n');
    assert.is(status, 0);
    const [a, b, c] = stdout.trimEnd().split("\n");
    // The keys in this order, as JSON.stringify writes them.
    assert.is(
      a,
      JSON.stringify({
        input: "HTTPS://EXAMPLE.com/a/../b",
        href: "https://example.com/b",
        origin: "https://example.com",
        protocol: "https:",
        username: "",
        password: "",
        host: "example.com",
        hostname: "example.com",
        port: "",
        pathname: "/b",
        search: "",
        hash: "",
      }),
    );
    assert.equal(JSON.parse(b), { input: "not a url", href: null });
    // Quotes and backslashes stay raw in an opaque path: escaped in the JSON.
    assert.equal(JSON.parse(c), {
      input: 'x:"a\\b"',
      href: 'x:"a\\b"',
      origin: "null",
      protocol: "x:",
      username: "",
      password: "",
      host: "",
      hostname: "",
      port: "",
      pathname: '"a\\b"',
      search: "",
      hash: "",
    });
  });

  test("--fields writes TSV with a header; the input column is escaped", async () => {
    const { status, stdout } = await cli(runtime, ["--fields", "input,hostname,port"], "http://a:81/\nbad\tline\n");
    assert.is(status, 0);
    assert.is(stdout, "input\thostname\tport\nhttp://a:81/\ta\t81\nbad\\tline\t\t\n");
  });

  test("--base resolves every line; files are read in order", async () => {
    const dir = mkdtempSync(join(tmpdir(), "ada-ffi-cli-"));
    try {
      writeFileSync(join(dir, "one.txt"), "a\r\n../b\n");
      writeFileSync(join(dir, "two.txt"), "?q\n");
      const { status, stdout } = await cli(runtime, [
        "--base=https://h/x/y",
        "--fields",
        "href",
        join(dir, "one.txt"),
        join(dir, "two.txt"),
      ]);
      assert.is(status, 0);
      assert.is(stdout, "href\nhttps://h/x/a\nhttps://h/b\nhttps://h/x/y?q\n");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("errors: invalid base, unknown option or field (exit 2), unreadable file (exit 1)", async () => {
    assert.is((await cli(runtime, ["--base", "nope"])).status, 2);
    assert.is((await cli(runtime, ["--frobnicate"])).status, 2);
    assert.is((await cli(runtime, ["--fields", "host,nonsense"])).status, 2);
    const missing = await cli(runtime, ["/nonexistent/urls.txt"]);
    assert.is(missing.status, 1);
    assert.ok(missing.stderr.includes("/nonexistent/urls.txt"), missing.stderr);
    const help = await cli(runtime, ["--help"]);
    assert.is(help.status, 0);
    assert.ok(help.stdout.startsWith("usage: ada-ffi"), help.stdout);
  });

  test("100,000 lines stream through in order", async () => {
    let input = "";
    for (let i = 0; i < 100_000; i++) input += i % 10 === 0 ? `bad ${i}\n` : `HTTP://H${i % 7}.example/${i}\n`;
    const { status, stdout } = await cli(runtime, ["--fields", "href"], input);
    assert.is(status, 0);
    const lines = stdout.split("\n");
    assert.is(lines.length, 100_002); // header, 100k rows, trailing ""
    assert.is(lines[1], "");
    assert.is(lines[2], "http://h1.example/1");
    assert.is(lines[100_000], `http://h${99_999 % 7}.example/99999`);
  });

  test("a reader that goes away (| head -1) ends the run quietly, exit 0", async () => {
    const dir = mkdtempSync(join(tmpdir(), "ada-ffi-cli-pipe-"));
    try {
      const file = join(dir, "big.txt");
      writeFileSync(file, Array.from({ length: 200_000 }, (_, i) => `http://example.com/${i}`).join("\n"));
      const result = await new Promise<{ status: number | null; stderr: string; first: string }>((resolve, reject) => {
        const child = spawn(process.execPath, [...ENTRY[runtime], file], {
          cwd: ROOT,
          stdio: ["ignore", "pipe", "pipe"],
        });
        let stderr = "";
        let first = "";
        child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
        child.stdout.once("data", (chunk: Buffer) => {
          first = chunk.toString("utf8").split("\n")[0];
          child.stdout.destroy(); // as head does after its first line
        });
        const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
        child.on("error", reject);
        child.on("close", (status) => {
          clearTimeout(timer);
          resolve({ status, stderr, first });
        });
      });
      assert.ok(result.first.includes('"href":"http://example.com/0"'), result.first);
      assert.is(result.status, 0, result.stderr); // null: it hung and was killed
      assert.is(result.stderr, "");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("a directory as input: a one-line error, exit 1", async () => {
    const { status, stdout, stderr } = await cli(runtime, [tmpdir()]);
    assert.is(status, 1);
    assert.is(stdout, "");
    assert.is(stderr, `ada-ffi: cannot read ${tmpdir()}: EISDIR: illegal operation on a directory, read\n`);
  });

  test("--version names ada-ffi's and ada's versions", async () => {
    const { status, stdout } = await cli(runtime, ["--version"]);
    assert.is(status, 0);
    assert.match(stdout, /^ada-ffi \d+\.\d+\.\d+ \(ada 4\.0\.0\)\n$/);
  });

  test("--jobs: the same bytes for 1, 2 and 3 jobs, JSON and TSV, over several files and line endings", async () => {
    const dir = mkdtempSync(join(tmpdir(), "ada-ffi-cli-jobs-"));
    try {
      // > 1 MiB per file, so segments go to worker threads; every kind of line break, empty lines, invalid
      // URLs, non-ASCII, and a file that ends without a line break (or with a lone "\r").
      const urls = readLines("bench/data/kasztp.txt").slice(0, 4000);
      const breaks = ["\n", "\r\n", "\r", "\n\n"];
      const make = (seed: number, lines: number) => {
        let text = "";
        for (let i = 0; i < lines; i++) {
          const url = i % 13 === 0
            ? `not a url ${i}`
            : i % 17 === 0
            ? `http://b\u00FCcher.example/${i}`
            : urls[(i * seed) % urls.length];
          text += url + breaks[(i * 7 + seed) % breaks.length];
        }
        return text;
      };
      const files = [join(dir, "a.txt"), join(dir, "b.txt"), join(dir, "c.txt")];
      writeFileSync(files[0], make(1, 40_000));
      writeFileSync(files[1], make(3, 30_000) + "http://last-without-break/");
      writeFileSync(files[2], make(5, 20_000) + "http://ends-with-cr/\r");
      for (const args of [[], ["--fields", "input,hostname,pathname,search"], ["--base", "https://example.com/dir/"]]) {
        const outputs: string[] = [];
        for (const jobs of ["1", "2", "3"]) {
          const { status, stdout, stderr } = await cli(runtime, ["--jobs", jobs, ...args, ...files]);
          assert.is(status, 0, stderr);
          outputs.push(stdout);
        }
        assert.ok(outputs[0].length > 3_000_000, String(outputs[0].length));
        assert.ok(outputs[1] === outputs[0], `--jobs 2 differs (${args.join(" ")})`);
        assert.ok(outputs[2] === outputs[0], `--jobs 3 differs (${args.join(" ")})`);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("--jobs: workers started for a second segment and ended at once, run after run, exit 0", async () => {
    // Ending a worker while it was still loading the native addon aborted the process (koffi on Node 26, ~3%
    // of runs): the workers now finish loading before they are ended.
    const input = Array.from({ length: 45_000 }, (_, i) => `http://example.com/${i}`).join("\n"); // > 1 MiB
    for (let run = 0; run < 8; run++) {
      const { status, stdout, stderr } = await cli(runtime, ["--jobs", "2", "--fields", "href"], input);
      assert.is(status, 0, stderr);
      assert.is(stdout.split("\n").length, 45_002);
    }
  });

  test("default jobs: one below 64 MiB (13 MB ran slower with workers), then the cores the load leaves idle", () => {
    const MiB = 1 << 20;
    const facts = { inputBytes: 13 * MiB, readBytes: 0, cores: 8, load: 0 };
    assert.is(defaultJobs(facts), 1);
    assert.is(defaultJobs({ ...facts, inputBytes: PARALLEL_MIN_BYTES - 1 }), 1);
    assert.is(defaultJobs({ ...facts, inputBytes: PARALLEL_MIN_BYTES }), 8);
    assert.is(defaultJobs({ ...facts, inputBytes: 1 << 30, load: 2.4 }), 6);
    assert.is(defaultJobs({ ...facts, inputBytes: 1 << 30, load: 30 }), 1); // a busy machine: no workers
    assert.is(defaultJobs({ ...facts, inputBytes: 1 << 30, load: NaN }), 8);
    // Standard input: undecided (one job) until enough was read, then decided.
    assert.is(defaultJobs({ ...facts, inputBytes: undefined, readBytes: 3 * MiB }), undefined);
    assert.is(defaultJobs({ ...facts, inputBytes: undefined, readBytes: PARALLEL_MIN_BYTES }), 8);
  });

  test("--jobs takes a whole number from 1 to 256", async () => {
    for (const bad of ["0", "-1", "x", "1.5", "257"]) {
      const { status, stderr } = await cli(runtime, ["--jobs", bad]);
      assert.is(status, 2, bad);
      assert.ok(stderr.includes("--jobs takes a whole number from 1 to 256"), stderr);
    }
    assert.is((await cli(runtime, ["--jobs=2"], "http://a/\n")).status, 0);
  });

  test.run();
}
