// The CLI's host miscellany and rendering: `parse` shows the public suffix and the registrable
// domain; `render` (src/cli/render.ts) prints what renderURL gives, as text or JSON.

import { expect } from 'chai';
import { main } from '../src/cli';
import type { CliIO } from '../src/cli/io';

function run(args: string[]) {
  let out = '';
  let err = '';
  const io: CliIO = {
    out: (s) => void (out += s),
    err: (s) => void (err += s),
    readFile: () => {
      throw new Error('no files here');
    },
    setExitCode: (c) => void (code = c),
    isTTY: false,
  };
  let code = 0;
  const status = main(args, io);
  return { code: status || code, out, err };
}

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
