// Disable comments: a document says where its URL findings are not wanted.
//
//   <!-- url-grammar-disable-next-line -->            the next line: no finding
//   <!-- url-grammar-disable-next-line invalid-credentials port-out-of-range -->
//                                                     the next line: not these error types
//   <!-- url-grammar-disable [types] -->              from this line on (all types, or these)
//   <!-- url-grammar-enable [types] -->               from this line on, again (all, or these)
//
// In Markdown and HTML a directive is an HTML comment holding it (alone in the comment); in text
// files and JavaScript sources the same words anywhere in a line (`# url-grammar-disable-next-line`,
// `// ...`). Types are
// separated by spaces or commas. A directive counts on whole lines: `disable` and `enable` take
// effect from the line they are on, `disable-next-line` on the line after it. Directives are read
// from the document's lines as they are, so one inside a fenced code block counts too.
//
// A line longer than LONG_LINE (64 KiB) is read in parts as it comes, so that neither it nor the
// findings on it are held whole: a directive on such a line counts from the part it is in, for
// the findings that come after that part has been read.

import type { SourceKind } from './found';
import { setErrors, type Grouped, type LintError } from './finding';

type Kind = 'disable' | 'enable' | 'disable-next-line';

interface Directive {
  /** The 1-based line it takes effect on. */
  line: number;
  kind: Kind;
  /** The error types it names; empty: every type. */
  types: string[];
}

const IN_COMMENT = /<!--\s*url-grammar-(disable-next-line|disable|enable)\b([^>]*?)\s*-->/g;
const IN_LINE = /\burl-grammar-(disable-next-line|disable|enable)\b([^\n]*)/g;

/** The longest line read whole (see the top of this file). */
export const LONG_LINE = 64 * 1024;

/** The error types after a directive's name (words of letters, digits and "-"). */
function typesOf(rest: string): string[] {
  return rest
    .split(/[\s,]+/)
    .map((w) => w.trim())
    .filter((w) => /^[A-Za-z0-9-]+$/.test(w) && !w.startsWith('-'));
}

/**
 * Reads the directives of one document, fed in order in chunks of any size (`push`, then `end`),
 * and says whether a finding of a type on a line is disabled. Lines are read whole (a long one
 * in parts: see the top of this file): `settled` says whether the directives that count for a
 * line are all read, so a caller can hold back the findings of the line still being read.
 */
export class DisableDirectives {
  private readonly pattern: RegExp;
  private readonly directives: Directive[] = [];
  private partial = '';
  private lineNo = 1;
  /** Every line before this one has been read. */
  linesRead = 0;
  /** Whether any directive was met (when none is, nothing is ever disabled). */
  any = false;
  /** The line being read is longer than LONG_LINE: its directives so far are read already. */
  private long = false;

  constructor(kind: SourceKind) {
    this.pattern = kind === 'markdown' || kind === 'html' ? IN_COMMENT : IN_LINE;
  }

  /** Reads the text of the next chunk. */
  push(chunk: string): void {
    const text = this.partial + chunk;
    let from = 0;
    for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', from)) {
      this.line(text.slice(from, nl));
      from = nl + 1;
    }
    this.partial = text.slice(from);
    if (this.partial.length > LONG_LINE) this.readLong();
  }

  /** Reads the last line (no line break after it). */
  end(): void {
    this.line(this.partial);
    this.partial = '';
  }

  /**
   * Whether the directives that count for a finding on `line` are all read: those of the lines
   * before it and of the line itself (of the part read so far, for a line longer than LONG_LINE).
   */
  settled(line: number): boolean {
    return line <= this.linesRead || (line === this.lineNo && this.long);
  }

  /**
   * Reads the part of a long line kept so far, up to where a directive may be starting (the end,
   * less what could be the start of one): its directives count from now on.
   */
  private readLong(): void {
    this.long = true;
    const text = this.partial;
    const near = text.length - 1024;
    let cut = text.length - 64;
    const at = text.lastIndexOf('url-grammar-');
    if (at >= near) {
      const open = this.pattern === IN_COMMENT ? text.lastIndexOf('<!--', at) : -1;
      cut = open >= near ? open : at;
    }
    // a directive longer than the line kept whole is read as far as it goes
    if (cut <= 0) cut = text.length - 64;
    this.read(text.slice(0, cut));
    this.partial = text.slice(cut);
  }

  private line(text: string): void {
    this.read(text);
    this.linesRead = this.lineNo;
    this.lineNo++;
    this.long = false;
  }

  /** Notes the directives in `text`, a line of the document or a part of one. */
  private read(text: string): void {
    if (!text.includes('url-grammar-')) return;
    this.pattern.lastIndex = 0;
    for (const m of text.matchAll(this.pattern)) {
      const kind = m[1] as Kind;
      this.directives.push({ line: kind === 'disable-next-line' ? this.lineNo + 1 : this.lineNo, kind, types: typesOf(m[2]) });
      this.any = true;
    }
  }

  /** Whether a finding of `type` on `line` is disabled by the directives read so far. */
  disabled(type: string, line: number): boolean {
    if (!this.any) return false;
    // the state from disable/enable up to `line`: all types, or a set, with exceptions
    let all = false;
    const off = new Set<string>();
    const on = new Set<string>();
    for (const d of this.directives) {
      if (d.kind === 'disable-next-line') {
        if (d.line === line && (d.types.length === 0 || d.types.includes(type))) return true;
        continue;
      }
      if (d.line > line) continue;
      if (d.kind === 'disable') {
        if (d.types.length === 0) {
          all = true;
          off.clear();
          on.clear();
        } else for (const t of d.types) (all ? on.delete(t) : off.add(t));
      } else if (d.types.length === 0) {
        all = false;
        off.clear();
        on.clear();
      } else for (const t of d.types) (all ? on.add(t) : off.delete(t));
    }
    return all ? !on.has(type) : off.has(type);
  }
}

/** The directives of a whole text. */
export function directivesOf(text: string, kind: SourceKind): DisableDirectives {
  const d = new DisableDirectives(kind);
  d.push(text);
  d.end();
  return d;
}

/** What to do with each finding: its severity by type (`off` drops it), and the document's disable comments. */
export interface FindingRules {
  /** A severity per validation error type: "error" (the default), "warning" or "off". */
  rules?: Readonly<Record<string, 'error' | 'warning' | 'off'>>;
  /** Obey the document's disable comments (default true). */
  directives?: boolean;
}

/**
 * Filters one document's findings as its text goes by: feed the text (`text`, `end`), then hand
 * each batch of findings to `take`, which returns those to report, each with its severity, in
 * order. A finding of a URL (finding.ts) is filtered error by error, each on its own line: it
 * keeps the errors that are not "off" or disabled, each with its severity, and is dropped when
 * none is left. A finding on a line that is not read whole yet is held back until it is (a directive
 * later on the same line counts for it), or, on a line longer than LONG_LINE, until the part of
 * it read so far is read for directives (so that what is held stays bounded); `end` lets
 * everything out.
 */
export class FindingFilter<D extends Grouped> {
  private readonly directives: DisableDirectives | null;
  private held: D[] = [];
  private done = false;

  constructor(
    kind: SourceKind,
    private readonly options: FindingRules = {},
  ) {
    this.directives = options.directives === false ? null : new DisableDirectives(kind);
  }

  text(chunk: string): void {
    this.directives?.push(chunk);
  }

  end(): void {
    this.directives?.end();
    this.done = true;
  }

  private keep(d: D): boolean {
    // (a finding's errors are its own: each is given its severity in place)
    const kept: LintError[] = [];
    for (const e of d.errors) {
      const severity = this.options.rules?.[e.type] ?? 'error';
      if (severity === 'off') continue;
      if (this.directives?.disabled(e.type, e.line)) continue;
      e.severity = severity;
      kept.push(e);
    }
    if (kept.length === 0) return false;
    if (kept.length < d.errors.length) setErrors(d, kept);
    else d.severity = kept.some((e) => e.severity === 'error') ? 'error' : 'warning';
    return true;
  }

  /** The last line a finding has an error on (the directives of every line up to it count). */
  private lastLine(d: D): number {
    let line = d.line;
    for (const e of d.errors) if (e.line > line) line = e.line;
    return line;
  }

  take(found: readonly D[]): D[] {
    const all = this.held.length ? [...this.held, ...found] : found;
    if (this.done || !this.directives) {
      this.held = [];
      return all.filter((d) => this.keep(d));
    }
    const out: D[] = [];
    const wait: D[] = [];
    for (const d of all) {
      if (wait.length || !this.directives.settled(this.lastLine(d))) wait.push(d);
      else if (this.keep(d)) out.push(d);
    }
    this.held = wait;
    return out;
  }
}
