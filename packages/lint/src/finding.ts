// One finding per URL: a URL with validation errors is reported once, with every error it has in
// `errors`, in document order. The finding's own place, type and failure are those of its first
// error (so that a consumer that reads one place and one type still reads something true), its
// message names every type, and its severity is the most severe of its errors' (disable.ts gives
// each error its severity, and leaves out those configured "off" or disabled).

import type { ErrorStep, URLParserState, ValidationErrorType } from 'url-grammar';

/** One validation error of a URL, at its place in the document. */
export interface LintError {
  type: ValidationErrorType;
  /** Whether the error makes the URL fail to parse. */
  failure: boolean;
  /** The standard's description of the error (the parser's words). */
  message: string;
  /** The state of the basic URL parser that reports it, as the core's parseWithDiagnostics says (null before the state machine). */
  state: URLParserState | null;
  /** The url.bs anchor of the algorithm that reports it (the core's ValidationError.step). */
  step: ErrorStep;
  /** [start, end) in the text; 1-based line and column (UTF-16 units) of start and end, end exclusive. */
  start: number;
  end: number;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  /** How the error counts (set by the configuration's rules; absent: an error). */
  severity?: 'error' | 'warning';
}

/** What a finding holds that the grouping of its errors decides (setErrors). */
export interface Grouped<E extends LintError = LintError> {
  /** 1-based line and column (UTF-16 units) of the first error's start; end exclusive. */
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  /** [start, end) of the first error in the text. */
  start: number;
  end: number;
  /** The first error's type, and whether it is a failure. */
  type: ValidationErrorType;
  failure: boolean;
  /** The first error's message if it is the only one, else "N validation errors: " and the types. */
  message: string;
  /** Every validation error of the URL, in document order (those configured "off" or disabled left out). */
  errors: E[];
  /** How the finding counts: the most severe of its errors' (LintOptions.rules; every type is an error unless configured). */
  severity?: 'error' | 'warning';
}

/**
 * The words of a finding: one error's own message, or for several "N validation errors: " and
 * their types in order of first appearance, each with how many times it occurs when more than
 * once ("3 validation errors: invalid-URL-unit (2), invalid-credentials").
 */
export function findingMessage(errors: readonly Pick<LintError, 'type' | 'message'>[]): string {
  if (errors.length === 1) return errors[0].message;
  const counts = new Map<string, number>();
  for (const e of errors) counts.set(e.type, (counts.get(e.type) ?? 0) + 1);
  const types = [...counts].map(([type, n]) => (n > 1 ? `${type} (${n})` : type));
  return `${errors.length} validation errors: ${types.join(', ')}`;
}

/**
 * Sets `d`'s errors to `errors` (at least one, in document order) and what follows from them:
 * its place, type and failure are the first error's, its message names them all, and its
 * severity, when any error has one, is the most severe.
 */
export function setErrors<E extends LintError, D extends Grouped<E>>(d: D, errors: E[]): D {
  const first = errors[0];
  d.errors = errors;
  d.line = first.line;
  d.column = first.column;
  d.endLine = first.endLine;
  d.endColumn = first.endColumn;
  d.start = first.start;
  d.end = first.end;
  d.type = first.type;
  d.failure = first.failure;
  d.message = findingMessage(errors);
  if (errors.some((e) => e.severity !== undefined)) d.severity = errors.some((e) => (e.severity ?? 'error') === 'error') ? 'error' : 'warning';
  return d;
}
