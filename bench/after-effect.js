'use strict';
// Which other work slows url-grammar down afterwards: a tool for issue 21's after-other-work check.
//
//   node bench/after-effect.js [--corpus package] [--share normalising] [--other wpt,real]
//     [--where EXPR] [--through ug-url-href] [--reload EXPR] [--pairs 5] [--node 24] [--runs 7]
//     [--warm-ms 1000]
//
// Runs --pairs pairs of child processes under one Node version (--node 20, 22 or 24: the
// machine's node, or test/runtimes' 22 or 24; the machine's unless told), in turn: a fresh one,
// which times the corpus (bench/run.js's corpora: real, package, machine or wpt) as the bench's
// fresh processes do (the whole corpus, then the share: whole, normalising or normal), and an
// after one, which first puts the other work through the parsers named by --through, then times
// the corpus the same way. The other work is the corpora named by --other (the WPT inputs and
// real-urls.txt unless told, which is what the bench puts before package-urls), each kept to the
// inputs for which the JavaScript expression --where is true. The expression sees `input`, `base`
// (undefined when there is none) and `kind` ("n" when url-grammar's href is the input, "d" when it
// differs, "f" when it fails), so that halving the other work, again and again, finds which inputs
// move the figure. --through takes bench/run.js's parser keys, comma-separated, or `all` (every
// parser, as the bench's own after processes have it): url-grammar's new URL then href only
// unless told (ug-url-href).
//
// --reload takes a regular expression. Once the other work is done, an after process loads afresh
// url-grammar's modules (the files under dist/) whose path under dist/ it matches, with every
// module of url-grammar's that requires one of them, so that the URL class timed is wired to the
// fresh ones. A module loaded afresh has new functions, which V8 has seen nothing go through; the
// rest keep what the other work taught V8. `--reload .` loads them all afresh: the after
// processes then time url-grammar as a fresh process would, after the same other work, which
// says whether the slowdown lies in what V8 learnt from url-grammar's own functions or in the
// process (its heap, the other parsers' code). Narrower expressions (`--reload 'api/|parse'`)
// say which modules hold it.
//
// Prints, for each process, url-grammar's and Node's time per input on the share and their ratio;
// then, as the bench reads them, each parser's median over the processes, and after vs fresh for
// url-grammar's time and for its ratio to Node's. The timing is
// bench/run.js's own (timeCorpus: warm-up, settling, seven rounds of interleaved samples), so a
// figure here is a figure the bench could have given; the other work goes through every input
// at least twice and for at least 100 ms per parser and corpus, as the bench's does.

const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');
const bench = require('./run');
const machineURLs = require('./machine-urls');

const SHARE_KINDS = { whole: null, normalising: 'd', normal: 'n' };
const PARSER_KEYS = bench.PARSERS.map((p) => p.key);

function parseArgs(argv) {
  const opts = { corpus: 'package', share: 'normalising', other: ['wpt', 'real'], where: null, through: ['ug-url-href'], reload: null, pairs: 5, node: null, runs: 7, warmMs: 1000, child: null, corpora: null };
  const value = (i, name) => {
    if (i >= argv.length) throw new Error(`after-effect: ${name} takes a value`);
    return argv[i];
  };
  const count = (text, name, least) => {
    const n = Number(text);
    if (!Number.isInteger(n) || n < least) throw new Error(`after-effect: ${name} takes a whole number, at least ${least}`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--corpus') opts.corpus = value(++i, a);
    else if (a === '--share') opts.share = value(++i, a);
    else if (a === '--other') opts.other = value(++i, a).split(',').filter(Boolean);
    else if (a === '--where') opts.where = value(++i, a);
    else if (a === '--through') opts.through = value(++i, a).split(',').filter(Boolean);
    else if (a === '--reload') opts.reload = value(++i, a);
    else if (a === '--pairs') opts.pairs = count(value(++i, a), a, 1);
    else if (a === '--node') opts.node = value(++i, a);
    else if (a === '--runs') opts.runs = count(value(++i, a), a, 1);
    else if (a === '--warm-ms') opts.warmMs = count(value(++i, a), a, 1);
    else if (a === '--child') opts.child = value(++i, a);
    else if (a === '--corpora') opts.corpora = value(++i, a);
    else throw new Error(`after-effect: unknown argument ${a}`);
  }
  if (!Object.prototype.hasOwnProperty.call(SHARE_KINDS, opts.share)) throw new Error(`after-effect: --share is one of ${Object.keys(SHARE_KINDS).join(', ')}`);
  if (opts.through.length === 1 && opts.through[0] === 'all') opts.through = PARSER_KEYS;
  for (const k of opts.through) if (!PARSER_KEYS.includes(k)) throw new Error(`after-effect: --through takes all, or some of ${PARSER_KEYS.join(', ')}`);
  if (opts.reload !== null) reloadPattern(opts.reload); // a bad expression is a bad argument, said now
  if (opts.where !== null) whereFilter(opts.where); // a syntax error is a bad argument, said now
  if (opts.child !== null && opts.child !== 'fresh' && opts.child !== 'after') throw new Error('after-effect: --child is fresh or after');
  return opts;
}

function whereFilter(expr) {
  try {
    return new Function('input', 'base', 'kind', `return (${expr});`);
  } catch (e) {
    throw new Error(`after-effect: --where is not a JavaScript expression: ${e.message}`);
  }
}

function reloadPattern(expr) {
  try {
    return new RegExp(expr);
  } catch (e) {
    throw new Error(`after-effect: --reload is not a regular expression: ${e.message}`);
  }
}

/** A loaded file's path under dist/ (src/ and grammar/ are there), with "/" between names; null for a file elsewhere. */
function underDist(file) {
  const rel = path.relative(path.dirname(path.dirname(bench.DIST)), file);
  return rel.startsWith('..') || path.isAbsolute(rel) ? null : rel.split(path.sep).join('/');
}

/** url-grammar's loaded modules (files in require's cache under dist/) whose path under dist/ `pattern` matches. */
function matchingModules(pattern) {
  return Object.keys(require.cache).filter((f) => {
    const rel = underDist(f);
    return rel !== null && pattern.test(rel);
  });
}

/**
 * Drops from require's cache url-grammar's modules whose path under dist/ `pattern` matches, and
 * every module of url-grammar's that requires one of them (require's cache lists, for each module,
 * the modules it required), so that the next require of dist loads them afresh. Returns how many.
 */
function forgetModules(pattern) {
  const ours = Object.keys(require.cache).filter((f) => underDist(f) !== null);
  const gone = new Set(matchingModules(pattern));
  for (let grew = true; grew; ) {
    grew = false;
    for (const f of ours) {
      if (!gone.has(f) && require.cache[f].children.some((c) => gone.has(c.filename))) {
        gone.add(f);
        grew = true;
      }
    }
  }
  for (const f of gone) delete require.cache[f];
  return gone.size;
}

/** The corpus of `corpora` (loadCorpora's) named `key`; an unknown name is the user's error, said in one line. */
function corpusOf(corpora, key) {
  const c = corpora.find((x) => x.key === key);
  if (!c) throw new Error(`after-effect: no corpus ${key} (there are ${corpora.map((x) => x.key).join(', ')})`);
  return c;
}

/** The inputs of `corpus` that `where` keeps (all of them for null). */
function kept(corpus, where) {
  if (where === null) return corpus;
  const keep = whereFilter(where);
  const inputs = [];
  const bases = [];
  for (let i = 0; i < corpus.inputs.length; i++) {
    if (keep(corpus.inputs[i], corpus.bases[i], corpus.kinds[i])) {
      inputs.push(corpus.inputs[i]);
      bases.push(corpus.bases[i]);
    }
  }
  return { name: `${corpus.name} (where ${where})`, inputs, bases };
}

/** A child: the other work (after), then the corpus's whole and its share, as bench/run.js's children time them. */
function child(opts) {
  const { corpora } = bench.loadCorpora(opts.corpora);
  const find = (key) => corpusOf(corpora, key);
  const corpus = find(opts.corpus);
  const timing = { runs: opts.runs, sampleMs: 80, warmMs: opts.warmMs, quick: false };
  let reloaded = 0;
  if (opts.child === 'after') {
    bench.otherWork(opts.other.map((k) => kept(find(k), opts.where)).filter((c) => c.inputs.length > 0), opts.through, timing);
    if (opts.reload !== null) reloaded = forgetModules(reloadPattern(opts.reload));
  }
  const pick = (r) => ({ node: r['node-href'].ns, ug: r['ug-url-href'].ns });
  const out = { reloaded, whole: pick(bench.timeCorpus(corpus, bench.HREF_KEYS, timing)) };
  if (opts.share !== 'whole') {
    const share = bench.shareOf(corpus, SHARE_KINDS[opts.share]);
    out.share = share.inputs.length === 0 ? null : pick(bench.timeCorpus(share, bench.HREF_KEYS, timing));
  } else out.share = out.whole;
  process.stdout.write(JSON.stringify(out));
}

const fmt = (ns) => `${ns.toFixed(1)} ns`;

function main(opts) {
  const rts = bench.runtimes({ nodes: opts.node === null ? null : [opts.node] });
  if (rts.length === 0) throw new Error(`after-effect: no Node ${opts.node} here (20 is the machine's; 22 and 24 come from test/runtimes)`);
  const bin = rts[0].bin;
  const file = path.join(os.tmpdir(), `url-grammar-after-effect-${process.pid}.json`);
  const machineFile = path.join(os.tmpdir(), `url-grammar-after-effect-${process.pid}-machine.txt`);
  try {
    bench.writeCorpora(file, machineURLs.buildMachineCorpus(machineFile));
    // the other work, as the children will have it: say what it is before spending minutes on it
    const { corpora } = bench.loadCorpora(file);
    const others = opts.other.map((k) => `${k}: ${kept(corpusOf(corpora, k), opts.where).inputs.length} inputs`);
    corpusOf(corpora, opts.corpus); // (an unknown corpus is said now, not by the first child)
    // (writeCorpora has loaded url-grammar here too: a --reload that matches none of it is said now)
    if (opts.reload !== null && matchingModules(reloadPattern(opts.reload)).length === 0) {
      throw new Error(`after-effect: --reload ${opts.reload} matches none of url-grammar's modules under dist/`);
    }
    console.log(`Node ${rts[0].major}: ${opts.corpus} (${opts.share}), ${opts.pairs} fresh and ${opts.pairs} after processes, in turn`);
    console.log(`other work through ${opts.through.join(', ')}: ${others.join('; ')}${opts.where === null ? '' : ` (where ${opts.where})`}`);
    if (opts.reload !== null) console.log(`then, in the after processes, url-grammar's modules matching /${opts.reload}/ (and those that require them) loaded afresh`);
    const got = { fresh: [], after: [] };
    for (let p = 0; p < opts.pairs; p++) {
      for (const mode of ['fresh', 'after']) {
        const args = [__filename, '--child', mode, '--corpora', file, '--corpus', opts.corpus, '--share', opts.share, '--other', opts.other.join(','), '--through', opts.through.join(','), '--runs', String(opts.runs), '--warm-ms', String(opts.warmMs)];
        if (opts.where !== null) args.push('--where', opts.where);
        if (opts.reload !== null) args.push('--reload', opts.reload);
        const r = spawnSync(bin, args, { encoding: 'utf8', maxBuffer: 1 << 20 });
        if (r.status !== 0) throw new Error(`after-effect: a ${mode} process failed: ${(r.stderr || '').trim().split('\n').pop()}`);
        const { share, reloaded } = JSON.parse(r.stdout);
        if (share === null) throw new Error(`after-effect: ${opts.corpus} has no ${opts.share} inputs`);
        got[mode].push(share);
        const note = mode === 'after' && opts.reload !== null ? `  (${reloaded} modules loaded afresh)` : '';
        console.log(`${mode.padEnd(5)}  url-grammar ${fmt(share.ug)}  Node's URL ${fmt(share.node)}  ratio ${(share.ug / share.node).toFixed(3)}${note}`);
      }
    }
    // as the bench reads them: each parser's median over the processes, then their ratio
    const ug = (mode) => bench.median(got[mode].map((x) => x.ug));
    const ratio = (mode) => ug(mode) / bench.median(got[mode].map((x) => x.node));
    console.log(`medians: url-grammar fresh ${fmt(ug('fresh'))}, after ${fmt(ug('after'))} (${bench.fmtDiff(ug('after') / ug('fresh') - 1)}); ` + `÷ Node's URL fresh ${ratio('fresh').toFixed(3)}, after ${ratio('after').toFixed(3)} (${bench.fmtDiff(ratio('after') / ratio('fresh') - 1)})`);
  } finally {
    fs.rmSync(file, { force: true });
    fs.rmSync(machineFile, { force: true });
  }
}

let opts;
try {
  opts = parseArgs(process.argv.slice(2));
} catch (e) {
  process.stderr.write(`${e.message}\n`);
  process.exit(2);
}
try {
  if (opts.child !== null) child(opts);
  else main(opts);
} catch (e) {
  process.stderr.write(`${e.message}\n`);
  process.exit(1);
}
