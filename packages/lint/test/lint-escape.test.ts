// lint's text output cannot be forged by a file's name: a name may hold any byte but "/" and NUL
// on Linux, ESC and newlines too, and printed raw it could write a `fake.md:9:9:` line of its own,
// clear the screen, or turn a line round with U+202E. The text format shows it escaped, one line
// per finding; the JSON formats keep it exactly.

import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { captureIO, mainAsync } from './support/cli';
import { shownFileName } from '../src/formats';
import { textReporter } from '../src/text-report';
import type { LintDiagnostic } from '../src/lint';

/** Every code point a terminal would act on or not show, but the newline that ends each line. */
const RAW = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/u;

async function lint(args: string[]) {
  const { io, out, err } = captureIO({ readFile: (p) => readFileSync(p) });
  const code = await mainAsync(['lint', ...args], io);
  return { code, out: out(), err: err() };
}

describe('lint: a file name cannot forge or reorder the text output', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'url-grammar-lint-escape-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  // ESC + "[2K" erases the line; the newline starts a line that looks like a finding of fake.md
  const hostileName = 'a\u001b[2K\nfake.md:9:9: invalid-credentials \u202Edm.txt';

  it('text: one line per finding, the name escaped, no line of its own', async () => {
    const path = join(dir, hostileName);
    writeFileSync(path, 'https://u@a.example/ and https://b.example:99999/\n');
    const r = await lint([path]);
    expect(r.code).to.equal(1);
    const lines = r.out.split('\n').filter(Boolean);
    expect(lines).to.have.length(2);
    expect(r.out).to.not.match(RAW);
    const shown = join(dir, 'a\\x1b[2K\\nfake.md:9:9: invalid-credentials <U+202E>dm.txt');
    expect(lines.map((l) => l.startsWith(`${shown}:1:`))).to.deep.equal([true, true]);
    expect(lines.some((l) => l.startsWith('fake.md'))).to.equal(false);
    expect(r.err).to.equal('2 errors in 1 file (1 file linted)\n');
  });

  it('jsonl and json keep the name exactly', async () => {
    const path = join(dir, hostileName);
    writeFileSync(path, 'https://u@a.example/\n');
    const jsonl = (await lint(['--format', 'jsonl', path])).out.trim().split('\n').map((l) => JSON.parse(l));
    expect(jsonl.map((x) => x.file)).to.deep.equal([path]);
    const json = JSON.parse((await lint(['--format', 'json', path])).out);
    expect(json.map((x: { file: string }) => x.file)).to.deep.equal([path]);
  });

  it('a backslash in a name is doubled (not on Windows), so a name cannot read like one holding ESC', () => {
    const esc = shownFileName('a\u001bb.md', 'linux');
    const backslash = shownFileName('a\\x1bb.md', 'linux');
    expect([esc, backslash]).to.deep.equal(['a\\x1bb.md', 'a\\\\x1bb.md']);
    // on Windows a backslash separates folders, and a name holds no control to be confused with
    expect(shownFileName('C:\\docs\\x1b\\a.md', 'win32')).to.equal('C:\\docs\\x1b\\a.md');
    expect(shownFileName('C:\\docs\\\u202Ea.md', 'win32')).to.equal('C:\\docs\\<U+202E>a.md');
  });

  it('the text reporter escapes a message, a URL and a no-fix reason that would hold a control', () => {
    let out = '';
    const d = { line: 1, column: 2, endLine: 1, endColumn: 3, start: 1, end: 2, url: 'x\u001by', type: 'invalid-credentials', failure: false, message: 'm\nfake.md:1:1: x', noFix: 'r\u202Eq' } as LintDiagnostic;
    const rep = textReporter((s) => void (out += s), { showFixes: true, platform: 'linux' });
    rep.report('f.md', d);
    expect(out).to.equal('f.md:1:2: invalid-credentials m\\nfake.md:1:1: x <x\\x1by> (no fix: r<U+202E>q)\n');
  });
});
