// The lint worker's work: each document linted as `url-grammar lint` lints its file (lintBytes,
// the command's own reading: the text's UTF-8 bytes in pieces of 64 KiB, the same finder, disable
// comments and severities, fixes planned), one document at a time, the latest version of each.
//
// Bounded. Between two pieces the worker lets its messages in (a turn of the event loop): a new
// version of the document being linted cancels that lint, and a lint that has run for the
// document's time budget stops there, with the findings so far and the line it reached. (A piece
// that alone runs past the budget is the server thread's to stop: it ends the worker, server.ts.)
//
// Incremental. After an edit to a long Markdown or text document, the edited region is linted
// first on its own, from a place where a block starts before it to one after it (Markdown: a line
// at the left margin after a blank line, where lint's own splitter cuts, and outside fenced code
// blocks: an edit inside one is linted with the whole block; text: a line start), and the
// findings before and after it are those of the last whole lint, moved by what the edit added:
// that preview is sent at once. The whole document is linted next (as it would be without a
// preview); the server publishes its findings when they differ from the preview's, and the client
// then holds exactly lint's. The preview is skipped where it could be wrong for longer than that:
// a document with disable comments (a comment before the region counts after it), an edit that
// opens or closes a fenced code block (everything after it changes), or a region over
// PREVIEW_MAX.

import { afterBOM, lintBytes, type LintDiagnostic, type LintOptions, type SourceKind } from '@url-grammar/lint';
import { reportedBy, specLink } from 'url-grammar';
import type { Finding, FromWorker, Step, ToWorker } from './messages';
import type { DocumentLintOptions } from './settings';

/** The bytes lint reads at a time, as the command reads a file (its readPieces). */
const PIECE = 64 * 1024;
/** Documents shorter than this are linted whole at once: no preview. */
export const PREVIEW_MIN = 64 * 1024;
/** The longest region linted for a preview. */
export const PREVIEW_MAX = 256 * 1024;

type Job = Extract<ToWorker, { type: 'lint' }>;

class Cancelled {}

/** The last whole lint of a document: what a preview starts from. */
interface Whole {
  version: number;
  text: string;
  kind: SourceKind;
  options: string;
  findings: Finding[];
  /** Where each fence line (``` or ~~~) of a Markdown text starts. */
  fences: number[] | null;
}

/** The end of a line break at `i` (CR LF, CR or LF), or -1. */
function breakAt(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === 10) return i + 1;
  if (c === 13) return text.charCodeAt(i + 1) === 10 ? i + 2 : i + 1;
  return -1;
}

/** The line breaks in text[from, to) (CR LF counted once). */
function breaks(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) n++;
  }
  return n;
}

/** The start of the line that holds `at`. */
function lineStart(text: string, at: number): number {
  let i = at;
  while (i > 0 && text.charCodeAt(i - 1) !== 10 && text.charCodeAt(i - 1) !== 13) i--;
  return i;
}

/** The start of the line after the one that holds `at` (the text's length after the last). */
function nextLine(text: string, at: number): number {
  for (let i = at; i < text.length; i++) {
    const end = breakAt(text, i);
    if (end !== -1) return end;
  }
  return text.length;
}

const BLANK = /^[ \t]*$/;

/** Whether a Markdown top-level block starts at the line at `at` whatever came before (lint's splitter cuts there). */
function markdownBoundary(text: string, at: number): boolean {
  if (at === 0) return true;
  const c = text.charCodeAt(at);
  if (at >= text.length || c === 32 || c === 9 || breakAt(text, at) !== -1) return false;
  const previous = lineStart(text, at - 1);
  return BLANK.test(text.slice(previous, at).replace(/[\r\n]+$/, ''));
}

const FENCE = /^ {0,3}(?:`{3,}|~{3,})/gm;

export function fenceLines(text: string): number[] {
  const out: number[] = [];
  FENCE.lastIndex = 0;
  for (let m = FENCE.exec(text); m; m = FENCE.exec(text)) out.push(m.index);
  return out;
}

/** How many of the sorted `offsets` are before `at`. */
function countBefore(offsets: readonly number[], at: number): number {
  let lo = 0;
  let hi = offsets.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (offsets[mid] < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The region of `text` to lint for a preview after an edit from `old`: [start, end) of `text`,
 * which equals `old` before `start`, and after `end` `old` after `end - (text.length - old.length)`.
 * Null when no preview is to be made.
 */
export function previewRegion(old: Whole, text: string): { start: number; end: number } | null {
  const before = old.text;
  const max = Math.min(before.length, text.length);
  // the common start and end, a block at a time (a string comparison), then unit by unit
  const BLOCK = 4096;
  let p = 0;
  while (p + BLOCK <= max && before.slice(p, p + BLOCK) === text.slice(p, p + BLOCK)) p += BLOCK;
  while (p < max && before.charCodeAt(p) === text.charCodeAt(p)) p++;
  let s = 0;
  while (s + BLOCK <= max - p && before.slice(before.length - s - BLOCK, before.length - s) === text.slice(text.length - s - BLOCK, text.length - s)) s += BLOCK;
  while (s < max - p && before.charCodeAt(before.length - 1 - s) === text.charCodeAt(text.length - 1 - s)) s++;
  const changedEnd = text.length - s;
  let start = lineStart(text, p);
  // (a CR just before the region: its LF may be in it)
  if (start > 0 && text.charCodeAt(start - 1) === 13) start = lineStart(text, start - 1);
  let end = changedEnd > 0 && breakAt(text, changedEnd - 1) === changedEnd ? changedEnd : nextLine(text, changedEnd);
  if (old.kind === 'markdown') {
    const fences = old.fences!;
    // The region starts where a block starts, outside every fenced code block (as far as the
    // fence lines before it say): one that starts inside a block starts at its opening fence,
    // and from a block start before that. (Before the edit the two texts are the same, so the
    // old text's fence lines are the new text's there.)
    for (;;) {
      while (start > 0 && !markdownBoundary(text, start)) start = lineStart(text, start - 1);
      const k = countBefore(fences, start);
      if (k % 2 === 0) break;
      start = fences[k - 1];
    }
    // It ends where a block starts, outside every fenced code block in both texts: a region
    // whose fence lines leave a block open, in the new text or in the old, takes in the next
    // fence line of the new text and what follows it to a block start. An edit that opens or
    // closes a block (a fence typed or deleted) never gets there: each fence line taken in is
    // in both texts, and the two counts stay one apart until PREVIEW_MAX.
    // (the new text's fence lines are counted as the region grows, each piece once: a document of
    // fenced blocks one after the other takes one step per block)
    const delta = text.length - before.length;
    const oldBefore = countBefore(fences, start);
    let inNew = 0;
    let counted = start;
    for (;;) {
      while (end < text.length && !markdownBoundary(text, end)) end = nextLine(text, end);
      if (end - start > PREVIEW_MAX) return null;
      inNew += fenceLines(text.slice(counted, end)).length;
      counted = end;
      const inOld = countBefore(fences, end - delta) - oldBefore;
      if (inNew % 2 === 0 && inOld % 2 === 0) break;
      if (end >= text.length) return null;
      FENCE.lastIndex = end;
      const next = FENCE.exec(text);
      if (next === null) return null;
      end = nextLine(text, next.index);
    }
  }
  if (end - start > PREVIEW_MAX) return null;
  return { start, end };
}

/** `d` moved by `offset` code units and `lines` lines (its columns unchanged: it moves by whole lines). */
export function moved<T extends Finding>(d: T, offset: number, lines: number): T {
  if (offset === 0 && lines === 0) return d;
  const at = <P extends { start: number; end: number; line: number; endLine: number }>(x: P): P => ({ ...x, start: x.start + offset, end: x.end + offset, line: x.line + lines, endLine: x.endLine + lines });
  const out = at(d);
  out.errors = d.errors.map(at);
  if (d.fix) out.fix = at(d.fix);
  return out;
}

/** The first and last offsets a finding covers (its errors and its fix). */
function extent(d: LintDiagnostic): [number, number] {
  let a = d.start;
  let b = d.end;
  for (const e of d.errors) {
    a = Math.min(a, e.start);
    b = Math.max(b, e.end);
  }
  if (d.fix) {
    a = Math.min(a, d.fix.start);
    b = Math.max(b, d.fix.end);
  }
  return [a, b];
}

/**
 * The step of each error of a finding: the state or algorithm of url.bs that reports it (the
 * core's reportedBy, from the error's own state and step), linked to url.bs at the commit
 * url-grammar implements (the core's specLink).
 */
function stepsOf(d: LintDiagnostic): Step[] {
  return d.errors.map((e) => {
    const by = reportedBy(e);
    return { anchor: by.anchor, name: by.text.replace(/^the /, ''), href: specLink(by.anchor) };
  });
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class Linter {
  /** The latest version asked for, by document. */
  private readonly latest = new Map<string, number>();
  private readonly pending = new Map<string, Job>();
  private readonly wholes = new Map<string, Whole>();
  private running = false;

  constructor(private readonly post: (m: FromWorker) => void) {}

  receive(m: ToWorker): void {
    if (m.type === 'close') {
      this.latest.delete(m.uri);
      this.pending.delete(m.uri);
      this.wholes.delete(m.uri);
      return;
    }
    this.latest.set(m.uri, m.version);
    // (the most recently edited document goes last, and is taken first)
    this.pending.delete(m.uri);
    this.pending.set(m.uri, m);
    if (!this.running) void this.pump();
  }

  private async pump(): Promise<void> {
    this.running = true;
    try {
      while (this.pending.size > 0) {
        const job = [...this.pending.values()].pop()!;
        this.pending.delete(job.uri);
        try {
          await this.run(job);
        } finally {
          this.post({ type: 'end', uri: job.uri, version: job.version });
        }
        await turn();
      }
    } finally {
      this.running = false;
    }
  }

  /** Lints `text` as lint does; throws Cancelled when a newer version comes. */
  private async lint(job: Job, text: string, started: number): Promise<{ findings: LintDiagnostic[]; stopped?: number }> {
    const bytes = Buffer.from(text, 'utf8');
    const findings: LintDiagnostic[] = [];
    let done = 0;
    const options: LintOptions = { kind: job.kind, base: job.options.base, fixes: true, rules: job.options.rules, directives: job.options.directives };
    function* pieces(): Generator<Uint8Array> {
      for (; done < bytes.length; done += PIECE) yield bytes.subarray(done, done + PIECE);
    }
    let stopped: number | undefined;
    try {
      await lintBytes(pieces(), options, (d) => findings.push(d), undefined, async () => {
        await turn();
        if (this.latest.get(job.uri) !== job.version) throw new Cancelled();
        if (performance.now() - started > job.budget && done + PIECE < bytes.length) throw new Stopped();
      });
    } catch (e) {
      if (!(e instanceof Stopped)) throw e;
      stopped = done + PIECE;
    }
    return { findings, stopped };
  }

  private async run(job: Job): Promise<void> {
    const started = performance.now();
    this.post({ type: 'start', uri: job.uri, version: job.version });
    const withSteps = (d: LintDiagnostic): Finding => {
      const f = d as Finding;
      if (!f.steps) f.steps = stepsOf(d);
      return f;
    };
    const optionsKey = JSON.stringify(job.options);
    const text = job.text;
    // a byte order mark is no part of the document for lint (it reads what follows): findings
    // are moved back by it, as the editor counts it
    const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
    try {
      let preview: Finding[] | null = null;
      const whole = this.wholes.get(job.uri);
      if (whole && whole.kind === job.kind && whole.options === optionsKey && text.length >= PREVIEW_MIN && (job.kind === 'markdown' || job.kind === 'text') && !bom && !text.includes('url-grammar-')) {
        const region = previewRegion(whole, text);
        if (region) {
          const delta = text.length - whole.text.length;
          const oldEnd = region.end - delta;
          const lines = breaks(text, 0, region.start);
          const lineDelta = breaks(text, region.start, region.end) - breaks(whole.text, region.start, oldEnd);
          const inside = (await this.lint(job, text.slice(region.start, region.end), started)).findings.map((d) => moved(withSteps(d), region.start, lines));
          const before: number[] = [];
          const after: number[] = [];
          whole.findings.forEach((d, i) => {
            const [a, b] = extent(d);
            if (b <= region.start) before.push(i);
            else if (a >= oldEnd) after.push(i);
          });
          // (what is kept is sent by index: the server thread has those findings already)
          this.post({ type: 'preview', uri: job.uri, version: job.version, base: whole.version, before: Int32Array.from(before), inside, after: Int32Array.from(after), offset: delta, lines: lineDelta });
          preview = [...before.map((i) => whole.findings[i]), ...inside, ...after.map((i) => moved(whole.findings[i], delta, lineDelta))];
        }
      }
      const all = await this.lint(job, text, started);
      const findings = all.findings.map((d) => withSteps(bom ? afterBOM(d) : d));
      if (all.stopped !== undefined) {
        const line = breaks(text, 0, Math.min(text.length, Buffer.from(text, 'utf8').subarray(0, all.stopped).toString('utf8').length)) + 1;
        this.post({ type: 'result', uri: job.uri, version: job.version, findings, same: false, stopped: { line } });
        return;
      }
      this.wholes.set(job.uri, { version: job.version, text, kind: job.kind, options: optionsKey, findings, fences: job.kind === 'markdown' ? fenceLines(text) : null });
      const same = preview !== null && JSON.stringify(preview) === JSON.stringify(findings);
      this.post({ type: 'result', uri: job.uri, version: job.version, findings, same });
    } catch (e) {
      if (e instanceof Cancelled) return;
      throw e;
    }
  }
}

class Stopped {}
