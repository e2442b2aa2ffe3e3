// url-grammar lint beyond the basics of test/lint.test.ts: the summary line, JSON Lines, SARIF
// (validated against the SARIF 2.1.0 JSON schema), streaming (a generated file of a few MB: every
// bad URL reported, and output before the input has ended), --fix and --fix-dry-run, and the
// notice when standard input is a terminal.

import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv from 'ajv-draft-04';
import { VALIDATION_ERRORS } from 'url-grammar';
import type { CliIO } from 'url-grammar/cli';
import { CORE_ROOT, mainAsync } from './support/cli';
import { specAnchor } from '../src/formats';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { generateMarkdown, generateHTML } = require('../bench/lint-large.js') as Record<'generateMarkdown' | 'generateHTML', (bytes: number, write: (s: string) => void) => { expected: number; bytes: number }>;

interface Run {
  code: number;
  out: string;
  err: string;
  /** How many bytes of input had been handed over when the first output was written. */
  firstOutputAfter: number | null;
}

async function run(args: string[], options: { stdin?: string; stdinIsTTY?: boolean; chunks?: Map<string, Buffer>; files?: Map<string, string> } = {}): Promise<Run> {
  let out = '';
  let err = '';
  let given = 0;
  let firstOutputAfter: number | null = null;
  const io: CliIO = {
    out: (s) => {
      if (firstOutputAfter === null) firstOutputAfter = given;
      out += s;
    },
    err: (s) => void (err += s),
    readFile: (path) => (path === '-' ? Buffer.from(options.stdin ?? '', 'utf8') : readFileSync(path)),
    writeFile: (path, data) => {
      if (options.files) options.files.set(path, data);
      else writeFileSync(path, data);
    },
    setExitCode: () => undefined,
    isTTY: false,
    stdinIsTTY: options.stdinIsTTY ?? false,
  };
  if (options.chunks) {
    const chunks = options.chunks;
    io.openRead = (path) =>
      (async function* () {
        const all = chunks.get(path)!;
        for (let i = 0; i < all.length; i += 64 * 1024) {
          given = i;
          yield all.subarray(i, i + 64 * 1024);
          await new Promise((r) => setImmediate(r));
        }
        given = all.length;
      })();
  }
  const code = await mainAsync(['lint', ...args], io);
  return { code, out, err, firstOutputAfter };
}

describe('lint: output formats, streaming, fixes', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'url-grammar-lint-cli-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, content: string) => {
    const p = join(dir, name);
    writeFileSync(p, content);
    return p;
  };

  it('text ends with "N errors in M files" on standard error', async () => {
    const a = file('a.txt', 'https://u@a.example/ and https://b.example:99999/\n');
    const b = file('b.txt', 'https://fine.example/\n');
    const r = await run([a, b]);
    expect(r.code).to.equal(1);
    expect(r.out.split('\n').filter(Boolean)).to.have.length(2);
    expect(r.err).to.equal('2 errors in 1 file (2 files linted)\n');
    expect((await run([b])).err).to.equal('0 errors in 0 files (1 file linted)\n');
  });

  it('--format jsonl writes one finding per line', async () => {
    const a = file('c.md', '[x](https://u@a.example/) <https://b.example:99999/>\n');
    const r = await run(['--format', 'jsonl', a]);
    const lines = r.out.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.type, l.line, l.column])).to.deep.equal([
      ['invalid-credentials', 1, 14],
      ['port-out-of-range', 1, 46],
    ]);
    expect(r.err).to.equal('');
  });

  it('--format sarif validates against the SARIF 2.1.0 schema; one rule per validation error type, linked to url.bs', async () => {
    const schema = JSON.parse(readFileSync(require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8'));
    // the schema's patterns are written for non-unicode regular expressions; formats are not checked
    const validate = new Ajv({ strict: false, unicodeRegExp: false, logger: false }).compile(schema);
    const a = file('d.html', '<a href="https://EXAMPLE.com\\a">x</a>\n<img src="https://u@b.example/">\n');
    const r = await run(['--format', 'sarif', a, file('e.txt', 'nothing')]);
    expect(r.code).to.equal(1);
    const log = JSON.parse(r.out);
    expect(validate(log), JSON.stringify(validate.errors)).to.equal(true);
    const rules = log.runs[0].tool.driver.rules;
    expect(rules.map((x: { id: string }) => x.id)).to.deep.equal(Object.keys(VALIDATION_ERRORS));
    const results = log.runs[0].results;
    expect(results.map((x: { ruleId: string }) => x.ruleId)).to.deep.equal(['invalid-reverse-solidus', 'invalid-credentials']);
    expect(results[0].fixes[0].artifactChanges[0].replacements[0].insertedContent.text).to.equal('https://example.com/a');
    expect(results[1].properties.noFix).to.match(/the serialization is the same text/);
    expect(rules[results[1].ruleIndex].id).to.equal('invalid-credentials');
    // a schema that rejects something: the validator is not a no-op
    expect(validate({ ...log, version: '2.0.0' })).to.equal(false);
    // every rule's helpUri anchor exists in url.bs (as Bikeshed names a <dfn> without an id)
    const bs = readFileSync(join(CORE_ROOT, 'test', 'spec', 'url.bs'), 'utf8');
    const ids = new Set<string>();
    for (const m of bs.matchAll(/\bid=["']?([^\s"'>]+)/g)) ids.add(m[1]);
    for (const m of bs.matchAll(/<dfn(?![^>]*\bid=)[^>]*>([^<]*)<\/dfn>/g)) ids.add(m[1].toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, ''));
    const missing = Object.keys(VALIDATION_ERRORS).filter((t) => !ids.has(specAnchor(t)));
    // IPv4-non-ASCII-input came in whatwg/url 9dc3827 (PR 925), after the vendored test/spec/url.bs
    // (6ae8486): its anchor is in the current standard, not in that copy (src/semantic/errors.ts)
    expect(missing).to.deep.equal(['IPv4-non-ASCII-input']);
    expect(specAnchor('IPv4-non-ASCII-input')).to.equal('ipv4-non-ascii-input');
    expect(rules[0].helpUri).to.equal('https://url.spec.whatwg.org/#validation-error-domain-to-ascii');
  });

  it('--format json on many findings is one valid array', async () => {
    const many = file('many.txt', 'https://u@a.example/ '.repeat(5000));
    const r = await run(['--format', 'json', many]);
    const arr = JSON.parse(r.out);
    expect(arr).to.have.length(5000);
  });

  it('streams: a generated Markdown file of a few MB, every bad URL reported, output before the input ends', async function () {
    this.timeout(120000);
    const parts: string[] = [];
    const gen = generateMarkdown(1.5 * 1024 * 1024, (s) => parts.push(s));
    const bytes = Buffer.from(parts.join(''), 'utf8');
    const name = join(dir, 'large.md');
    const r = await run(['--format', 'jsonl', name], { chunks: new Map([[name, bytes]]) });
    // one record per URL, listing its errors: the generator counts errors
    const count = r.out.split('\n').filter(Boolean).reduce((n, line) => n + (JSON.parse(line) as { errors: unknown[] }).errors.length, 0);
    expect(gen.expected).to.be.greaterThan(10000);
    expect(count).to.equal(gen.expected);
    expect(r.firstOutputAfter).to.not.equal(null);
    expect(r.firstOutputAfter!).to.be.lessThan(bytes.length / 2);
  });

  it('streams HTML too: every bad URL of a generated file, output before the input ends', async function () {
    this.timeout(60000);
    const parts: string[] = [];
    const gen = generateHTML(1.5 * 1024 * 1024, (s) => parts.push(s));
    const bytes = Buffer.from(parts.join(''), 'utf8');
    const name = join(dir, 'large.html');
    const r = await run(['--format', 'jsonl', name], { chunks: new Map([[name, bytes]]) });
    expect(r.out.split('\n').filter(Boolean).reduce((n, line) => n + (JSON.parse(line) as { errors: unknown[] }).errors.length, 0)).to.equal(gen.expected);
    expect(r.firstOutputAfter!).to.be.lessThan(bytes.length / 2);
  });

  it('says on standard error that it reads standard input when that is a terminal', async () => {
    const r = await run(['-'], { stdin: 'https://u@a.example/\n', stdinIsTTY: true });
    expect(r.err.split('\n')[0]).to.equal('url-grammar lint: reading standard input (end it with Ctrl-D)');
    expect((await run(['-'], { stdin: '' })).err).to.not.contain('reading standard input');
  });

  // Markdown of URLs with validation errors in each place a URL can stand
  const FIXTURE = [
    '# Links',
    '',
    '[upper](HTTPS://Example.COM:443/a/./b/..\\c)',
    '[backslash](https://example.com\\docs)',
    '[space](<https://example.com/a b>)',
    '[credentials](https://user@example.com/)',
    '[idna](https://exämple.com/a\\b)',
    '[parens](https://example.com/\\(x\\y)',
    '<HTTP://EXAMPLE.com/x/..\\y>',
    '<a href="https://example.com/a\\b?q=1&amp;r=&quot;">x</a> <a href="https://example.com/?}&amp;\\">y</a>',
    'Prose: HTTPS://Example.com:443\\p and http://[::1/ and www.example.com/a\\b.',
    'Not valid after the fix either (whatwg/url#379): [braces](https://EXAMPLE.com\\?})',
    '`https://EXAMPLE.com\\code`',
    '',
  ].join('\n');

  it('--fix replaces URLs where that is safe, leaves the rest, and a second --fix changes nothing', async () => {
    const md = file('fix.md', FIXTURE);
    const r = await run(['--fix', md]);
    const fixed = readFileSync(md, 'utf8');
    expect(fixed.split('\n')).to.deep.equal([
      '# Links',
      '',
      '[upper](https://example.com/a/c)',
      '[backslash](https://example.com/docs)',
      '[space](<https://example.com/a%20b>)',
      '[credentials](https://user@example.com/)',
      '[idna](https://exämple.com/a\\b)',
      '[parens](https://example.com/\\(x/y)',
      '<http://example.com/y>',
      '<a href="https://example.com/a/b?q=1&r=%22">x</a> <a href="https://example.com/?}&amp;\\">y</a>',
      'Prose: https://example.com/p and http://[::1/ and www.example.com/a\\b.',
      'Not valid after the fix either (whatwg/url#379): [braces](https://EXAMPLE.com\\?})',
      '`https://EXAMPLE.com\\code`',
      '',
    ]);
    expect(r.code).to.equal(1); // errors left where no fix was safe
    expect(r.err).to.match(/URLs? fixed\n$/);
    // what is left: each has a reason
    const after = await run([md, '--fix-dry-run']);
    expect(after.out).to.equal('');
    const again = await run(['--fix', md]);
    expect(readFileSync(md, 'utf8')).to.equal(fixed);
    expect(again.out).to.match(/no fix: /);
    // the places fixed lint clean: only the unfixable ones are reported
    const left = await run(['--format', 'jsonl', md]);
    const leftURLs = new Set(left.out.trim().split('\n').map((l) => JSON.parse(l).url));
    expect([...leftURLs].sort()).to.deep.equal(['http://[::1/', 'https://EXAMPLE.com?}', 'https://example.com/?}&\\', 'https://exämple.com/a\\b', 'https://user@example.com/'].sort());
    const reasons = new Map(left.out.trim().split('\n').map((l) => [JSON.parse(l).url, JSON.parse(l).noFix]));
    expect(reasons.get('https://EXAMPLE.com?}')).to.equal('the serialization is not a valid URL string either (the standard allows this: whatwg/url#379)');
    expect(reasons.get('https://exämple.com/a\\b')).to.equal('the host would be rewritten in ASCII (IDNA)');
    expect(reasons.get('http://[::1/')).to.equal('the URL does not parse');
  });

  it('--fix-dry-run prints a unified diff and changes nothing', async () => {
    const md = file('dry.md', FIXTURE);
    const r = await run(['--fix-dry-run', md]);
    expect(readFileSync(md, 'utf8')).to.equal(FIXTURE);
    expect(r.out).to.match(/^Index: |^===/m);
    expect(r.out).to.contain('-[upper](HTTPS://Example.COM:443/a/./b/..\\c)\n');
    expect(r.out).to.contain('+[upper](https://example.com/a/c)\n');
    expect(r.err).to.contain('no fix: ');
  });

  it('refuses --fix with standard input, and --fix with --fix-dry-run', async () => {
    expect((await run(['--fix'])).code).to.equal(2);
    expect((await run(['--fix', '--fix-dry-run', 'x.md'])).code).to.equal(2);
  });
});
