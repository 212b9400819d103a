// Experiment, answered (bench/experiments/README.md), with capture_forms_all.mjs: see there for the answer and where
// docs/runtime-interop.md records it.
//
// What calling a String method taken at load costs, in each form, against a plain method call: the question of
// realm safety for URL's getters (docs/runtime-interop.md, "Errors and robustness"). Each loop does what a getter does
// on a ~60-character href: `slice` between two offsets, `indexOf(":")` from an offset, or `charCodeAt(i) === 0x40`.
// Plain JavaScript, no import: run by every runtime as is (bench/experiments/capture_forms_all.mjs runs them all).
//
// Forms (realm-safe: reads nothing of String.prototype, Function.prototype or Reflect after load):
//   direct        s.slice(a, b)                          (not realm-safe: the reference)
//   checked       proto.slice === slice ? s.slice(a, b) : uncurried(s, a, b)   (not realm-safe: reads the prototype)
//   call          slice.call(s, a, b), slice captured      (not realm-safe: reads Function.prototype.call)
//   apply         Reflect.apply captured, at the call site: apply(slice, s, [a, b])          realm-safe
//   applyWrapper  a fixed-arity function made at load: (s, a, b) => apply(slice, s, [a, b])  realm-safe
//   applyRest     a rest-parameter function made at load: (s, ...args) => apply(slice, s, args) realm-safe
//   uncurry       Function.prototype.call.bind(slice) (Node's primordials' uncurryThis)      realm-safe
//   manual        charCodeAt only: s[i] === "@" (an own indexed read of the string)           realm-safe
//
// Usage: <runtime> bench/experiments/capture_forms.mjs [--iterations N] [--rounds R]
// Prints one JSON line: { runtime, iterations, rounds, results: { method: { form: { ns, ratio } } } }, ns the median
// per call over the rounds, ratio to `direct` (from medians). The forms are interleaved within each round.

const args = typeof process !== "undefined" ? process.argv.slice(2) : Deno.args;
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at === -1 ? fallback : Number(args[at + 1]);
};
const ITERATIONS = option("--iterations", 2_000_000);
const ROUNDS = option("--rounds", 15);

// Taken at load, as the library would.
const StringPrototype = String.prototype;
const slice = StringPrototype.slice;
const indexOf = StringPrototype.indexOf;
const charCodeAt = StringPrototype.charCodeAt;
const apply = Reflect.apply;
const call = Function.prototype.call;
const uncurry = (f) => call.bind(f);
const uncurriedSlice = uncurry(slice);
const uncurriedIndexOf = uncurry(indexOf);
const uncurriedCharCodeAt = uncurry(charCodeAt);
const sliceWrapper = (s, a, b) => apply(slice, s, [a, b]);
const indexOfWrapper = (s, search, from) => apply(indexOf, s, [search, from]);
const charCodeAtWrapper = (s, i) => apply(charCodeAt, s, [i]);
const sliceRest = (s, ...rest) => apply(slice, s, rest);
const indexOfRest = (s, ...rest) => apply(indexOf, s, rest);
const charCodeAtRest = (s, ...rest) => apply(charCodeAt, s, rest);

// 64 hrefs of 50-70 characters, some with credentials (an '@' where the getters look for one).
const HREFS = [];
const OFFSETS = []; // [hostStart, pathStart, where a getter looks for the credentials' '@'] per href
for (let i = 0; i < 64; i++) {
  const user = i % 4 === 0 ? `u${i}:p@` : "";
  const host = `host${i}.example${i % 7}.org`;
  const path = `/a${i}/${"segment".slice(0, 3 + (i % 5))}/b${i * 7}`;
  const href = `https://${user}${host}${path}?q=${i}#f`;
  HREFS.push(href);
  OFFSETS.push(8, 8 + user.length + host.length, user === "" ? 8 : 8 + user.length - 1);
}
const MASK = HREFS.length - 1;

// One function per form and method (no shared code, so each has its own feedback and inlining).
const loops = {
  slice: {
    direct(n) {
      let sum = 0;
      for (let i = 0; i < n; i++) {
        const k = i & MASK, s = HREFS[k];
        sum += s.slice(OFFSETS[3 * k], OFFSETS[3 * k + 1]).length;
      }
      return sum;
    },
    checked(n) {
      let sum = 0;
      for (let i = 0; i < n; i++) {
        const k = i & MASK, s = HREFS[k];
        sum += (StringPrototype.slice === slice
          ? s.slice(OFFSETS[3 * k], OFFSETS[3 * k + 1])
          : uncurriedSlice(s, OFFSETS[3 * k], OFFSETS[3 * k + 1])).length;
      }
      return sum;
    },
    call(n) {
      let sum = 0;
      for (let i = 0; i < n; i++) {
        const k = i & MASK, s = HREFS[k];
        sum += slice.call(s, OFFSETS[3 * k], OFFSETS[3 * k + 1]).length;
      }
      return sum;
    },
    apply(n) {
      let sum = 0;
      for (let i = 0; i < n; i++) {
        const k = i & MASK, s = HREFS[k];
        sum += apply(slice, s, [OFFSETS[3 * k], OFFSETS[3 * k + 1]]).length;
      }
      return sum;
    },
    applyWrapper(n) {
      let sum = 0;
      for (let i = 0; i < n; i++) {
        const k = i & MASK, s = HREFS[k];
        sum += sliceWrapper(s, OFFSETS[3 * k], OFFSETS[3 * k + 1]).length;
      }
      return sum;
    },
    applyRest(n) {
      let sum = 0;
      for (let i = 0; i < n; i++) {
        const k = i & MASK, s = HREFS[k];
        sum += sliceRest(s, OFFSETS[3 * k], OFFSETS[3 * k + 1]).length;
      }
      return sum;
    },
    uncurry(n) {
      let sum = 0;
      for (let i = 0; i < n; i++) {
        const k = i & MASK, s = HREFS[k];
        sum += uncurriedSlice(s, OFFSETS[3 * k], OFFSETS[3 * k + 1]).length;
      }
      return sum;
    },
  },
  indexOf: {
    direct(n) {
      let sum = 0;
      for (let i = 0; i < n; i++) {
        const k = i & MASK;
        sum += HREFS[k].indexOf(":", 6 + (i & 1));
      }
      return sum;
    },
    checked(n) {
      let sum = 0;
      for (let i = 0; i < n; i++) {
        const k = i & MASK, s = HREFS[k];
        sum += StringPrototype.indexOf === indexOf
          ? s.indexOf(":", 6 + (i & 1))
          : uncurriedIndexOf(s, ":", 6 + (i & 1));
      }
      return sum;
    },
    call(n) {
      let sum = 0;
      for (let i = 0; i < n; i++) {
        const k = i & MASK;
        sum += indexOf.call(HREFS[k], ":", 6 + (i & 1));
      }
      return sum;
    },
    apply(n) {
      let sum = 0;
      for (let i = 0; i < n; i++) {
        const k = i & MASK;
        sum += apply(indexOf, HREFS[k], [":", 6 + (i & 1)]);
      }
      return sum;
    },
    applyWrapper(n) {
      let sum = 0;
      for (let i = 0; i < n; i++) {
        const k = i & MASK;
        sum += indexOfWrapper(HREFS[k], ":", 6 + (i & 1));
      }
      return sum;
    },
    applyRest(n) {
      let sum = 0;
      for (let i = 0; i < n; i++) {
        const k = i & MASK;
        sum += indexOfRest(HREFS[k], ":", 6 + (i & 1));
      }
      return sum;
    },
    uncurry(n) {
      let sum = 0;
      for (let i = 0; i < n; i++) {
        const k = i & MASK;
        sum += uncurriedIndexOf(HREFS[k], ":", 6 + (i & 1));
      }
      return sum;
    },
    manual(n) {
      let sum = 0;
      for (let i = 0; i < n; i++) {
        const k = i & MASK, s = HREFS[k];
        let at = 6 + (i & 1);
        while (at < s.length && s[at] !== ":") at++;
        sum += at < s.length ? at : -1;
      }
      return sum;
    },
  },
  charCodeAt: {
    direct(n) {
      let sum = 0;
      for (let i = 0; i < n; i++) {
        const k = i & MASK;
        if (HREFS[k].charCodeAt(OFFSETS[3 * k + 2]) === 0x40) sum++;
      }
      return sum;
    },
    checked(n) {
      let sum = 0;
      for (let i = 0; i < n; i++) {
        const k = i & MASK, s = HREFS[k], at = OFFSETS[3 * k + 2];
        if ((StringPrototype.charCodeAt === charCodeAt ? s.charCodeAt(at) : uncurriedCharCodeAt(s, at)) === 0x40) sum++;
      }
      return sum;
    },
    call(n) {
      let sum = 0;
      for (let i = 0; i < n; i++) {
        const k = i & MASK;
        if (charCodeAt.call(HREFS[k], OFFSETS[3 * k + 2]) === 0x40) sum++;
      }
      return sum;
    },
    apply(n) {
      let sum = 0;
      for (let i = 0; i < n; i++) {
        const k = i & MASK;
        if (apply(charCodeAt, HREFS[k], [OFFSETS[3 * k + 2]]) === 0x40) sum++;
      }
      return sum;
    },
    applyWrapper(n) {
      let sum = 0;
      for (let i = 0; i < n; i++) {
        const k = i & MASK;
        if (charCodeAtWrapper(HREFS[k], OFFSETS[3 * k + 2]) === 0x40) sum++;
      }
      return sum;
    },
    applyRest(n) {
      let sum = 0;
      for (let i = 0; i < n; i++) {
        const k = i & MASK;
        if (charCodeAtRest(HREFS[k], OFFSETS[3 * k + 2]) === 0x40) sum++;
      }
      return sum;
    },
    uncurry(n) {
      let sum = 0;
      for (let i = 0; i < n; i++) {
        const k = i & MASK;
        if (uncurriedCharCodeAt(HREFS[k], OFFSETS[3 * k + 2]) === 0x40) sum++;
      }
      return sum;
    },
    manual(n) {
      let sum = 0;
      for (let i = 0; i < n; i++) {
        const k = i & MASK;
        if (HREFS[k][OFFSETS[3 * k + 2]] === "@") sum++;
      }
      return sum;
    },
  },
};

// Every form of a method must answer as `direct` does (else its timing means nothing).
for (const [method, forms] of Object.entries(loops)) {
  const expected = forms.direct(1000);
  for (const [form, loop] of Object.entries(forms)) {
    const got = loop(1000);
    if (got !== expected) throw new Error(`${method} ${form}: ${got}, direct ${expected}`);
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const times = {}; // method -> form -> [ns per call per round]
let sink = 0;
for (const [method, forms] of Object.entries(loops)) {
  times[method] = {};
  for (const [form, loop] of Object.entries(forms)) {
    times[method][form] = [];
    sink += loop(Math.min(ITERATIONS, 200_000)); // warm-up: tiered up before the first timed round
  }
}
for (let round = 0; round < ROUNDS; round++) {
  for (const [method, forms] of Object.entries(loops)) {
    const names = Object.keys(forms);
    // Rotate the order each round so no form always runs first or after the same one.
    for (let j = 0; j < names.length; j++) {
      const form = names[(j + round) % names.length];
      const started = performance.now();
      sink += forms[form](ITERATIONS);
      times[method][form].push(((performance.now() - started) * 1e6) / ITERATIONS);
    }
  }
}

const runtime = typeof Bun !== "undefined"
  ? `Bun ${Bun.version}`
  : typeof Deno !== "undefined"
  ? `Deno ${Deno.version.deno}`
  : `Node ${process.versions.node}`;
const results = {};
for (const [method, forms] of Object.entries(times)) {
  const direct = median(forms.direct);
  results[method] = {};
  for (const [form, ns] of Object.entries(forms)) {
    const m = median(ns);
    results[method][form] = { ns: Math.round(m * 100) / 100, ratio: Math.round((m / direct) * 100) / 100 };
  }
}
console.log(JSON.stringify({ runtime, iterations: ITERATIONS, rounds: ROUNDS, results, sink: sink > 0 }));
