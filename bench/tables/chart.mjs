// SVG bar chart of a bench report: for each dataset and workload, ada-ffi's time as a ratio of the
// runtime's built-in URL (below 1.0 = faster), one bar per runtime; parseMany and heap rows too. bench/chart.svg,
// drawn from bench/results/url.json by bench/url/main.mjs and bench/tables/main.mjs.

const COLORS = {
  node20: "#9fd49a",
  node22: "#6cbf63",
  node24: "#3c873a",
  node26: "#1f5c1c",
  "node26-koffi": "#b5b58a",
  deno: "#222222",
  bun: "#f472b6",
};
const ROWS = [
  ["href", "new URL(s).href", "ada-ffi"],
  ["href", "parseMany → href", "ada-ffi parseMany"],
  ["getters4", "+ 4 getters", "ada-ffi"],
  ["getters11", "all 11 getters", "ada-ffi"],
  ["canParse", "URL.canParse", "ada-ffi"],
  ["setSearch", "url.search = …", "ada-ffi"],
  ["relative", "new URL(rel, base)", "ada-ffi"],
  ["heap", "retained bytes / URL", "ada-ffi"],
];

const escape = (s) => String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;");

function ratioOf(result, workload, contender) {
  if (workload === "heap") return result.heapBytes[contender] / result.heapBytes["built-in"];
  const ns = result.ns[workload];
  if (!ns || ns[contender] === undefined) return undefined;
  return ns[contender] / ns["built-in"];
}

export function renderChart(report) {
  const runtimes = [...new Set(report.datasets.flatMap((d) => Object.keys(d.runtimes)))];
  const barH = 11, rowGap = 10, labelW = 170, plotW = 420, maxRatio = 3;
  const rowH = runtimes.length * barH + rowGap;
  const panelH = ROWS.length * rowH + 40;
  const width = labelW + plotW + 60;
  const height = 50 + report.datasets.length * panelH + 30;
  const x = (r) => labelW + (Math.min(r, maxRatio) / maxRatio) * plotW;
  const out = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" font-size="11">`,
  );
  out.push(`<rect width="100%" height="100%" fill="white"/>`);
  out.push(
    `<text x="10" y="20" font-size="14" font-weight="bold">ada-ffi time ÷ built-in URL time (lower is better; 1.0 = same)</text>`,
  );
  out.push(
    `<text x="10" y="36" fill="#555">${escape(report.machine.cpu)}, ${report.machine.cores} cores, ${
      escape(report.date.slice(0, 10))
    }</text>`,
  );
  let legendX = labelW;
  for (const rt of runtimes) {
    out.push(`<rect x="${legendX}" y="${height - 20}" width="10" height="10" fill="${COLORS[rt] ?? "#888"}"/>`);
    out.push(`<text x="${legendX + 14}" y="${height - 11}">${rt}</text>`);
    legendX += 14 + 8 * rt.length + 16;
  }
  report.datasets.forEach((dataset, d) => {
    const top = 50 + d * panelH;
    out.push(`<text x="10" y="${top + 14}" font-weight="bold">${escape(dataset.name)} (${dataset.urls} URLs)</text>`);
    const plotTop = top + 24;
    const plotBottom = plotTop + ROWS.length * rowH;
    for (const tick of [0, 0.5, 1, 1.5, 2, 2.5, 3]) {
      out.push(
        `<line x1="${x(tick)}" y1="${plotTop}" x2="${x(tick)}" y2="${plotBottom}" stroke="${
          tick === 1 ? "#c00" : "#ddd"
        }"/>`,
      );
      out.push(`<text x="${x(tick)}" y="${plotBottom + 12}" text-anchor="middle" fill="#555">${tick}</text>`);
    }
    ROWS.forEach(([workload, label, contender], i) => {
      const y0 = plotTop + i * rowH;
      out.push(
        `<text x="${labelW - 6}" y="${y0 + (runtimes.length * barH) / 2 + 4}" text-anchor="end">${
          escape(label)
        }</text>`,
      );
      const ratios = runtimes.map((rt) => dataset.runtimes[rt] && ratioOf(dataset.runtimes[rt], workload, contender));
      if (ratios.every((r) => r === undefined)) {
        out.push(
          `<text x="${labelW + 6}" y="${y0 + (runtimes.length * barH) / 2 + 4}" fill="#888">not measured</text>`,
        );
      }
      runtimes.forEach((rt, j) => {
        const result = dataset.runtimes[rt];
        const r = result && ratioOf(result, workload, contender);
        if (r === undefined || Number.isNaN(r)) return;
        const y = y0 + j * barH;
        out.push(
          `<rect x="${labelW}" y="${y}" width="${x(r) - labelW}" height="${barH - 2}" fill="${COLORS[rt] ?? "#888"}"/>`,
        );
        out.push(
          `<text x="${x(r) + 3}" y="${y + barH - 3}" font-size="9">${r.toFixed(2)}${r > maxRatio ? " →" : ""}</text>`,
        );
      });
    });
  });
  out.push("</svg>");
  return out.join("\n") + "\n";
}
