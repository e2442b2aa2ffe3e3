// Every rule of every grammar names the url.bs anchor of the step or state it re-expresses; the
// anchor must exist in the standard the project implements (test/spec/url.bs).

import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HOST_GRAMMAR } from '../grammar/host';
import { URL_GRAMMAR } from '../grammar/url';
import { WRITING_GRAMMAR } from '../grammar/writing';
import { errorAnchor, errorLink, reportedBy, SPEC_COMMIT, SPEC_LINES, specLink } from '../src/spec-link';
import { VALIDATION_ERRORS } from '../src/semantic/errors';
import { URL_PARSER_STATES } from '../src/semantic/errors';
import { anchorsOf } from './support/spec-ids';

describe('spec anchors of the grammar rules', () => {
  const ids = anchorsOf(readFileSync(join(__dirname, 'spec', 'url.bs'), 'utf8'));
  it('finds the anchors of url.bs', () => expect(ids.size).to.be.greaterThan(300));
  for (const [name, g] of [['URL_GRAMMAR', URL_GRAMMAR], ['HOST_GRAMMAR', HOST_GRAMMAR], ['WRITING_GRAMMAR', WRITING_GRAMMAR]] as const) {
    it(`${name}: every rule's spec anchor exists`, () => {
      const missing = Object.values(g).filter((r) => !ids.has(r.spec)).map((r) => `${r.name}: #${r.spec}`);
      expect(missing).to.deep.equal([]);
    });
  }
});

describe('pinned links (src/spec-link.ts)', () => {
  const lines = readFileSync(join(__dirname, 'spec', 'url.bs'), 'utf8').split('\n');

  it('say the commit of test/spec/url.bs', () => {
    expect(readFileSync(join(__dirname, 'spec', 'README.md'), 'utf8')).to.include(`commit ${SPEC_COMMIT}`);
  });

  it('point each step at the line of url.bs that defines it', () => {
    for (const [anchor, line] of Object.entries(SPEC_LINES)) {
      const text = lines[line - 1];
      // an id, or a <dfn> without one (and with no `for`, which would change it) whose text Bikeshed
      // makes the anchor of (a validation error, one of its types, a definition a grammar rule
      // re-expresses)
      const dfns = [...text.matchAll(/<dfn((?:\s+(?:export|oldids=[^\s>]+))*)>([^<]*)<\/dfn>/g)];
      const defines = new RegExp(`id=["']?${anchor.replace(/[-]/g, '\\-')}(["'\\s>])`).test(text) || dfns.some((d) => d[2].toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') === anchor);
      expect(defines, `${anchor} at line ${line}: ${text}`).to.equal(true);
    }
    expect(specLink('file-host-state')).to.equal(`https://github.com/whatwg/url/blob/${SPEC_COMMIT}/url.bs#L${SPEC_LINES['file-host-state']}`);
    expect(specLink('no-such-step')).to.equal('https://url.spec.whatwg.org/#no-such-step');
  });

  it('pin the row of every validation error type url.bs has, and link a newer one to the living standard', () => {
    const ids = anchorsOf(lines.join('\n'));
    for (const type of Object.keys(VALIDATION_ERRORS)) {
      if (ids.has(errorAnchor(type))) expect(SPEC_LINES, type).to.have.property(errorAnchor(type));
      else expect(errorLink(type), type).to.equal(`https://url.spec.whatwg.org/#${errorAnchor(type)}`);
    }
    // PR 925's error is newer than url.bs at SPEC_COMMIT (test/spec/README.md)
    expect(ids.has(errorAnchor('IPv4-non-ASCII-input'))).to.equal(false);
    expect(errorLink('host-missing')).to.equal(`https://github.com/whatwg/url/blob/${SPEC_COMMIT}/url.bs#L${SPEC_LINES['host-missing']}`);
    expect(errorAnchor('domain-to-ASCII')).to.equal('validation-error-domain-to-ascii');
  });

  it("pin every grammar rule's anchor: each diagram, EBNF rule and viewer section links into url.bs at SPEC_COMMIT", () => {
    for (const g of [URL_GRAMMAR, HOST_GRAMMAR, WRITING_GRAMMAR]) for (const r of Object.values(g)) expect(SPEC_LINES, `${r.name}: #${r.spec}`).to.have.property(r.spec);
  });

  it('pin every state of the basic URL parser and every algorithm that reports validation errors', () => {
    const steps = ['concept-basic-url-parser', 'concept-host-parser', 'concept-domain-to-ascii', 'concept-ipv4-parser', 'concept-ipv6-parser', 'concept-opaque-host-parser'];
    for (const anchor of [...Object.values(URL_PARSER_STATES), ...steps]) expect(SPEC_LINES, anchor).to.have.property(anchor);
    for (const state of Object.keys(URL_PARSER_STATES) as (keyof typeof URL_PARSER_STATES)[]) expect(reportedBy({ state, step: 'concept-basic-url-parser' }).anchor).to.equal(URL_PARSER_STATES[state]);
    expect(reportedBy({ state: 'host', step: 'concept-ipv6-parser' })).to.deep.equal({ text: 'the IPv6 parser, called by the host state', anchor: 'concept-ipv6-parser' });
    expect(reportedBy({ state: null, step: 'concept-basic-url-parser' }).text).to.equal('the basic URL parser, before its state machine');
  });
});
