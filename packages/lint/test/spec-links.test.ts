// The lint-side packages (@url-grammar/lint, @url-grammar/eslint-plugin,
// @url-grammar/markdownlint-rule) link the URL Standard only through the core (url-grammar's
// spec-link.ts: errorLink, specLink, reportedBy), pinned to the url.bs that url-grammar
// implements. None of their files names the living standard's address: a copy of it would be a
// second, unpinned statement of where a step is (as lint's own specAnchor and SPEC_URL were).
// The one link to the living standard that their output can hold, IPv4-non-ASCII-input's (newer
// than the pinned url.bs), is made by the core's errorLink.
//
// Walked: every file of the three package folders but node_modules/ and dist/ (built from src/
// by `npm run build`, which a stale checkout may not have rerun; src/ is what is checked).

import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const PACKAGES = join(__dirname, '..', '..');
const FOLDERS = ['lint', 'eslint-plugin', 'markdownlint-rule'].map((name) => join(PACKAGES, name));
// the address, put together so that this file does not hold it either
const LIVING_STANDARD = ['url', 'spec', 'whatwg', 'org'].join('.');

/** Every file under `dir`, but node_modules/ and dist/. */
function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(path));
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

describe('lint, eslint-plugin, markdownlint-rule: links into the URL Standard come from the core', () => {
  it("no file of the three packages names the living standard's address", () => {
    const files = FOLDERS.flatMap(filesUnder);
    // the walk reached the sources, tests and READMEs (it is no walk of nothing)
    const names = files.map((f) => relative(PACKAGES, f).split('\\').join('/'));
    expect(names).to.include.members(['lint/src/formats.ts', 'lint/README.md', 'eslint-plugin/src/index.ts', 'markdownlint-rule/src/index.ts', 'lint/test/spec-links.test.ts']);
    const naming = names.filter((_, i) => readFileSync(files[i], 'latin1').toLowerCase().includes(LIVING_STANDARD));
    expect(naming).to.deep.equal([]);
  });
});
