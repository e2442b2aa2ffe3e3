// web-platform-tests percent-encoding.json through the URL parser with an encoding override
// (percent-encoding.window.js): the query uses the encoding, the fragment is always UTF-8.

import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseURL } from '../src/index';

interface Case {
  input: string;
  output: Record<string, string>;
}

const cases = (JSON.parse(readFileSync(join(__dirname, 'wpt', 'percent-encoding.json'), 'utf8')) as unknown[]).filter(
  (c): c is Case => typeof c === 'object' && c !== null,
);

describe('WPT percent-encoding.json through parseURL({ encoding })', () => {
  it('has its cases', () => expect(cases.length).to.be.greaterThan(5));
  for (const c of cases) {
    for (const [encoding, expected] of Object.entries(c.output)) {
      it(`${JSON.stringify(c.input)} in ${encoding}`, () => {
        const url = parseURL(`https://doesnotmatter.invalid/?${c.input}#${c.input}`, { encoding });
        expect(url).to.not.equal(null);
        expect(url!.query, 'query').to.equal(expected);
        expect(url!.fragment, 'fragment').to.equal(c.output['utf-8']);
      });
    }
  }
  it('uses UTF-8 for the query of a URL that is not special, and for ws/wss', () => {
    expect(parseURL('foo://h/?\u00E9', { encoding: 'windows-1252' })!.query).to.equal('%C3%A9');
    expect(parseURL('wss://h/?\u00E9', { encoding: 'windows-1252' })!.query).to.equal('%C3%A9');
    expect(parseURL('https://h/?\u00E9', { encoding: 'windows-1252' })!.query).to.equal('%E9');
  });
});
