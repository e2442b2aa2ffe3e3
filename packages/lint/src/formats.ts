// lint's output formats, each written piece by piece as diagnostics arrive (never one string of
// all the output):
//   text   `file:line:column: type message`, then a summary line (see `summary`)
//   json   one JSON array, written an element at a time
//   jsonl  JSON Lines: one object per line
//   sarif  SARIF 2.1.0 (https://docs.oasis-open.org/sarif/sarif/v2.1.0/): one run, one rule per
//          validation error type with its link into the URL Standard, the results streamed, a fix
//          as a SARIF `fix` where lint offers one, each file named by a URI reference (artifactURI)
//
// Every link into the standard is the core's (url-grammar's spec-link.ts): an error type's row
// of the table of validation errors (errorLink) and the step that reported an error (reportedBy,
// specLink), pinned to the url.bs that url-grammar implements, so that a finding written today
// still points at what it was about.

import { errorLink, reportedBy, SPEC_COMMIT, SPEC_URL, specLink, VALIDATION_ERRORS, type ErrorStep, type URLParserState, type ValidationErrorType } from 'url-grammar';
import { printable } from 'url-grammar/cli';
import type { LintDiagnostic, LintError } from './lint';

export const OUTPUT_FORMATS = ['text', 'json', 'jsonl', 'sarif'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** Where a validation error was reported, as the JSON formats and SARIF write it. */
export interface Reported {
  /** The state of the basic URL parser that reported it, as url.bs names it without " state" (null: before the state machine). */
  state: URLParserState | null;
  /** The url.bs anchor of the algorithm that reported it (the basic URL parser, the host parser, ...). */
  step: ErrorStep;
  /** The error type's row of url.bs's table of validation errors, pinned (the core's errorLink). */
  link: string;
  /** Where it was reported in words ("the authority state"), and that place in url.bs, pinned (the core's reportedBy and specLink). */
  reportedBy: { text: string; link: string };
}

/**
 * What `Reported` says of an error: from its own `state` and `step`, as the core's parser set them.
 * An error without a step (an object made by hand, not by lint) gets none of it.
 */
export function reported(e: { type: string; state?: URLParserState | null; step?: ErrorStep }): Reported | Record<string, never> {
  if (typeof e.step !== 'string') return {};
  const state = e.state ?? null;
  const by = reportedBy({ state, step: e.step });
  return { state, step: e.step, link: errorLink(e.type), reportedBy: { text: by.text, link: specLink(by.anchor) } };
}

/** One validation error of a finding as the JSON formats write it. */
export type LintRecordError = { type: string; failure: boolean; severity: 'error' | 'warning'; message: string; line: number; column: number; endLine: number; endColumn: number } & Partial<Reported>;

/** One finding as the JSON formats write it (with `Reported`'s fields: those of its first error). */
export interface LintRecord extends Partial<Reported> {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  url: string;
  type: string;
  failure: boolean;
  /** "error" or "warning" (the configuration's severity for the type; "off" ones are not reported). */
  severity: 'error' | 'warning';
  message: string;
  /** Every validation error of the URL, in document order (the record's own place, type and where it was reported are the first's). */
  errors: LintRecordError[];
  /** The replacement lint offers for the URL (line/column as above), or null with `noFix` saying why. */
  fix?: { line: number; column: number; endLine: number; endColumn: number; text: string } | null;
  noFix?: string;
}

export interface Totals {
  /** Every finding (the warnings among them). */
  errors: number;
  /** The findings whose severity is "warning". */
  warnings?: number;
  /** Files with at least one finding. */
  filesWithErrors: number;
  files: number;
  fixed?: number;
  /** What looked like a URL but was skipped as a likely template, pattern or escape (LintOptions.leftOut). */
  skipped?: number;
  /** Findings left out by the suppressions file (suppressions.ts). */
  suppressed?: number;
}

export interface Reporter {
  /** A finding of `file`. */
  report(file: string, d: LintDiagnostic): void;
  /** Closes the output. */
  end(totals: Totals): void;
}

/** "N errors in M files" (of F files), the text format's last line. */
export function summary(t: Totals): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  // warnings are findings too, but only errors set the exit status: both are counted apart
  const found = t.warnings ? `${plural(t.errors - t.warnings, 'error')} and ${plural(t.warnings, 'warning')}` : plural(t.errors, 'error');
  let s = `${found} in ${plural(t.filesWithErrors, 'file')} (${plural(t.files, 'file')} linted)`;
  if (t.fixed !== undefined) s += `, ${plural(t.fixed, 'URL')} fixed`;
  if (t.suppressed) s += `; ${plural(t.suppressed, 'finding')} suppressed`;
  if (t.skipped) s += `; ${t.skipped} skipped as ${t.skipped === 1 ? 'a likely template or escape' : 'likely templates or escapes'} (--show-skipped lists ${t.skipped === 1 ? 'it' : 'them'})`;
  return s;
}

export function toRecord(file: string, d: LintDiagnostic): LintRecord {
  // (a finding made by hand may have no `errors`: then it is its own one error, and says no step)
  const list: ReadonlyArray<Omit<LintError, 'state' | 'step'> & Partial<LintError>> = d.errors ?? [d];
  const errors = list.map((e) => ({ type: e.type, failure: e.failure, severity: e.severity ?? d.severity ?? 'error', message: e.message, line: e.line, column: e.column, endLine: e.endLine, endColumn: e.endColumn, ...reported(e) }));
  const r: LintRecord = { file, line: d.line, column: d.column, endLine: d.endLine, endColumn: d.endColumn, url: d.url, type: d.type, failure: d.failure, severity: d.severity ?? 'error', message: d.message, ...reported({ ...list[0], type: d.type }), errors };
  if (d.fix) {
    r.fix = { line: d.fix.line, column: d.fix.column, endLine: d.fix.endLine, endColumn: d.fix.endColumn, text: d.fix.text };
  } else if (d.noFix !== undefined) {
    r.fix = null;
    r.noFix = d.noFix;
  }
  return r;
}

/**
 * A file name as the text format shows it: by `printable`, so that an ESC, a newline or a U+202E
 * in it (a Linux name may hold any byte but "/" and NUL) cannot forge a `file:line:column:` line
 * or reorder one. Where a backslash is an ordinary character of a name (not on Windows, where it
 * separates folders and a name cannot hold a control), it is doubled: a name holding a backslash
 * and "x1b" must not read like one holding ESC. The JSON formats write the name exactly.
 */
export function shownFileName(file: string, platform: string = process.platform): string {
  return printable(file, { escapeBackslash: platform !== 'win32' });
}

export function jsonReporter(out: (s: string) => void): Reporter {
  let n = 0;
  return {
    report(file, d) {
      out((n++ === 0 ? '[\n  ' : ',\n  ') + JSON.stringify(toRecord(file, d)));
    },
    end() {
      out(n === 0 ? '[]\n' : '\n]\n');
    },
  };
}

export function jsonlReporter(out: (s: string) => void): Reporter {
  return {
    report(file, d) {
      out(JSON.stringify(toRecord(file, d)) + '\n');
    },
    end() {},
  };
}

const RULE_IDS = Object.keys(VALIDATION_ERRORS) as ValidationErrorType[];

/** The SARIF rule of each validation error type. */
export function sarifRules(): object[] {
  return RULE_IDS.map((type) => ({
    id: type,
    shortDescription: { text: VALIDATION_ERRORS[type].description },
    // the type's row of url.bs's table of validation errors, pinned
    helpUri: errorLink(type),
    // every type is an error unless the configuration says otherwise (each result has its own level)
    defaultConfiguration: { level: 'error' },
    properties: { failure: VALIDATION_ERRORS[type].failure },
  }));
}

/** The characters a URI path segment holds as they are (RFC 3986 §3.3 pchar, less pct-encoded). */
const SEGMENT_CHARS = /[A-Za-z0-9\-._~!$&'()*+,;=:@]/;

/**
 * A path segment as it stands in a URI: every code point but pchar's, and those of `alsoEncode`,
 * percent-encoded as UTF-8 (a lone surrogate as U+FFFD).
 */
function encodeSegment(segment: string, alsoEncode = ''): string {
  let out = '';
  for (const c of segment) {
    if (SEGMENT_CHARS.test(c) && !alsoEncode.includes(c)) out += c;
    else for (const byte of Buffer.from(c, 'utf8')) out += '%' + byte.toString(16).toUpperCase().padStart(2, '0');
  }
  return out;
}

/**
 * The URI of a file as SARIF's artifactLocation.uri names it (a URI reference, RFC 3986): a
 * relative path as a relative reference, an absolute one as a file: URI, each path segment
 * percent-encoded where it must be ("my doc#1.md" is "my%20doc%231.md", not a fragment). On
 * Windows "\" separates segments like "/", "C:\x" is file:///C:/x and "\\host\share\x" is
 * file://host/share/x; elsewhere "\" is a character of the file's name.
 */
export function artifactURI(path: string, platform: string = process.platform): string {
  const p = platform === 'win32' ? path.replace(/\\/g, '/') : path;
  const segments = (s: string) => s.split('/').map((x) => encodeSegment(x)).join('/');
  // A Windows UNC path: the host (a reg-name, which holds no ":" or "@"), then the path on it.
  const unc = platform === 'win32' ? /^\/\/([^/]+)(\/.*)?$/.exec(p) : null;
  if (unc) return 'file://' + encodeSegment(unc[1], ':@') + segments(unc[2] ?? '/');
  // A Windows path from a drive letter: its segments after "file:///", the drive's "C:" kept.
  if (platform === 'win32' && /^[A-Za-z]:\//.test(p)) return 'file:///' + segments(p);
  if (p.startsWith('/')) return 'file://' + segments(p);
  // A relative-path reference: its first segment cannot hold ":", or it would read as a scheme
  // (RFC 3986 §4.2).
  const [first, ...rest] = p.split('/');
  return [encodeSegment(first, ':'), ...rest.map((x) => encodeSegment(x))].join('/');
}

/**
 * `tool`: the version SARIF names, and where the tool is described (SARIF's informationUri; the
 * command gives this package's README, its package.json's homepage; else the pinned url.bs).
 */
export function sarifReporter(out: (s: string) => void, tool: { version: string; informationUri?: string }): Reporter {
  let n = 0;
  const head = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
  };
  // the tool is described by its README; the standard it checks against, pinned, in its properties
  const driver = { name: 'url-grammar', version: tool.version, informationUri: tool.informationUri ?? SPEC_URL, properties: { specification: SPEC_URL, specificationCommit: SPEC_COMMIT }, rules: sarifRules() };
  out(`{"$schema":${JSON.stringify(head.$schema)},"version":"2.1.0","runs":[{"tool":{"driver":${JSON.stringify(driver)}},"columnKind":"utf16CodeUnits","results":[`);
  return {
    report(file, d) {
      const uri = artifactURI(file);
      const result: Record<string, unknown> = {
        ruleId: d.type,
        ruleIndex: RULE_IDS.indexOf(d.type),
        level: d.severity ?? 'error',
        message: { text: `${d.message} (${d.url})` },
        locations: [{ physicalLocation: { artifactLocation: { uri }, region: { startLine: d.line, startColumn: d.column, endLine: d.endLine, endColumn: d.endColumn } } }],
      };
      // one result per URL (its rule the first error's type); every error of the URL as a related location
      const errors = d.errors ?? [];
      if (errors.length > 1) {
        result.relatedLocations = errors.map((e, id) => ({ id, message: { text: `${e.type}: ${e.message}` }, physicalLocation: { artifactLocation: { uri }, region: { startLine: e.line, startColumn: e.column, endLine: e.endLine, endColumn: e.endColumn } }, properties: { type: e.type, ...reported(e) } }));
      }
      // where the result's (its first) error was reported: the state, the step, and that step in url.bs
      const properties: Record<string, unknown> = { ...reported({ ...(errors[0] ?? d), type: d.type }) };
      if (d.fix) {
        const f = d.fix;
        result.fixes = [
          {
            description: { text: 'Replace the URL by its serialization' },
            artifactChanges: [{ artifactLocation: { uri }, replacements: [{ deletedRegion: { startLine: f.line, startColumn: f.column, endLine: f.endLine, endColumn: f.endColumn }, insertedContent: { text: f.text } }] }],
          },
        ];
      } else if (d.noFix !== undefined) {
        properties.noFix = d.noFix;
      }
      if (Object.keys(properties).length > 0) result.properties = properties;
      out((n++ === 0 ? '' : ',') + '\n' + JSON.stringify(result));
    },
    end(totals) {
      out(`\n],"invocations":[{"executionSuccessful":true,"properties":{"errors":${totals.errors},"files":${totals.files}}}]}]}\n`);
    },
  };
}
