// url-grammar lint beyond the basics of test/lint.test.ts: the summary line, JSON Lines, SARIF
// (validated against the SARIF 2.1.0 JSON schema), streaming (a generated file of a few MB: every
// bad URL reported, and output before the input has ended), --fix and --fix-dry-run, and the
// notice when standard input is a terminal.

import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv from 'ajv-draft-04';
import { errorAnchor, errorLink, liveLink, parseWithDiagnostics, SPEC_URL, specLink, VALIDATION_ERRORS } from 'url-grammar';
import type { CliIO } from 'url-grammar/cli';
import { CORE_ROOT, mainAsync } from './support/cli';
import * as lint from '../src/index';

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
    // every rule's helpUri is the core's pinned link to the type's row of url.bs's table of
    // validation errors: the line of the vendored url.bs (whatwg/url at 6ae8486) that holds the
    // type's <dfn>, read here from the file, not from the core's table of lines
    const bs = readFileSync(join(CORE_ROOT, 'test', 'spec', 'url.bs'), 'utf8').split('\n');
    const pinned = /^https:\/\/github\.com\/whatwg\/url\/blob\/6ae8486\/url\.bs#L(\d+)$/;
    const unpinned: string[] = [];
    for (const rule of rules as Array<{ id: string; helpUri: string }>) {
      expect(rule.helpUri, rule.id).to.equal(errorLink(rule.id));
      const m = pinned.exec(rule.helpUri);
      if (!m) {
        unpinned.push(rule.id);
        continue;
      }
      const line = bs[Number(m[1]) - 1];
      expect(line, `${rule.id}: url.bs line ${m[1]}`).to.match(new RegExp(`<dfn[^>]*>${rule.id.replace(/[-]/g, '\\-')}</dfn>`));
    }
    // IPv4-non-ASCII-input came in whatwg/url 9dc3827 (PR 925), after the vendored test/spec/url.bs
    // (6ae8486): its row is in the current standard only (src/semantic/errors.ts), where it links
    expect(unpinned).to.deep.equal(['IPv4-non-ASCII-input']);
    expect(rules.find((x: { id: string }) => x.id === 'IPv4-non-ASCII-input').helpUri).to.equal(liveLink(errorAnchor('IPv4-non-ASCII-input')));
    // the tool is described by this package's README; the standard, pinned, in its properties
    const driver = log.runs[0].tool.driver;
    expect(driver.informationUri).to.equal(JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')).homepage);
    expect(driver.properties.specification).to.equal(SPEC_URL);
    // each result says where its error was reported: the state and step, in words, and that step pinned
    const credentials = results[1].properties;
    expect(credentials).to.include({ state: 'authority', step: 'concept-basic-url-parser', link: errorLink('invalid-credentials') });
    expect(credentials.reportedBy).to.deep.equal({ text: 'the authority state', link: specLink('authority-state') });
    const stateLine = pinned.exec(credentials.reportedBy.link);
    expect(stateLine, credentials.reportedBy.link).to.not.equal(null);
    expect(bs[Number(stateLine![1]) - 1]).to.include('id=authority-state>authority state</dfn>');
    // the first result's, from the core's own report of the URL's error
    const [solidus] = parseWithDiagnostics('https://EXAMPLE.com\\a').errors;
    expect(solidus.type).to.equal('invalid-reverse-solidus');
    expect(results[0].properties).to.include({ state: solidus.state, step: solidus.step, link: errorLink('invalid-reverse-solidus') });
    expect(results[0].properties.reportedBy.text).to.equal(`the ${solidus.state} state`);
  });

  it('SARIF: each related location (a URL with several errors) says where its error was reported', async () => {
    const a = file('several.txt', 'https://u@b.example:99999/ \n');
    const log = JSON.parse((await run(['--format', 'sarif', a])).out);
    const [result] = log.runs[0].results;
    expect(result.ruleId).to.equal('invalid-credentials');
    const related = result.relatedLocations.map((l: { properties: Record<string, unknown> }) => l.properties);
    expect(related.map((p: { type: string; state: string }) => [p.type, p.state])).to.deep.equal([
      ['invalid-credentials', 'authority'],
      ['port-out-of-range', 'port'],
    ]);
    expect(related[1].link).to.equal(errorLink('port-out-of-range'));
    expect(related[1].reportedBy).to.deep.equal({ text: 'the port state', link: specLink('port-state') });
  });

  it('--format json: each record and each of its errors carry the state, the step and the pinned links', async () => {
    const a = file('where.md', '<https://u@b.example:99999/> [x](http://[1:2::3::4]/)\n');
    const r = await run(['--format', 'json', a]);
    const records = JSON.parse(r.out);
    expect(records).to.have.length(2);
    const [both, ipv6] = records;
    expect(both).to.include({ type: 'invalid-credentials', state: 'authority', step: 'concept-basic-url-parser', link: errorLink('invalid-credentials') });
    expect(both.reportedBy).to.deep.equal({ text: 'the authority state', link: specLink('authority-state') });
    expect(both.errors.map((e: { type: string; state: string; step: string; link: string }) => [e.type, e.state, e.step, e.link])).to.deep.equal([
      ['invalid-credentials', 'authority', 'concept-basic-url-parser', errorLink('invalid-credentials')],
      ['port-out-of-range', 'port', 'concept-basic-url-parser', errorLink('port-out-of-range')],
    ]);
    // an error of the IPv6 parser, called by the host state: the step is the IPv6 parser's
    expect(ipv6).to.include({ type: 'IPv6-multiple-compression', state: 'host', step: 'concept-ipv6-parser', link: errorLink('IPv6-multiple-compression') });
    expect(ipv6.reportedBy).to.deep.equal({ text: 'the IPv6 parser, called by the host state', link: specLink('concept-ipv6-parser') });
    for (const link of [both.link, both.reportedBy.link, ipv6.link, ipv6.reportedBy.link]) expect(link.startsWith(`${SPEC_URL}#L`), link).to.equal(true);
    // JSON Lines writes the same records
    const lines = (await run(['--format', 'jsonl', a])).out.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).to.deep.equal(records);
  });

  it("the package exports the core's links, not a copy of its own", () => {
    expect(lint.errorLink).to.equal(errorLink);
    expect(lint.errorAnchor).to.equal(errorAnchor);
    expect(lint.SPEC_URL).to.equal(SPEC_URL);
    expect('specAnchor' in lint).to.equal(false);
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
