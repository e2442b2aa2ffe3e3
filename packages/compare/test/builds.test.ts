// Two builds (issue 20, item 5): `compare --against build:DIR` runs the url-grammar built in DIR as
// a parser beside this one, so what a grammar change moved is measured. The build here is a copy of
// this repository's own (its package.json and dist/, its node_modules linked), with one behaviour
// patched in the copy's JavaScript: its URL class's hostname getter upper-cases a hostname that
// starts with "moved". compare must report exactly the inputs with such a host as moved (in
// hostname, and nothing else), in --jsonl, the text (under "changes against build DIR") and --json; on worker
// threads as in this thread. A folder without a built url-grammar is a one-line usage error.

import { expect } from 'chai';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { captureIO, CORE_ROOT, mainAsync } from './support/cli';

const INPUTS: Array<[string, string | null]> = [
  ['https://moved-a.example/x', null],
  ['https://same.example/', null],
  ['http://MOVED.example:8080/?q#f', null],
  ['https://other.example/moved', null],
  ['//moved.example/p', 'https://base.example/'],
  ['p/q', 'https://moved-base.example/a/b'],
  ['not a url', null],
  ['https://sub.moved.example/', null],
];
/** The inputs whose host starts with "moved" once parsed. */
/** The command line's IO in memory, reading files from disk. */
const diskIO = () => captureIO({ readFile: (path) => readFileSync(path) });

const MOVED = ['https://moved-a.example/x', 'http://MOVED.example:8080/?q#f', '//moved.example/p', 'p/q'];

describe('compare --against build:DIR: what moved between two url-grammar builds', function () {
  this.timeout(60_000);
  let dir: string;
  let build: string;
  let corpus: string;

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'url-grammar-build-'));
    build = join(dir, 'other');
    mkdirSync(build);
    cpSync(join(CORE_ROOT, 'package.json'), join(build, 'package.json'));
    cpSync(join(CORE_ROOT, 'dist'), join(build, 'dist'), { recursive: true });
    // its dependencies, as after npm install in another checkout
    symlinkSync(join(CORE_ROOT, 'node_modules'), join(build, 'node_modules'), 'dir');
    const urlJs = join(build, 'dist', 'src', 'api', 'url.js');
    const before = readFileSync(urlJs, 'utf8');
    expect(before, 'the URL class is where the patch expects it').to.match(/^exports\.URL = URL;$/m);
    writeFileSync(
      urlJs,
      before +
        "\n{ const d = Object.getOwnPropertyDescriptor(URL.prototype, 'hostname');\n" +
        "  Object.defineProperty(URL.prototype, 'hostname', { ...d, get() { const h = d.get.call(this); return h.startsWith('moved') ? h.toUpperCase() : h; } }); }\n",
    );
    corpus = join(dir, 'c.txt');
    writeFileSync(corpus, INPUTS.map(([i, b]) => (b === null ? i : `${i}\t${b}`)).join('\n') + '\n');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  for (const workers of ['0', '1']) {
    it(`--jsonl (${workers === '0' ? 'in this thread' : 'on a worker thread'}): exactly the inputs with a moved host differ, in hostname only`, async () => {
      const { io, out } = diskIO();
      const code = await mainAsync(['compare', '--corpus', corpus, '--against', `build:${build}`, '--workers', workers, '--jsonl'], io);
      expect(code).to.equal(0);
      const records = out()
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l) as { input: string; results: Record<string, { ok: boolean; hostname?: string }>; differ: Record<string, string[]> });
      expect(records).to.have.length(INPUTS.length);
      const name = `build:${build}`;
      expect(records.filter((r) => r.differ[name] !== undefined).map((r) => r.input)).to.deep.equal(MOVED);
      for (const r of records.filter((x) => x.differ[name] !== undefined)) {
        expect(r.differ[name]).to.deep.equal(['hostname']);
        expect(r.results[name].hostname).to.match(/^MOVED/);
        expect(r.results['url-grammar'].hostname).to.match(/^moved/);
      }
    });
  }

  it('the text names the build and what moved; --json lists the build with its version', async () => {
    const text = diskIO();
    expect(await mainAsync(['compare', '--corpus', corpus, '--against', `build:${build}`, '--workers', '0'], text.io)).to.equal(0);
    const version = (JSON.parse(readFileSync(join(CORE_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
    expect(text.out()).to.include(`changes against build ${build} (url-grammar ${version} in ${build})`);
    // of the 7 that parse (one does not, in both): 4 moved, in hostname only
    expect(text.out()).to.match(/moved: hostname 4 \(of 8 cases;/);
    expect(text.out()).to.include(`build:${build} · hostname: 4 of 7 differ`);

    const json = diskIO();
    expect(await mainAsync(['compare', '--corpus', corpus, '--against', `node,build:${build}`, '--workers', '0', '--json'], json.io)).to.equal(0);
    const rep = JSON.parse(json.out()) as { builds: Array<{ name: string; dir: string; version: string }>; adapters: Array<{ name: string; components: Record<string, { compared: number; agreed: number }> }> };
    expect(rep.builds).to.deep.equal([{ name: `build:${build}`, dir: build, version }]);
    const a = rep.adapters.find((x) => x.name === `build:${build}`)!;
    expect(a.components.hostname.compared - a.components.hostname.agreed).to.equal(4);
    for (const k of ['parse', 'href', 'origin', 'protocol', 'host', 'pathname', 'search', 'hash', 'port', 'errors']) expect(a.components[k].compared - a.components[k].agreed, k).to.equal(0);
  });

  it('the same build against itself: nothing moved', async () => {
    const { io, out } = diskIO();
    expect(await mainAsync(['compare', '--corpus', corpus, '--against', `build:${CORE_ROOT}`, '--workers', '0'], io)).to.equal(0);
    expect(out()).to.include('nothing moved: every answer of 8 cases is the same');
  });

  it('a folder without a built url-grammar: one line, exit 2', async () => {
    const empty = join(dir, 'empty');
    const other = join(dir, 'other-package');
    const unbuilt = join(dir, 'unbuilt');
    for (const d of [empty, other, unbuilt]) mkdirSync(d, { recursive: true });
    writeFileSync(join(other, 'package.json'), JSON.stringify({ name: 'left-pad', main: 'index.js' }));
    writeFileSync(join(unbuilt, 'package.json'), JSON.stringify({ name: 'url-grammar', version: '0.0.1', main: 'dist/src/index.js' }));
    const cases: Array<[string, RegExp]> = [
      [empty, /no readable package\.json/],
      [other, /its package\.json names "left-pad", not url-grammar/],
      [unbuilt, /no dist\/src\/index\.js: build it there first/],
      ['', /names no folder/],
    ];
    for (const [d, why] of cases) {
      const { io, out, err } = diskIO();
      expect(await mainAsync(['compare', '--corpus', corpus, '--against', `build:${d}`, '--workers', '0'], io), d).to.equal(2);
      expect(out()).to.equal('');
      const lines = err().split('\n').filter((l) => l !== '');
      expect(lines, err()).to.have.length(1);
      expect(lines[0]).to.match(/^error: /).and.match(why);
    }
  });
});
