// The intermediate record: every span points at its component in the ORIGINAL input.

import { expect } from 'chai';
import { URL, parseToRecord, type IntermediateRecord, type Span } from '../src/index';
import { FRAGMENT_SET, utf8PercentEncodeString } from '../src/semantic/percent-encode';
import { loadCases } from './support/wpt';

const stripTabNewline = (s: string) => s.replace(/[\t\n\r]/g, '');

function spansOf(r: IntermediateRecord): Array<[string, Span]> {
  const out: Array<[string, Span]> = [];
  for (const k of ['scheme', 'slashes', 'userinfo', 'host', 'port', 'opaquePath', 'query', 'fragment'] as const) {
    const s = r[k];
    if (s) out.push([k, s]);
  }
  r.path.forEach((s, i) => out.push([`path[${i}]`, s]));
  return out.sort((a, b) => a[1].start - b[1].start || a[1].end - b[1].end);
}

describe('intermediate record spans', () => {
  const cases = loadCases('urltestdata.json').filter((c) => !c.failure);

  it('covers the WPT inputs that parse', () => {
    expect(cases.length).to.be.greaterThan(600);
  });

  cases.forEach((c, i) => {
    it(`#${i} ${JSON.stringify(c.input)}`, () => {
      const r = parseToRecord(c.input, { baseURL: c.base });
      expect(r, 'record').to.not.equal(null);
      const rec = r!;
      let last = 0;
      for (const [name, s] of spansOf(rec)) {
        expect(s.start, `${name} start`).to.be.within(0, rec.input.length);
        expect(s.end, `${name} end`).to.be.within(s.start, rec.input.length);
        expect(s.start, `${name} does not overlap the previous component`).to.be.at.least(last);
        expect(stripTabNewline(rec.input.slice(s.start, s.end)), `${name} slices to its text`).to.equal(s.text);
        last = s.end;
      }
      const url = new URL(c.input, c.base ?? undefined);
      if (rec.scheme) expect(rec.scheme.text.toLowerCase() + ':').to.equal(url.protocol);
      if (rec.fragment) expect('#' + utf8PercentEncodeString(rec.fragment.text, FRAGMENT_SET)).to.equal(url.hash || '#');
      if (rec.port && url.port !== '') expect(Number(rec.port.text)).to.equal(Number(url.port));
      if (rec.username) expect(rec.username.text === '').to.equal(url.username === '');
    });
  });

  it('maps spans around removed tabs and newlines and trimmed spaces', () => {
    const input = '  ht\ttp://ex\nample.com:8\r0/a\tb?q#f  ';
    const r = parseToRecord(input)!;
    expect(r.scheme).to.deep.equal({ start: 2, end: 7, text: 'http' });
    expect(r.host).to.deep.equal({ start: 10, end: 22, text: 'example.com' });
    expect(r.port).to.deep.equal({ start: 23, end: 26, text: '80' });
    expect(r.path.map((s) => [s.start, s.end, s.text])).to.deep.equal([[27, 30, 'ab']]);
    expect(r.query).to.deep.equal({ start: 31, end: 32, text: 'q' });
    expect(r.fragment).to.deep.equal({ start: 33, end: 34, text: 'f' });
  });

  it('splits userinfo into username and password at the first ":"', () => {
    const r = parseToRecord('https://us:er:pw@host/')!;
    expect(r.username!.text).to.equal('us');
    expect(r.password!.text).to.equal('er:pw');
    expect(r.userinfo!.text).to.equal('us:er:pw');
  });

  it('returns null where there is no URL to find', () => {
    expect(parseToRecord('no scheme here')).to.equal(null);
    expect(parseToRecord('x', { baseURL: 'mailto:a@b' })).to.equal(null);
    expect(parseToRecord('#x', { baseURL: 'mailto:a@b' })!.fragment!.text).to.equal('x');
  });
});
