// A real client: Debian's neovim (0.7), headless, with its built-in LSP client (vim.lsp.start_client,
// support/neovim.lua) attached to `url-grammar lsp`. On a Markdown file and a TypeScript file with
// known URL defects, the diagnostics it receives are `url-grammar lint`'s on the same files (line,
// UTF-16 column and code of start and end); a code action applied through the client's own menu
// writes the file `url-grammar lint --fix` writes; the server exits with status 0 on the client's
// shutdown and exit, and exits when the client is killed. Needs neovim (.ci/run installs it): with
// CI set, a missing nvim fails the test.

import { expect } from 'chai';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI } from './support/client';

const NVIM = spawnSync('nvim', ['--version'], { encoding: 'utf8' });
const haveNvim = NVIM.status === 0;

const MARKDOWN = [
  '# Défauts',
  '',
  'Voir <https://user@example.com\\docs> et [le port](http://h.example:99999/).',
  '',
  '* élément: https://a.example/x\\y',
  '',
].join('\n');
const TYPESCRIPT = [
  "const café: string = 'https://a.example\\\\b';",
  '// see http://h.example:99999/ for the port',
  'export const u = new URL(`HTTPS://EXAMPLE.com/a/../b\\\\c`);',
  '',
].join('\n');

interface LintRecord {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  type: string;
  fix?: { line: number; column: number } | null;
}

/** `url-grammar lint` on `files` (from `cwd`), as JSON records. */
function lint(cwd: string, args: string[]): { status: number | null; records: LintRecord[] } {
  const r = spawnSync(process.execPath, [CLI, 'lint', '--format', 'json', ...args], { cwd, encoding: 'utf8' });
  return { status: r.status, records: r.stdout ? (JSON.parse(r.stdout) as LintRecord[]) : [] };
}

function runNeovim(dir: string, orders: object): Promise<{ status: number | null; out: any }> & { nvim: ChildProcess } { // eslint-disable-line @typescript-eslint/no-explicit-any
  const config = join(dir, 'orders.json');
  const out = join(dir, 'out.json');
  writeFileSync(config, JSON.stringify({ ...orders, out, root: dir, cmd: [process.execPath, CLI, 'lsp', '--stdio'] }));
  const child = spawn('nvim', ['--headless', '-u', 'NONE', '-i', 'NONE', '-n', '-c', `luafile ${join(__dirname, 'support', 'neovim.lua')}`], {
    cwd: dir,
    env: { ...process.env, URL_GRAMMAR_LSP_TEST: config },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const done = new Promise<{ status: number | null; out: any }>((resolve) => { // eslint-disable-line @typescript-eslint/no-explicit-any
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.on('exit', (status) => {
      clearTimeout(timer);
      let result: unknown = null;
      try {
        result = JSON.parse(readFileSync(out, 'utf8'));
      } catch {
        // nothing written
      }
      resolve({ status, out: result });
    });
  });
  return Object.assign(done, { nvim: child });
}

/** Whether the process runs (an exited one that no parent has reaped yet, a zombie, does not). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

describe('lsp: Neovim, a real client @editors', function () {
  this.timeout(120_000);
  let dir: string;

  before(function () {
    if (!haveNvim) {
      if (process.env.CI) throw new Error('nvim is not installed (.ci/run installs Debian\'s neovim)');
      // (without CI: a machine without neovim skips this real-client test, saying why)
      this.skip();
    }
    dir = mkdtempSync(join(tmpdir(), 'lsp-nvim-'));
  });

  after(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("receives url-grammar lint's diagnostics, applies a fix as lint --fix does, and the server exits cleanly", async () => {
    const work = join(dir, 'check');
    const expected = join(dir, 'expected');
    for (const d of [work, expected]) {
      mkdirSync(d);
      writeFileSync(join(d, 'defects.md'), MARKDOWN);
      writeFileSync(join(d, 'defects.ts'), TYPESCRIPT);
    }
    const linted = lint(work, ['defects.md', 'defects.ts']);
    expect(linted.status).to.equal(1);
    const md = linted.records.filter((r) => (r as { file?: string } & LintRecord).file === 'defects.md');
    const ts = linted.records.filter((r) => (r as { file?: string } & LintRecord).file === 'defects.ts');
    expect(md.length).to.equal(3);
    expect(ts.length).to.equal(3);
    // the Markdown file: the fix of the URL under the cursor (its only fixable one); the
    // TypeScript file: every fix at once
    const mdFixable = md.filter((r) => r.fix);
    expect(mdFixable.length).to.equal(1);
    const orders = {
      mode: 'check',
      files: [
        { path: join(work, 'defects.md'), count: md.length, line: mdFixable[0].line - 1, character: mdFixable[0].column, kind: 'quickfix', action: 'Fix the URL' },
        { path: join(work, 'defects.ts'), count: ts.length, line: 0, character: 0, kind: 'source.fixAll.url-grammar', action: 'Fix every URL' },
      ],
    };
    const { status, out } = await runNeovim(work, orders);
    expect(out?.error, JSON.stringify(out)).to.equal(undefined);
    expect(status).to.equal(0);
    const places = (records: LintRecord[]) => records.map((r) => [r.line - 1, r.column - 1, r.endLine - 1, r.endColumn - 1, r.type]);
    const byPlace = (a: unknown[], b: unknown[]) => JSON.stringify(a).localeCompare(JSON.stringify(b));
    expect(out.files.map((f: { filetype: string }) => f.filetype)).to.deep.equal(['markdown', 'typescript']);
    expect([...out.files[0].diagnostics].sort(byPlace)).to.deep.equal(places(md).sort(byPlace));
    expect([...out.files[1].diagnostics].sort(byPlace)).to.deep.equal(places(ts).sort(byPlace));
    // the files Neovim wrote are those lint --fix writes
    expect(out.files[0].action).to.match(/^Fix the URL: write its serialization /);
    expect(out.files[1].action).to.match(/^Fix every URL url-grammar can fix in this file \(2\)$/);
    const fixed = spawnSync(process.execPath, [CLI, 'lint', '--fix', 'defects.md', 'defects.ts'], { cwd: expected, encoding: 'utf8' });
    expect(fixed.status).to.equal(1);
    for (const name of ['defects.md', 'defects.ts']) {
      const want = readFileSync(join(expected, name), 'utf8');
      expect(want, name).to.not.equal(name.endsWith('.md') ? MARKDOWN : TYPESCRIPT);
      expect(readFileSync(join(work, name), 'utf8'), name).to.equal(want);
    }
    // shutdown and exit: the server's exit status is 0
    expect(out.exit).to.deep.equal({ code: 0, signal: 0 });
    expect(alive(out.pid)).to.equal(false);
  });

  it('the client is killed: the server exits', async () => {
    const work = join(dir, 'die');
    mkdirSync(work);
    writeFileSync(join(work, 'x.md'), MARKDOWN);
    const out = join(work, 'out.json');
    const running = runNeovim(work, { mode: 'die', files: [{ path: join(work, 'x.md'), count: 3 }] });
    // the server's process id, once the client has its diagnostics
    let pid = 0;
    for (let i = 0; i < 600 && !pid; i++) {
      await new Promise((r) => setTimeout(r, 100));
      try {
        const seen = JSON.parse(readFileSync(out, 'utf8'));
        if (seen.files.length > 0) pid = seen.pid;
      } catch {
        // not yet
      }
    }
    expect(pid).to.be.greaterThan(0);
    expect(alive(pid)).to.equal(true);
    running.nvim.kill('SIGKILL');
    expect((await running).status).to.equal(null);
    for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
    expect(alive(pid), 'the server is still running 10 s after its client was killed').to.equal(false);
  });
});
