// The anchors of url.bs as Bikeshed makes them: every id, every old id, and for each <dfn> without
// an id the one made from its text (lower-cased, each run of other code points a "-"). For the
// tests that check a link or a step against the text url-grammar implements (test/spec/url.bs).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The anchors of the url.bs text `bs`. */
export function anchorsOf(bs: string): Set<string> {
  const ids = new Set<string>();
  for (const m of bs.matchAll(/\bid=["']?([^\s"'>]+)/g)) ids.add(m[1]);
  for (const m of bs.matchAll(/\boldids=["']?([^"'>]+)/g)) for (const old of m[1].split(',')) ids.add(old.trim());
  for (const m of bs.matchAll(/<dfn([^>]*)>([\s\S]*?)<\/dfn>/g)) {
    if (/\bid=/.test(m[1])) continue;
    ids.add(m[2].replace(/<[^>]+>/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, ''));
  }
  return ids;
}

/** The anchors of test/spec/url.bs. */
export const specAnchors = (): Set<string> => anchorsOf(readFileSync(join(__dirname, '..', 'spec', 'url.bs'), 'utf8'));
