// The CLI entry and the parse subcommand, run in-process with a fake IO.

import { expect } from 'chai';
import { runCli } from './support/cli';
import { caretLines, CARET_CONTEXT, CARET_LINE_WHOLE, LISTED_MAX, listedLines } from '../src/cli/parse';
import { configurePublicSuffixList } from '../src/index';

function run(args: string[], tty = false) {
  return runCli(args, { isTTY: tty });
}

describe('CLI: url-grammar', () => {
  it('lists its subcommands in --help and exits 0', () => {
    const r = run(['--help']);
    expect(r.code).to.equal(0);
    for (const c of ['parse', 'check', 'lint', 'diagram', 'compare']) expect(r.out).to.contain(c);
  });

  it('an unknown command: one line, exit 2, no stack trace', () => {
    const r = run(['frobnicate']);
    expect(r.code).to.equal(2);
    expect(r.err.trim().split('\n')).to.have.length(1);
    expect(r.err).to.not.match(/\bat \S+ \(/);
  });

  it('an option before any command is called an unknown option, not an unknown command; --version takes nothing after it', () => {
    const o = run(['--bogus']);
    expect(o.code).to.equal(2);
    expect(o.err).to.match(/^error: unknown option "--bogus": give a command first \(commands: parse, /);
    expect(o.err.trim().split('\n')).to.have.length(1);
    for (const flag of ['-V', '--version']) expect(run([flag, 'extra'])).to.deep.equal({ code: 2, out: '', err: `error: ${flag} takes nothing after it (got "extra")\n` });
  });
});

describe('CLI: parse', () => {
  it('prints components, record and errors with a caret line; exit 0', () => {
    const r = run(['parse', 'https://u@example.com/a\\b']);
    expect(r.code).to.equal(0);
    expect(r.out).to.contain('"https://u@example.com/a/b"');
    expect(r.out).to.contain('host        [10, 21)  "example.com"');
    expect(r.out).to.contain('invalid-credentials at [9, 10)');
    expect(r.out).to.contain('invalid-reverse-solidus at [23, 24)');
    const lines = r.out.split('\n');
    const caret = lines[lines.findIndex((l) => l.includes('invalid-reverse-solidus')) + 2];
    expect(caret.indexOf('^')).to.equal(4 + 23);
    expect(r.out).to.not.match(/\u001b\[/); // no colour when not a terminal
  });

  it('colours only on a terminal', () => {
    expect(run(['parse', 'https://u@example.com/'], true).out).to.match(/\u001b\[/);
  });

  it('--json is machine-readable', () => {
    const r = run(['parse', '../c', '--base', 'https://example.com/a/b', '--json']);
    const j = JSON.parse(r.out);
    expect(j.parses).to.equal(true);
    expect(j.components.href).to.equal('https://example.com/c');
    expect(j.record.path.map((s: { text: string }) => s.text)).to.deep.equal(['..', 'c']);
  });

  it('a URL that does not parse: exit 1, with the failure error', () => {
    const r = run(['parse', 'https://exa mple.com/']);
    expect(r.code).to.equal(1);
    expect(r.out).to.contain('parses    no (failure)');
    expect(r.out).to.contain('domain-to-ASCII (failure)');
  });

  it('bad arguments: exit 2 with one line', () => {
    for (const args of [['parse'], ['parse', 'x', '--base', 'not a base'], ['parse', 'x', '--bogus']]) {
      const r = run(args);
      expect(r.code, args.join(' ')).to.equal(2);
      expect(r.err.trim().split('\n'), args.join(' ')).to.have.length(1);
    }
  });

  it('shows control characters in the input as escapes', () => {
    const r = run(['parse', 'https://example.com/\ta']);
    expect(r.out).to.contain('https://example.com/\\ta');
  });
});

describe('CLI: parse and check on a long input with many validation errors', () => {
  // 40,010 code units with 10,000 invalid-reverse-solidus errors: each caret line used to repeat
  // the whole input, and the text output outgrew the longest string V8 can make
  const input = 'https://h/' + 'abc\\'.repeat(10_000);

  /** The listed errors of a text report: each one's header, line and caret line. */
  function listed(out: string): Array<{ header: string; line: string; carets: string }> {
    const lines = out.split('\n');
    const found: Array<{ header: string; line: string; carets: string }> = [];
    lines.forEach((l, i) => {
      if (/^  invalid-reverse-solidus at \[/.test(l)) found.push({ header: l, line: lines[i + 1], carets: lines[i + 2] });
    });
    return found;
  }

  for (const [command, code] of [['parse', 0], ['check', 1]] as const) {
    it(`${command}: the first ${LISTED_MAX} errors, each on a clipped line with its caret under the "\\", then how many more; exit ${code}`, () => {
      const r = run([command, input]);
      expect(r.err).to.equal('');
      expect(r.code).to.equal(code);
      expect(r.out).to.contain('validation errors (10000)');
      expect(r.out).to.contain(`  … and ${10_000 - LISTED_MAX} more validation errors (--json lists them all)\n`);
      const inputLine = r.out.split('\n')[0];
      expect(inputLine).to.match(/^input\s+https:\/\/h\/abc\\abc/);
      expect(inputLine).to.match(/… \(40010 code units; --json shows it whole\)$/);
      expect(inputLine.length).to.be.below(1100);
      const errors = listed(r.out);
      expect(errors).to.have.length(LISTED_MAX);
      errors.forEach(({ header, line, carets }, i) => {
        const start = 13 + 4 * i;
        expect(header).to.contain(`at [${start}, ${start + 1})`);
        expect(line.length, line).to.be.at.most(4 + 1 + 2 * CARET_CONTEXT + 1 + 1);
        const column = carets.indexOf('^');
        expect(carets.trimEnd().slice(column)).to.equal('^');
        expect([...line][column], `error ${i}`).to.equal('\\');
        // the window: what is shown before the caret is the input before the error, or its last CARET_CONTEXT units
        const shown = line.slice(4, column);
        expect(shown).to.equal(start > CARET_CONTEXT ? '…' + input.slice(start - CARET_CONTEXT, start) : input.slice(0, start));
      });
    });

    it(`${command} --json still lists every error`, () => {
      const r = run([command, input, '--json']);
      expect(r.code).to.equal(code);
      const j = JSON.parse(r.out);
      expect(j.input).to.equal(input);
      expect(j.errors).to.have.length(10_000);
      expect(j.errors[9_999]).to.include({ type: 'invalid-reverse-solidus', start: 40_009, end: 40_010 });
    });
  }

  it(`lists at most ${LISTED_MAX}, then says how many more (in the singular for one)`, () => {
    const each = (n: number) => [`  item ${n}`];
    const items = (n: number) => Array.from({ length: n }, (_, i) => i);
    expect(listedLines([], 'validation error', each)).to.deep.equal(['  none']);
    expect(listedLines(items(LISTED_MAX), 'validation error', each)).to.have.length(LISTED_MAX);
    expect(listedLines(items(LISTED_MAX + 1), 'validation error', each).slice(-2)).to.deep.equal([`  item ${LISTED_MAX - 1}`, '  … and 1 more validation error (--json lists them all)']);
    expect(listedLines(items(LISTED_MAX + 2), 'writing problem', each).at(-1)).to.equal('  … and 2 more writing problems (--json lists them all)');
  });

  it('a short input is echoed whole, as before; a longer one is clipped around each error', () => {
    expect(caretLines('https://example.com/a\\b', 21, 22)).to.deep.equal(['https://example.com/a\\b', ' '.repeat(21) + '^']);
    const long = 'https://example.com/' + 'a'.repeat(300) + '\\' + 'b'.repeat(300);
    const [line, carets] = caretLines(long, 320, 321);
    expect(line).to.equal('…' + 'a'.repeat(CARET_CONTEXT) + '\\' + 'b'.repeat(CARET_CONTEXT) + '…');
    expect(carets).to.equal(' '.repeat(1 + CARET_CONTEXT) + '^');
    // near either end, no "…" on that side
    expect(caretLines(long, 0, 5)[0]).to.equal(long.slice(0, 5 + CARET_CONTEXT) + '…');
    expect(caretLines(long, long.length, long.length)).to.deep.equal(['…' + long.slice(-CARET_CONTEXT), ' '.repeat(1 + CARET_CONTEXT) + '^']);
    // the boundary: CARET_LINE_WHOLE code units are still echoed whole
    const edge = 'https://h/' + 'x'.repeat(CARET_LINE_WHOLE - 10);
    expect(caretLines(edge, CARET_LINE_WHOLE - 1, CARET_LINE_WHOLE)[0]).to.equal(edge);
    expect(caretLines(edge + 'y', CARET_LINE_WHOLE - 1, CARET_LINE_WHOLE)[0]).to.not.equal(edge + 'y');
  });

  it('never cuts a surrogate pair, and keeps the caret under the right code point', () => {
    const emoji = '\u{1F600}';
    const long = 'https://h/' + emoji.repeat(150) + '\\' + emoji.repeat(150);
    const at = 10 + 300;
    for (const context of [59, 60, 61]) {
      const [line, carets] = caretLines(long, at, at + 1, context);
      expect(line, `context ${context}`).to.not.match(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
      expect([...line][carets.indexOf('^')]).to.equal('\\');
      expect(line.startsWith('…') && line.endsWith('…')).to.equal(true);
    }
  });

  it('an error longer than the window is shown from its start, its carets running to the cut', () => {
    const long = 'https://h/' + 'x'.repeat(1000);
    const [line, carets] = caretLines(long, 500, 1010);
    expect(line).to.equal('…' + long.slice(500 - CARET_CONTEXT, 500 + 2 * CARET_CONTEXT) + '…');
    expect(carets).to.equal(' '.repeat(1 + CARET_CONTEXT) + '^'.repeat(2 * CARET_CONTEXT + 1));
  });
});

describe('CLI: without a Public Suffix List (tldts not installed, none supplied)', () => {
  before(() => configurePublicSuffixList(null));
  after(() => configurePublicSuffixList(undefined));

  it('parse still parses, and says where the list would come from', () => {
    const r = run(['parse', 'https://www.example.co.uk/']);
    expect(r.code).to.equal(0);
    expect(r.out).to.contain('(no Public Suffix List here: npm install tldts');
    expect(r.out).to.not.contain('public suffix       ');
    const j = JSON.parse(run(['parse', 'https://www.example.co.uk/', '--json']).out);
    expect([j.publicSuffixList, j.publicSuffix, j.registrableDomain]).to.deep.equal([false, null, null]);
  });

  it('render cannot: one line saying what to install, exit 2', () => {
    const r = run(['render', 'https://www.example.co.uk/']);
    expect(r.code).to.equal(2);
    expect(r.err).to.equal('error: render needs the Public Suffix List: npm install tldts (an optional peer dependency of url-grammar)\n');
  });
});
