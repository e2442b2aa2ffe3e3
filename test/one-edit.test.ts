// One edit per spec change: a change to one step of the standard, made in the one place that
// step is written, changes what every entry point gives. The test copies the core's sources
// (src/ and grammar/) to a temporary folder, makes one edit there (a different default port for
// "ws:" in defaultPort, or one more code point in the path percent-encode set), compiles the copy
// and runs each entry point over the same inputs: the URL class (constructor, URL.parse and
// href), parseURL, basicURLParse with a state override, the setters and parseWithDiagnostics.
// Each must show the edit; a fast path that kept its own copy of the step would not.

import { expect } from 'chai';
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import * as ts from 'typescript';

type Core = typeof import('../src/index');

// The build's own step (the copy's generator, this checkout's safe writer: one exit hook, not one per copy)
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { generateMatchers } = require('../scripts/generate-matchers') as {
  generateMatchers: (root: string, outDirs: string[], write?: typeof writeFileSafely) => string[];
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { writeFileSafely } = require('../src/cli/write') as typeof import('../src/cli/write');

const ROOT = join(__dirname, '..');

/** Every .ts file under `dir`, as a path relative to ROOT. */
function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(ROOT, dir))) {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) out.push(...sources(path));
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

interface Edit {
  file: string;
  from: string;
  to: string;
}

/**
 * The core compiled (to CommonJS, types stripped) into a temporary folder with `edit` made, its
 * matchers generated there by the build's own step (scripts/generate-matchers.js, from the edited
 * copy's grammar and generator), and loaded. The folder gets a link to the repository's
 * node_modules, for the core's dependencies.
 */
function coreWith(edit: Edit, into: string): Core {
  let applied = 0;
  for (const file of [...sources('src'), ...sources('grammar')]) {
    let text = readFileSync(join(ROOT, file), 'utf8');
    if (file === edit.file) {
      const parts = text.split(edit.from);
      applied = parts.length - 1;
      text = parts.join(edit.to);
    }
    const js = ts.transpileModule(text, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true, preserveConstEnums: true }, fileName: file }).outputText;
    const out = join(into, file.replace(/\.ts$/, '.js'));
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, js);
  }
  // The edit must be made exactly once, or the test says nothing.
  expect(applied, `the edit of ${edit.file} applies once`).to.equal(1);
  symlinkSync(join(ROOT, 'node_modules'), join(into, 'node_modules'), 'dir');
  generateMatchers(into, [join(into, 'src', 'grammar', 'generated')], writeFileSafely);
  const core = require(join(into, 'src', 'index.js')) as Core;
  // Each of the copy's matchers is found in the copy's generated files (none generated at run
  // time): an edit that changes a matcher (the path set is in its flags) finds nothing in the
  // repository's own, so the copy runs the matchers generated from its edited sources.
  const copied = (p: string) => require(join(into, 'src', 'grammar', p)) as typeof import('../src/grammar/prebuilt') & typeof import('../src/grammar/core-matchers');
  for (const spec of copied('core-matchers.js').CORE_PROGRAMS) {
    for (const part of spec.parts) for (const entry of part.entries) copied('prebuilt.js').coreMatcher(spec.grammar, entry, {}, part.options);
  }
  expect(copied('prebuilt.js').matchersGeneratedAtRunTime(), 'matchers the copy generated at run time').to.equal(0);
  return core;
}

/** What each entry point gives for `input`, as strings to compare. */
function throughEveryEntry(core: Core, input: string): Record<string, string | null> {
  const u = core.URL.parse(input);
  const record = core.parseURL(input);
  const diagnosed = core.parseWithDiagnostics(input).url;
  let constructed: string | null;
  try {
    constructed = new core.URL(input).href;
  } catch {
    constructed = null;
  }
  return {
    'new URL().href': constructed,
    'URL.parse().href': u === null ? null : u.href,
    'URL.parse() then toString()': u === null ? null : String(u),
    parseURL: record === null ? null : core.serializeURL(record),
    basicURLParse: (() => {
      const r = core.basicURLParse(input);
      return r === null ? null : core.serializeURL(r);
    })(),
    'parseWithDiagnostics().url': diagnosed === null ? null : core.serializeURL(diagnosed),
    // the record under the class, read back
    'URL.recordOf()': u === null ? null : core.serializeURL(core.URL.recordOf(u)),
  };
}

/** Every entry point gives `expected` for `input`. */
function expectEverywhere(core: Core, input: string, expected: string | null): void {
  const got = throughEveryEntry(core, input);
  for (const [entry, value] of Object.entries(got)) expect(value, `${entry} of ${JSON.stringify(input)}`).to.equal(expected);
}

/** A setter's result, read through href and through the record. */
function afterSetter(core: Core, href: string, attribute: 'port' | 'protocol' | 'pathname' | 'username' | 'host', value: string): { href: string; record: string } {
  const u = new core.URL(href);
  (u as unknown as Record<string, string>)[attribute] = value;
  return { href: u.href, record: core.serializeURL(core.URL.recordOf(u)) };
}

describe('one edit per spec change (the core compiled with one step changed)', function () {
  this.timeout(120000);
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'url-grammar-one-edit-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  describe('"ws:" with default port 8080 (SPECIAL_SCHEMES, grammar/scheme.ts)', () => {
    let core: Core;
    before(() => {
      core = coreWith({ file: join('grammar', 'scheme.ts'), from: "ws: { defaultPort: 80,", to: "ws: { defaultPort: 8080," }, join(dir, 'ws'));
    });

    it('parses ws:, wss: and http: URLs with the new default through every entry point', () => {
      expectEverywhere(core, 'ws://example.com:8080/', 'ws://example.com/');
      expectEverywhere(core, 'ws://example.com:8080', 'ws://example.com/');
      expectEverywhere(core, 'WS://example.com:8080/a?b#c', 'ws://example.com/a?b#c');
      expectEverywhere(core, 'ws://user:pw@example.com:8080/x', 'ws://user:pw@example.com/x');
      expectEverywhere(core, 'ws://example.com:08080/', 'ws://example.com/');
      expectEverywhere(core, 'ws://example.com:80/', 'ws://example.com:80/');
      expectEverywhere(core, 'ws://192.168.0.1:80', 'ws://192.168.0.1:80/');
      expectEverywhere(core, 'ws://example.com:80/a/../b', 'ws://example.com:80/b');
      // the other schemes keep theirs
      expectEverywhere(core, 'http://example.com:80/', 'http://example.com/');
      expectEverywhere(core, 'wss://example.com:443/', 'wss://example.com/');
      expectEverywhere(core, 'http://example.com:8080/', 'http://example.com:8080/');
    });

    it('reads the port of such URLs as the record has it', () => {
      expect(new core.URL('ws://example.com:8080/').port).to.equal('');
      expect(new core.URL('ws://example.com:80/').port).to.equal('80');
      expect(new core.URL('ws://example.com:8080/').host).to.equal('example.com');
      expect(new core.URL('ws://example.com:8080/').origin).to.equal('ws://example.com');
    });

    it('resolves against a base with the new default', () => {
      expect(new core.URL('//example.com:8080/x', 'ws://a/').href).to.equal('ws://example.com/x');
      expect(core.serializeURL(core.parseURL('//example.com:80/x', { baseURL: 'ws://a/' })!)).to.equal('ws://example.com:80/x');
    });

    it('applies it in the port and protocol setters', () => {
      expect(afterSetter(core, 'ws://example.com/', 'port', '8080')).to.deep.equal({ href: 'ws://example.com/', record: 'ws://example.com/' });
      expect(afterSetter(core, 'ws://example.com/', 'port', '80')).to.deep.equal({ href: 'ws://example.com:80/', record: 'ws://example.com:80/' });
      expect(afterSetter(core, 'http://example.com:8080/', 'protocol', 'ws')).to.deep.equal({ href: 'ws://example.com/', record: 'ws://example.com/' });
      expect(afterSetter(core, 'ws://example.com/', 'host', 'other.org:8080')).to.deep.equal({ href: 'ws://other.org/', record: 'ws://other.org/' });
      const r = core.parseURL('ws://example.com/')!;
      expect(core.basicURLParse('8080', { url: r, stateOverride: 'port' })!.port).to.equal(null);
    });

    it('gives the same validation errors, and the record with the new default, in parseWithDiagnostics', () => {
      const d = core.parseWithDiagnostics('ws://example.com:8080/');
      expect(d.url!.port).to.equal(null);
      expect(d.errors).to.deep.equal([]);
    });
  });

  describe('"!" in the path percent-encode set (PATH_SET, src/semantic/percent-encode.ts)', () => {
    let core: Core;
    before(() => {
      core = coreWith({ file: join('src', 'semantic', 'percent-encode.ts'), from: "asciiSet(QUERY_SET, '?^`{}')", to: "asciiSet(QUERY_SET, '?^`{}!')" }, join(dir, 'path'));
    });

    it('encodes "!" in paths (and in credentials, whose set includes the path set) through every entry point', () => {
      expectEverywhere(core, 'https://example.com/a!b', 'https://example.com/a%21b');
      expectEverywhere(core, 'https://example.com/!/../c!', 'https://example.com/c%21');
      expectEverywhere(core, 'https://example.com/' + 'x'.repeat(300) + '!', 'https://example.com/' + 'x'.repeat(300) + '%21');
      expectEverywhere(core, 'file:///C|/a!', 'file:///C:/a%21');
      expectEverywhere(core, 'foo://h/a!', 'foo://h/a%21');
      expectEverywhere(core, 'foo:/a!', 'foo:/a%21');
      expectEverywhere(core, 'https://u!:p!@example.com/', 'https://u%21:p%21@example.com/');
      // not in the query, the fragment, or an opaque path
      expectEverywhere(core, 'https://example.com/?a!#b!', 'https://example.com/?a!#b!');
      expectEverywhere(core, 'mailto:a!b', 'mailto:a!b');
    });

    it('resolves relative references with the new set', () => {
      expect(new core.URL('x!', 'https://example.com/a/b').href).to.equal('https://example.com/a/x%21');
      expect(core.serializeURL(core.parseURL('../y!', { baseURL: 'https://example.com/a/b' })!)).to.equal('https://example.com/y%21');
    });

    it('encodes "!" in the pathname and username setters', () => {
      expect(afterSetter(core, 'https://example.com/', 'pathname', '/p!')).to.deep.equal({ href: 'https://example.com/p%21', record: 'https://example.com/p%21' });
      expect(afterSetter(core, 'https://example.com/', 'username', 'u!')).to.deep.equal({ href: 'https://u%21@example.com/', record: 'https://u%21@example.com/' });
      expect(new core.URL('https://example.com/a!').pathname).to.equal('/a%21');
    });

    it('keeps the validation errors as they were ("!" is a URL code point) in parseWithDiagnostics', () => {
      const d = core.parseWithDiagnostics('https://example.com/a!b');
      expect(d.errors).to.deep.equal([]);
      expect(d.url!.path).to.deep.equal(['a%21b']);
    });
  });

  it('the unedited copy gives what the core gives (the harness changes nothing by itself)', () => {
    const core = coreWith({ file: join('src', 'record.ts'), from: 'export function defaultPort(', to: 'export function defaultPort(' }, join(dir, 'same'));
    for (const input of ['ws://example.com:80/', 'ws://example.com:8080/', 'https://example.com/a!b', 'HTTP://EXAMPLE.com:80/./x']) {
      const mine = throughEveryEntry(core, input);
      const here = throughEveryEntry(require('../src/index') as Core, input);
      expect(mine, input).to.deep.equal(here);
    }
    expect(relative(ROOT, dir)).to.not.equal('');
  });
});
