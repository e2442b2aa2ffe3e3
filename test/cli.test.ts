// The CLI entry and the parse subcommand, run in-process with a fake IO.

import { expect } from 'chai';
import { runCli } from './support/cli';

function run(args: string[], tty = false) {
  return runCli(args, { isTTY: tty });
}

describe('CLI: url-grammar', () => {
  it('lists its subcommands in --help and exits 0', () => {
    const r = run(['--help']);
    expect(r.code).to.equal(0);
    for (const c of ['parse', 'check', 'lint', 'diagram', 'compare']) expect(r.out).to.contain(c);
  });

  it('an unknown command: one line, exit 2, no stack trace', () => {
    const r = run(['frobnicate']);
    expect(r.code).to.equal(2);
    expect(r.err.trim().split('\n')).to.have.length(1);
    expect(r.err).to.not.match(/\bat \S+ \(/);
  });
});

describe('CLI: parse', () => {
  it('prints components, record and errors with a caret line; exit 0', () => {
    const r = run(['parse', 'https://u@example.com/a\\b']);
    expect(r.code).to.equal(0);
    expect(r.out).to.contain('"https://u@example.com/a/b"');
    expect(r.out).to.contain('host        [10, 21)  "example.com"');
    expect(r.out).to.contain('invalid-credentials at [9, 10)');
    expect(r.out).to.contain('invalid-reverse-solidus at [23, 24)');
    const lines = r.out.split('\n');
    const caret = lines[lines.findIndex((l) => l.includes('invalid-reverse-solidus')) + 2];
    expect(caret.indexOf('^')).to.equal(4 + 23);
    expect(r.out).to.not.match(/\u001b\[/); // no colour when not a terminal
  });

  it('colours only on a terminal', () => {
    expect(run(['parse', 'https://u@example.com/'], true).out).to.match(/\u001b\[/);
  });

  it('--json is machine-readable', () => {
    const r = run(['parse', '../c', '--base', 'https://example.com/a/b', '--json']);
    const j = JSON.parse(r.out);
    expect(j.parses).to.equal(true);
    expect(j.components.href).to.equal('https://example.com/c');
    expect(j.record.path.map((s: { text: string }) => s.text)).to.deep.equal(['..', 'c']);
  });

  it('a URL that does not parse: exit 1, with the failure error', () => {
    const r = run(['parse', 'https://exa mple.com/']);
    expect(r.code).to.equal(1);
    expect(r.out).to.contain('parses    no (failure)');
    expect(r.out).to.contain('domain-to-ASCII (failure)');
  });

  it('bad arguments: exit 2 with one line', () => {
    for (const args of [['parse'], ['parse', 'x', '--base', 'not a base'], ['parse', 'x', '--bogus']]) {
      const r = run(args);
      expect(r.code, args.join(' ')).to.equal(2);
      expect(r.err.trim().split('\n'), args.join(' ')).to.have.length(1);
    }
  });

  it('shows control characters in the input as escapes', () => {
    const r = run(['parse', 'https://example.com/\ta']);
    expect(r.out).to.contain('https://example.com/\\ta');
  });
});
