'use strict';
// The benchmark: url-grammar against Node's URL and whatwg-url, measured in the same run.
//
//   npm run bench                 (builds dist/, then runs this file)
//   node bench/run.js [--runs N] [--quick] [--no-write]
//
// Corpora: (a) bench/real-urls.txt, (b) the inputs of test/wpt/urltestdata.json with their bases,
// (c) long inputs of 1 KB, 64 KB and 1 MB. Each figure is the median of several timed samples
// taken after warm-up; the parsers take turns within each round so that drift hits all of them
// alike. A parser that fails on an input (throws the TypeError, or returns null) counts the same.
// Memory is measured in a fresh child process per parser (--expose-gc). Results go to the console
// and to bench/RESULTS.md.

const fs = require('fs');
const os = require('os');
const path = require('path');
const v8 = require('v8');
const vm = require('vm');
const { spawnSync } = require('child_process');
const { performance, PerformanceObserver } = require('perf_hooks');

const ROOT = path.join(__dirname, '..');
const DIST = path.join(ROOT, 'dist', 'src', 'index.js');
const REAL_URLS = path.join(__dirname, 'real-urls.txt');
const WPT_DATA = path.join(ROOT, 'test', 'wpt', 'urltestdata.json');
const RESULTS = path.join(__dirname, 'RESULTS.md');

// ---- options --------------------------------------------------------------------------------

function parseArgs(argv) {
  const opts = { runs: 7, sampleMs: 80, quick: false, write: true, child: null, childKey: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--runs') opts.runs = Math.max(1, parseInt(argv[++i], 10));
    else if (a === '--quick') opts.quick = true;
    else if (a === '--no-write') opts.write = false;
    else if (a === '--memory-child' || a === '--alloc-child') {
      opts.child = a.slice(2);
      opts.childKey = argv[++i];
    } else throw new Error(`bench: unknown argument ${a}`);
  }
  if (opts.quick) {
    opts.runs = Math.min(opts.runs, 3);
    opts.sampleMs = 25;
  }
  return opts;
}

// ---- the parsers ----------------------------------------------------------------------------

/**
 * Each parser is timed through a loop compiled for it alone (new Function), so that no call site
 * is shared between parsers and none of them pays for the others' polymorphism.
 *   `call` is the expression that parses inputs[i] (bases[i] is its base, or undefined).
 *   `prepare` turns a list of base strings into what `call` reads as bases[i]; this is where a
 *   low-level API gets its base parsed once, outside the timed loop.
 */
const PARSERS = [
  {
    key: 'node',
    label: "Node's URL",
    load: () => globalThis.URL,
    call: 'new fn(inputs[i], bases[i])',
    callNoBase: 'new fn(inputs[i])',
    prepare: (bases) => bases,
  },
  {
    key: 'ug-url',
    label: 'url-grammar new URL',
    load: () => require(DIST).URL,
    call: 'new fn(inputs[i], bases[i])',
    callNoBase: 'new fn(inputs[i])',
    prepare: (bases) => bases,
  },
  {
    key: 'ug-parse',
    label: 'url-grammar parseURL',
    load: () => require(DIST).parseURL,
    call: 'fn(inputs[i], bases[i])',
    callNoBase: 'fn(inputs[i])',
    prepare: (bases) => {
      const { parseURL } = require(DIST);
      return bases.map((b) => (b === undefined ? undefined : { baseURL: mustParse(parseURL(b), b) }));
    },
  },
  {
    key: 'whatwg-url',
    label: 'whatwg-url new URL',
    load: () => require('whatwg-url').URL,
    call: 'new fn(inputs[i], bases[i])',
    callNoBase: 'new fn(inputs[i])',
    prepare: (bases) => bases,
  },
  {
    key: 'whatwg-parse',
    label: 'whatwg-url basicURLParse',
    load: () => require('whatwg-url').basicURLParse,
    call: 'fn(inputs[i], bases[i])',
    callNoBase: 'fn(inputs[i])',
    prepare: (bases) => {
      const { basicURLParse } = require('whatwg-url');
      return bases.map((b) => (b === undefined ? undefined : { baseURL: mustParse(basicURLParse(b), b) }));
    },
  },
];

const byKey = (key) => {
  const p = PARSERS.find((q) => q.key === key);
  if (!p) throw new Error(`bench: no parser ${key}`);
  return p;
};

function mustParse(record, base) {
  if (record === null) throw new Error(`bench: the base ${JSON.stringify(base)} does not parse`);
  return record;
}

/** A loop that parses every input once and returns how many parsed. */
function compileLoop(callExpr) {
  return new Function(
    'fn',
    'inputs',
    'bases',
    `let ok = 0;
     for (let i = 0; i < inputs.length; i++) {
       try {
         if (${callExpr} !== null) ok++;
       } catch (e) {
         if (!(e instanceof TypeError)) throw e;
       }
     }
     return ok;`,
  );
}

/** A corpus ready for one parser: its compiled loop, the inputs, and the bases in its form. */
function prepare(parser, corpus) {
  const hasBases = corpus.bases.some((b) => b !== undefined);
  const loop = compileLoop(hasBases ? parser.call : parser.callNoBase);
  const fn = parser.load();
  const bases = hasBases ? parser.prepare(corpus.bases) : undefined;
  return { parser, pass: () => loop(fn, corpus.inputs, bases) };
}

// ---- timing ---------------------------------------------------------------------------------

let gc = null;
function forceGC() {
  if (gc === null) {
    v8.setFlagsFromString('--expose-gc');
    gc = vm.runInNewContext('gc');
  }
  gc();
}

const now = () => process.hrtime.bigint();
const ms = (ns) => Number(ns) / 1e6;

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/**
 * Times each prepared parser on a corpus: warm-up, then `runs` rounds in which every parser
 * takes one sample of `reps` passes (at least `sampleMs` long). Returns ns per input per parser.
 */
function timeCorpus(corpus, keys, opts) {
  const prepared = keys.map((k) => prepare(byKey(k), corpus));
  const n = corpus.inputs.length;
  const warmMs = opts.quick ? 40 : 250;
  // One full collection before the warm-up, none between samples: a forced collection shrinks
  // the young generation, and the samples after it would pay for growing it again.
  forceGC();
  const state = prepared.map((p) => {
    // Warm-up: at least two passes and `warmMs`; the slowest pass sets the repetition count.
    let passes = 0;
    let ok = 0;
    const t0 = now();
    let elapsed = 0;
    while (passes < 2 || elapsed < warmMs) {
      ok = p.pass();
      passes++;
      elapsed = ms(now() - t0);
    }
    const perPass = elapsed / passes;
    return { p, ok, reps: Math.max(1, Math.ceil(opts.sampleMs / perPass)), samples: [], windows: [] };
  });
  for (let r = 0; r < opts.runs; r++) {
    for (const s of state) {
      const w0 = performance.now();
      const t0 = now();
      for (let k = 0; k < s.reps; k++) s.p.pass();
      s.samples.push(Number(now() - t0) / (s.reps * n));
      s.windows.push({ start: w0, end: performance.now(), per: s.reps * n });
    }
  }
  const out = {};
  for (const s of state) {
    const med = median(s.samples);
    out[s.p.parser.key] = {
      ns: med,
      spread: (Math.max(...s.samples) - Math.min(...s.samples)) / med,
      ok: s.ok,
      failed: n - s.ok,
      samples: s.samples,
      windows: s.windows,
    };
  }
  return out;
}

/**
 * timeCorpus, and for each parser the median time per input outside garbage-collection pauses:
 * each sample less the pauses that V8 reports (PerformanceObserver, entry type "gc") inside it.
 */
async function timeCorpusOutsideGC(corpus, keys, opts) {
  const pauses = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) pauses.push({ start: e.startTime, end: e.startTime + e.duration });
  });
  observer.observe({ entryTypes: ['gc'] });
  const out = timeCorpus(corpus, keys, opts);
  await new Promise((resolve) => setTimeout(resolve, 20)); // the observer reports asynchronously
  observer.disconnect();
  for (const r of Object.values(out)) {
    const outside = r.windows.map((w, i) => {
      let inGC = 0;
      for (const p of pauses) inGC += Math.max(0, Math.min(w.end, p.end) - Math.max(w.start, p.start));
      return Math.max(0, r.samples[i] - (inGC * 1e6) / w.per);
    });
    r.nsOutsideGC = median(outside);
  }
  return out;
}

// ---- corpora --------------------------------------------------------------------------------

function loadRealURLs() {
  const inputs = fs
    .readFileSync(REAL_URLS, 'utf8')
    .split('\n')
    .filter((line) => line !== '');
  return { name: 'real', inputs, bases: inputs.map(() => undefined) };
}

function loadWPT() {
  const cases = JSON.parse(fs.readFileSync(WPT_DATA, 'utf8')).filter((c) => typeof c === 'object');
  return {
    name: 'wpt',
    inputs: cases.map((c) => c.input),
    bases: cases.map((c) => (c.base === null ? undefined : c.base)),
  };
}

/** Long inputs: a prefix, a unit repeated, a suffix; exactly `size` UTF-16 code units. */
const LONG_SHAPES = [
  { name: 'long path', prefix: 'https://example.com/', unit: 'segment/', suffix: '' },
  { name: 'long query', prefix: 'https://example.com/search?', unit: 'key=value&', suffix: '' },
  { name: 'long host', prefix: 'https://', unit: 'abcdefghi.', suffix: 'com/' },
  { name: 'path to encode', prefix: 'https://example.com/', unit: 'a b/é"/', suffix: '' },
];
const LONG_SIZES = [
  { name: '1 KB', size: 1024 },
  { name: '64 KB', size: 64 * 1024 },
  { name: '1 MB', size: 1024 * 1024 },
];

function longInput(shape, size) {
  const room = size - shape.prefix.length - shape.suffix.length;
  const body = shape.unit.repeat(Math.ceil(room / shape.unit.length)).slice(0, room);
  // Flatten the concatenation now, so that no parser pays for it in its first pass.
  return Buffer.from(shape.prefix + body + shape.suffix, 'utf8').toString('utf8');
}

// ---- agreement (a sanity check, not a conformance test) ------------------------------------

function hrefOf(Ctor, input, base) {
  try {
    return base === undefined ? new Ctor(input).href : new Ctor(input, base).href;
  } catch (e) {
    if (e instanceof TypeError) return null;
    throw e;
  }
}

function agreement(corpus) {
  const ug = require(DIST).URL;
  const w = require('whatwg-url').URL;
  let vsWhatwg = 0;
  let vsNode = 0;
  const examples = [];
  for (let i = 0; i < corpus.inputs.length; i++) {
    const input = corpus.inputs[i];
    const base = corpus.bases[i];
    const a = hrefOf(ug, input, base);
    const b = hrefOf(w, input, base);
    const c = hrefOf(globalThis.URL, input, base);
    if (a !== b) {
      vsWhatwg++;
      if (examples.length < 3) examples.push({ input, base, urlGrammar: a, whatwgURL: b });
    }
    if (a !== c) vsNode++;
  }
  return { vsWhatwg, vsNode, examples };
}

// ---- memory (child processes) -------------------------------------------------------------

const MEMORY_URLS = 100000;
const MEMORY_KEYS = ['inputs', 'node', 'ug-url', 'ug-parse', 'whatwg-url', 'whatwg-parse'];
const ALLOC_KEYS = ['node', 'ug-url', 'ug-parse', 'whatwg-url', 'whatwg-parse'];

/** The corpus as one buffer and line offsets, so that each input can be made afresh. */
function corpusBuffer() {
  const buf = fs.readFileSync(REAL_URLS);
  const starts = [];
  const ends = [];
  let s = 0;
  for (let i = 0; i <= buf.length; i++) {
    if (i === buf.length || buf[i] === 0x0a) {
      if (i > s) {
        starts.push(s);
        ends.push(i);
      }
      s = i + 1;
    }
  }
  return { buf, starts, ends };
}

function oneParser(key) {
  if (key === 'inputs') return (s) => s; // retain the input strings alone: the reference row
  const p = byKey(key);
  const fn = p.load();
  return p.callNoBase.startsWith('new ') ? (s) => new fn(s) : (s) => fn(s);
}

/**
 * Parses and retains MEMORY_URLS URLs, each input a fresh string (so that whatever a parser keeps
 * of its input is counted), and reports the heap and RSS it took.
 */
function memoryChild(key) {
  const { buf, starts, ends } = corpusBuffer();
  const parse = oneParser(key);
  // Warm-up on the corpus once: compiled grammars, caches and JIT code are not the URLs' memory.
  for (let j = 0; j < starts.length; j++) {
    try {
      parse(buf.toString('utf8', starts[j], ends[j]));
    } catch (e) {
      if (!(e instanceof TypeError)) throw e;
    }
  }
  const kept = new Array(MEMORY_URLS).fill(null);
  global.gc();
  global.gc();
  const before = process.memoryUsage();
  let peakHeap = before.heapUsed;
  let peakRss = before.rss;
  let parsed = 0;
  for (let i = 0; i < MEMORY_URLS; i++) {
    const j = i % starts.length;
    const input = buf.toString('utf8', starts[j], ends[j]);
    try {
      kept[i] = parse(input);
      parsed++;
    } catch (e) {
      if (!(e instanceof TypeError)) throw e;
    }
    if ((i & 1023) === 1023) {
      const m = process.memoryUsage();
      if (m.heapUsed > peakHeap) peakHeap = m.heapUsed;
      if (m.rss > peakRss) peakRss = m.rss;
    }
  }
  global.gc();
  global.gc();
  const after = process.memoryUsage();
  const result = {
    key,
    parsed,
    retainedHeap: after.heapUsed - before.heapUsed,
    retainedRss: after.rss - before.rss,
    peakHeap: peakHeap - before.heapUsed,
    peakRss: peakRss - before.rss,
    maxRss: process.resourceUsage().maxRSS * 1024,
    kept: kept.length,
  };
  process.stdout.write(JSON.stringify(result));
}

/**
 * Bytes allocated per URL (garbage included): heapUsed before and after chunks of 1,000 parses in
 * a young generation large enough that no collection runs; a chunk during which the collector ran
 * anyway is left out.
 */
async function allocChild(key) {
  const { buf, starts, ends } = corpusBuffer();
  const parse = oneParser(key);
  const inputs = starts.map((s, j) => buf.toString('utf8', s, ends[j]));
  const gcTimes = [];
  const obs = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gcTimes.push([e.startTime, e.startTime + e.duration]);
  });
  obs.observe({ entryTypes: ['gc'] });
  const run = (from, to) => {
    for (let j = from; j < to; j++) {
      try {
        parse(inputs[j]);
      } catch (e) {
        if (!(e instanceof TypeError)) throw e;
      }
    }
  };
  run(0, inputs.length);
  run(0, inputs.length);
  const CHUNK = 1000;
  const chunks = [];
  for (let from = 0; from < inputs.length; from += CHUNK) {
    const to = Math.min(inputs.length, from + CHUNK);
    global.gc();
    const t0 = performance.now();
    const h0 = process.memoryUsage().heapUsed;
    run(from, to);
    const h1 = process.memoryUsage().heapUsed;
    const t1 = performance.now();
    chunks.push({ t0, t1, bytes: h1 - h0, n: to - from });
  }
  await new Promise((resolve) => setTimeout(resolve, 50));
  obs.disconnect();
  const clean = chunks.filter((c) => !gcTimes.some(([s, e]) => e >= c.t0 && s <= c.t1));
  const bytes = clean.reduce((a, c) => a + c.bytes, 0);
  const n = clean.reduce((a, c) => a + c.n, 0);
  process.stdout.write(JSON.stringify({ key, perURL: n ? bytes / n : null, chunks: clean.length, of: chunks.length }));
}

function runChild(mode, key, flags) {
  const r = spawnSync(process.execPath, [...flags, __filename, `--${mode}`, key], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  if (r.status !== 0) throw new Error(`bench: ${mode} ${key} failed:\n${r.stderr}`);
  return JSON.parse(r.stdout);
}

// ---- formatting ---------------------------------------------------------------------------

const fmtNs = (ns) => (ns >= 1e6 ? `${(ns / 1e6).toFixed(2)} ms` : ns >= 1e4 ? `${(ns / 1e3).toFixed(1)} µs` : `${Math.round(ns)} ns`);
const fmtRate = (perSec) =>
  perSec >= 1e6 ? `${(perSec / 1e6).toFixed(2)} M` : perSec >= 1e3 ? `${(perSec / 1e3).toFixed(1)} k` : perSec.toFixed(1);
const fmtX = (x) => (x >= 100 ? `${x.toFixed(0)}×` : x >= 10 ? `${x.toFixed(1)}×` : `${x.toFixed(2)}×`);
const fmtMB = (bytes) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
const fmtPct = (x) => `${(x * 100).toFixed(0)}%`;

/** A table as an array of rows (first row the header); printed aligned, or as Markdown. */
function table(rows, align) {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => String(r[c]).length)));
  const pad = (s, c) => (align[c] === 'r' ? String(s).padStart(widths[c]) : String(s).padEnd(widths[c]));
  const text = rows.map((r, i) => {
    const line = r.map(pad).join('  ');
    return i === 0 ? `${line}\n${widths.map((w) => '-'.repeat(w)).join('  ')}` : line;
  });
  const md = [
    `| ${rows[0].join(' | ')} |`,
    `| ${align.map((a) => (a === 'r' ? '---:' : ':---')).join(' | ')} |`,
    ...rows.slice(1).map((r) => `| ${r.join(' | ')} |`),
  ];
  return { text: text.join('\n'), md: md.join('\n') };
}

function speedTable(result, corpus) {
  const bytes = corpus.inputs.reduce((a, s) => a + Buffer.byteLength(s, 'utf8'), 0);
  const n = corpus.inputs.length;
  const node = result.node.ns;
  const whatwg = result['whatwg-url'].ns;
  const rows = [['parser', 'time per URL', 'URLs/s', 'MB/s', 'spread', 'failed', '÷ Node URL', 'whatwg-url URL ÷ this']];
  for (const p of PARSERS) {
    const r = result[p.key];
    if (!r) continue;
    const mbps = (bytes / n / r.ns) * 1e9 / 1e6;
    rows.push([p.label, fmtNs(r.ns), fmtRate(1e9 / r.ns), mbps.toFixed(1), fmtPct(r.spread), r.failed, fmtX(r.ns / node), fmtX(whatwg / r.ns)]);
  }
  return table(rows, ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r']);
}

// ---- main --------------------------------------------------------------------------------

function log(s = '') {
  process.stdout.write(`${s}\n`);
}

/** The project's commit, when it is a git work tree ("-dirty" with uncommitted changes). */
function commit() {
  const r = spawnSync('git', ['describe', '--always', '--dirty', '--abbrev=7'], { cwd: ROOT, encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

function machine() {
  const cpus = os.cpus();
  return {
    cpu: cpus.length ? cpus[0].model.trim() : 'unknown',
    cores: cpus.length,
    memory: os.totalmem(),
    node: process.version,
    v8: process.versions.v8,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
  };
}

async function main(opts) {
  const started = now();
  const m = machine();
  const keys = PARSERS.map((p) => p.key);
  const pkg = (name) => JSON.parse(fs.readFileSync(require.resolve(`${name}/package.json`), 'utf8')).version;
  const versions = { 'url-grammar': pkg('..'), 'whatwg-url': pkg('whatwg-url'), tr46: pkg('tr46') };
  log(`machine: ${m.cpu}, ${m.cores} cores, ${fmtMB(m.memory)}; Node ${m.node} (V8 ${m.v8}); ${m.platform}`);
  log(`${opts.runs} timed rounds per figure (median), samples of at least ${opts.sampleMs} ms after warm-up\n`);
  const md = [];

  // (a) real-world URLs
  const real = loadRealURLs();
  const realResult = timeCorpus(real, keys, opts);
  const realAgree = agreement(real);
  const realTable = speedTable(realResult, real);
  const medianLength = median(real.inputs.map((s) => s.length));
  const realHead = `Real-world URLs (bench/real-urls.txt): ${real.inputs.length} URLs, median length ${medianLength}`;
  log(`${realHead}\n${realTable.text}`);
  log(`href differs from whatwg-url on ${realAgree.vsWhatwg} inputs, from Node's URL on ${realAgree.vsNode}\n`);

  // (b) WPT inputs with their bases
  const wpt = loadWPT();
  const wptResult = timeCorpus(wpt, keys, opts);
  const wptAgree = agreement(wpt);
  const wptTable = speedTable(wptResult, wpt);
  const wptWithBase = wpt.bases.filter((b) => b !== undefined).length;
  const wptHead = `WPT inputs (test/wpt/urltestdata.json): ${wpt.inputs.length} inputs, ${wptWithBase} with a base`;
  log(`${wptHead}\n${wptTable.text}`);
  log(`href differs from whatwg-url on ${wptAgree.vsWhatwg} inputs, from Node's URL on ${wptAgree.vsNode}\n`);

  // (c) long inputs
  const longRows = [
    ['input', 'parser', '1 KB', '64 KB', '1 MB', 'per KB at 1 KB', 'per KB at 1 MB', '1 MB ÷ 1 KB', 'outside GC', '÷ Node URL at 1 MB'],
  ];
  const longData = [];
  for (const shape of LONG_SHAPES) {
    const perSize = [];
    for (const sz of LONG_SIZES) {
      const input = longInput(shape, sz.size);
      const corpus = { name: `${shape.name} ${sz.name}`, inputs: [input], bases: [undefined] };
      perSize.push(await timeCorpusOutsideGC(corpus, keys, opts));
    }
    for (const p of PARSERS) {
      const t = perSize.map((r) => r[p.key].ns);
      const failed = perSize.some((r) => r[p.key].failed > 0);
      const kb = LONG_SIZES.map((s) => s.size / 1024);
      const perKB = t.map((x, i) => x / kb[i]);
      const ratio = t[2] / t[0];
      const ratioOutsideGC = perSize[2][p.key].nsOutsideGC / perSize[0][p.key].nsOutsideGC;
      const vsNode = t[2] / perSize[2].node.ns;
      longData.push({ shape: shape.name, parser: p.key, t, perKB, ratio, ratioOutsideGC, failed });
      longRows.push([
        shape.name,
        p.label + (failed ? ' (fails)' : ''),
        ...t.map(fmtNs),
        fmtNs(perKB[0]),
        fmtNs(perKB[2]),
        `${ratio.toFixed(0)} (${(ratio / 1024).toFixed(2)} of linear)`,
        `${ratioOutsideGC.toFixed(0)} (${(ratioOutsideGC / 1024).toFixed(2)})`,
        fmtX(vsNode),
      ]);
    }
  }
  const longTable = table(longRows, ['l', 'l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r']);
  const longHead = 'Long inputs (one URL of 1 KB, 64 KB, 1 MB; time per URL; a linear parser has 1 MB ÷ 1 KB ≈ 1024)';
  log(`${longHead}\n${longTable.text}\n`);

  // memory
  const memFlags = ['--expose-gc'];
  const allocFlags = ['--expose-gc', '--min-semi-space-size=64', '--max-semi-space-size=64'];
  const mem = MEMORY_KEYS.map((k) => runChild('memory-child', k, memFlags));
  const alloc = Object.fromEntries(ALLOC_KEYS.map((k) => [k, runChild('alloc-child', k, allocFlags)]));
  const memRows = [['retained', 'heap after gc', 'per URL', 'RSS after gc', 'peak heap', 'peak RSS', 'process max RSS', 'allocated per URL']];
  for (const r of mem) {
    const label = r.key === 'inputs' ? 'the input strings alone' : byKey(r.key).label;
    const a = alloc[r.key];
    memRows.push([
      label,
      fmtMB(r.retainedHeap),
      `${Math.round(r.retainedHeap / MEMORY_URLS)} B`,
      fmtMB(r.retainedRss),
      fmtMB(r.peakHeap),
      fmtMB(r.peakRss),
      fmtMB(r.maxRss),
      a && a.perURL !== null ? `${(a.perURL / 1024).toFixed(1)} KB` : '—',
    ]);
  }
  const memTable = table(memRows, ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r']);
  const memHead =
    `Memory: ${MEMORY_URLS.toLocaleString('en-US')} URLs (bench/real-urls.txt ×${MEMORY_URLS / real.inputs.length}) parsed and retained, ` +
    'each parser in a fresh process; deltas from just before parsing';
  log(`${memHead}\n${memTable.text}\n`);

  // summary against the targets
  const ug = realResult['ug-url'].ns;
  const ugParse = realResult['ug-parse'].ns;
  const summary = [
    `url-grammar new URL on real-world URLs: ${fmtNs(ug)} per URL, ${fmtX(ug / realResult.node.ns)} Node's URL (target: at most 3×), ` +
      `${fmtX(realResult['whatwg-url'].ns / ug)} faster than whatwg-url's URL (target: at least 10×).`,
    `url-grammar parseURL: ${fmtNs(ugParse)} per URL, ${fmtX(ugParse / realResult.node.ns)} Node's URL, ` +
      `${fmtX(realResult['whatwg-parse'].ns / ugParse)} faster than whatwg-url's basicURLParse.`,
  ];
  const budget = Math.min(3 * realResult.node.ns, realResult['whatwg-url'].ns / 10);
  summary.push(
    ug <= budget
      ? `Both targets met: new URL may take up to ${fmtNs(budget)} per URL, ${((100 * (budget - ug)) / budget).toFixed(0)}% more than now.`
      : `To meet both targets, new URL needs at most ${fmtNs(budget)} per URL (${fmtX(ug / budget)} faster than now).`,
  );
  const elapsed = ms(now() - started) / 1000;
  log(summary.join('\n'));
  log(`\n(${elapsed.toFixed(0)} s)`);

  if (opts.write) {
    md.push('# Benchmark results', '');
    md.push('Produced by `npm run bench` (`npm run build && node bench/run.js`); rerun it to refresh this file.', '');
    md.push('## Machine', '');
    md.push(`- CPU: ${m.cpu}, ${m.cores} cores`);
    md.push(`- memory: ${fmtMB(m.memory)}`);
    md.push(`- Node ${m.node} (V8 ${m.v8}), ${m.platform}`);
    const rev = commit();
    md.push(`- url-grammar ${versions['url-grammar']}${rev ? ` at ${rev}` : ''}, whatwg-url ${versions['whatwg-url']}, tr46 ${versions.tr46}`);
    md.push(`- date: ${m.date}; the whole run took ${elapsed.toFixed(0)} s`, '');
    md.push('## Method', '');
    md.push(
      `Each time is the median of ${opts.runs} samples; a sample is as many passes over the corpus as make at least ${opts.sampleMs} ms, ` +
        'taken after a warm-up of at least two passes (no collection is forced between samples, so each figure includes the garbage collection its allocations cause). The parsers take turns in each round, so Node\'s URL is measured in ' +
        'the same run as the others. A parser that fails on an input (throws a TypeError, or returns null) counts like one ' +
        'that parses it. `new URL(input, base)` gets the base as a string, as in a browser, and parses it each time; ' +
        'the low-level `parseURL` and `basicURLParse` get their base as a record parsed once, outside the timed loop. ' +
        '"spread" is (slowest − fastest sample) ÷ median. "÷ Node URL" is this parser\'s time over Node\'s; ' +
        '"whatwg-url URL ÷ this" is how many times faster than whatwg-url\'s `new URL` this parser is.',
      '',
    );
    md.push('## Summary', '', ...summary.map((s) => `- ${s}`), '');
    md.push(`## ${realHead}`, '', realTable.md, '');
    md.push(`\`href\` differs from whatwg-url's on ${realAgree.vsWhatwg} inputs, from Node's URL on ${realAgree.vsNode} (Node's URL is ada, which differs from the standard in places).`, '');
    md.push(`## ${wptHead}`, '', wptTable.md, '');
    md.push(`\`href\` differs from whatwg-url's on ${wptAgree.vsWhatwg} inputs, from Node's URL on ${wptAgree.vsNode}.`, '');
    md.push('## Long inputs', '');
    md.push(
      'One URL of exactly 1 KB, 64 KB and 1 MB (UTF-16 code units): `https://example.com/segment/segment/…`, ' +
        '`https://example.com/search?key=value&…`, `https://abcdefghi.abcdefghi.….com/`, and a path whose every ' +
        'segment needs percent-encoding (`a b/é"/…`). "1 MB ÷ 1 KB" is the ratio of the times, 1024 for a parser ' +
        'that is exactly linear; "of linear" divides it by 1024. "outside GC" is the same ratio for the time outside ' +
        'garbage-collection pauses (each sample less the pauses V8 reports inside it): at 1 MB a parser that builds ' +
        'the path as a list of strings, as the URL record is defined, keeps hundreds of thousands of young strings alive ' +
        'until it returns, and the collector copies and traces each of them, which a 1 KB parse never makes it do.',
      '',
      longTable.md,
      '',
    );
    md.push('## Memory', '');
    md.push(
      `${MEMORY_URLS.toLocaleString('en-US')} URLs (the real-world corpus ten times, each input a fresh string made just before it is parsed, ` +
        'so that whatever a parser keeps of its input is counted) parsed and retained in an array, each parser in a fresh ' +
        'child process run with `--expose-gc`, after one warm-up pass over the corpus. "heap after gc" and "RSS after gc" ' +
        'are the differences from just before parsing, after two forced collections; "peak" is the largest difference ' +
        'seen every 1,024 URLs while parsing; "process max RSS" is the child\'s peak resident set. "allocated per URL" ' +
        'counts garbage too: heap growth over chunks of 1,000 parses with a 64 MB young generation, so that no ' +
        'collection runs inside a chunk (another child process).',
      '',
      memTable.md,
      '',
    );
    md.push(
      'Where url-grammar\'s time goes: `node bench/profile.js` (a CPU profile of `new URL` over the real-world corpus, ' +
        'summed by function, file and layer, with call counts per URL).',
      '',
    );
    fs.writeFileSync(RESULTS, md.join('\n'));
    log(`wrote ${path.relative(process.cwd(), RESULTS)}`);
  }
}

const opts = parseArgs(process.argv.slice(2));
if (opts.child === 'memory-child') memoryChild(opts.childKey);
else if (opts.child === 'alloc-child') allocChild(opts.childKey);
else {
  main(opts).catch((e) => {
    process.stderr.write(`bench: ${e && e.stack ? e.stack : e}\n`);
    process.exit(1);
  });
}
