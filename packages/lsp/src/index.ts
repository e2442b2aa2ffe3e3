// @url-grammar/lsp: a language server for WHATWG URL validation errors, built on
// @url-grammar/lint (its finder, configuration, disable comments, severities and fixes) and
// vscode-languageserver. `url-grammar lsp` (./cli) runs it on standard input and output.

export { startServer, toDiagnostic, documentKind } from './server';
export { command } from './cli';
export { readSettings, documentOptions, type Settings, type DocumentLintOptions } from './settings';
export { describeURL, urlAt } from './hover';
export { disableInsertion, directive } from './actions';
export type { Finding, Step } from './messages';
