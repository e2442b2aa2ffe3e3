// Every rule of every grammar names the url.bs anchor of the step or state it re-expresses; the
// anchor must exist in the standard the project implements (test/spec/url.bs).

import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HOST_GRAMMAR } from '../grammar/host';
import { URL_GRAMMAR } from '../grammar/url';
import { WRITING_GRAMMAR } from '../grammar/writing';

function anchorsOf(bs: string): Set<string> {
  const ids = new Set<string>();
  for (const m of bs.matchAll(/\bid=["']?([^\s"'>]+)/g)) ids.add(m[1]);
  for (const m of bs.matchAll(/\boldids=["']?([^"'>]+)/g)) for (const old of m[1].split(',')) ids.add(old.trim());
  for (const m of bs.matchAll(/<dfn([^>]*)>([\s\S]*?)<\/dfn>/g)) {
    if (/\bid=/.test(m[1])) continue;
    // Bikeshed's id for a dfn without one: its text, lowercased, non-alphanumeric runs as "-"
    ids.add(m[2].replace(/<[^>]+>/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, ''));
  }
  return ids;
}

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
