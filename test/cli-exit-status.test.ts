// The exit status when the reader of standard output goes away (`url-grammar parse x | true`): the
// verdict already reached (src/cli.ts's EPIPE handler reads it from process.exitCode, which the
// command's status now reaches as soon as it is set), not 141, which is for a run cut off before
// its verdict. The built command line runs in a process of its own whose standard output is a pipe
// closed at once.

import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const CLI = join(__dirname, '..', 'dist', 'src', 'cli.js');

/** Runs the CLI with `args`, its standard output's reader gone before it writes: its exit status. */
function withClosedOutput(args: string[]): Promise<{ code: number | null; signal: NodeJS.Signals | null; err: string }> {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.destroy();
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  return new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal, err })));
}

describe('CLI: the exit status when standard output is closed early', function () {
  this.timeout(60_000);

  it('parse of something that is not a URL exits 1 (its verdict), not 141', async () => {
    expect(await withClosedOutput(['parse', 'not a url'])).to.deep.equal({ code: 1, signal: null, err: '' });
  });

  it('parse and check of a valid URL exit 0, check of an invalid one 1', async () => {
    expect(await withClosedOutput(['parse', 'https://example.com/'])).to.deep.equal({ code: 0, signal: null, err: '' });
    expect(await withClosedOutput(['check', 'https://example.com/'])).to.deep.equal({ code: 0, signal: null, err: '' });
    expect(await withClosedOutput(['check', 'https://u@example.com/'])).to.deep.equal({ code: 1, signal: null, err: '' });
  });
});
