'use strict';
// The benchmark's third real-world corpus, made at bench time from what is installed on the
// machine: the http(s) URLs written in documentation that nobody chose for a benchmark. It is
// never committed; bench/run.js builds it at its start into a cache folder (CACHE_DIR below) and
// prints how many URLs it holds and the rule that found them. See bench/CORPUS.md.
//
//   node bench/machine-urls.js [--out FILE]
//
// Where the URLs are taken from (each folder walked in sorted order, symbolic links not followed):
//   - node_modules/ of this project, of test/runtimes/, and the global one (`npm root -g`): every
//     file named README*, CHANGELOG*, CHANGES*, HISTORY*, NEWS*, AUTHORS*, CONTRIBUTING*, LICENSE*,
//     LICENCE* or NOTICE*, or ending in .md, .markdown, .txt or .rst;
//   - /usr/share/doc/: every file (copyright files, changelogs, READMEs, HTML manuals, examples);
//   - a file ending in .gz is read decompressed; a file whose first 8,000 bytes (decompressed)
//     hold a NUL byte is binary and skipped, as is one larger than 64 MB.
//
// RULE (below) is what counts as a URL, and is printed with the corpus. The set of URLs does not
// depend on the order in which files are read: duplicates go, then at most PER_HOST URLs per host
// are kept (the ones whose FNV-1a hash is smallest: an arbitrary choice nobody made), then at most
// CAP URLs (again the smallest hashes); the file lists them in hash order, which mixes hosts and
// shapes the way a log does rather than grouping them. Same machine, same files: same corpus.

const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const { spawnSync } = require('child_process');

const ROOT = path.join(__dirname, '..');
const CACHE_DIR = path.join(ROOT, 'node_modules', '.cache', 'url-grammar-bench');
const DEFAULT_OUT = path.join(CACHE_DIR, 'machine-urls.txt');
const PER_HOST = 3;
const CAP = 20000;
const MAX_URL_LENGTH = 2048;
const MAX_FILE_BYTES = 64 * 1024 * 1024;

const RULE =
  'a URL starts at "http://" or "https://" (any case) not preceded by a letter, digit, "+", "-" or "."; ' +
  'it ends before the first white space or control character, any of " \' < > ` { } | \\ ^ “ ” ‘ ’ « », the HTML escapes ' +
  '&lt; &gt; &quot;, bytes that are not UTF-8, or a ) or ] that closes no ( or [ opened in the URL; then ' +
  'trailing . , ; : ! ? * _ ~ are dropped; a URL with nothing after "://" or longer than ' +
  `${MAX_URL_LENGTH} characters is not kept. Deduplicated, at most ${PER_HOST} per host (host: the text after "://" ` +
  `up to / ? # or \\, without user info and port, lower-cased), at most ${CAP.toLocaleString('en-US')} in all.`;

const DOC_NAME = /^(readme|changelog|changes|history|news|authors|contributing|licen[cs]e|notice)([._-]|$)|\.(md|markdown|txt|rst)(\.gz)?$/i;

/**
 * Files under `dir`, depth first, entries in code-unit order; symbolic links are not followed, and
 * folders whose name starts with "." are not entered.
 */
function* walk(dir) {
  let entries;
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const e of entries) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (!e.name.startsWith('.')) yield* walk(p); // .bin, .cache (where this corpus is written)
    } else if (e.isFile()) yield { file: p, name: e.name };
  }
}

function globalNodeModules() {
  const r = spawnSync('npm', ['root', '-g'], { encoding: 'utf8' });
  return r.status === 0 && r.stdout.trim() ? r.stdout.trim() : null;
}

/** The sources: [folder, which files of it to read]. */
function sources() {
  const modules = [path.join(ROOT, 'node_modules'), path.join(ROOT, 'test', 'runtimes', 'node_modules'), globalNodeModules()];
  const out = [];
  const seen = new Set();
  for (const dir of modules) {
    if (dir && !seen.has(dir)) {
      seen.add(dir);
      out.push({ dir, label: 'node_modules', take: (name) => DOC_NAME.test(name) });
    }
  }
  out.push({ dir: '/usr/share/doc', label: '/usr/share/doc', take: () => true });
  return out;
}

/** The file's bytes (decompressed when it ends in .gz), or null when it is binary or too large. */
function readText(file) {
  let buf;
  try {
    if (fs.statSync(file).size > MAX_FILE_BYTES) return null;
    buf = fs.readFileSync(file);
    if (file.endsWith('.gz')) buf = zlib.gunzipSync(buf, { maxOutputLength: MAX_FILE_BYTES });
  } catch {
    return null; // unreadable, or not gzip after all, or too large once decompressed
  }
  const head = buf.subarray(0, 8000);
  return head.includes(0) ? null : buf;
}

const isSchemeByte = (b) =>
  (b >= 0x61 && b <= 0x7a) || (b >= 0x41 && b <= 0x5a) || (b >= 0x30 && b <= 0x39) || b === 0x2b || b === 0x2d || b === 0x2e;
// Bytes that end a URL in the first, byte-level cut: ASCII controls, space, and " ' < > ` { } | \ ^.
const ENDS = new Uint8Array(256);
for (let b = 0; b <= 0x20; b++) ENDS[b] = 1;
for (const c of '"\'<>`{}|\\^\x7f') ENDS[c.charCodeAt(0)] = 1;
// The same cut on the decoded text, which also sees Unicode white space, C1 controls and U+FFFD
// (what the decoder makes of bytes that are not UTF-8), and the HTML escapes.
const END_IN_TEXT = /[\s\p{Cc}\uFFFD"'<>`{}|\\^\u201C\u201D\u2018\u2019\u00AB\u00BB]|&(lt|gt|quot);/u;
const TRAILING = new Set(['.', ',', ';', ':', '!', '?', '*', '_', '~']);

function lower4(buf, i) {
  return String.fromCharCode(buf[i] | 0x20, buf[i + 1] | 0x20, buf[i + 2] | 0x20, buf[i + 3] | 0x20);
}

/** Every URL in `buf` by RULE, passed to `found`. */
function extract(buf, found) {
  let at = buf.indexOf('://');
  while (at !== -1) {
    // "http" or "https" just before "://", and no scheme character before that.
    let start = -1;
    if (at >= 5 && (buf[at - 1] | 0x20) === 0x73 && lower4(buf, at - 5) === 'http') start = at - 5;
    else if (at >= 4 && lower4(buf, at - 4) === 'http') start = at - 4;
    if (start !== -1 && (start === 0 || !isSchemeByte(buf[start - 1]))) {
      let end = at + 3;
      while (end < buf.length && end - start <= MAX_URL_LENGTH * 4 && ENDS[buf[end]] === 0) end++;
      const url = trim(buf.toString('utf8', start, end));
      if (url !== null) found(url);
      at = buf.indexOf('://', Math.max(end, at + 3));
    } else {
      at = buf.indexOf('://', at + 3);
    }
  }
}

/** The decoded candidate cut and trimmed by RULE, or null when it is not kept. */
function trim(text) {
  const rest = text.indexOf('://') + 3;
  let end = text.length;
  const cut = text.slice(rest).search(END_IN_TEXT);
  if (cut !== -1) end = rest + cut;
  // A ) or ] that closes nothing opened in the URL ends it: "[text](https://a/b)", "(see https://a/b)".
  let parens = 0;
  let brackets = 0;
  for (let i = rest; i < end; i++) {
    const c = text[i];
    if (c === '(') parens++;
    else if (c === '[') brackets++;
    else if (c === ')' && parens-- === 0) end = i;
    else if (c === ']' && brackets-- === 0) end = i;
  }
  while (end > rest && TRAILING.has(text[end - 1])) end--;
  if (end <= rest || end > MAX_URL_LENGTH) return null;
  return text.slice(0, end);
}

/** The host a URL counts under for PER_HOST: see RULE. */
function hostKey(url) {
  const rest = url.slice(url.indexOf('://') + 3);
  let authority = rest.split(/[/?#\\]/, 1)[0];
  authority = authority.slice(authority.lastIndexOf('@') + 1).toLowerCase();
  return authority.replace(/:\d*$/, '');
}

/** 32-bit FNV-1a over the UTF-16 code units. */
function fnv1a(s) {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

const byHash = (a, b) => a.hash - b.hash || (a.url < b.url ? -1 : a.url > b.url ? 1 : 0);

/** Walks the sources, writes the corpus to `out`, returns what the bench prints about it. */
function buildMachineCorpus(out = DEFAULT_OUT) {
  const started = process.hrtime.bigint();
  const seen = new Set();
  const perSource = [];
  let files = 0;
  let bytes = 0;
  for (const src of sources()) {
    let n = 0;
    for (const { file, name } of walk(src.dir)) {
      if (!src.take(name)) continue;
      const buf = readText(file);
      if (buf === null) continue;
      files++;
      n++;
      bytes += buf.length;
      extract(buf, (u) => seen.add(u));
    }
    perSource.push({ label: src.label, files: n });
  }
  const hosts = new Map();
  for (const url of seen) {
    const key = hostKey(url);
    let list = hosts.get(key);
    if (!list) hosts.set(key, (list = []));
    list.push({ url, hash: fnv1a(url) });
  }
  let kept = [];
  for (const list of hosts.values()) for (const u of list.sort(byHash).slice(0, PER_HOST)) kept.push(u);
  kept.sort(byHash);
  const capped = kept.length > CAP;
  kept = kept.slice(0, CAP);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, kept.map((k) => k.url).join('\n') + '\n');
  const info = {
    file: out,
    count: kept.length,
    distinct: seen.size,
    hosts: hosts.size,
    capped,
    files,
    megabytes: bytes / (1024 * 1024),
    sources: perSource.reduce((a, s) => ((a[s.label] = (a[s.label] || 0) + s.files), a), {}),
    seconds: Number(process.hrtime.bigint() - started) / 1e9,
    rule: RULE,
  };
  fs.writeFileSync(`${out}.json`, JSON.stringify(info, null, 2) + '\n');
  return info;
}

/** One line about the corpus, without machine paths (it goes into bench/RESULTS.md). */
function describe(info) {
  const src = Object.entries(info.sources)
    .map(([label, n]) => `${n} files from ${label}`)
    .join(', ');
  return (
    `${info.count.toLocaleString('en-US')} URLs (of ${info.distinct.toLocaleString('en-US')} distinct ones on ${info.hosts.toLocaleString('en-US')} hosts` +
    `${info.capped ? `, capped at ${CAP.toLocaleString('en-US')}` : ''}) from ${info.files.toLocaleString('en-US')} text files (${src}; ${info.megabytes.toFixed(0)} MB read)`
  );
}

module.exports = { buildMachineCorpus, describe, RULE, DEFAULT_OUT, CACHE_DIR, extract, trim, hostKey };

if (require.main === module) {
  const i = process.argv.indexOf('--out');
  const info = buildMachineCorpus(i === -1 ? DEFAULT_OUT : path.resolve(process.argv[i + 1]));
  process.stdout.write(`machine corpus: ${describe(info)}, built in ${info.seconds.toFixed(1)} s\nrule: ${info.rule}\nwrote ${path.relative(process.cwd(), info.file)}\n`);
}
