'use strict';
// The benchmark: url-grammar against Node's URL and whatwg-url, measured in the same run.
//
//   npm run bench                 (builds dist/, then runs this file)
//   node bench/run.js [--runs N] [--fresh-runs N] [--after-runs N] [--warm-ms N] [--quick] [--no-write] [--nodes 20,22,24] [--wall]
//   node bench/run.js --spread N [--nodes 24]   how much the fresh and after figures vary from run to run
//   node bench/run.js --against REF [...]       with a build of revision REF (say e8eaec8) as one more parser
//
// The whole run happens once per Node version (the machine's node, and test/runtimes' Node 22 and
// 24, installed with `npm ci --prefix test/runtimes` when missing), each in its own process, and
// each writes its section of bench/RESULTS.md (bench-node-NN) through bench/results-section.js;
// bench-summary holds the figures the targets are about, each marked PASS or FAIL.
//
// Corpora: (a) bench/real-urls.txt, bench/package-urls.txt, the machine corpus (made at the start
// of the run by bench/machine-urls.js from the URLs in the documentation installed on this machine,
// never committed) and the inputs of test/wpt/urltestdata.json with their bases; (b) long inputs of
// 1 KB, 64 KB and 1 MB; (c) every export once on each 1 MB input. Each figure is the median of
// several timed samples taken after warm-up, read on the process's CPU time (`clock` below;
// --wall for wall-clock time); the parsers take turns within each round so that drift hits all
// of them alike. A parser that fails on an input (throws the TypeError, or returns
// null) counts the same. Memory is measured in a fresh child process per parser (--expose-gc).
//
// Each corpus of (a) is split by url-grammar's own href (decided once, before any timing, so that
// every Node version times the same inputs): already normal (href is the input), normalising (it
// parses and href differs) and failing. The whole corpus and the first two shares are timed,
// construct-then-href, twice: in fresh processes that time that corpus alone (--fresh-runs of
// them, 7 unless told, each parser's figure the median of theirs: one fresh process's figures
// differ from the next one's by more than the margins the targets ask about), and in processes
// that first put the WPT inputs and another corpus through every parser, then time it ("after
// other work"; --after-runs of them, 7 unless told, medians as for fresh). The WPT inputs, which
// no target reads, take one process of each kind. The Node version's main
// process times every corpus after the same other work too, for the full speed tables. Results
// go to the console and to bench/RESULTS.md.

const fs = require('fs');
const os = require('os');
const path = require('path');
const v8 = require('v8');
const vm = require('vm');
const { spawnSync } = require('child_process');
const { performance, PerformanceObserver } = require('perf_hooks');
const { writeSection } = require('./results-section');
const machineURLs = require('./machine-urls');

const ROOT = path.join(__dirname, '..');
const DIST = path.join(ROOT, 'dist', 'src', 'index.js');
const REAL_URLS = path.join(__dirname, 'real-urls.txt');
const PACKAGE_URLS = path.join(__dirname, 'package-urls.txt');
const WPT_DATA = path.join(ROOT, 'test', 'wpt', 'urltestdata.json');
const RESULTS = path.join(__dirname, 'RESULTS.md');

// ---- options --------------------------------------------------------------------------------

function parseArgs(argv) {
  const opts = { runs: 7, sampleMs: 80, warmMs: 1000, quick: false, write: true, child: null, childKey: null, jsonOut: null, nodes: null, corpora: null, wall: false, spread: 0, freshRuns: 7, afterRuns: 7 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--runs') {
      opts.runs = parseInt(argv[++i], 10);
      if (!(opts.runs >= 1)) throw new Error('bench: --runs takes a number of timed rounds, at least 1');
    }
    else if (a === '--quick') opts.quick = true;
    else if (a === '--no-write') opts.write = false;
    else if (a === '--json-out') opts.jsonOut = argv[++i];
    else if (a === '--nodes') opts.nodes = argv[++i].split(',');
    else if (a === '--corpora') opts.corpora = argv[++i];
    else if (a === '--wall') opts.wall = true;
    else if (a === '--against') {
      opts.against = argv[++i];
      if (!opts.against) throw new Error('bench: --against takes a git revision of this repository (say e8eaec8)');
    }
    else if (a === '--warm-ms') {
      opts.warmMs = parseInt(argv[++i], 10);
      if (!(opts.warmMs >= 1)) throw new Error('bench: --warm-ms takes the shortest warm-up in ms, at least 1');
    }
    else if (a === '--fresh-runs') {
      opts.freshRuns = parseInt(argv[++i], 10);
      if (!(opts.freshRuns >= 1)) throw new Error('bench: --fresh-runs takes a number of fresh processes per corpus, at least 1');
    } else if (a === '--after-runs') {
      opts.afterRuns = parseInt(argv[++i], 10);
      if (!(opts.afterRuns >= 1)) throw new Error('bench: --after-runs takes a number of after-other-work processes per corpus, at least 1');
    } else if (a === '--spread') {
      opts.spread = parseInt(argv[++i], 10);
      if (!(opts.spread >= 2)) throw new Error('bench: --spread takes a number of runs, at least 2');
    }
    else if (a === '--memory-child' || a === '--alloc-child' || a === '--fresh-child' || a === '--after-child') {
      opts.child = a.slice(2);
      opts.childKey = argv[++i];
    } else throw new Error(`bench: unknown argument ${a}`);
  }
  if (opts.quick) {
    opts.runs = Math.min(opts.runs, 3);
    if (!argv.includes('--fresh-runs')) opts.freshRuns = 1;
    if (!argv.includes('--after-runs')) opts.afterRuns = 1;
    opts.sampleMs = 25;
    if (!argv.includes('--warm-ms')) opts.warmMs = 40;
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
    key: 'node-href',
    label: "Node's URL, then href",
    load: () => globalThis.URL,
    call: 'new fn(inputs[i], bases[i]).href',
    callNoBase: 'new fn(inputs[i]).href',
    prepare: (bases) => bases,
  },
  {
    key: 'ug-url-href',
    label: 'url-grammar new URL, then href',
    load: () => require(DIST).URL,
    call: 'new fn(inputs[i], bases[i]).href',
    callNoBase: 'new fn(inputs[i]).href',
    prepare: (bases) => bases,
  },
  {
    key: 'whatwg-url-href',
    label: 'whatwg-url new URL, then href',
    load: () => require('whatwg-url').URL,
    call: 'new fn(inputs[i], bases[i]).href',
    callNoBase: 'new fn(inputs[i]).href',
    prepare: (bases) => bases,
  },
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

/**
 * A loop that parses every input once and returns how many parsed. Each call compiles a new
 * function (the counter in its source keeps V8 from handing back an earlier one).
 */
let loops = 0;
function compileLoop(callExpr) {
  return new Function(
    'fn',
    'inputs',
    'bases',
    `// loop ${++loops}
     let ok = 0;
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
/**
 * The clock the timed figures are read on, in ns: the process's CPU time (user + system, every
 * thread: a JavaScript parser's background compilation and concurrent collection count against
 * it), because the machine's cores are shared with other work and wall-clock time then mostly
 * measures the neighbours; `--wall` reads wall-clock time instead.
 */
let clock = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) * 1000;
};
const wallClock = () => performance.now() * 1e6;
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
  const warmMs = opts.warmMs;
  // One full collection before the warm-up, none between samples: a forced collection shrinks
  // the young generation, and the samples after it would pay for growing it again.
  forceGC();
  const state = prepared.map((first) => {
    // Warm-up: at least two passes and `warmMs` (--warm-ms: 1000 unless told, 40 with --quick)
    // through one loop, then the loop that is timed, compiled afresh, on until the parser has
    // settled. The first loop is there because a loop
    // that V8 optimises while the parser's own functions are still young keeps code shaped by
    // their early state: without it, whichever corpus a process timed first came out slower
    // than the same corpus timed later, for every parser but most for url-grammar. Then on
    // until settled: a stretch of `warmMs / 4` runs within 5% of the one before (a JavaScript
    // parser's optimising compiler works in the background, its time counted on this clock, and a
    // large generated function can take several hundred ms of it), at most 8 × `warmMs` in all.
    // Every parser gets the same rule. Why 1000 ms: with 250, url-grammar's samples of the
    // corpus a fresh process timed first still fell, sample by sample, for seconds after the
    // rule had called them settled (V8 still optimising the functions of rarer inputs, and
    // compiling again after deoptimising), with spikes where its compiler ran; the same corpus
    // timed after its two shares came out faster. A C++ parser needs no warm-up: this only gives
    // the JavaScript parsers (url-grammar and whatwg-url alike) the time to reach the steady
    // state the bench means to measure.
    let passes = 0;
    let ok = 0;
    const t0 = clock();
    let elapsed = 0;
    while (passes < 2 || elapsed < warmMs) {
      ok = first.pass();
      passes++;
      elapsed = (clock() - t0) / 1e6;
    }
    const p = prepare(first.parser, corpus);
    const stretch = () => {
      const s0 = clock();
      let k = 0;
      let ms = 0;
      while (k < 1 || ms < warmMs / 4) {
        p.pass();
        k++;
        ms = (clock() - s0) / 1e6;
      }
      return ms / k;
    };
    let perPass = stretch();
    for (;;) {
      const now = stretch();
      const settled = Math.abs(now - perPass) <= 0.05 * perPass || (clock() - t0) / 1e6 > 8 * warmMs;
      perPass = now;
      if (settled) break;
    }
    return { p, ok, reps: Math.max(1, Math.ceil(opts.sampleMs / perPass)), samples: [], windows: [] };
  });
  for (let r = 0; r < opts.runs; r++) {
    for (const s of state) {
      const w0 = performance.now();
      const t0 = clock();
      for (let k = 0; k < s.reps; k++) s.p.pass();
      s.samples.push((clock() - t0) / (s.reps * n));
      s.windows.push({ start: w0, end: performance.now(), per: s.reps * n });
    }
  }
  const out = {};
  for (const s of state) {
    const med = median(s.samples);
    out[s.p.parser.key] = {
      ns: med,
      spread: (s.samples.reduce((a, b) => Math.max(a, b), -Infinity) - s.samples.reduce((a, b) => Math.min(a, b), Infinity)) / med,
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

function loadRealURLs(file = REAL_URLS) {
  const inputs = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '');
  return { name: path.basename(file), inputs, bases: inputs.map(() => undefined) };
}

function loadWPT() {
  const cases = JSON.parse(fs.readFileSync(WPT_DATA, 'utf8')).filter((c) => typeof c === 'object');
  return {
    name: 'wpt',
    inputs: cases.map((c) => c.input),
    bases: cases.map((c) => (c.base === null ? undefined : c.base)),
  };
}

const HREF_KEYS = ['node-href', 'ug-url-href', 'whatwg-url-href'];

// --against REF: the build of another revision of this repository, as one more parser (its
// construct-then-href), in every table beside this one's. The main process builds it (buildAgainst)
// and names it to the processes it starts through the environment: "REF<TAB>its dist/src/index.js".
const AGAINST = process.env.URL_GRAMMAR_BENCH_AGAINST ? process.env.URL_GRAMMAR_BENCH_AGAINST.split('\t') : null;
if (AGAINST) {
  const [ref, dist] = AGAINST;
  PARSERS.splice(2, 0, {
    key: 'against-href',
    label: `url-grammar at ${ref} new URL, then href`,
    load: () => require(dist).URL,
    call: 'new fn(inputs[i], bases[i]).href',
    callNoBase: 'new fn(inputs[i]).href',
    prepare: (bases) => bases,
  });
  HREF_KEYS.push('against-href');
}

/**
 * Builds revision `ref` of this repository (its src/ and grammar/, compiled by this checkout's
 * TypeScript, with this checkout's dependencies) in a folder of the system's temporary directory,
 * kept for the next run; returns the path of its dist/src/index.js.
 */
function buildAgainst(ref) {
  const git = (args, extra = {}) => {
    const r = spawnSync('git', args, { cwd: ROOT, encoding: 'utf8', ...extra });
    if (r.status !== 0) throw new Error(`bench: git ${args.join(' ')} failed: ${(r.stderr || '').trim()}`);
    return r.stdout.trim();
  };
  const sha = git(['rev-parse', '--verify', '--short=10', `${ref}^{commit}`]);
  const dir = path.join(os.tmpdir(), `url-grammar-bench-at-${sha}`);
  const dist = path.join(dir, 'dist', 'src', 'index.js');
  if (fs.existsSync(dist)) return dist;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const tar = path.join(dir, 'source.tar');
  git(['archive', '--format=tar', '-o', tar, sha, 'src', 'grammar', 'tsconfig.json']);
  const x = spawnSync('tar', ['-xf', tar, '-C', dir], { encoding: 'utf8' });
  if (x.status !== 0) throw new Error(`bench: tar -xf failed: ${x.stderr.trim()}`);
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  log(`building ${ref} (${sha}) for --against in ${dir}`);
  const tsc = spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', path.join(dir, 'tsconfig.json')], { encoding: 'utf8' });
  if (tsc.status !== 0 || !fs.existsSync(dist)) throw new Error(`bench: building ${ref} failed:\n${tsc.stdout}${tsc.stderr}`);
  // a revision whose core matchers are generated when it is built (src/grammar/core-matchers.ts):
  // generated from its own sources, by this checkout's build step
  if (fs.existsSync(path.join(dir, 'dist', 'src', 'grammar', 'core-matchers.js'))) {
    const { generateMatchers } = require('../scripts/generate-matchers');
    generateMatchers(path.join(dir, 'dist'), [path.join(dir, 'dist', 'src', 'grammar', 'generated')]);
  }
  return dist;
}
const SHARES = [
  { key: 'whole', kind: null, label: 'whole corpus' },
  { key: 'normalising', kind: 'd', label: 'normalising' },
  { key: 'normal', kind: 'n', label: 'already normal' },
];

/**
 * The corpora of (a), each input marked by url-grammar's href: "n" already normal (href is the
 * input), "d" normalising (it parses and href differs), "f" fails. Written to `file` for every
 * Node version's run and every fresh child.
 */
function writeCorpora(file, machine) {
  const list = [
    { key: 'real', title: 'real-urls.txt', ...loadRealURLs(REAL_URLS) },
    { key: 'package', title: 'package-urls.txt', ...loadRealURLs(PACKAGE_URLS) },
    { key: 'machine', title: 'machine corpus (made at bench time)', ...loadRealURLs(machine.file) },
    { key: 'wpt', title: 'WPT inputs (test/wpt/urltestdata.json)', ...loadWPT() },
  ].filter((c) => c.inputs.length > 0);
  const ug = require(DIST).URL;
  for (const c of list) {
    c.kinds = c.inputs
      .map((input, i) => {
        const href = hrefOf(ug, input, c.bases[i]);
        return href === null ? 'f' : href === input ? 'n' : 'd';
      })
      .join('');
    c.bases = c.bases.map((b) => (b === undefined ? null : b));
  }
  fs.writeFileSync(file, JSON.stringify({ machine: machineURLs.describe(machine), rule: machine.rule, corpora: list }));
}

function loadCorpora(file) {
  const data = JSON.parse(fs.readFileSync(file, 'utf8'));
  for (const c of data.corpora) c.bases = c.bases.map((b) => (b === null ? undefined : b));
  return data;
}

/** The inputs of `corpus` of one kind ("n" or "d"), or the whole corpus for null. */
function shareOf(corpus, kind) {
  if (kind === null) return corpus;
  const inputs = [];
  const bases = [];
  for (let i = 0; i < corpus.inputs.length; i++) {
    if (corpus.kinds[i] === kind) {
      inputs.push(corpus.inputs[i]);
      bases.push(corpus.bases[i]);
    }
  }
  return { name: `${corpus.name} (${kind})`, inputs, bases };
}

const countKind = (corpus, kind) => corpus.kinds.split(kind).length - 1;

/** The other work done before a corpus is timed: the WPT inputs and the largest other real-world corpus (for WPT itself, the two largest). */
function otherWorkFor(corpus, all) {
  const realWorld = all.filter((c) => c.key !== 'wpt' && c.key !== corpus.key).sort((a, b) => b.inputs.length - a.inputs.length);
  const wpt = all.find((c) => c.key === 'wpt');
  return corpus.key === 'wpt' ? realWorld.slice(0, 2) : [wpt, realWorld[0]].filter(Boolean);
}

/** Every parser in `keys` through every corpus in `others`: at least two passes and `ms` each. */
function otherWork(others, keys, opts) {
  const minMs = opts.quick ? 20 : 100;
  for (const c of others) {
    for (const key of keys) {
      const p = prepare(byKey(key), c);
      const t0 = now();
      let passes = 0;
      while (passes < 2 || ms(now() - t0) < minMs) {
        p.pass();
        passes++;
      }
    }
  }
}

/**
 * Construct-then-href on the whole corpus, then on the normalising share, then on the normal one:
 * ns per input for Node's URL, url-grammar and whatwg-url, per share (null for an empty share).
 */
function timeShares(corpus, opts) {
  const pick = (r) => ({ node: r['node-href'].ns, ug: r['ug-url-href'].ns, whatwg: r['whatwg-url-href'].ns });
  const figures = {};
  for (const share of SHARES) {
    const sub = shareOf(corpus, share.kind);
    figures[share.key] = sub.inputs.length === 0 ? null : pick(timeCorpus(sub, HREF_KEYS, opts));
  }
  return figures;
}

/**
 * A child process that loads the corpora and times one of them (timeShares): alone ("fresh"), or
 * right after its other work (otherWorkFor) has gone through every parser ("after").
 */
function shareChild(opts, after) {
  const { corpora } = loadCorpora(opts.corpora);
  const corpus = corpora.find((c) => c.key === opts.childKey);
  if (after) otherWork(otherWorkFor(corpus, corpora), PARSERS.map((p) => p.key), opts);
  process.stdout.write(JSON.stringify(timeShares(corpus, opts)));
}

/**
 * `count` child processes of `mode` ("fresh" or "after", see shareChild) for the corpus `key`
 * (runShareChild, under `bin`), in one record as runShareChild gives: each parser's time per share is the
 * median of the processes' times; `runs` keeps url-grammar ÷ Node's URL of each process, per
 * share, in run order.
 */
function runMedian(mode, key, opts, count, bin = process.execPath) {
  const all = Array.from({ length: count }, () => runShareChild(mode, key, opts, bin));
  const out = { runs: {} };
  for (const share of SHARES) {
    const got = all.map((r) => r[share.key]).filter(Boolean);
    if (got.length === 0) {
      out[share.key] = null;
      continue;
    }
    out[share.key] = { node: median(got.map((x) => x.node)), ug: median(got.map((x) => x.ug)), whatwg: median(got.map((x) => x.whatwg)) };
    out.runs[share.key] = got.map((x) => x.ug / x.node);
  }
  return out;
}

function runShareChild(mode, key, opts, bin = process.execPath) {
  const args = [__filename, `--${mode}-child`, key, '--corpora', opts.corpora, '--runs', String(opts.runs)];
  if (opts.quick) args.push('--quick');
  if (opts.wall) args.push('--wall');
  args.push('--warm-ms', String(opts.warmMs));
  const r = spawnSync(bin, args, { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (r.status !== 0) throw new Error(`bench: the ${mode} run of ${key} failed:\n${r.stderr}`);
  return JSON.parse(r.stdout);
}

/** Long inputs: a prefix, a unit repeated, a suffix; exactly `size` UTF-16 code units. */
const CJK_UNIT = Array.from({ length: 1000 }, (_, k) => String.fromCharCode(0x4e00 + k * 7)).join('');
const LONG_SHAPES = [
  { name: 'long path', prefix: 'https://example.com/', unit: 'segment/', suffix: '' },
  { name: 'path of 1-char segments', prefix: 'https://example.com/', unit: 'a/', suffix: '' },
  { name: 'dot segments', prefix: 'https://example.com/a', unit: '/b/..', suffix: '' },
  { name: 'percent-encoded path', prefix: 'https://example.com/', unit: '%41%42/', suffix: '' },
  { name: 'path to encode', prefix: 'https://example.com/', unit: 'a b/é"/', suffix: '' },
  { name: 'long query', prefix: 'https://example.com/search?', unit: 'key=value&', suffix: '' },
  { name: 'long fragment', prefix: 'https://example.com/#', unit: 'fragment', suffix: '' },
  { name: 'long host', prefix: 'https://', unit: 'abcdefghi.', suffix: 'com/' },
  // whatwg-url is left out here: tr46's Punycode is quadratic (a minute at 1 MB).
  { name: 'CJK host', prefix: 'http://', unit: CJK_UNIT, suffix: '/', skip: ['whatwg-url'] },
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
const fmtDiff = (x) => `${x < 0 ? '−' : '+'}${Math.abs(x * 100).toFixed(1)}%`;

/** A table as an array of rows (first row the header); printed aligned, or as Markdown. */
function table(rows, align) {
  const widths = rows[0].map((_, c) => rows.reduce((w, r) => Math.max(w, String(r[c]).length), 0));
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
  const rows = [['parser', 'time per URL', 'URLs/s', 'MB/s', 'spread', 'failed', "÷ Node's", "whatwg-url's ÷ this"]];
  for (const p of PARSERS) {
    const r = result[p.key];
    if (!r) continue;
    // Each row against the same operation: construct-then-href rows against Node's and whatwg-url's construct-then-href.
    const href = p.key.endsWith('-href');
    const node = result[href ? 'node-href' : 'node'].ns;
    const whatwg = result[href ? 'whatwg-url-href' : 'whatwg-url'].ns;
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

function machineInfo() {
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

/** Times each string-taking export once per 1 MB shape (median of 3): none may take a second. */
function exportsOnLongInputs() {
  const ug = require(DIST);
  const fns = [
    ['new URL', (s) => new ug.URL(s).href],
    ['parseURL', (s) => ug.parseURL(s)],
    ['parseWithDiagnostics', (s) => ug.parseWithDiagnostics(s)],
    ['parseToRecord', (s) => ug.parseToRecord(s)],
    ['checkURLString', (s) => ug.checkURLString(s)],
    ['explain', (s) => ug.explain(s)],
  ];
  const rows = [['input (1 MB)', ...fns.map(([n]) => n)]];
  let worst = 0;
  for (const shape of LONG_SHAPES) {
    const input = longInput(shape, 1024 * 1024);
    const cells = fns.map(([, f]) => {
      const t = [];
      for (let k = 0; k < 3; k++) {
        const t0 = clock();
        try {
          f(input);
        } catch (e) {
          if (!(e instanceof TypeError)) return `throws ${e.constructor.name}`;
        }
        t.push(clock() - t0);
      }
      const m = median(t);
      worst = Math.max(worst, m);
      return fmtNs(m);
    });
    rows.push([shape.name, ...cells]);
  }
  return { table: table(rows, ['l', ...fns.map(() => 'r')]), worst };
}

/** One Node version's whole run: its tables as a Markdown section, and the figures the summary needs. */
async function runAll(opts) {
  const started = now();
  const m = machineInfo();
  const keys = PARSERS.map((p) => p.key);
  const major = process.versions.node.split('.')[0];
  log(`== Node ${m.node} (V8 ${m.v8}): ${opts.runs} timed rounds per figure (median), samples of at least ${opts.sampleMs} ms after warm-up\n`);
  const md = [`## Node ${major}: ${m.node} (V8 ${m.v8})`, ''];
  const figures = { node: m.node, major };

  // (a) the corpora: each after other work in this process, and alone in a fresh one
  const { corpora } = loadCorpora(opts.corpora);
  figures.corpora = [];
  for (const corpus of corpora) {
    const others = otherWorkFor(corpus, corpora);
    otherWork(others, keys, opts);
    // The speed table: construct-then-href on the whole corpus, then its other rows (construct
    // only, the low-level parsers). The fresh and after figures come from child processes below.
    const result = { ...timeCorpus(corpus, HREF_KEYS, opts), ...timeCorpus(corpus, keys.filter((k) => !HREF_KEYS.includes(k)), opts) };
    // (the WPT inputs are not a target: one process of each kind shows them)
    const fresh = runMedian('fresh', corpus.key, opts, corpus.key === 'wpt' ? 1 : opts.freshRuns);
    const after = runMedian('after', corpus.key, opts, corpus.key === 'wpt' ? 1 : opts.afterRuns);
    const agree = agreement(corpus);
    const t = speedTable(result, corpus);
    const withBase = corpus.bases.filter((b) => b !== undefined).length;
    const counts = { normal: countKind(corpus, 'n'), normalising: countKind(corpus, 'd'), failing: countKind(corpus, 'f') };
    const head =
      `${corpus.title}: ${corpus.inputs.length} inputs${withBase ? ` (${withBase} with a base)` : ''}, median length ${median(corpus.inputs.map((x) => x.length))}; ` +
      `${counts.normal} already normal, ${counts.normalising} normalising (${fmtPct(counts.normalising / corpus.inputs.length)}), ${counts.failing} failing`;
    const differs = `\`href\` differs from whatwg-url's on ${agree.vsWhatwg} inputs, from Node's URL on ${agree.vsNode}.`;
    const afterWhat = `After other work: ${others.map((c) => c.title.replace(/ \(.*\)$/, '')).join(' and ')} through every parser first, in this process.`;
    const vsAgainst = result['against-href'] ? `url-grammar's construct-then-href ÷ that of ${AGAINST[0]}: ${fmtX(result['ug-url-href'].ns / result['against-href'].ns)}.` : '';
    log(`${head}\n${afterWhat}\n${t.text}\n${differs}\n${vsAgainst ? vsAgainst + '\n' : ''}`);
    md.push(`### ${head}`, '', afterWhat, '', t.md, '', differs, '', ...(vsAgainst ? [vsAgainst, ''] : []));
    figures.corpora.push({ key: corpus.key, title: corpus.title, n: corpus.inputs.length, counts, fresh, after, vsAgainst: result['against-href'] ? result['ug-url-href'].ns / result['against-href'].ns : null });
  }
  const phase = { corpora: ms(now() - started) / 1000 };
  const fa = freshAfterTable(figures.corpora);
  log(`Construct-then-href, fresh process and after other work\n${fa.text}\n`);
  md.push(
    '### Construct-then-href: fresh process and after other work',
    '',
    `"fresh": a child process that loads the corpora and times this corpus alone (the whole, then the normalising share, then the normal one); ${opts.freshRuns} such processes, each parser's time the median of theirs ("each fresh process": url-grammar ÷ Node's URL in each of them, in run order). ` +
      `"after": a child process that loads the corpora, puts other corpora through every parser (named under each corpus above: the WPT inputs and the largest other real-world corpus; for the WPT inputs, the two largest real-world ones), then times this corpus as a fresh one does; ${opts.afterRuns} such processes, medians as for fresh ("each after process"). ` +
      'The WPT inputs, which no target reads, take one process of each kind. ' +
      'The tables above are this process\'s own, timed after the same other work (and after the corpora before it). ' +
      '"after vs fresh" compares url-grammar\'s time, and its ratio to Node\'s URL, between the two.',
    '',
    fa.md,
    '',
  );

  // (b) long inputs: construct, then read href
  const longKeys = ['node-href', 'ug-url-href', 'whatwg-url-href'];
  const longRows = [['input', 'parser', '1 KB', '64 KB', '1 MB', '1 MB ÷ 1 KB', 'outside GC', "÷ Node's at 1 MB"]];
  const longFigures = [];
  for (const shape of LONG_SHAPES) {
    const shapeKeys = longKeys.filter((k) => !(shape.skip || []).some((s) => k.startsWith(s)));
    const perSize = [];
    // Whether each parser fails each size of the input (its time is then that of a failure).
    const fails = Object.fromEntries(shapeKeys.map((k) => [k, []]));
    for (const sz of LONG_SIZES) {
      const corpus = { name: `${shape.name} ${sz.name}`, inputs: [longInput(shape, sz.size)], bases: [undefined] };
      perSize.push(await timeCorpusOutsideGC(corpus, shapeKeys, opts));
      for (const key of shapeKeys) fails[key].push(hrefOf(byKey(key).load(), corpus.inputs[0], undefined) === null);
    }
    for (const key of shapeKeys) {
      const t = perSize.map((r) => r[key].ns);
      const ratio = t[2] / t[0];
      const ratioOutsideGC = perSize[2][key].nsOutsideGC / perSize[0][key].nsOutsideGC;
      const vsNode = t[2] / perSize[2]['node-href'].ns;
      const nodeFails = fails['node-href'][2];
      if (key === 'ug-url-href') longFigures.push({ shape: shape.name, vsNode, ratio, nodeFails });
      const cells = t.map((x, i) => (fails[key][i] ? `${fmtNs(x)} (fails)` : fmtNs(x)));
      longRows.push([shape.name, byKey(key).label, ...cells, `${ratio.toFixed(0)} (${(ratio / 1024).toFixed(2)}×)`, `${ratioOutsideGC.toFixed(0)}`, key !== 'node-href' && nodeFails ? `${fmtX(vsNode)} (Node's fails)` : fmtX(vsNode)]);
    }
  }
  figures.long = longFigures;
  phase.long = ms(now() - started) / 1000;
  const longTable = table(longRows, ['l', 'l', 'r', 'r', 'r', 'r', 'r', 'r']);
  log(`Long inputs (construct, then href)\n${longTable.text}\n`);
  md.push('### Long inputs (construct, then read href)', '', longTable.md, '');

  // (c) every export on 1 MB
  const ex = exportsOnLongInputs();
  figures.worstExportNs = ex.worst;
  phase.exports = ms(now() - started) / 1000;
  log(`Every export on 1 MB\n${ex.table.text}\n`);
  md.push('### Every export on 1 MB inputs (one call, median of 3)', '', ex.table.md, '');

  // (d) memory
  const memFlags = ['--expose-gc'];
  const allocFlags = ['--expose-gc', '--min-semi-space-size=64', '--max-semi-space-size=64'];
  const mem = MEMORY_KEYS.map((k) => runChild('memory-child', k, memFlags));
  const alloc = Object.fromEntries(ALLOC_KEYS.map((k) => [k, runChild('alloc-child', k, allocFlags)]));
  const memRows = [['retained', 'heap after gc', 'per URL', 'RSS after gc', 'peak heap', 'peak RSS', 'process max RSS', 'allocated per URL']];
  for (const r of mem) {
    const a = alloc[r.key];
    memRows.push([
      r.key === 'inputs' ? 'the input strings alone' : byKey(r.key).label,
      fmtMB(r.retainedHeap),
      `${Math.round(r.retainedHeap / MEMORY_URLS)} B`,
      fmtMB(r.retainedRss),
      fmtMB(r.peakHeap),
      fmtMB(r.peakRss),
      fmtMB(r.maxRss),
      a && a.perURL !== null ? `${(a.perURL / 1024).toFixed(1)} KB` : '—',
    ]);
  }
  figures.memory = Object.fromEntries(mem.map((r) => [r.key, r.peakHeap]));
  const memTable = table(memRows, ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r']);
  log(`Memory (${MEMORY_URLS} URLs retained)\n${memTable.text}\n`);
  md.push(`### Memory: ${MEMORY_URLS.toLocaleString('en-US')} URLs parsed and retained`, '', memTable.md, '');
  const elapsed = ms(now() - started) / 1000;
  log(`(Node ${major}: corpora ${phase.corpora.toFixed(0)} s, long inputs ${(phase.long - phase.corpora).toFixed(0)} s, exports ${(phase.exports - phase.long).toFixed(0)} s, memory ${(elapsed - phase.exports).toFixed(0)} s)\n`);
  md.push(`(${m.date}; this Node's run took ${elapsed.toFixed(0)} s, of which ${phase.corpora.toFixed(0)} s on the corpora.)`, '');
  return { markdown: md.join('\n'), figures };
}

/** The Node binaries to run under: this one (the machine's), and test/runtimes' 22 and 24. */
function runtimes(opts) {
  const dir = path.join(ROOT, 'test', 'runtimes');
  const bins = { 22: path.join(dir, 'node_modules', 'node22', 'bin', 'node'), 24: path.join(dir, 'node_modules', 'node24', 'bin', 'node') };
  if (!fs.existsSync(bins[22]) || !fs.existsSync(bins[24])) {
    log('installing test/runtimes (npm ci --prefix test/runtimes) for Node 22 and 24 ...');
    const r = spawnSync('npm', ['ci', '--prefix', dir, '--no-audit', '--no-fund'], { stdio: 'inherit' });
    if (r.status !== 0) throw new Error('bench: npm ci --prefix test/runtimes failed');
  }
  const all = [{ major: process.versions.node.split('.')[0], bin: process.execPath }, { major: '22', bin: bins[22] }, { major: '24', bin: bins[24] }];
  const seen = new Set();
  return all.filter((r) => !seen.has(r.major) && seen.add(r.major) && (!opts.nodes || opts.nodes.includes(r.major)));
}

/** url-grammar's time and its ratios, fresh and after other work, for every corpus and share. */
function freshAfterTable(corpora) {
  const rows = [
    ['corpus', 'share', 'inputs', 'url-grammar fresh', 'after', 'after vs fresh', "÷ Node's fresh", 'each fresh process', 'after', 'each after process', 'after vs fresh', "whatwg-url's ÷ this fresh", 'after'],
  ];
  for (const c of corpora) {
    for (const share of SHARES) {
      const f = c.fresh[share.key];
      const a = c.after[share.key];
      if (!f || !a) continue;
      const n = share.kind === null ? c.n : c.counts[share.key];
      rows.push([
        c.title,
        share.label,
        n,
        fmtNs(f.ug),
        fmtNs(a.ug),
        fmtDiff(a.ug / f.ug - 1),
        fmtX(f.ug / f.node),
        (c.fresh.runs[share.key] || []).map(fmtX).join(' '),
        fmtX(a.ug / a.node),
        (c.after.runs[share.key] || []).map(fmtX).join(' '),
        fmtDiff(a.ug / a.node / (f.ug / f.node) - 1),
        fmtX(f.whatwg / f.ug),
        fmtX(a.whatwg / a.ug),
      ]);
    }
  }
  return table(rows, ['l', 'l', 'r', 'r', 'r', 'r', 'r', 'l', 'r', 'l', 'r', 'r', 'r']);
}

const MODES = ['fresh', 'after'];
const realWorld = (f) => f.corpora.filter((c) => c.key !== 'wpt');
const shortName = (c) => c.title.replace(/ \(.*\)$/, '').replace(/\.txt$/, '');

/**
 * Issue 21's targets, checked per Node version: each returns the worst figure, where it was
 * measured, and whether it passes; `only` limits a target to some Node versions.
 */
const TARGETS = [
  {
    label: "every real-world corpus, construct-then-href ≤ 1.5× Node's URL (fresh and after other work; Node 20 and 24)",
    only: ['20', '24'],
    check: (f) => worst(f, (c, m) => [c[m].whole.ug / c[m].whole.node], 'max', (x) => x <= 1.5, fmtX),
  },
  {
    label: 'every real-world corpus, construct-then-href ≥ 40× faster than whatwg-url (fresh and after)',
    check: (f) => worst(f, (c, m) => [c[m].whole.whatwg / c[m].whole.ug], 'min', (x) => x >= 40, fmtX),
  },
  {
    label: "normalising inputs ≤ 2× Node's URL on each real-world corpus (fresh and after)",
    check: (f) => worst(f, (c, m) => [c[m].normalising && c[m].normalising.ug / c[m].normalising.node], 'max', (x) => x <= 2, fmtX),
  },
  {
    // One-sided: the issue is about a process that has done other work first being slower
    // ("measured faster in a fresh process than after other code has run"); a figure that
    // comes out faster after other work is named beside the verdict, not counted against it.
    label: "after other work at most 10% slower than fresh (url-grammar ÷ Node's URL, whole corpus and normalising share)",
    check: (f) => {
      const change = (c, m) =>
        m === 'after'
          ? ['whole', 'normalising'].map((s) => c.fresh[s] && c.after[s] && c.after[s].ug / c.after[s].node / (c.fresh[s].ug / c.fresh[s].node) - 1)
          : [];
      const slower = worst(f, change, 'maxShare', (x) => x <= 0.1, fmtDiff);
      const faster = worst(f, change, 'minShare', () => true, fmtDiff);
      if (faster.value === null || faster.value >= 0) return slower;
      return { ...slower, text: `${slower.text}; fastest after: ${faster.text}` };
    },
  },
  {
    label: "long inputs: every 1 MB shape ≤ 3× Node's URL",
    check: (f) => {
      const w = f.long.reduce((a, b) => (b.vsNode > a.vsNode ? b : a));
      const note = w.nodeFails ? ", which Node's URL fails at 1 MB" : '';
      return { value: w.vsNode, pass: w.vsNode <= 3, text: `${fmtX(w.vsNode)} (${w.shape}${note})` };
    },
  },
  {
    label: 'long inputs: 1 MB ÷ 1 KB ≤ 1.3 × linear (1331)',
    check: (f) => {
      const w = f.long.reduce((a, b) => (b.ratio > a.ratio ? b : a));
      return { value: w.ratio, pass: w.ratio <= 1331, text: `${w.ratio.toFixed(0)} (${w.shape})` };
    },
  },
];

/**
 * The worst of `values(corpus, mode)` over the real-world corpora and both modes: the largest
 * ('max'), the smallest ('min'), or, for values that are per share (whole, normalising), the
 * largest ('maxShare') or the smallest ('minShare'), named by corpus and share.
 */
function worst(f, values, direction, ok, fmt) {
  let best = null;
  for (const c of realWorld(f)) {
    for (const m of MODES) {
      const vs = values(c, m);
      vs.forEach((v, i) => {
        if (typeof v !== 'number' || !Number.isFinite(v)) return;
        const score = direction === 'min' || direction === 'minShare' ? -v : v;
        if (best === null || score > best.score) {
          const where = direction.endsWith('Share') ? `${shortName(c)}, ${i === 0 ? 'whole' : 'normalising'}` : `${shortName(c)}, ${m === 'after' ? 'after other work' : 'fresh'}`;
          best = { score, value: v, where };
        }
      });
    }
  }
  if (best === null) return { value: null, pass: true, text: 'no figures' };
  return { value: best.value, pass: ok(best.value), text: `${fmt(best.value)} (${best.where})` };
}

/** The targets table (PASS/FAIL per Node version), the per-corpus figures, and the other figures. */
function summarise(runs) {
  const targetRows = [['target', ...runs.map((r) => `Node ${r.figures.major}`)]];
  const verdicts = [];
  for (const t of TARGETS) {
    const cells = runs.map(({ figures: f }) => {
      const r = t.check(f);
      if (t.only && !t.only.includes(f.major)) return `${r.text}, not a target here`;
      verdicts.push(r.pass);
      return `**${r.pass ? 'PASS' : 'FAIL'}** ${r.text}`;
    });
    targetRows.push([t.label, ...cells]);
  }
  const targets = table(targetRows, ['l', ...runs.map(() => 'l')]);
  const pair = (c, get) => MODES.map((m) => (c[m][get.share] ? fmtX(get.value(c[m][get.share])) : '—')).join(' / ');
  const corpusRows = [
    ['Node', 'corpus', 'inputs', 'normalising', "whole ÷ Node's (fresh / after)", "whatwg-url's ÷ this (fresh / after)", "normalising ÷ Node's (fresh / after)", "already normal ÷ Node's (fresh / after)"],
  ];
  for (const { figures: f } of runs) {
    for (const c of f.corpora) {
      corpusRows.push([
        f.major,
        c.key === 'wpt' ? `${shortName(c)} (not a target)` : shortName(c),
        c.n,
        fmtPct(c.counts.normalising / c.n),
        pair(c, { share: 'whole', value: (x) => x.ug / x.node }),
        pair(c, { share: 'whole', value: (x) => x.whatwg / x.ug }),
        pair(c, { share: 'normalising', value: (x) => x.ug / x.node }),
        pair(c, { share: 'normal', value: (x) => x.ug / x.node }),
      ]);
    }
  }
  const corporaTable = table(corpusRows, ['r', 'l', 'r', 'r', 'r', 'r', 'r', 'r']);
  const lines = runs.map(({ figures: f }) => {
    const real = f.corpora.find((c) => c.key === 'real');
    return (
      `- **Node ${f.node}**: real-urls.txt, new URL then href, after other work: ${fmtNs(real.after.whole.ug)} per URL (Node's URL ${fmtNs(real.after.whole.node)}); ` +
      `slowest export on a 1 MB input ${fmtNs(f.worstExportNs)} (target < 1 s); ` +
      `peak heap for 100,000 retained URLs ${fmtMB(f.memory['ug-url'])} vs Node's ${fmtMB(f.memory.node)}.`
    );
  });
  const passed = verdicts.filter(Boolean).length;
  return { targets, corporaTable, lines: lines.join('\n'), passed, of: verdicts.length };
}

async function main(opts) {
  if (opts.jsonOut) {
    if (!opts.corpora) throw new Error('bench: --json-out needs --corpora (the file the main run writes)');
    const r = await runAll(opts);
    fs.writeFileSync(opts.jsonOut, JSON.stringify(r));
    return;
  }
  const started = now();
  if (opts.against) process.env.URL_GRAMMAR_BENCH_AGAINST = `${opts.against}\t${buildAgainst(opts.against)}`;
  const machine = machineURLs.buildMachineCorpus();
  log(`machine corpus: ${machineURLs.describe(machine)}, built in ${machine.seconds.toFixed(1)} s`);
  log(`rule: ${machine.rule}\n`);
  const runs = [];
  withCorporaFile(machine, (corporaFile) => {
    for (const rt of runtimes(opts)) {
      const out = path.join(os.tmpdir(), `url-grammar-bench-${process.pid}-${rt.major}.json`);
      const args = [__filename, '--json-out', out, '--runs', String(opts.runs), '--fresh-runs', String(opts.freshRuns), '--after-runs', String(opts.afterRuns), '--corpora', corporaFile];
      if (opts.quick) args.push('--quick');
      if (opts.wall) args.push('--wall');
      args.push('--warm-ms', String(opts.warmMs));
      const r = spawnSync(rt.bin, args, { stdio: ['ignore', 'inherit', 'inherit'] });
      if (r.status !== 0) throw new Error(`bench: the run under Node ${rt.major} failed (exit ${r.status})`);
      runs.push(JSON.parse(fs.readFileSync(out, 'utf8')));
      fs.unlinkSync(out);
    }
  });
  const summary = summarise(runs);
  const seconds = ms(now() - started) / 1000;
  log(
    `\nSummary: ${summary.passed} of ${summary.of} target checks pass\n${summary.targets.text}\n\n${summary.corporaTable.text}\n${summary.lines}\n` +
      `machine corpus: ${machineURLs.describe(machine)}\n(${seconds.toFixed(0)} s)`,
  );
  if (!opts.write) return;
  const m = machineInfo();
  const pkg = (name) => JSON.parse(fs.readFileSync(require.resolve(`${name}/package.json`), 'utf8')).version;
  const rev = commit();
  resetResultsFile();
  writeSection(
    'bench-summary',
    [
      '## url-grammar against Node\'s URL (ada) and whatwg-url, on Node 20, 22 and 24',
      '',
      `Produced by \`npm run bench\` (\`npm run build && node bench/run.js\`): one run per Node version, each in its own process, ` +
        `timing url-grammar ${pkg('..')}${rev ? ` at ${rev}` : ''}, Node's own \`URL\` and whatwg-url ${pkg('whatwg-url')} (tr46 ${pkg('tr46')}) in the same run, ` +
        `on ${m.cpu} (${m.cores} cores shared with other work: absolute times are noisy, ratios within one run are what to compare), ${m.date}; ` +
        `the whole run took ${(seconds / 60).toFixed(1)} minutes.`,
      '',
      `Method: each time is the median of ${opts.runs} samples; a sample is as many passes over the corpus as make at least ${opts.sampleMs} ms, ` +
        (opts.wall
          ? 'read on wall-clock time, '
          : 'read on the process\'s CPU time (user + system, all threads, so a JavaScript parser\'s background compilation and concurrent GC count against it; ' +
            'wall-clock time on these shared cores mostly measures the neighbours), ') +
        `after a warm-up (at least ${opts.warmMs} ms and two passes, then on until two stretches of ${opts.warmMs / 4} ms agree within 5%, at most ${8 * opts.warmMs} ms); the parsers take turns in each round. ` +
        'Every figure here is construct-then-href (`new URL(s).href`, with the base where WPT gives one), ' +
        'as callers use it, and "÷ Node\'s" compares url-grammar with Node\'s `URL` doing the same. A parser that fails on an input counts like one that parses it. ' +
        'Four corpora (bench/CORPUS.md): bench/real-urls.txt, bench/package-urls.txt, a machine corpus made at the start of the run, and the WPT inputs. ' +
        'Each is split by url-grammar\'s own `href` (which equals whatwg-url\'s on every input of the three real-world corpora; see the agreement lines below) ' +
        'into already normal inputs (`href` is the input), normalising ones (`href` differs: a `/` added after the host, case, a default port, dot segments, ' +
        'percent-encoding, or a relative input resolved) and failing ones; the whole corpus and the first two shares are timed separately. ' +
        `Each corpus is timed twice: "fresh", in child processes that time that corpus alone (${opts.freshRuns} of them, each parser's time the median of theirs); "after", in child processes that first put the WPT inputs ` +
        `and another corpus (the largest other real-world one) through every parser, then time it (${opts.afterRuns} of them, medians likewise; the WPT inputs, one of each). The targets of issue 21 are checked on the three real-world corpora, ` +
        'in both modes (the worst figure counts); the WPT inputs are shown but not checked (test inputs, mostly invalid or relative, on which whatwg-url is only ' +
        'a few times slower than Node\'s `URL`). Long inputs are one URL of 1 KB, 64 KB and 1 MB (UTF-16 code units); "1 MB ÷ 1 KB" is 1024 for an exactly linear parser; a time marked "(fails)" is of a parser that rejects that input (Node 24\'s `URL`, ada 4, rejects a host that needs IDNA when it is longer than 16 KiB or so, where the URL Standard sets no limit), and "(Node\'s fails)" marks a ratio to such a time.',
      '',
      `Machine corpus this run: ${machineURLs.describe(machine)}. Rule: ${machine.rule}`,
      '',
      `### Targets: ${summary.passed} of ${summary.of} checks pass`,
      '',
      summary.targets.md,
      '',
      '### Construct-then-href by corpus and share (url-grammar ÷ Node\'s URL; whatwg-url ÷ url-grammar)',
      '',
      summary.corporaTable.md,
      '',
      summary.lines,
      '',
      'Where url-grammar\'s time goes: `node bench/profile.js` (a CPU profile of `new URL` then `href` over the real-world corpus).',
    ].join('\n'),
  );
  for (const r of runs) writeSection(`bench-node-${r.figures.major}`, r.markdown);
  log(`wrote ${path.relative(process.cwd(), RESULTS)}`);
}

/**
 * --spread N: the same fresh and after children as the full run (timeShares on one corpus, in a
 * process of its own), N times each for each real-world corpus under each Node version, and url-grammar ÷ Node's URL
 * of every run, whole corpus and shares: how far one run's figure may be from another's on this
 * machine, to read the targets' margins (the "after vs fresh" one above all) against. Prints only.
 */
async function spreadMain(opts) {
  withCorporaFile(machineURLs.buildMachineCorpus(), (corporaFile) => {
    const { corpora } = loadCorpora(corporaFile);
    const realWorld = corpora.filter((c) => c.key !== 'wpt');
    for (const rt of runtimes(opts)) {
      const version = spawnSync(rt.bin, ['--version'], { encoding: 'utf8' }).stdout.trim();
      log(`== Node ${version}: ${opts.spread} fresh and ${opts.spread} after-other-work runs of each real-world corpus, url-grammar ÷ Node's URL (construct-then-href), in run order`);
      const rows = [['corpus', 'share', 'mode', 'runs', 'min', 'median', 'max', 'max ÷ min']];
      for (const c of realWorld) {
        for (const mode of MODES) {
          const { runs } = runMedian(mode, c.key, { ...opts, corpora: corporaFile }, opts.spread, rt.bin);
          for (const share of SHARES) {
            const ratios = runs[share.key];
            if (ratios === undefined) continue;
            const min = ratios.reduce((a, b) => Math.min(a, b), Infinity);
            const max = ratios.reduce((a, b) => Math.max(a, b), -Infinity);
            rows.push([c.title, share.label, mode, ratios.map(fmtX).join(' '), fmtX(min), fmtX(median(ratios)), fmtX(max), fmtDiff(max / min - 1)]);
          }
        }
      }
      log(`${table(rows, ['l', 'l', 'l', 'l', 'r', 'r', 'r', 'r']).text}\n`);
    }
  });
}

/** The corpora file for `machine` (writeCorpora) in the temporary folder, given to `use`, then removed. */
function withCorporaFile(machine, use) {
  const file = path.join(os.tmpdir(), `url-grammar-bench-${process.pid}-corpora.json`);
  writeCorpora(file, machine);
  try {
    use(file);
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/**
 * The bench once wrote the whole of bench/RESULTS.md; now it owns sections in it. Text outside
 * every section (that old whole-file report) is dropped; other scripts' sections are kept.
 */
function resetResultsFile() {
  if (!fs.existsSync(RESULTS)) return;
  const text = fs.readFileSync(RESULTS, 'utf8');
  const blocks = text.match(/<!-- begin [a-z0-9-]+ -->[\s\S]*?<!-- end [a-z0-9-]+ -->/g) || [];
  fs.writeFileSync(RESULTS, ['# Benchmark results', '', ...blocks.map((b) => `${b}\n`)].join('\n'));
}

// What bench/after-effect.js takes from here, so that it times as this file does.
module.exports = { timeCorpus, writeCorpora, loadCorpora, shareOf, otherWork, runtimes, median, fmtDiff, buildAgainst, HREF_KEYS, PARSERS, DIST };

if (require.main === module) {
  let opts;
  try {
    opts = parseArgs(process.argv.slice(2));
  } catch (e) {
    // bad arguments: their one-line message, no stack
    process.stderr.write(`${e.message}\n`);
    process.exit(2);
  }
  if (opts.wall) clock = wallClock;
  if (opts.child === 'memory-child') memoryChild(opts.childKey);
  else if (opts.child === 'alloc-child') allocChild(opts.childKey);
  else if (opts.child === 'fresh-child') shareChild(opts, false);
  else if (opts.child === 'after-child') shareChild(opts, true);
  else {
    (opts.spread ? spreadMain : main)(opts).catch((e) => {
      process.stderr.write(`bench: ${e && e.stack ? e.stack : e}\n`);
      process.exit(1);
    });
  }
}
