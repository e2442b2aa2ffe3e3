// The path one input takes through the diagrams (tracePath, and ruleToSVG's `path` option): the
// rules tracePath finds on the path are exactly the ones traceInput's compiled grammar reports,
// for every WPT urltestdata input against every kind of base; and the drawn diagram marks the lines
// and boxes of the way taken (rr-on) and dims the others (rr-off).

import { expect } from 'chai';
import { ENTRY_RULES, URL_GRAMMAR } from '../grammar/url';
import { HOST_GRAMMAR } from '../grammar/host';
import { ruleToSVG, tracePath, traceInput } from '../src/grammar/railroad';
import { entryFor } from '../src/parse';
import { parseURL } from '../src/index';
import { preprocessText } from '../src/preprocess';
import { loadCases } from './support/wpt';

describe('railroad: the path of one input', function () {
  this.timeout(60_000);

  it('finds the same rules as the compiled grammar, and the same end, on every WPT input', () => {
    const wrong: string[] = [];
    let compared = 0;
    for (const c of loadCases('urltestdata.json')) {
      const base = c.base === null ? null : parseURL(c.base);
      if (c.base !== null && base === null) continue;
      const { rule, ctx } = entryFor(base);
      const text = preprocessText(c.input);
      const trace = traceInput(URL_GRAMMAR, rule, text, ctx);
      const path = tracePath(URL_GRAMMAR, rule, text, ctx);
      const expected = [...new Set(trace.map((e) => e.rule))].sort();
      const got = [...path.rules].sort();
      if (JSON.stringify(expected) !== JSON.stringify(got)) wrong.push(`${JSON.stringify(c.input)}: ${got.join(',')} vs ${expected.join(',')}`);
      const end = trace.length ? trace[0].end : -1;
      if (end !== path.end) wrong.push(`${JSON.stringify(c.input)}: end ${path.end} vs ${end}`);
      compared++;
    }
    expect(compared).to.be.greaterThan(800);
    expect(wrong).to.deep.equal([]);
  });

  it('agrees on the host grammar too', () => {
    for (const host of ['[::1]', '[1:2::3:4]', '[::ffff:1.2.3.4]', '1.2.3.4', '0x7f.1']) {
      for (const rule of ['ipv6-address', 'ipv4-address']) {
        const input = rule === 'ipv6-address' ? host.replace(/^\[|\]$/g, '') : host;
        const trace = traceInput(HOST_GRAMMAR, rule, input);
        const path = tracePath(HOST_GRAMMAR, rule, input);
        expect([...path.rules].sort(), `${rule} ${input}`).to.deep.equal([...new Set(trace.map((e) => e.rule))].sort());
      }
    }
  });

  it('draws the way taken along the lines and dims the other alternatives', () => {
    const input = 'https://user@example.com:8080/a?q#f';
    const path = tracePath(URL_GRAMMAR, ENTRY_RULES.none, input);
    const svg = ruleToSVG(URL_GRAMMAR, 'url', { highlight: traceInput(URL_GRAMMAR, ENTRY_RULES.none, input), path });
    expect(svg).to.match(/^<svg[^>]*class="[^"]*rr-on/);
    expect(svg).to.match(/<path[^>]*class="rr-on"/); // a connecting line of the alternative taken
    expect(svg).to.match(/class="[^"]*rr-off/); // the alternatives not taken
    const on = (svg.match(/class="[^"]*\brr-on\b/g) ?? []).length;
    const off = (svg.match(/class="[^"]*\brr-off\b/g) ?? []).length;
    expect(on).to.be.greaterThan(2);
    expect(off).to.be.greaterThan(2);
    // a rule the input never reached is all dimmed
    const unused = ruleToSVG(URL_GRAMMAR, 'opaque-path', { path });
    expect(unused).to.match(/^<svg[^>]*class="[^"]*rr-off/);
    expect(unused).not.to.match(/class="[^"]*\brr-on\b/);
    // without a path, nothing is marked
    expect(ruleToSVG(URL_GRAMMAR, 'url')).not.to.match(/class="[^"]*\brr-(on|off)\b/);
  });

  it('traces a long input (40,000 path segments, a 40,000-unit query and fragment) to its end', () => {
    // Its time is the benchmark's business (the project times nothing in unit tests); this checks
    // that a long input is traced whole, with the same rules as a short one of the same shape.
    const input = (n: number) => `https://example.com/${'a/'.repeat(n)}?${'q'.repeat(n)}#${'f'.repeat(n)}`;
    const long = input(40_000);
    const path = tracePath(URL_GRAMMAR, ENTRY_RULES.none, long);
    expect(path.end).to.equal(long.length);
    expect([...path.rules].sort()).to.deep.equal([...tracePath(URL_GRAMMAR, ENTRY_RULES.none, input(3)).rules].sort());
  });
});
