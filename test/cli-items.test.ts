// The command line's conventions: --version, no arguments, NO_COLOR / FORCE_COLOR, diagram's file
// names, --out checks, "did you mean", --trace, and check explaining a relative reference.

import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { processIO } from '../src/cli';
import { colorEnabled } from '../src/cli/io';
import { runCli } from './support/cli';
import { editDistance, ruleFileName } from '../src/cli/diagram';
import { WRITING_GRAMMAR } from '../grammar/writing';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const pkg = require('../package.json') as { version: string };

function run(args: string[], color = false) {
  return runCli(args, { color });
}

const ANSI = /\u001b\[/;

describe('CLI conventions', () => {
  it('--version (and -V) prints the package version, exit 0', () => {
    for (const flag of ['--version', '-V']) expect(run([flag])).to.deep.equal({ code: 0, out: `${pkg.version}\n`, err: '' });
  });

  it('no arguments: the help on standard output, exit 2; --help exits 0', () => {
    const r = run([]);
    expect(r.code).to.equal(2);
    expect(r.out).to.match(/^Usage: url-grammar/);
    expect(r.out).to.contain('lint');
    expect(r.err).to.equal('');
    expect(run(['--help']).code).to.equal(0);
  });

  it('colour: FORCE_COLOR on (0 or false off), else NO_COLOR off, else only on a terminal', () => {
    expect(colorEnabled({}, true)).to.equal(true);
    expect(colorEnabled({}, false)).to.equal(false);
    expect(colorEnabled({ NO_COLOR: '1' }, true)).to.equal(false);
    expect(colorEnabled({ NO_COLOR: '' }, true)).to.equal(true);
    expect(colorEnabled({ FORCE_COLOR: '1' }, false)).to.equal(true);
    expect(colorEnabled({ FORCE_COLOR: '' }, false)).to.equal(true);
    expect(colorEnabled({ FORCE_COLOR: '0' }, true)).to.equal(false);
    expect(colorEnabled({ FORCE_COLOR: 'false', NO_COLOR: '' }, true)).to.equal(false);
    expect(colorEnabled({ FORCE_COLOR: '1', NO_COLOR: '1' }, false)).to.equal(true);
  });

  it('processIO reads NO_COLOR and FORCE_COLOR from the environment, and check and parse follow it', () => {
    const saved = { NO_COLOR: process.env.NO_COLOR, FORCE_COLOR: process.env.FORCE_COLOR };
    try {
      delete process.env.NO_COLOR;
      process.env.FORCE_COLOR = '1';
      expect(processIO().color).to.equal(true);
      process.env.FORCE_COLOR = '0';
      expect(processIO().color).to.equal(false);
      delete process.env.FORCE_COLOR;
      process.env.NO_COLOR = '1';
      expect(processIO().color).to.equal(false);
    } finally {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
    expect(run(['check', 'https://u@example.com/'], true).out).to.match(ANSI);
    expect(run(['check', 'https://u@example.com/'], false).out).to.not.match(ANSI);
    expect(run(['parse', 'https://example.com/'], true).out).to.match(ANSI);
    expect(run(['parse', 'https://example.com/'], false).out).to.not.match(ANSI);
  });

  it('check explains a relative reference without a base in words', () => {
    const r = run(['check', 'foo/bar']);
    expect(r.code).to.equal(1);
    expect(r.out).to.contain('in words\n  "foo/bar" has no scheme');
    expect(r.out).to.contain('a path-relative reference');
    expect(r.out).to.contain('Against https://example.com/dir/page it would mean https://example.com/dir/foo/bar.');
    expect(run(['check', '//h/x']).out).to.contain('a scheme-relative reference');
    expect(run(['check', 'foo/bar', '--base', 'https://a.example/']).out).to.not.contain('in words');
    expect(JSON.parse(run(['check', 'foo/bar', '--json']).out).inWords).to.match(/^"foo\/bar" has no scheme/);
    expect(JSON.parse(run(['check', 'https://example.com/', '--json']).out).inWords).to.equal(null);
  });
});

describe('CLI: diagram files, --out, rule names, --trace', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'url-grammar-diagram-items-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the writing grammar, whose rule names have "/", one file per rule, each link to a file that exists', () => {
    const r = run(['diagram', '--grammar', 'writing', '--out', dir]);
    expect(r.code, r.err).to.equal(0);
    const files = readdirSync(dir).sort();
    expect(files).to.deep.equal(Object.keys(WRITING_GRAMMAR).map((n) => `${ruleFileName(n)}.svg`).sort());
    expect(files.some((f) => f.includes('%2F'))).to.equal(true);
    for (const f of files) {
      for (const m of readFileSync(join(dir, f), 'utf8').matchAll(/href="([^"#]+\.svg)"/g)) {
        expect(files, `${f} links to ${m[1]}`).to.include(decodeURIComponent(m[1]));
      }
    }
  });

  it('names every character a file name cannot hold as %XX, one to one', () => {
    expect(ruleFileName('a/b')).to.equal('a%2Fb');
    expect(ruleFileName('a%2Fb')).to.equal('a%252Fb');
    expect(ruleFileName('plain-name')).to.equal('plain-name');
  });

  it('an option value that starts with "-": one line that says how to write it, not "needs a value"', () => {
    const r = run(['parse', 'https://example.com/', '--base', '-1']);
    expect(r).to.deep.equal({ code: 2, out: '', err: `error: option '--base <url>': a value that starts with "-" is written --base=<value>\n` });
    expect(run(['parse', 'https://example.com/', '--base'])).to.deep.equal({ code: 2, out: '', err: `error: option '--base <url>' needs a value\n` });
  });

  it('refuses an existing file as --out: exit 2, one line', () => {
    const f = join(dir, 'file');
    writeFileSync(f, 'x');
    const r = run(['diagram', '--out', f]);
    expect(r).to.deep.equal({ code: 2, out: '', err: `error: --out ${JSON.stringify(f)} is a file, not a folder\n` });
  });

  it('a folder that cannot be made: exit 2, one line, no hang (Node\'s recursive mkdir never returns under /proc)', function () {
    // /proc is Linux's; elsewhere there is no such path to try, and the other --out tests stand
    if (!existsSync('/proc/self')) this.skip();
    // in a child process with a time limit: the hang this guards against blocks the event loop,
    // where mocha's own timeout could not end it
    const out = '/proc/url-grammar-no-such/diagrams';
    const r = spawnSync(process.execPath, [join(__dirname, '..', 'dist', 'src', 'cli.js'), 'diagram', '--out', out], { encoding: 'utf8', timeout: 30_000 });
    expect(r.signal, 'killed by the time limit: the command hung').to.equal(null);
    expect(r.status).to.equal(2);
    expect(r.stdout).to.equal('');
    expect(r.stderr).to.match(new RegExp(`^error: cannot create the folder ${JSON.stringify(out).replace(/[/]/g, '\\/')} \\(E[A-Z]+\\)\n$`));
  });

  it('an unknown rule: one line with the closest names and the list of rules, exit 2', () => {
    const r = run(['diagram', 'shceme']);
    expect(r.code).to.equal(2);
    expect(r.err.trim().split('\n')).to.have.length(1);
    expect(r.err).to.contain('(did you mean "scheme"?)');
    expect(r.err).to.contain('its rules: url, ');
    expect(run(['diagram', 'ipv6-piece']).err).to.contain('it is in the host grammar: add --grammar host');
    expect(run(['diagram', 'ipv6-pice']).err).to.contain('did you mean "ipv6-piece", with --grammar host?');
    expect(editDistance('shceme', 'scheme')).to.equal(2);
  });

  it('--trace writes the page of the rules the input went through, its path marked', () => {
    const r = run(['diagram', '--trace', 'https://user@example.com:8080/a?b#c', '--out', dir]);
    expect(r.code, r.err).to.equal(0);
    expect(r.out).to.equal(`wrote ${join(dir, 'trace.html')}\n`);
    const page = readFileSync(join(dir, 'trace.html'), 'utf8');
    expect(page).to.contain('rr-matched');
    for (const rule of ['special-scheme', 'special-userinfo', 'special-port', 'query', 'fragment']) expect(page, rule).to.match(new RegExp(`id="rule-${rule}"`));
    // without --out: the page on standard output; the base decides the entry rule
    const rel = run(['diagram', '--trace', '../x', '--base', 'https://example.com/a/b']);
    expect(rel.code).to.equal(0);
    expect(rel.out).to.match(/^<!doctype html>/i);
    expect(rel.out).to.contain('url-with-special-base');
    expect(run(['diagram', '--trace', 'x', '--base', 'not a url']).code).to.equal(2);
    expect(run(['diagram', 'scheme', '--trace', 'x']).code).to.equal(2);
  });
});
