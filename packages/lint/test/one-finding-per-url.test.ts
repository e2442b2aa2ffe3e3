// One finding per URL (src/finding.ts): a URL with many validation errors is reported once, with
// every error in `errors`; its place, type and failure are its first error's, its message names
// every type, its severity is the most severe of its errors'. The configuration's rules and the
// document's disable comments act on each error; a URL left with none is not reported.

import { expect } from 'chai';
import { lintText, type LintDiagnostic, type SourceKind } from '../src/lint';
import { lintBytes } from '../src/run';

/** A URL with 11 characters that are not URL units, as a chart URL of a README had. */
const CHART = 'https://chart.example/chart?chl=a|b|c|d|e|f|g|h|i|j|k|l';

describe('lint: one finding per URL', () => {
  for (const [kind, text] of [
    ['text', `See ${CHART} now.\n`],
    ['markdown', `See [the chart](${CHART}) now.\n`],
    ['html', `<p>See <img src="${CHART}"> now.</p>\n`],
  ] as Array<[SourceKind, string]>) {
    it(`${kind}: a URL with 11 errors is one finding listing all 11, in document order`, () => {
      const ds = lintText(text, { kind });
      expect(ds).to.have.length(1);
      const [d] = ds;
      expect(d.url).to.equal(CHART);
      expect(d.errors).to.have.length(11);
      expect(d.errors.every((e) => e.type === 'invalid-URL-unit' && text.slice(e.start, e.end) === '|')).to.equal(true);
      const starts = d.errors.map((e) => e.start);
      expect(starts).to.deep.equal([...starts].sort((a, b) => a - b));
      expect([d.type, d.start, d.end, d.line, d.column, d.endLine, d.endColumn, d.failure]).to.deep.equal([
        'invalid-URL-unit',
        d.errors[0].start,
        d.errors[0].end,
        d.errors[0].line,
        d.errors[0].column,
        d.errors[0].endLine,
        d.errors[0].endColumn,
        false,
      ]);
      expect(d.message).to.equal('11 validation errors: invalid-URL-unit (11)');
      expect(d.severity).to.equal('error');
    });
  }

  it('a URL with one error keeps that error\'s own message; several types are named in order', () => {
    expect(lintText('https://u@example.com/', { kind: 'text' })[0].message).to.equal('The input includes credentials.');
    const [d] = lintText('https://u@example.com/a|b|c', { kind: 'text' });
    expect(d.message).to.equal('3 validation errors: invalid-credentials, invalid-URL-unit (2)');
  });

  it('after a byte order mark, every error of a URL is placed in the text as given', () => {
    const text = '\ufeffhttps://u@example.com/a|b';
    const [d] = lintText(text, { kind: 'text' });
    expect(d.errors.map((e) => [text.slice(e.start, e.end), e.column])).to.deep.equal([
      ['@', 11],
      ['|', 25],
    ]);
    expect([d.start, d.column]).to.deep.equal([d.errors[0].start, 11]);
  });

  it('the first error of a URL that does not parse may come before its failure: both are listed', () => {
    const [d] = lintText('https://u@example.com:99999/', { kind: 'text' });
    expect(d.errors.map((e) => [e.type, e.failure])).to.deep.equal([
      ['invalid-credentials', false],
      ['port-out-of-range', true],
    ]);
  });

  describe('rules and disable comments act on each error', () => {
    const text = 'https://u@example.com/a|b\n';

    it('a type "off" leaves the finding with the other errors, its first error and message moved on', () => {
      const [d] = lintText(text, { kind: 'text', rules: { 'invalid-credentials': 'off' } });
      expect(d.errors.map((e) => e.type)).to.deep.equal(['invalid-URL-unit']);
      expect([d.type, d.column, d.message]).to.deep.equal(['invalid-URL-unit', 24, 'A code point is found that is not a URL unit.']);
    });

    it('every type "off": no finding', () => {
      expect(lintText(text, { kind: 'text', rules: { 'invalid-credentials': 'off', 'invalid-URL-unit': 'off' } })).to.deep.equal([]);
    });

    it('the severity is the most severe of its errors\', each error has its own', () => {
      const mixed = lintText(text, { kind: 'text', rules: { 'invalid-credentials': 'warning' } })[0];
      expect(mixed.severity).to.equal('error');
      expect(mixed.errors.map((e) => e.severity)).to.deep.equal(['warning', 'error']);
      const warned = lintText(text, { kind: 'text', rules: { 'invalid-credentials': 'warning', 'invalid-URL-unit': 'warning' } })[0];
      expect(warned.severity).to.equal('warning');
    });

    it('a disable comment for one type takes that type\'s errors out; for all types, the finding', () => {
      const one = lintText(`<!-- url-grammar-disable-next-line invalid-URL-unit -->\n[x](${text.trim()})\n`, { kind: 'markdown' });
      expect(one.map((d) => d.errors.map((e) => e.type))).to.deep.equal([['invalid-credentials']]);
      expect(lintText(`# url-grammar-disable-next-line\n${text}`, { kind: 'text' })).to.deep.equal([]);
    });

    it('an HTML attribute over two lines: a directive counts for the errors of its line only', () => {
      const html = '<a href="https://u@example.com/\na|b">x</a>\n';
      const before = lintText(html, { kind: 'html' });
      // the newline is an error of the first line, "|" of the second
      expect(before.map((d) => d.errors.map((e) => [e.type, e.line]))).to.deep.equal([
        [
          ['invalid-credentials', 1],
          ['invalid-URL-unit', 1],
          ['invalid-URL-unit', 2],
        ],
      ]);
      const off = lintText(`<!-- url-grammar-disable-next-line invalid-URL-unit -->\n${html}`, { kind: 'html' });
      expect(off.map((d) => d.errors.map((e) => [e.type, e.line]))).to.deep.equal([
        [
          ['invalid-credentials', 2],
          ['invalid-URL-unit', 3],
        ],
      ]);
      const first = lintText(`<!-- url-grammar-disable-next-line invalid-credentials -->\n${html}`, { kind: 'html' });
      expect([first[0].type, first[0].line, first[0].errors.length]).to.deep.equal(['invalid-URL-unit', 2, 2]);
    });
  });

  it('streaming (lintBytes) gives the same findings as lintText, in every kind', async () => {
    for (const [kind, text] of [
      ['text', `a ${CHART}\nhttps://u@example.com/a|b|c x\n`],
      ['markdown', `[a](${CHART})\n\n<https://u@example.com/a|b|c>\n`],
      ['html', `<a href="${CHART}"></a><img src="https://u@example.com/a|b|c">`],
    ] as Array<[SourceKind, string]>) {
      const streamed: LintDiagnostic[] = [];
      const bytes = Buffer.from(text, 'utf8');
      const chunks = Array.from({ length: Math.ceil(bytes.length / 7) }, (_, i) => bytes.subarray(i * 7, i * 7 + 7));
      await lintBytes(chunks, { kind, fixes: true }, (d) => void streamed.push(d));
      expect(streamed, kind).to.deep.equal(lintText(text, { kind, fixes: true }));
      expect(streamed.map((d) => d.errors.length), kind).to.deep.equal([11, 3]);
    }
  });
});
