// The two backends of the rule compiler agree: the parsimmon parsers (src/grammar/compile.ts, the
// reference, which also explains failures) and the generated matchers (src/grammar/codegen.ts,
// the parser's hot path) give the same marks, or both fail, on every input tried.

import { expect } from 'chai';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HOST_GRAMMAR } from '../grammar/host';
import { STATE_OVERRIDES } from '../grammar/overrides';
import { ENTRY_RULES, URL_GRAMMAR } from '../grammar/url';
import type { Grammar } from '../grammar/vocabulary';
import { generateEntry } from '../src/grammar/codegen';
import { compileEntry } from '../src/grammar/compile';
import { loadCases } from './support/wpt';

const corpus = readFileSync(join(__dirname, '..', 'bench', 'real-urls.txt'), 'utf8').split('\n').filter(Boolean);
const rawWpt = loadCases('urltestdata.json').map((c) => c.input);
const wpt = rawWpt.map((input) => input.replace(/[\t\n\r]/g, ''));

type Entry = [Grammar, string, { baseScheme?: string }];
const entries: Entry[] = [
  [URL_GRAMMAR, ENTRY_RULES.none, {}],
  [URL_GRAMMAR, ENTRY_RULES.special, { baseScheme: 'https' }],
  [URL_GRAMMAR, ENTRY_RULES.special, { baseScheme: 'ws' }],
  [URL_GRAMMAR, ENTRY_RULES.file, {}],
  [URL_GRAMMAR, ENTRY_RULES.other, {}],
  [URL_GRAMMAR, ENTRY_RULES.opaque, {}],
  ...[...new Set(Object.values(STATE_OVERRIDES).flatMap((byKind) => Object.values(byKind)))].map(
    (rule): Entry => [URL_GRAMMAR, rule, {}],
  ),
  [HOST_GRAMMAR, 'ipv6-address', {}],
  [HOST_GRAMMAR, 'ipv4-address', {}],
  [HOST_GRAMMAR, 'ends-in-a-number', {}],
];

function agree([g, rule, ctx]: Entry, input: string): void {
  const reference = compileEntry(g, rule, ctx)(input);
  const fast = generateEntry(g, rule, ctx)(input);
  expect(fast, `${rule} on ${JSON.stringify(input)}`).to.deep.equal(reference);
}

describe('grammar backends agree', () => {
  for (const entry of entries) {
    const name = `${entry[1]}${entry[2].baseScheme ? ` (base ${entry[2].baseScheme})` : ''}`;
    it(`${name}: WPT inputs and the real-world corpus`, () => {
      for (const input of wpt) agree(entry, input);
      for (const input of corpus) agree(entry, input);
    });
    it(`${name}: 2,000 random strings`, () => {
      const piece = fc.constantFrom(...'/\\?#@:[].%0123456789abcdefxX:. \u00E9\u{1F4A9}'.split(''), 'http', 'file', '::', '0x', '%2e', '..');
      fc.assert(
        fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), fc.array(piece, { maxLength: 30 }).map((a) => a.join(''))), (s) =>
          agree(entry, s),
        ),
        { numRuns: 2000, seed: 7 },
      );
    });
  }
});

// The guarded matchers the parser runs on input before preprocessing (GenerateOptions.guard):
// they fail wherever the input holds a tab, newline or surrogate, and elsewhere match exactly
// as the unguarded ones.
const GUARDED = /[\t\n\r\uD800-\uDFFF]/;

function guardedAgree([g, rule, ctx]: Entry, input: string): void {
  const guarded = generateEntry(g, rule, ctx, { guard: true })(input);
  const expected = GUARDED.test(input) ? null : generateEntry(g, rule, ctx)(input);
  expect(guarded, `guarded ${rule} on ${JSON.stringify(input)}`).to.deep.equal(expected);
}

describe('guarded matchers', () => {
  const urlEntries = entries.filter(([g, rule]) => g === URL_GRAMMAR && (Object.values(ENTRY_RULES) as string[]).includes(rule));
  for (const entry of urlEntries) {
    const name = `${entry[1]}${entry[2].baseScheme ? ` (base ${entry[2].baseScheme})` : ''}`;
    it(`${name}: raw WPT inputs, the corpus and 2,000 random strings`, () => {
      for (const input of rawWpt) guardedAgree(entry, input);
      for (const input of corpus) guardedAgree(entry, input);
      const piece = fc.constantFrom(...'/\\?#@:[].%0ab \t\n\r\u00E9\uD800\uDC00'.split(''), '\u{1F4A9}', 'http:', 'file:', '//');
      fc.assert(
        fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), fc.array(piece, { maxLength: 30 }).map((a) => a.join(''))), (s) =>
          guardedAgree(entry, s),
        ),
        { numRuns: 2000, seed: 11 },
      );
    });
  }
});
