// @url-grammar/lint: find the URLs in text, Markdown and HTML, report each validation error at its
// place in the file, and fix what is safe to fix. The library first; the `url-grammar lint`
// command (./cli) is built on it.

export {
  findURLs,
  lintText,
  applyFixes,
  decodeUTF8,
  kindFromPath,
  positions,
  LineIndex,
  LintSession,
  sourceSpan,
  srcsetURLs,
  planFix,
  KNOWN_SCHEMES,
  type FoundURL,
  type SourceKind,
  type URLContext,
  type FixPlan,
  type FixContext,
  type LintFix,
  type LintDiagnostic,
  type LintOptions,
  type LeftOut,
  findingMessage,
  afterBOM,
  type LintError,
} from './lint';
export { lintBytes, type StreamResult } from './run';
export { decodeStringBody, jsURLs, JSFinder } from './js';
export { loadConfig, readConfig, findConfigFile, configFrom, severityOf, severityFrom, CONFIG_FILE, CONFIG_FILES, PACKAGE_JSON_KEY, SEVERITIES, ConfigError, type LintConfig, type Severity } from './config';
export { expandArguments, gitRoot, IgnoreRules, LINTED_EXTENSIONS, type ArgumentFiles, type FileOptions } from './files';
export { DisableDirectives, FindingFilter, directivesOf, type FindingRules } from './disable';
export { rewriteWithFixes, startsWithBOM } from './rewrite';
export { decodeDocument, encodingOfBOM, DocumentDecoder, notTextMessage, type TextEncodingName, type NotText } from './encoding';
export { textReporter, findingTypes, shownURL, SHOWN_URL_LENGTH, type TextReporterOptions, type TextColors } from './text-report';
// The links into the URL Standard are the core's (pinned to the url.bs url-grammar implements),
// given here too for what lint's output holds: errorAnchor is what this package called specAnchor.
export { errorAnchor, errorLink, SPEC_URL } from 'url-grammar';
export {
  OUTPUT_FORMATS,
  reported,
  summary,
  toRecord,
  jsonReporter,
  jsonlReporter,
  sarifReporter,
  sarifRules,
  artifactURI,
  type OutputFormat,
  type LintRecord,
  type LintRecordError,
  type Reported,
  type Totals,
  type Reporter,
} from './formats';
