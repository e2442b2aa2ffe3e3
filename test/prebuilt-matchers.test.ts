// The core's matchers as the build generated them (src/grammar/core-matchers.ts writes them into
// src/grammar/generated/, src/grammar/prebuilt.ts loads them):
// - the files on disk are what the generator makes from the sources as they are now;
// - each prebuilt matcher gives what generateEntry's matcher with the same arguments gives (the
//   same end, marks and flags), on every WPT input, the real-world corpus and random strings, for
//   each special scheme as the base scheme;
// - the matcher of `new URL(s)` is generateEntry's very code;
// - every matcher the core runs is found in them (none generated at run time), and a grammar
//   edited since the build finds none of them and has its matcher generated as before.

import { expect } from 'chai';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HOST_GRAMMAR } from '../grammar/host';
import { SPECIAL_SCHEMES } from '../grammar/scheme';
import { URL_GRAMMAR } from '../grammar/url';
import type { Grammar } from '../grammar/vocabulary';
import { generateEntry, generatedSource, type FastMatcher, type GenerateOptions } from '../src/grammar/codegen';
import { CORE_PROGRAMS, coreMatcherFiles } from '../src/grammar/core-matchers';
import { coreMatcher, matchersGeneratedAtRunTime, type ProgramData } from '../src/grammar/prebuilt';
import { basicURLParse, parseHost, parseURL, serializeURL, URL } from '../src/index';

const GENERATED = join(__dirname, '..', 'src', 'grammar', 'generated');
const corpus = readFileSync(join(__dirname, '..', 'bench', 'real-urls.txt'), 'utf8').split('\n').filter(Boolean);
const wpt = (JSON.parse(readFileSync(join(__dirname, 'wpt', 'urltestdata.json'), 'utf8')) as unknown[]).filter((c): c is { input: string; base: string | null } => typeof c === 'object' && c !== null);
const inputs = [...new Set([...wpt.map((c) => c.input), ...wpt.map((c) => c.input.replace(/[\t\n\r]/g, '')), ...corpus])];
const piece = fc.constantFrom(...'/\\?#@:[].%0123456789abcdefxX \t\n\u00E9\uD800'.split(''), '\u{1F4A9}', 'http:', 'file:', 'ws', '//', '::', '0x', '..');
const randomInputs = fc.sample(fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), fc.array(piece, { maxLength: 30 }).map((a) => a.join(''))), { numRuns: 1500, seed: 44 });

/** What a scan tells: the end, the marks and the flags. */
function scanned(m: FastMatcher, s: string): unknown {
  const end = m.scan(s);
  const marks: unknown[] = [];
  if (end >= 0) for (let i = 0; i < m.used(); i += 3) marks.push([m.fields[m.flat[i]], m.rules[m.flat[i]], m.flat[i + 1], m.flat[i + 2]]);
  return { end, marks, flags: m.flags() };
}

/** Every matcher of CORE_PROGRAMS, with each context it is run with. */
function coreEntries(): { g: Grammar; entry: string; ctx: { baseScheme?: string }; options: GenerateOptions; name: string }[] {
  const out = [];
  for (const spec of CORE_PROGRAMS) {
    for (const { entries, options } of spec.parts) {
      for (const entry of entries) {
        const contexts = entry === 'url-with-special-base' ? Object.keys(SPECIAL_SCHEMES).filter((s) => s !== 'file').map((baseScheme) => ({ baseScheme })) : [{}];
        for (const ctx of contexts) {
          const shown = Object.keys(options).length ? ` ${JSON.stringify({ ...options, flags: options.flags ? '...' : undefined })}` : '';
          out.push({ g: spec.grammar, entry, ctx, options, name: `${spec.file}: ${entry}${ctx.baseScheme ? ` (base ${ctx.baseScheme})` : ''}${shown}` });
        }
      }
    }
  }
  return out;
}

describe('the prebuilt matchers (src/grammar/generated/)', () => {
  it('are what the generator makes from the sources as they are', () => {
    for (const [name, text] of Object.entries(coreMatcherFiles())) {
      expect(readFileSync(join(GENERATED, `${name}.js`), 'utf8') === text, `src/grammar/generated/${name}.js is up to date`).to.equal(true);
    }
  });

  it('say that they are generated, by what and from what, and are not minified', () => {
    for (const name of Object.keys(coreMatcherFiles())) {
      const text = readFileSync(join(GENERATED, `${name}.js`), 'utf8');
      expect(text.startsWith('// GENERATED FILE: do not edit. Made by `npm run build` (scripts/generate-matchers.js'), name).to.equal(true);
      expect(text).to.include('grammar/*.ts');
      expect(text.split('\n').length, `${name}: lines`).to.be.greaterThan(20);
    }
  });

  it("hold the matcher of new URL(s) as generateEntry's own code (only the explanatory comments are once per file)", () => {
    const spec = CORE_PROGRAMS[0];
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const program = (require(join(GENERATED, `${spec.file}.js`)) as { programs: ProgramData[] }).programs[0];
    const code = (text: string) => text.replace(/^\/\/.*\n/gm, '').replace(/; \/\/ (how many|the field flags)[^\n]*/g, ';');
    const made = String(program.make);
    const body = made.slice(made.indexOf('{') + 1, made.lastIndexOf('}')).trim();
    const [{ entries, options }] = spec.parts;
    expect(code(body)).to.equal(code(generatedSource(spec.grammar, entries[0], {}, options)));
  });

  for (const { g, entry, ctx, options, name } of coreEntries()) {
    // (generateEntry's matchers give the reference backend's marks: test/grammar-backends.test.ts)
    it(`${name}: as generateEntry's matcher, on WPT, the corpus and 1,500 random strings`, () => {
      const prebuilt = coreMatcher(g, entry, ctx, options);
      const made = generateEntry(g, entry, ctx, options);
      expect(prebuilt).to.not.equal(made);
      for (const s of [...inputs, ...randomInputs]) {
        const [a, b] = [scanned(prebuilt, s), scanned(made, s)];
        if (JSON.stringify(a) !== JSON.stringify(b)) expect(a, `${entry} on ${JSON.stringify(s)}`).to.deep.equal(b);
      }
    });
  }

  it('are all the core runs: every WPT case, with its base, a setter of each kind and the host parser generate nothing at run time', () => {
    const before = matchersGeneratedAtRunTime();
    for (const c of wpt) {
      const base = c.base ?? undefined;
      try {
        void new URL(c.input, base).href;
      } catch {
        // (failures are part of it)
      }
      const r = parseURL(c.input, { baseURL: base });
      if (r !== null && r.host !== null) {
        for (const state of ['scheme start', 'host', 'hostname', 'port', 'path start', 'query', 'fragment'] as const) {
          const copy = parseURL(serializeURL(r))!;
          basicURLParse('x', { url: copy, stateOverride: state });
        }
      }
    }
    expect(parseHost('[::ffff:1.2.3.4]')).to.deep.equal([0, 0, 0, 0, 0, 0xffff, 0x102, 0x304]);
    expect(parseHost('0x7f.1')).to.equal(0x7f000001);
    expect(matchersGeneratedAtRunTime() - before).to.equal(0);
  });

  it('are not used for a grammar changed since they were generated: its matcher is generated at run time, and matches by the change', () => {
    const edited: Grammar = { ...HOST_GRAMMAR, 'ipv4-last-label': { ...HOST_GRAMMAR['ipv4-last-label'], shape: { kind: 'terminal', text: 'edited' } } };
    const before = matchersGeneratedAtRunTime();
    const m = coreMatcher(edited, 'ipv4-last-label');
    expect(matchersGeneratedAtRunTime() - before).to.equal(1);
    expect(m.scan('edited')).to.equal(6);
    expect(m.scan('1')).to.equal(-1);
    expect(coreMatcher(HOST_GRAMMAR, 'ipv4-last-label').scan('1')).to.equal(1);
    expect(matchersGeneratedAtRunTime() - before).to.equal(1);
  });

  it('are cached: the same arguments give the same matcher', () => {
    expect(coreMatcher(URL_GRAMMAR, 'url-with-special-base', { baseScheme: 'ws' })).to.equal(coreMatcher(URL_GRAMMAR, 'url-with-special-base', { baseScheme: 'ws' }));
    expect(coreMatcher(URL_GRAMMAR, 'url-with-special-base', { baseScheme: 'ws' })).to.not.equal(coreMatcher(URL_GRAMMAR, 'url-with-special-base', { baseScheme: 'wss' }));
  });
});
