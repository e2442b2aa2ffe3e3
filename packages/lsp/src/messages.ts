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
   * The findings of a version. `final: false` is the preview (the edited region linted alone,
   * the rest kept from the last whole lint); `final: true` the whole document's, `findings` null
   * when they are the preview's. `stopped`: the time budget ran out there (findings up to it).
   */
  | { type: 'result'; uri: string; version: number; final: boolean; findings: Finding[] | null; stopped?: { line: number } }
  /** The lint of this version is over (done, or cancelled by a newer one). */
  | { type: 'end'; uri: string; version: number };
