// web-platform-tests url/resources/urltestdata.json and urltestdata-javascript-only.json, each case
// as its own test, run the way WPT's url-constructor.any.js and url-origin.any.js run them.

import { expect } from 'chai';
import { URL } from '../src/index';
import { loadCases } from './support/wpt';

const GETTERS = ['href', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash'] as const;

for (const [dir, file] of [['wpt', 'urltestdata.json'], ['wpt', 'urltestdata-javascript-only.json'], ['cases', 'urltestdata-extra.json']]) {
  describe(`${dir === 'wpt' ? 'WPT' : 'own cases'} ${file}`, () => {
    const cases = loadCases(file, dir);
    it('has the expected number of cases', () => {
      expect(cases.length).to.be.at.least(file === 'urltestdata.json' ? 850 : 1);
    });
    cases.forEach((c, i) => {
      const name = `#${i} ${JSON.stringify(c.input)}${c.base === null ? '' : ` against ${JSON.stringify(c.base)}`}`;
      it(name, () => {
        const base = c.base === null ? undefined : c.base;
        if (c.failure) {
          expect(() => new URL(c.input, base)).to.throw(TypeError);
          expect(URL.canParse(c.input, base)).to.equal(false);
          expect(URL.parse(c.input, base)).to.equal(null);
          if (c.base === null || c.relativeTo === undefined) {
            // base-less failure holds for URL.canParse(input) too
            if (c.base === null) expect(URL.canParse(c.input)).to.equal(false);
          }
          return;
        }
        const url = new URL(c.input, base);
        for (const g of GETTERS) expect(url[g], g).to.equal(c[g]);
        if (c.origin !== undefined) expect(url.origin, 'origin').to.equal(c.origin);
        expect(URL.canParse(c.input, base)).to.equal(true);
        expect(URL.parse(c.input, base)!.href).to.equal(c.href);
        expect(url.toJSON()).to.equal(c.href);
        expect(String(url)).to.equal(c.href);
      });
    });
  });
}
