'use strict';
// A CPU profile of url-grammar parsing the real-world corpus, and where its time goes.
//
//   npm run build && node bench/profile.js [--api url|parse] [--passes N] [--interval µs] [--top N] [--corpus FILE]
//
// Runs a driver (this file with --child) under `node --cpu-prof`, which parses every URL of
// bench/real-urls.txt (or of FILE, one URL per line) `passes` times after a warm-up, then sums the profile with
// bench/analyse-profile.js over the steady state only. The profile is written to
// bench/profiles/ (*.cpuprofile is git-ignored; open it in Chrome DevTools or speedscope).
// It also counts, without the profiler, what happens per URL: tr46 calls, regular expression
// executions, the rule parsers' replies, the marks the grammar produces.

const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');
const { fileURLToPath } = require('url');
const { analyse, report, locate } = require('./analyse-profile');

const ROOT = path.join(__dirname, '..');
const DIST = path.join(ROOT, 'dist', 'src');
const REAL_URLS = path.join(__dirname, 'real-urls.txt');
const PROFILE_DIR = path.join(__dirname, 'profiles');

function parseArgs(argv) {
  const opts = { api: 'url', passes: 30, interval: 100, top: 25, child: false, corpus: REAL_URLS };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--api') opts.api = argv[++i];
    else if (a === '--passes') opts.passes = parseInt(argv[++i], 10);
    else if (a === '--interval') opts.interval = parseInt(argv[++i], 10);
    else if (a === '--top') opts.top = parseInt(argv[++i], 10);
    else if (a === '--child') opts.child = true;
    else if (a === '--corpus') opts.corpus = path.resolve(argv[++i]);
    else throw new Error(`profile: unknown argument ${a}`);
  }
  if (opts.api !== 'url' && opts.api !== 'parse') throw new Error('profile: --api is url or parse');
  return opts;
}

function loadCorpus(file) {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '');
}

function parserFor(api) {
  const ug = require(path.join(DIST, 'index.js'));
  if (api === 'parse') return (s) => ug.parseURL(s);
  return (s) => {
    try {
      return new ug.URL(s).href;
    } catch (e) {
      if (e instanceof TypeError) return null;
      throw e;
    }
  };
}

function pass(parse, inputs) {
  let ok = 0;
  for (let i = 0; i < inputs.length; i++) if (parse(inputs[i]) !== null) ok++;
  return ok;
}

/** The part of the run the analysis counts (by this function's name on the stack). */
function steadyState(parse, inputs, passes) {
  let ok = 0;
  for (let p = 0; p < passes; p++) ok += pass(parse, inputs);
  return ok;
}

function child(opts) {
  const inputs = loadCorpus(opts.corpus);
  const parse = parserFor(opts.api);
  for (let w = 0; w < 5; w++) pass(parse, inputs);
  const t0 = process.hrtime.bigint();
  const ok = steadyState(parse, inputs, opts.passes);
  const ns = Number(process.hrtime.bigint() - t0);
  process.stdout.write(JSON.stringify({ ok, n: inputs.length * opts.passes, nsPerURL: ns / (inputs.length * opts.passes) }));
}

// ---- counts, without the profiler ---------------------------------------------------------

/** Counts calls to `obj[name]` while `f` runs. */
function counting(obj, name, counter) {
  const original = obj[name];
  obj[name] = function counted(...args) {
    counter.n++;
    return original.apply(this, args);
  };
  return () => {
    obj[name] = original;
  };
}

function counts(api, corpus) {
  const inputs = loadCorpus(corpus);
  const parse = parserFor(api);
  pass(parse, inputs); // compile the grammar first, so that its own regex work is not counted
  const tr46 = require('tr46');
  const c = {
    toASCII: { n: 0 },
    toUnicode: { n: 0 },
    regexExec: { n: 0 },
  };
  const restore = [
    counting(tr46, 'toASCII', c.toASCII),
    counting(tr46, 'toUnicode', c.toUnicode),
    counting(RegExp.prototype, 'exec', c.regexExec),
  ];
  let urlsWithTr46 = 0;
  for (const s of inputs) {
    const before = c.toASCII.n;
    parse(s);
    if (c.toASCII.n > before) urlsWithTr46++;
  }
  for (const r of restore) r();

  // What the grammar produces: marks and path segments per URL (the generated matcher of the
  // no-base entry rule, as the hot path runs it), and how often the input needs the
  // preprocessing slow path (leading/trailing C0 or space, tab or newline inside).
  const { generateEntry } = require(path.join(DIST, 'grammar', 'codegen.js'));
  const { URL_GRAMMAR, ENTRY_RULES } = require(path.join(DIST, '..', 'grammar', 'url.js'));
  const entry = generateEntry(URL_GRAMMAR, ENTRY_RULES.none);
  let marks = 0;
  let segments = 0;
  let matched = 0;
  let preprocessSlow = 0;
  let nonASCII = 0;
  let percent = 0;
  for (const s of inputs) {
    if (/^[\u0000-\u0020]|[\u0000-\u0020]$|[\t\n\r]/.test(s)) preprocessSlow++;
    if (/[^\u0000-\u007f]/.test(s)) nonASCII++;
    if (s.includes('%')) percent++;
    const m = entry(s.trim());
    if (m === null) continue;
    matched++;
    marks += m.marks.length;
    segments += m.marks.filter((k) => k.field === 'segment').length;
  }
  const n = inputs.length;
  const per = (x) => (x / n).toFixed(2);
  const pct = (x) => `${((100 * x) / n).toFixed(1)}%`;
  const calls = callCounts(parse, inputs)
    .slice(0, 25)
    .map((r) => `  ${(r.count / n).toFixed(2).padStart(8)}  ${r.name}  ${r.where}`);
  return [
    `Per URL over ${path.relative(process.cwd(), corpus)} (${n} URLs, ${api === 'url' ? 'new URL' : 'parseURL'}):`,
    `  tr46.toASCII calls            ${per(c.toASCII.n)}  (${pct(urlsWithTr46)} of URLs call it)`,
    `  tr46.toUnicode calls          ${per(c.toUnicode.n)}`,
    `  RegExp exec/test calls        ${per(c.regexExec.n)}  (the generated matcher uses none; host checks and tr46 do)`,
    `  marks from the grammar        ${per(marks)}  (${per(segments)} path segments; ${matched} of ${n} match the entry rule)`,
    `  inputs with non-ASCII         ${pct(nonASCII)}; with "%" ${pct(percent)}; needing the preprocess slow path ${pct(preprocessSlow)}`,
    '',
    'Calls per URL of the most called functions (V8 precise coverage, one pass over the corpus):',
    ...calls,
  ].join('\n');
}

/**
 * How many times each function runs over one pass of the corpus, from V8's precise coverage
 * with call counts (the inspector, in this process). Sorted by count.
 */
function callCounts(parse, inputs) {
  const inspector = require('inspector');
  const session = new inspector.Session();
  session.connect();
  const post = (method, params) => {
    let error = null;
    let result = null;
    session.post(method, params, (e, r) => {
      error = e;
      result = r;
    });
    if (error) throw error;
    return result;
  };
  post('Profiler.enable');
  post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
  post('Profiler.takePreciseCoverage'); // reset the counts
  pass(parse, inputs);
  const { result } = post('Profiler.takePreciseCoverage');
  post('Profiler.stopPreciseCoverage');
  session.disconnect();

  const rows = [];
  const sources = new Map();
  for (const script of result) {
    if (!script.url.startsWith('file://') || script.url.includes('/bench/')) continue;
    const file = fileURLToPath(script.url);
    if (!sources.has(file)) sources.set(file, fs.readFileSync(file, 'utf8'));
    const text = sources.get(file);
    for (const fn of script.functions) {
      const range = fn.ranges[0];
      if (range.count === 0 || range.startOffset === 0) continue; // 0: the module itself
      const before = text.slice(0, range.startOffset);
      const lineNumber = before.split('\n').length - 1;
      const columnNumber = range.startOffset - (before.lastIndexOf('\n') + 1);
      const loc = locate({ url: script.url, lineNumber, columnNumber });
      rows.push({ name: fn.functionName || '(anonymous)', where: loc.where, count: range.count });
    }
  }
  return rows.sort((a, b) => b.count - a.count);
}

// ---- main ---------------------------------------------------------------------------------

function main(opts) {
  fs.mkdirSync(PROFILE_DIR, { recursive: true });
  const name = `url-grammar-${opts.api}-${path.basename(opts.corpus).replace(/\.[^.]*$/, '')}.cpuprofile`;
  const file = path.join(PROFILE_DIR, name);
  const r = spawnSync(
    process.execPath,
    [
      '--cpu-prof',
      `--cpu-prof-dir=${PROFILE_DIR}`,
      `--cpu-prof-name=${name}`,
      `--cpu-prof-interval=${opts.interval}`,
      __filename,
      '--child',
      '--api',
      opts.api,
      '--passes',
      String(opts.passes),
      '--corpus',
      opts.corpus,
    ],
    { encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`profile: the driver failed:\n${r.stderr}`);
  const run = JSON.parse(r.stdout);
  process.stdout.write(
    `Profiled ${run.n} parses (${opts.passes} passes over the corpus, ${run.ok} succeeded) at ` +
      `${Math.round(run.nsPerURL)} ns per URL under the profiler (sampling every ${opts.interval} µs)\n` +
      `profile: ${path.relative(process.cwd(), file)}\n\n`,
  );
  const result = analyse(JSON.parse(fs.readFileSync(file, 'utf8')), { window: 'steadyState' });
  process.stdout.write(`${report(result, opts.top)}\n\n${counts(opts.api, opts.corpus)}\n`);
}

const opts = parseArgs(process.argv.slice(2));
if (opts.child) child(opts);
else main(opts);
