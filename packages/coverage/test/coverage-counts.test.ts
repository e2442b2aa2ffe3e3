// The coverage counts, checked against a corpus built by hand whose coverage is worked out here
// from the rules (grammar/url.ts, grammar/host.ts, grammar/writing.ts) and the standard's steps:
// every number below is what the inputs must exercise, not what a run printed.

import { expect } from 'chai';
import { measure, type CoverageReport } from '../src/measure';
import type { Case } from '../src/corpus';

const url = (input: string, base: string | null = null): Case => ({ kind: 'url', input, base });

const HAND: Case[] = [
  url('http://a/'),
  url('http://a/'), // the same input again: counted once
  url('http://u@a:1/'), // credentials: the authority's second alternative, a port
  url('foo:x'), // not special: an opaque path
  url('notaurl'), // no scheme, no base: the entry rule does not match
  url('https://[::01]/'), // an IPv6 host with a leading zero
  url('http://1.2.3.4/'), // a host that ends in a number: the IPv4 parser
  url('http://a:99999/'), // a port out of range
  url('b', 'http://a/'), // relative to a special base: another entry rule
  { kind: 'setter', href: 'http://a/', setter: 'port', value: '8' }, // the port state override, special URL
  { kind: 'setter', href: 'http://a/', setter: 'port', value: '' }, // the setter returns before the parser
  { kind: 'setter', href: 'file:///', setter: 'port', value: '1' }, // a file URL cannot have a port: returns first
];

function point(r: CoverageReport, grammar: string, rule: string, path: string, kind: string) {
  const g = r.grammars.find((x) => x.name === grammar)!;
  const p = g.points.find((x) => x.rule === rule && x.path === path && x.kind === kind);
  if (!p) throw new Error(`no branch point ${rule} @${path} ${kind} in the ${grammar}`);
  return Object.fromEntries(p.outcomes.map((o) => [o.outcome, [o.count, o.shortest]]));
}

const named = (items: CoverageReport['errors']) => Object.fromEntries(items.filter((i) => i.count > 0).map((i) => [i.name, [i.count, i.shortest]]));

describe('coverage: the counts on a corpus built by hand', () => {
  const r = measure([{ name: 'hand', cases: HAND, skipped: 0 }]);

  it('counts each distinct input once', () => {
    expect(r.inputs).to.equal(11);
    expect(r.corpora).to.deep.equal([{ name: 'hand', cases: 12, skipped: 0 }]);
  });

  it('URL grammar: the entry rule, the authority\'s two alternatives, the port rule, with the shortest input of each', () => {
    // six inputs without a base match `url`; "notaurl" does not, "b" has a base (url-with-special-base)
    expect(point(r, 'URL grammar', 'url', '', 'rule')).to.deep.equal({ matched: [6, '"foo:x"'] });
    expect(point(r, 'URL grammar', 'url-with-special-base', '', 'rule')).to.deep.equal({ matched: [1, '"b" against "http://a/"'] });
    // host and port alone: a, [::01], 1.2.3.4, a:99999; userinfo "@" host port: u@a:1 ("b" has no authority)
    expect(point(r, 'URL grammar', 'special-authority', '', 'choice')).to.deep.equal({
      'alternative 1': [4, '"http://a/"'],
      'alternative 2': [1, '"http://u@a:1/"'],
    });
    expect(point(r, 'URL grammar', 'special-port', '', 'rule')).to.deep.equal({ matched: [2, '"http://u@a:1/"'] });
    // the special-url-rest's optional query: no input has one
    expect(point(r, 'URL grammar', 'special-url-rest', '3', 'optional')).to.deep.equal({ taken: [0, null], skipped: [5, '"http://a/"'] });
    // the port setter's rule: "8", one digit
    expect(point(r, 'URL grammar', 'override-port', '', 'zeroOrMore')).to.deep.equal({ zero: [0, null], one: [1, 'port = "8" on "http://a/"'], many: [0, null] });
  });

  it('host grammar: the rules the host parser runs, on the hosts the URL grammar found', () => {
    expect(point(r, 'host grammar', 'ipv6-address', '', 'rule')).to.deep.equal({ matched: [1, '"https://[::01]/"'] });
    // the ends-in-a-number checker runs on every domain; only 1.2.3.4's last label is a number
    expect(point(r, 'host grammar', 'ipv4-last-label', '', 'rule')).to.deep.equal({ matched: [1, '"http://1.2.3.4/"'] });
    expect(point(r, 'host grammar', 'ipv4-address', '', 'rule')).to.deep.equal({ matched: [1, '"http://1.2.3.4/"'] });
  });

  it('writing grammar: only matches count (http://a:99999/ matches; its port fails the check on the match)', () => {
    expect(point(r, 'writing grammar', 'special-scheme', '', 'rule')).to.deep.equal({ matched: [3, '"http://a/"'] });
    expect(point(r, 'writing grammar', 'relative-url-string/special-base', '', 'rule')).to.deep.equal({ matched: [1, '"b" against "http://a/"'] });
  });

  it('validation errors, state overrides and writing rules', () => {
    expect(named(r.errors)).to.deep.equal({
      'invalid-credentials': [1, '"http://u@a:1/"'],
      'missing-scheme-non-relative-URL': [1, '"notaurl"'],
      'IPv6-piece-leading-zero': [1, '"https://[::01]/"'],
      'port-out-of-range': [1, '"http://a:99999/"'],
    });
    expect(r.errors).to.have.length(31);
    expect(named(r.overrides)).to.deep.equal({ 'port (special)': [1, 'port = "8" on "http://a/"'] });
    expect(r.overrides.map((o) => o.name)).to.include.members(['scheme start (file)', 'port (file)', 'hostname (other)', 'fragment (special)']);
    expect(r.overrides).to.have.length(21);
    const broken = named(r.writingRules);
    // no base and no scheme; credentials
    expect(broken['valid-url-string']).to.deep.equal([2, '"notaurl"']);
    expect(broken['url-port-string']).to.deep.equal([1, '"http://a:99999/"']);
  });

  it('the totals add up: a branch is exercised when some input takes it', () => {
    for (const g of r.grammars) {
      const outcomes = g.points.flatMap((p) => p.outcomes);
      expect(g.branches, g.name).to.equal(outcomes.length);
      expect(g.exercised, g.name).to.equal(outcomes.filter((o) => o.count > 0).length);
      expect(g.rules, g.name).to.equal(g.points.filter((p) => p.kind === 'rule').length);
      for (const o of outcomes) expect(o.shortest === null, g.name).to.equal(o.count === 0);
    }
  });
});
