'use strict';
// Sums a V8 CPU profile (.cpuprofile, as written by `node --cpu-prof`) by function and by file.
//
//   node bench/analyse-profile.js <file.cpuprofile> [--top 25] [--window <function>] [--json]
//
// Self time of a function is the time of the samples whose innermost frame is that function;
// total time counts a sample once for every distinct function on its stack. With --window, only
// the samples from the first to the last one that has <function> on its stack are counted (so a
// driver's load and warm-up stay out), garbage collector samples in between included. Locations
// in dist/ are mapped back to the TypeScript sources through the compiler's source maps.

const fs = require('fs');
const path = require('path');
const { fileURLToPath } = require('url');
const { SourceMap } = require('module');

const ROOT = path.join(__dirname, '..');

// ---- locations ------------------------------------------------------------------------------

const maps = new Map();

function sourceMapFor(file) {
  if (maps.has(file)) return maps.get(file);
  let map = null;
  try {
    map = { map: new SourceMap(JSON.parse(fs.readFileSync(`${file}.map`, 'utf8'))), dir: path.dirname(file) };
  } catch {
    map = null;
  }
  maps.set(file, map);
  return map;
}

/** Where a call frame is, as `file:line` relative to the project (TypeScript source when mapped). */
function locate(frame) {
  const { url, lineNumber, columnNumber } = frame;
  if (!url) return { file: '', line: 0, where: '' };
  let file = url;
  if (url.startsWith('file://')) file = fileURLToPath(url);
  if (!path.isAbsolute(file)) return { file, line: lineNumber + 1, where: `${file}:${lineNumber + 1}` };
  const sm = file.endsWith('.js') ? sourceMapFor(file) : null;
  if (sm && lineNumber >= 0) {
    const entry = sm.map.findEntry(lineNumber, Math.max(0, columnNumber));
    if (entry && entry.originalSource) {
      const original = entry.originalSource.startsWith('file://')
        ? fileURLToPath(entry.originalSource)
        : path.resolve(sm.dir, entry.originalSource);
      const rel = relative(original);
      return { file: rel, line: entry.originalLine + 1, where: `${rel}:${entry.originalLine + 1}` };
    }
  }
  const rel = relative(file);
  return { file: rel, line: lineNumber + 1, where: `${rel}:${lineNumber + 1}` };
}

function relative(file) {
  const rel = path.relative(ROOT, file);
  if (rel.startsWith('..')) {
    // A copy of the project elsewhere: keep what follows node_modules/, src/, grammar/ or bench/.
    const m = /(?:^|[\\/])((?:node_modules|src|grammar|bench)[\\/].*)$/.exec(file);
    return m ? m[1].split(path.sep).join('/') : file;
  }
  return rel.split(path.sep).join('/');
}

/** A coarse grouping of files, to say which layer the time is in. */
function category(file, name) {
  if (name === '(garbage collector)') return 'garbage collector';
  if (name === '(program)' || name === '(idle)' || name === '(root)') return 'V8 / native (program)';
  if (file === '') return 'V8 builtins and native';
  if (file.startsWith('node_modules/parsimmon/')) return 'parsimmon combinators';
  if (file.startsWith('node_modules/tr46/')) return 'tr46';
  if (file.startsWith('node_modules/')) return file.split('/').slice(0, 2).join('/');
  if (file === 'src/grammar/compile.ts') return 'src/grammar/compile.ts (rule parsers, fused regexes)';
  if (file.startsWith('src/semantic/')) return 'src/semantic/* (semantic pass, hosts, encoding)';
  if (file.startsWith('src/')) return 'src/* driver and API (parse, preprocess, url, usv)';
  if (file.startsWith('node:')) return 'Node internals';
  if (file.startsWith('bench/')) return 'benchmark driver';
  return file;
}

// ---- the analysis ---------------------------------------------------------------------------

/**
 * Returns { windowMs, totalMs, samples, functions, files, categories }: each list of
 * { key, selfMs, selfPct, totalMs?, totalPct? } sorted by self time.
 */
function analyse(profile, options = {}) {
  const nodes = new Map();
  const parent = new Map();
  for (const n of profile.nodes) nodes.set(n.id, n);
  for (const n of profile.nodes) for (const c of n.children || []) parent.set(c, n.id);

  const { samples, timeDeltas } = profile;
  // A sample lasts until the next one; the last one gets the median interval.
  const sorted = [...timeDeltas].sort((a, b) => a - b);
  const typical = sorted.length ? sorted[sorted.length >> 1] : 0;
  const duration = samples.map((_, i) => (i + 1 < timeDeltas.length ? timeDeltas[i + 1] : typical));

  // Per node: its function key and the keys on its stack (computed once per node).
  const info = new Map();
  const infoOf = (id) => {
    let it = info.get(id);
    if (it) return it;
    const node = nodes.get(id);
    const frame = node.callFrame;
    const name = frame.functionName || '(anonymous)';
    const loc = locate(frame);
    const key = loc.where ? `${name} ${loc.where}` : name;
    const up = parent.has(id) ? infoOf(parent.get(id)) : null;
    const stack = new Set(up ? up.stack : []);
    stack.add(key);
    const names = new Set(up ? up.names : []);
    names.add(name);
    it = { key, name, file: loc.file, where: loc.where, stack, names };
    info.set(id, it);
    return it;
  };

  let from = 0;
  let to = samples.length - 1;
  if (options.window) {
    const inWindow = samples.map((id) => infoOf(id).names.has(options.window));
    from = inWindow.indexOf(true);
    to = inWindow.lastIndexOf(true);
    if (from < 0) throw new Error(`analyse-profile: no sample has ${options.window} on its stack`);
  }

  const self = new Map();
  const total = new Map();
  const files = new Map();
  const categories = new Map();
  const meta = new Map();
  let windowUs = 0;
  const add = (m, k, v) => m.set(k, (m.get(k) || 0) + v);
  for (let i = from; i <= to; i++) {
    const it = infoOf(samples[i]);
    const d = duration[i];
    windowUs += d;
    add(self, it.key, d);
    meta.set(it.key, it);
    add(files, it.file || `(${it.name.replace(/^\(|\)$/g, '')})`, d);
    add(categories, category(it.file, it.name), d);
    for (const k of it.stack) add(total, k, d);
  }
  const windowMs = windowUs / 1000;
  const pct = (us) => (100 * us) / windowUs;
  const list = (m, withTotal) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([key, us]) => {
        const row = { key, selfMs: us / 1000, selfPct: pct(us) };
        if (withTotal) {
          const it = meta.get(key);
          row.name = it.name;
          row.where = it.where;
          row.totalMs = (total.get(key) || 0) / 1000;
          row.totalPct = pct(total.get(key) || 0);
        }
        return row;
      });
  const byTotal = [...total.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([key, us]) => ({ key, totalMs: us / 1000, totalPct: pct(us), selfPct: pct(self.get(key) || 0) }));
  return {
    windowMs,
    totalMs: (profile.endTime - profile.startTime) / 1000,
    samples: to - from + 1,
    functions: list(self, true),
    byTotal,
    files: list(files, false),
    categories: list(categories, false),
  };
}

// ---- printing -------------------------------------------------------------------------------

function report(result, top = 25) {
  const lines = [];
  const f1 = (x) => x.toFixed(1);
  lines.push(`${result.samples} samples, ${f1(result.windowMs)} ms counted (profile ${f1(result.totalMs)} ms)`);
  lines.push('', `Top ${top} functions by self time`, '  self ms   self %  total %  function  location');
  for (const r of result.functions.slice(0, top)) {
    lines.push(
      `${f1(r.selfMs).padStart(9)}  ${f1(r.selfPct).padStart(6)}%  ${f1(r.totalPct).padStart(6)}%  ${r.name}  ${r.where}`,
    );
  }
  lines.push('', 'Files by self time', '  self ms   self %  file');
  for (const r of result.files.slice(0, 15)) lines.push(`${f1(r.selfMs).padStart(9)}  ${f1(r.selfPct).padStart(6)}%  ${r.key}`);
  lines.push('', 'Layers by self time', '  self ms   self %  layer');
  for (const r of result.categories) lines.push(`${f1(r.selfMs).padStart(9)}  ${f1(r.selfPct).padStart(6)}%  ${r.key}`);
  lines.push('', `Top ${top} functions by total time (self + callees)`, ' total %   self %  function');
  for (const r of result.byTotal.slice(0, top)) lines.push(`${f1(r.totalPct).padStart(7)}%  ${f1(r.selfPct).padStart(6)}%  ${r.key}`);
  return lines.join('\n');
}

module.exports = { analyse, report, locate };

if (require.main === module) {
  const args = process.argv.slice(2);
  let file = null;
  let top = 25;
  let window = null;
  let json = false;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--top') top = parseInt(args[++i], 10);
    else if (args[i] === '--window') window = args[++i];
    else if (args[i] === '--json') json = true;
    else file = args[i];
  }
  if (!file) {
    process.stderr.write('usage: node bench/analyse-profile.js <file.cpuprofile> [--top 25] [--window <function>] [--json]\n');
    process.exit(2);
  }
  const result = analyse(JSON.parse(fs.readFileSync(file, 'utf8')), { window });
  process.stdout.write(json ? `${JSON.stringify(result, null, 2)}\n` : `${report(result, top)}\n`);
}
