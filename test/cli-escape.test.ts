// The text output of parse, check and render cannot be made to lie by what it echoes: an input or
// a base URL holding ESC (which starts a terminal's escape sequences), a C1 control or U+202E
// RIGHT-TO-LEFT OVERRIDE (which reorders the text after it) is shown escaped, the caret lines still
// point at the right code point, and --json still gives every value exactly.

import { expect } from 'chai';
import { runCli } from './support/cli';
import { caretLines, CARET_CONTEXT, printable, quoted } from '../src/cli/parse';

const run = (args: string[]) => runCli(args);

/** Every code point of the output that a terminal would act on or not show (newlines aside). */
const RAW = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/u;

/** ESC + "[2J" clears the screen; U+202E turns what follows round; U+0085 is NEXT LINE. */
const HOSTILE = 'https://example.com/a\u202Eb\u001b[2Jc\u0085d';
const BASE = 'https://example.org/\u202E/';

/** For each caret line of `out`, the text of the line above it that the carets stand under. */
function underCarets(out: string): string[] {
  const lines = out.split('\n');
  const found: string[] = [];
  lines.forEach((line, i) => {
    const m = /^( {4}\s*)(\^+)$/.exec(line);
    if (m && i > 0) found.push([...lines[i - 1]].slice(m[1].length, m[1].length + m[2].length).join(''));
  });
  return found;
}

describe('CLI: printable', () => {
  it('escapes the C0 controls and DELETE as before, and the C1 controls as \\x85-style escapes', () => {
    expect(printable('a\tb\nc\rd\u0000e\u001bf\u007fg')).to.equal('a\\tb\\nc\\rd\\x00e\\x1bf\\x7fg');
    expect(printable('\u0080\u0085\u009b\u009f')).to.equal('\\x80\\x85\\x9b\\x9f');
  });

  it('shows the bidi controls as <U+202E>-style text', () => {
    const bidi = [0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069];
    for (const cp of bidi) {
      const name = `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
      expect(printable(`x${String.fromCodePoint(cp)}y`), name).to.equal(`x<${name}>y`);
    }
  });

  it('shows the invisible ones too: zero-width, BOM, tags, separators, lone surrogates, spaces that look like U+0020', () => {
    expect(printable('a\u200bb\u200cc\u200dd\ufeffe')).to.equal('a<U+200B>b<U+200C>c<U+200D>d<U+FEFF>e');
    expect(printable('\u{E0041}\u00ad\u2028\u2029\u3164')).to.equal('<U+E0041><U+00AD><U+2028><U+2029><U+3164>');
    expect(printable('a\ud800b\udfffc')).to.equal('a<U+D800>b<U+DFFF>c');
    expect(printable('a\u00a0b\u3000c d')).to.equal('a<U+00A0>b<U+3000>c d');
  });

  it('leaves what a terminal shows as it is: letters of any script, emoji, and the backslash of a URL', () => {
    for (const s of ['https://münchen.de/ü', 'https://example.com/\u{1F600}', 'http:\\\\example.com\\a', 'https://إختبار/', 'a <b>']) {
      expect(printable(s), s).to.equal(s);
    }
  });

  it('escapeBackslash (for file names): a backslash is doubled, so no text reads like an escape', () => {
    const esc = printable('a\u001bb', { escapeBackslash: true });
    const backslash = printable('a\\x1bb', { escapeBackslash: true });
    expect([esc, backslash]).to.deep.equal(['a\\x1bb', 'a\\\\x1bb']);
    // ...which the default, for URLs, leaves alike
    expect(printable('a\\x1bb')).to.equal(esc);
  });

  it('quoted: a JSON string that parses back exactly, with no raw control or bidi character', () => {
    for (const s of [HOSTILE, BASE, 'a\u007f\u0085\u2028\ufeff\u{E0041}b', 'lone \ud800', '"\\']) {
      const q = quoted(s);
      expect(JSON.parse(q), JSON.stringify(s)).to.equal(s);
      expect(q).to.not.match(RAW);
      expect(q).to.match(/^[\u0020-\u007e]*$/u);
    }
  });
});

describe('CLI: caret lines after escaping', () => {
  it('the caret stays under its code point when escapes come before it', () => {
    const input = 'https://h/\u202E\u001b\\x';
    const [line, carets] = caretLines(input, 12, 13);
    expect(line).to.equal('https://h/<U+202E>\\x1b\\x');
    expect([...line].slice(carets.indexOf('^'), carets.length).join('')).to.equal('\\');
  });

  it('an error ON an escaped character: the carets span its escape', () => {
    const input = 'https://h/a\u202Eb\u001bc';
    expect(caretLines(input, 11, 12)).to.deep.equal(['https://h/a<U+202E>b\\x1bc', ' '.repeat(11) + '^'.repeat(8)]);
    expect(caretLines(input, 13, 14)).to.deep.equal(['https://h/a<U+202E>b\\x1bc', ' '.repeat(20) + '^'.repeat(4)]);
  });

  it('on a long input too, and an error splitting a surrogate pair is shown as the halves it splits', () => {
    const long = 'https://h/' + '\u202E'.repeat(300) + '\u001b' + 'b'.repeat(300);
    const [line, carets] = caretLines(long, 310, 311);
    expect(line).to.equal('…' + '<U+202E>'.repeat(CARET_CONTEXT) + '\\x1b' + 'b'.repeat(CARET_CONTEXT) + '…');
    expect(carets).to.equal(' '.repeat(1 + 8 * CARET_CONTEXT) + '^^^^');
    const [pairLine, pairCarets] = caretLines('https://h/\u{1F600}', 11, 12);
    expect(pairLine).to.equal('https://h/<U+D83D><U+DE00>');
    expect(pairCarets).to.equal(' '.repeat(18) + '^'.repeat(8));
  });
});

describe('CLI: parse, check and render echo no control or bidi character', () => {
  for (const command of ['parse', 'check', 'render']) {
    it(`${command}: the input and the base are escaped in the text, exact in --json`, () => {
      const r = run([command, HOSTILE, '--base', BASE]);
      expect(r.err).to.equal('');
      expect(r.out).to.not.match(RAW);
      expect(r.out).to.contain('https://example.com/a<U+202E>b\\x1b[2Jc\\x85d');
      expect(r.out).to.contain('https://example.org/<U+202E>/');
      const j = JSON.parse(run([command, HOSTILE, '--base', BASE, '--json']).out);
      expect([j.input, j.base]).to.deep.equal([HOSTILE, BASE]);
    });
  }

  it('parse: the record shows the input\'s text as JSON strings that parse back, each caret under its error', () => {
    const r = run(['parse', HOSTILE]);
    const path = /^ {2}path\[0\] +\[20, 30\) +(".*")$/m.exec(r.out);
    expect(path, r.out).to.not.equal(null);
    expect(JSON.parse(path![1])).to.equal(HOSTILE.slice(20, 30));
    // the invalid-URL-unit errors at ESC, "[" and U+0085 (U+202E is a URL code point)
    expect(underCarets(r.out)).to.deep.equal(['\\x1b', '[', '\\x85']);
  });

  it('check: the writing problems and the words about a relative reference echo it escaped', () => {
    const r = run(['check', HOSTILE]);
    // the parser's three errors, then the writing rules' one, at ESC
    expect(underCarets(r.out)).to.deep.equal(['\\x1b', '[', '\\x85', '\\x1b']);
    const rel = run(['check', 'a\u202Eb/\u001bc']);
    expect(rel.out).to.not.match(RAW);
    expect(rel.out).to.contain('"a\\u202eb/\\u001bc" has no scheme');
    // the writing problem's message quotes the code point: escaped too
    expect(rel.out).to.match(/non-special-scheme at 1: "<U\+202E>" \(U\+202E\)/);
    // missing-scheme-non-relative-URL spans the whole input; the writing problem is ON the U+202E
    expect(underCarets(rel.out)).to.deep.equal(['a<U+202E>b/\\x1bc', '<U+202E>']);
    const j = JSON.parse(run(['check', 'a\u202Eb/\u001bc', '--json']).out);
    expect(j.input).to.equal('a\u202Eb/\u001bc');
  });

  it('a command-line mistake that quotes the argument: one line, escaped', () => {
    for (const args of [['parse', 'https://a/', 'x\u202E\u001by'], ['parse', '--\u202E\u001b'], ['render', 'https://a/', '--width', '\u202E1']]) {
      const r = run(args);
      expect(r.code, args.join(' ')).to.equal(2);
      expect(r.err).to.not.match(RAW);
      expect(r.err.trimEnd().split('\n')).to.have.length(1);
    }
  });
});
