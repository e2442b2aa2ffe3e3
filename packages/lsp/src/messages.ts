// What the server's thread and its lint worker (worker.ts, linting.ts) tell each other: plain
// data, as postMessage copies it.

import type { LintDiagnostic, SourceKind } from '@url-grammar/lint';
import type { DocumentLintOptions } from './settings';

/** The step of the URL Standard that reports an error: its url.bs id, name and pinned link. */
export interface Step {
  anchor: string;
  name: string;
  href: string;
}

/** A finding of `url-grammar lint` (one URL, all its errors), with the step of each error. */
export interface Finding extends LintDiagnostic {
  /** steps[i] is the step of errors[i]. */
  steps: Step[];
}

export type ToWorker =
  | { type: 'lint'; uri: string; version: number; text: string; kind: SourceKind; options: DocumentLintOptions; budget: number }
  | { type: 'close'; uri: string };

export type FromWorker =
  /** A lint of this version has started. */
  | { type: 'start'; uri: string; version: number }
  /**
   * The preview of a version: the findings of the whole lint of version `base` at the indices
   * `before`, the findings of the edited region (`inside`, at their places in the new text), and
   * those of `base` at the indices `after`, moved by `offset` code units and `lines` lines.
   */
  | { type: 'preview'; uri: string; version: number; base: number; before: Int32Array; inside: Finding[]; after: Int32Array; offset: number; lines: number }
  /**
   * The findings of the whole document at a version; `same`: they are its preview's.
   * `stopped`: the time budget ran out there (the findings are those before it).
   */
  | { type: 'result'; uri: string; version: number; findings: Finding[]; same: boolean; stopped?: { line: number } }
  /** The lint of this version is over (done, or cancelled by a newer one). */
  | { type: 'end'; uri: string; version: number };
