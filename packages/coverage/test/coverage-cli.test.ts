// `url-grammar coverage`: the default corpus, a corpus file of each kind, the three outputs, and
// one line with exit status 2 for what the user got wrong.

import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from './support/cli';
import type { CoverageReport } from '../src/measure';
import { MAX_CASE_LENGTH } from '../src/corpus';

const readFile = (path: string) => readFileSync(path);
const CORE_CLI = join(__dirname, '..', '..', '..', 'dist', 'src', 'cli.js');

describe('url-grammar coverage', function () {
  this.timeout(120_000);
  let dir: string;
  before(() => (dir = mkdtempSync(join(tmpdir(), 'coverage-cli-'))));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('on the WPT data it ships: a summary per grammar, then what is not exercised, then what is', async () => {
    const { code, out, err } = await runCli(['coverage']);
    expect(err).to.equal('');
    expect(code).to.equal(0);
    expect(out).to.match(/^url-grammar coverage: [\d,]+ distinct inputs \(urltestdata\.json: 891 cases; setters_tests\.json: \d+ cases; toascii\.json: \d+ cases; IdnaTestV2\.json: [\d,]+ cases\)/);
    for (const g of ['URL grammar', 'host grammar', 'writing grammar']) expect(out).to.match(new RegExp(`^${g} +\\d+ of \\d+ branches exercised \\(\\d+\\.\\d%\\), \\d+ of \\d+ rules(; not exercised: .*)?$`, 'm'));
    expect(out).to.match(/^validation errors +\d+ of 31 types raised(; not exercised: \d+ behaviour no test exercises)?$/m);
    expect(out).to.match(/^state overrides +\d+ of 21 run/m);
    // what a test lacks first, then the artefacts, then what is exercised
    const at = (s: string) => out.indexOf(s);
    expect(at('Not exercised, behaviour no test exercises:')).to.be.greaterThan(0);
    expect(at('Not exercised, behaviour no test exercises:')).to.be.lessThan(at('Not exercised, alternatives the grammar repeats'));
    expect(at('Not exercised, alternatives the grammar repeats')).to.be.lessThan(at('Not exercised, counts (zero, one, many)'));
    expect(at('Not exercised, counts (zero, one, many)')).to.be.lessThan(at('Not exercised, unreachable by construction:'));
    expect(at('Not exercised, unreachable by construction:')).to.be.lessThan(at('Exercised (inputs, shortest input):'));
  });

  it('says what a gap is: an alternative the grammar repeats, a count of a repetition, a setter no URL reaches, apart from behaviour no test exercises', async () => {
    const { code, out } = await runCli(['coverage', '--json']);
    expect(code).to.equal(0);
    const r = JSON.parse(out) as CoverageReport;
    const outcome = (rule: string, path: string, name: string) => r.grammars[0].points.find((p) => p.rule === rule && p.path === path)!.outcomes.find((o) => o.outcome === name)!;
    // a special scheme against a file base: url's own alternative again, which WPT exercises
    expect(outcome('url-with-file-base', '0', 'alternative 2')).to.deep.include({ count: 0, shape: 'special-scheme ":" special-url-rest' });
    expect(outcome('url-with-file-base', '0', 'alternative 2').gap).to.deep.include({ kind: 'structure' });
    expect(outcome('url-with-file-base', '0', 'alternative 2').gap!.why).to.match(/^the same alternative as url @0 choice: alternative 2 \([\d,]+ inputs\)/);
    // many "@" in a URL that is not special: one "@" is exercised
    expect(outcome('other-userinfo', '1', 'many').gap).to.deep.include({ kind: 'count' });
    expect(outcome('other-userinfo', '1', 'one').count).to.be.above(0);
    // no URL reaches the port setter's parser on a file URL; WPT sets no file URL's search or hash
    const override = (name: string) => r.overrides.find((o) => o.name === name)!;
    expect(override('port (file)').gap!.kind).to.equal('unreachable');
    expect(override('port (file)').gap!.why).to.match(/cannot have a username, password or port/);
    expect(override('query (file)').gap).to.deep.equal({ kind: 'untested', why: 'no setter call of the corpus runs it' });
    expect(override('fragment (file)').gap!.kind).to.equal('untested');
    expect(override('port (special)').gap).to.equal(undefined);
    // every outcome nothing exercises has a gap, and none that something exercises
    for (const g of r.grammars) for (const p of g.points) for (const o of p.outcomes) expect(o.gap === undefined, `${p.rule} @${p.path} ${o.outcome}`).to.equal(o.count > 0);
  });

  it('--json: the report, whose summary lines are its numbers', async () => {
    const { code, out } = await runCli(['coverage', '--json']);
    expect(code).to.equal(0);
    const r = JSON.parse(out) as CoverageReport;
    expect(r.grammars.map((g) => g.name)).to.deep.equal(['URL grammar', 'host grammar', 'writing grammar']);
    const text = (await runCli(['coverage'])).out;
    for (const g of r.grammars) expect(text).to.include(`${g.exercised} of ${g.branches} branches exercised`);
    // every validation error type is listed, raised or not
    expect(r.errors.length).to.equal(31);
  });

  it('--corpus: a text file (input, or input TAB base) and a WPT file, together; an input in both counted once', async () => {
    const text = join(dir, 'cases.txt');
    writeFileSync(text, 'https://a/\nb\thttps://a/\n\n');
    const wpt = join(dir, 'mine.json');
    writeFileSync(wpt, JSON.stringify(['a comment', { input: 'https://a/', base: null, failure: true }, { input: 'x:y', base: null }]));
    const { code, out } = await runCli(['coverage', '--corpus', text, '--corpus', wpt, '--json'], { readFile });
    expect(code).to.equal(0);
    const r = JSON.parse(out) as CoverageReport;
    expect(r.corpora).to.deep.equal([
      { name: text, cases: 2, skipped: 0 },
      { name: wpt, cases: 2, skipped: 0 },
    ]);
    expect(r.inputs).to.equal(3);
  });

  it('--corpus with lines (or WPT inputs) too long to measure: each skipped and counted, the others measured', async () => {
    const text = join(dir, 'long.txt');
    const long = 'https://a/' + 'x'.repeat(MAX_CASE_LENGTH);
    // (a line of 9 MB ended the process; one of 3 MB took 2.6 GB)
    writeFileSync(text, `https://a/\n${long}\nb\t${long}\n${'y'.repeat(9_000_000)}\n\r\nhttps://b/\r\n`);
    const wpt = join(dir, 'long.json');
    writeFileSync(wpt, JSON.stringify([{ input: 'https://c/', base: null }, { input: long, base: null }]));
    const { code, out, err } = await runCli(['coverage', '--corpus', text, '--corpus', wpt, '--json'], { readFile });
    expect(err).to.equal('');
    expect(code).to.equal(0);
    const r = JSON.parse(out) as CoverageReport;
    expect(r.corpora).to.deep.equal([
      { name: text, cases: 2, skipped: 0, tooLong: 3 },
      { name: wpt, cases: 1, skipped: 0, tooLong: 1 },
    ]);
    expect(r.inputs).to.equal(3);
    const shown = await runCli(['coverage', '--corpus', text], { readFile });
    expect(shown.out).to.include(`${text}: 2 cases, 3 skipped as longer than 256 Ki UTF-16 code units`);
    // one just at the bound is measured
    writeFileSync(text, 'h'.repeat(MAX_CASE_LENGTH) + '\n');
    expect((JSON.parse((await runCli(['coverage', '--corpus', text, '--json'], { readFile })).out) as CoverageReport).corpora).to.deep.equal([{ name: text, cases: 1, skipped: 0 }]);
  });

  it('--report: the page, or the JSON; the file name says which', async () => {
    const text = join(dir, 'one.txt');
    writeFileSync(text, 'https://a/\n');
    const html = join(dir, 'report.html');
    const json = join(dir, 'report.json');
    expect((await runCli(['coverage', '--corpus', text, '--report', html], { readFile })).code).to.equal(0);
    expect((await runCli(['coverage', '--corpus', text, '--report', json], { readFile })).code).to.equal(0);
    const page = readFileSync(html, 'utf8');
    expect(page).to.match(/^<!DOCTYPE html>/);
    expect(page).to.not.match(/<script|<link|src=/);
    expect(page).to.include('&quot;https://a/&quot;');
    expect((JSON.parse(readFileSync(json, 'utf8')) as CoverageReport).inputs).to.equal(1);
  });

  for (const [what, args, message] of [
    ['a corpus that cannot be read', ['--corpus', '/nonexistent/cases.txt'], /^error: cannot read the corpus \/nonexistent\/cases\.txt: no such file or directory\n$/],
    ['JSON in no WPT format', ['--corpus', 'BAD_JSON'], /^error: .*bad\.json is JSON, but not in a format of the WPT URL data .*\n$/],
    ['a report of another format', ['--report', 'out.txt'], /^error: --report out\.txt: the file's name says its format: \.html or \.json\n$/],
    ['a report in a folder that does not exist', ['--report', '/nonexistent/out.html'], /^error: cannot write \/nonexistent\/out\.html: .*\n$/],
    ['an unknown option', ['--frobnicate'], /^error: unknown option '--frobnicate' for "coverage"/],
    ['--seed without --fuzz', ['--seed', '3'], /^error: --seed goes with --fuzz\n$/],
    ['--fuzz 0', ['--fuzz', '0'], /^error: --fuzz "0": a whole number from 1 to 10000000\n$/],
    ['--fuzz with a corpus', ['--fuzz', '10', '--corpus', 'x.txt'], /^error: --fuzz goes alone \(or with --seed and --json\)/],
    ['--write-corpus with --json', ['--write-corpus', 'out.json', '--json'], /^error: --write-corpus goes alone/],
  ] as Array<[string, string[], RegExp]>) {
    it(`${what}: one line, exit 2`, async () => {
      const bad = join(dir, 'bad.json');
      writeFileSync(bad, '{"a": 1}');
      const { code, out, err } = await runCli(['coverage', ...args.map((a) => (a === 'BAD_JSON' ? bad : a))], { readFile });
      expect(err).to.match(message);
      expect(code).to.equal(2);
      expect(out).to.equal('');
    });
  }

  it('--fuzz N --seed S --json: the fuzzer\'s report, the same for the same seed', async () => {
    const a = await runCli(['coverage', '--fuzz', '300', '--seed', '7', '--json']);
    expect(a.code).to.equal(0);
    const r = JSON.parse(a.out) as { drawn: number; seed: number; examined: number; groups: unknown[] };
    expect([r.drawn, r.seed]).to.deep.equal([300, 7]);
    expect(r.examined).to.be.greaterThan(900);
    expect((await runCli(['coverage', '--fuzz', '300', '--seed', '7', '--json'])).out).to.equal(a.out);
    const text = await runCli(['coverage', '--fuzz', '300', '--seed', '7']);
    expect(text.out).to.match(/^url-grammar coverage --fuzz 300 --seed 7: [\d,]+ inputs drawn from the grammars or one edit from a valid one; \d+ on which/);
  });

  it('is found by the url-grammar command, through the package (the built CLI, in a process of its own)', () => {
    const r = spawnSync(process.execPath, [CORE_CLI, 'coverage', '--help'], { encoding: 'utf8' });
    expect(r.status, r.stderr).to.equal(0);
    expect(r.stdout).to.match(/^Usage: url-grammar coverage \[options\]/);
    const help = spawnSync(process.execPath, [CORE_CLI, '--help'], { encoding: 'utf8' });
    expect(help.stdout).to.match(/^ {2}coverage +what a corpus exercises/m);
  });
});
