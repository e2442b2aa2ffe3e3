// The CLI's host miscellany and rendering: `parse` shows the public suffix and the registrable
// domain; `render` (src/cli/render.ts) prints what renderURL gives, as text or JSON.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { runCli } from './support/cli';

const run = (args: string[]) => runCli(args);

describe('CLI: parse shows the public suffix and the registrable domain', () => {
  it('text', () => {
    const r = run(['parse', 'https://www.whatwg.github.io./x']);
    expect(r.code).to.equal(0);
    expect(r.out).to.match(/public suffix {7}"github\.io\."/);
    expect(r.out).to.match(/registrable domain {2}"whatwg\.github\.io\."/);
  });

  it('--json, and null for an IP address and an opaque host', () => {
    const j = JSON.parse(run(['parse', 'https://sub.example.إختبار/', '--json']).out);
    expect([j.publicSuffix, j.registrableDomain]).to.deep.equal(['xn--kgbechtv', 'example.xn--kgbechtv']);
    for (const url of ['https://127.0.0.1/', 'https://[::1]/', 'foo://example.com/', 'mailto:a@example.com']) {
      const k = JSON.parse(run(['parse', url, '--json']).out);
      expect([k.publicSuffix, k.registrableDomain], url).to.deep.equal([null, null]);
    }
    const f = JSON.parse(run(['parse', 'no scheme', '--json']).out);
    expect([f.parses, f.publicSuffix, f.registrableDomain]).to.deep.equal([false, null, null]);
  });
});

describe('CLI: render', () => {
  it('text: the rendered URL, what was simplified, and the host', () => {
    const r = run(['render', 'https://user:pw@www.exаmple.com/%E2%9C%93?q#']);
    expect(r.code).to.equal(0);
    expect(r.out).to.match(/^rendered +xn--exmple-4nf\.com\/✓\?q$/m);
    expect(r.out).to.match(/^host +xn--exmple-4nf\.com +shown in ASCII, not Unicode:$/m);
    expect(r.out).to.match(/mixed-scripts: exаmple: mixes Cyrillic, Latin/);
    expect(r.out).to.match(/^simplified +scheme "https:\/\/", credentials "user:pw@", trivial-subdomain "www\."/m);
    expect(r.out).to.match(/^security +secure/m);
  });

  it('--width elides the path, then host labels from the left', () => {
    const r = run(['render', 'https://examplecorp.com.evil.com/login?next=/account', '--width', '20']);
    expect(r.code).to.equal(0);
    expect(r.out).to.match(/^rendered +…com\.evil\.com$/m);
    expect(r.out).to.match(/^elided +path "\/login\?next=\/account", host "examplecorp\."$/m);
    expect(r.out).to.match(/^registrable +evil\.com$/m);
  });

  it('--json, --host-only and --base', () => {
    const j = JSON.parse(run(['render', '../b?x', '--base', 'https://münchen.de/a/c', '--host-only', '--json']).out);
    expect(j.parses).to.equal(true);
    expect(j.rendering.text).to.equal('münchen.de');
    expect(j.rendering.host).to.deep.include({ ascii: 'xn--mnchen-3ya.de', shown: 'münchen.de', unicode: true });
    expect(j.rendering.simplifications.map((s: { rule: string }) => s.rule)).to.include('host-only');
  });

  it('a URL that does not parse: exit 1; bad arguments: one line, exit 2', () => {
    const r = run(['render', 'no scheme']);
    expect(r.code).to.equal(1);
    expect(r.out).to.contain('does not parse');
    for (const args of [['render'], ['render', 'https://a/', '--width', 'x'], ['render', 'https://a/', '--width', '-1'], ['render', 'x', '--base', 'not a base']]) {
      const s = run(args);
      expect(s.code, args.join(' ')).to.equal(2);
      expect(s.err.trim().split('\n'), args.join(' ')).to.have.length(1);
      expect(s.err).to.not.match(/\bat \S+ \(/);
    }
  });
});

/** Words of a shell command line with single quotes only (what the README's examples use). */
function shellWords(line: string): string[] {
  const words: string[] = [];
  const re = /'([^']*)'|(\S+)/g;
  for (let m = re.exec(line); m; m = re.exec(line)) words.push(m[1] ?? m[2]);
  return words;
}

describe("CLI: render, README.md's example is true", () => {
  const readme = readFileSync(join(__dirname, '..', 'README.md'), 'utf8');
  const blocks = [...readme.matchAll(/```text\n([\s\S]*?)```/g)].map((m) => m[1]).filter((b) => b.startsWith('$ url-grammar render '));

  it('README.md has the render example', () => {
    expect(blocks).to.have.length.at.least(1);
  });

  for (const block of blocks) {
    const sessions = block.split(/^(?=\$ url-grammar )/m);
    for (const session of sessions) {
      const [command, ...output] = session.replace(/\n$/, '').split('\n');
      it(command, () => {
        const r = run(shellWords(command.slice('$ url-grammar '.length)));
        expect(r.code).to.equal(0);
        expect(r.out).to.equal(output.join('\n') + '\n');
      });
    }
  }
});
