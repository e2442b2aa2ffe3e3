// web-platform-tests toascii.json, IdnaTestV2.json and IdnaTestV2-removed.json, run as their WPT
// harnesses (toascii.window.js, IdnaTestV2.window.js, IdnaTestV2-removed.window.js) run them:
// through new URL("https://" + input + "/x").

import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { URL } from '../src/index';

interface HostCase {
  input: string;
  output: string | null;
  comment?: string;
}

function load(file: string): HostCase[] {
  const data: unknown[] = JSON.parse(readFileSync(join(__dirname, 'wpt', file), 'utf8'));
  return data.filter((c): c is HostCase => typeof c === 'object' && c !== null);
}

/**
 * Cases that tr46's Unicode data cannot pass. tr46 7.0.0 carries a newer Unicode version than
 * the WPT IdnaTestV2 data: U+3E8AC is unassigned in the data's version (so ToASCII fails) and
 * assigned in tr46's, which maps it and succeeds.
 */
const TR46_UNICODE_VERSION: Record<string, string> = {
  '\u{3E8AC}\u3002\u0729\u3002\uCBD95': 'U+3E8AC is assigned in the Unicode version tr46 7.0.0 uses',
  '\u{3E8AC}\u3002\u0729\u3002\u110D\u1173\u11AC5': 'U+3E8AC is assigned in the Unicode version tr46 7.0.0 uses',
};

/** IdnaTestV2.window.js: percent-encode the code points that would end the host. */
function encodeHostEndingCodePoints(input: string): string {
  let out = '';
  for (const cp of input) out += ':/?#\\'.includes(cp) ? encodeURIComponent(cp) : cp;
  return out;
}

function checkHost(hostInput: string, output: string | null): void {
  const href = `https://${hostInput}/x`;
  if (output === null) {
    expect(() => new URL(href)).to.throw(TypeError);
    return;
  }
  const url = new URL(href);
  expect(url.host, 'host').to.equal(output);
  expect(url.hostname, 'hostname').to.equal(output);
  expect(url.pathname, 'pathname').to.equal('/x');
  expect(url.href, 'href').to.equal(`https://${output}/x`);
}

describe('WPT toascii.json', () => {
  const cases = load('toascii.json');
  it('has its cases', () => expect(cases.length).to.be.greaterThan(80));
  cases.forEach((c, i) => {
    it(`#${i} ${JSON.stringify(c.input)}`, () => checkHost(c.input, c.output));
  });
});

describe('WPT IdnaTestV2.json', () => {
  const cases = load('IdnaTestV2.json');
  it('has its cases', () => expect(cases.length).to.be.greaterThan(2000));
  cases.forEach((c, i) => {
    // IdnaTestV2.window.js: the empty string cannot be tested through new URL()
    if (c.input === '') return;
    const name = `#${i} ToASCII(${JSON.stringify(c.input)})${c.comment ? ' ' + c.comment : ''}`;
    const reason = TR46_UNICODE_VERSION[c.input];
    if (reason !== undefined) {
      it(`${name} [known: ${reason}]`, () => {
        // Still asserted: tr46 accepts what the WPT data (older Unicode) rejects.
        expect(c.output).to.equal(null);
        expect(URL.canParse(`https://${encodeHostEndingCodePoints(c.input)}/x`)).to.equal(true);
      });
      return;
    }
    it(name, () => checkHost(encodeHostEndingCodePoints(c.input), c.output));
  });
  it('lists only known cases that exist in the data', () => {
    const inputs = new Set(cases.map((c) => c.input));
    for (const k of Object.keys(TR46_UNICODE_VERSION)) expect(inputs.has(k), JSON.stringify(k)).to.equal(true);
  });
});

describe('WPT IdnaTestV2-removed.json', () => {
  const cases = load('IdnaTestV2-removed.json');
  it('has its cases', () => expect(cases.length).to.be.greaterThan(0));
  cases.forEach((c, i) => {
    it(`#${i} ToASCII(${JSON.stringify(c.input)})${c.comment ? ' ' + c.comment : ''}`, () => checkHost(c.input, c.output));
  });
});
