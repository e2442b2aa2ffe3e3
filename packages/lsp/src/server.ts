// The language server: the Language Server Protocol over a pair of streams (standard input and
// output for `url-grammar lsp`), through vscode-languageserver, the protocol's reference library.
//
//   diagnostics  each open document linted as `url-grammar lint` lints its file (linting.ts, in a
//                worker thread): one diagnostic per finding, at its first error, its code the
//                error type, its code description the url.bs step that reports it, the other
//                errors of the URL as related information; published with the document's version
//   code actions lint's fixes (one URL, or all of the document's: what --fix writes), and
//                "disable for this line" (actions.ts)
//   hover        the URL under the cursor: href, components, verdicts, errors and their steps, a
//                viewer permalink (hover.ts)
//
// Documents are synchronised incrementally. Nothing the server does for one document waits on
// its lint: the lint runs in the worker, which drops a version as soon as a newer one comes; a
// lint over the document's time budget stops with what it found so far and says where (a piece of
// text that alone runs past it makes the server end the worker and start another, and say so on
// the document); a document over maxDocumentSize is not linted, and says so. Settings:
// settings.ts. A malformed message gets a JSON-RPC error response and the server reads on
// (framing.ts). The server exits on `exit` (0 after `shutdown`, else 1), when its input ends, and
// when the client's process (initialize's processId) is gone.

import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Readable, Writable } from 'node:stream';
import {
  CodeActionKind,
  createConnection,
  DiagnosticSeverity,
  MarkupKind,
  MessageType,
  ShowMessageNotification,
  StreamMessageWriter,
  TextDocumentSyncKind,
  TextDocuments,
  type CodeAction,
  type Connection,
  type Diagnostic,
  type InitializeParams,
  type Range,
  type TextEdit,
  type WorkspaceEdit,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { applyFixes, kindFromPath, shownURL, type SourceKind } from '@url-grammar/lint';
import { FramedReader } from './framing';
import { describeURL, urlAt } from './hover';
import { disableInsertion } from './actions';
import { DEFAULT_MAX_DOCUMENT_SIZE, DEFAULT_TIME_BUDGET, documentOptions, readSettings, type Settings } from './settings';
import type { Finding, FromWorker, ToWorker } from './messages';
import { moved } from './linting';

/** How long past its time budget a lint may go without a word before the worker is ended. */
const GRACE = 2_000;

/** The kind of document an editor's language identifier stands for. */
const LANGUAGES: Record<string, SourceKind> = {
  markdown: 'markdown',
  html: 'html',
  plaintext: 'text',
  text: 'text',
  javascript: 'js',
  typescript: 'js',
};

/** What lint reads a document as: by its file name, as lint does; else by its language. */
export function documentKind(uri: string, languageId: string): SourceKind {
  const byName = uri.startsWith('file:') ? kindFromPath(fileURLToPath(uri)) : 'text';
  return byName !== 'text' ? byName : (LANGUAGES[languageId] ?? 'text');
}

/** The range of a lint place (1-based lines and columns, end exclusive). */
function rangeOf(x: { line: number; column: number; endLine: number; endColumn: number }): Range {
  return { start: { line: x.line - 1, character: x.column - 1 }, end: { line: x.endLine - 1, character: x.endColumn - 1 } };
}

/** One finding as a diagnostic. */
export function toDiagnostic(uri: string, f: Finding): Diagnostic {
  const d: Diagnostic = {
    range: rangeOf(f),
    severity: f.severity === 'warning' ? DiagnosticSeverity.Warning : DiagnosticSeverity.Error,
    code: f.type,
    codeDescription: { href: f.steps[0].href },
    source: 'url-grammar',
    message: `${f.message} <${shownURL(f.url)}>`,
  };
  if (f.errors.length > 1) {
    d.relatedInformation = f.errors.map((e, i) => ({ location: { uri, range: rangeOf(e) }, message: `${e.type}: ${e.message} (the ${f.steps[i].name}: ${f.steps[i].href})` }));
  }
  return d;
}

/** What the server knows of an open document's findings. */
interface DocumentState {
  version: number;
  /** The findings published (a preview's are put together when first asked for). */
  findings: () => Finding[];
  final: boolean;
  /** A note published with them (a stop, a configuration that cannot be used). */
  note: Diagnostic | null;
  /** The findings' diagnostics as published (the note apart). */
  diagnostics?: Diagnostic[];
}

/** The last whole lint of a document (what the worker's previews are made from), and its diagnostics. */
interface Whole {
  version: number;
  findings: Finding[];
  diagnostics: Diagnostic[] | null;
}

/** A diagnostic moved by `lines` lines. */
function movedDiagnostic(d: Diagnostic, lines: number): Diagnostic {
  if (lines === 0) return d;
  const range = (r: Range): Range => ({ start: { line: r.start.line + lines, character: r.start.character }, end: { line: r.end.line + lines, character: r.end.character } });
  const out: Diagnostic = { ...d, range: range(d.range) };
  if (d.relatedInformation) out.relatedInformation = d.relatedInformation.map((r) => ({ ...r, location: { ...r.location, range: range(r.location.range) } }));
  return out;
}

function note(message: string, line = 0, severity: DiagnosticSeverity = DiagnosticSeverity.Information): Diagnostic {
  return { range: { start: { line, character: 0 }, end: { line, character: 0 } }, severity, source: 'url-grammar', message };
}

/** The worker's script: beside this file, built or (under ts-node) as source. */
function startWorker(): Worker {
  if (__filename.endsWith('.ts')) return new Worker(join(__dirname, 'worker.ts'), { execArgv: ['-r', 'ts-node/register/transpile-only'] });
  return new Worker(join(__dirname, 'worker.js'));
}

/**
 * Serves the protocol on `input` and `output` until the client says `exit`, the input ends or the
 * client's process is gone; then ends the process (as vscode-languageserver does).
 */
export function startServer(input: Readable, output: Writable): Connection {
  const writer = new StreamMessageWriter(output);
  // eslint-disable-next-line prefer-const
  let connection: Connection;
  const reader = new FramedReader(input, (error) => {
    void writer.write({ jsonrpc: '2.0', id: null, error } as unknown as Parameters<typeof writer.write>[0]);
    connection?.console.error(`url-grammar lsp: ${error.message}`);
  });
  connection = createConnection(reader, writer);
  // (nothing but the protocol may go to the output)
  console.log = console.info = console.warn = console.error = console.debug = (...args: unknown[]) => connection.console.log(args.map(String).join(' '));
  let shutdown = false;
  reader.onClose(() => process.exit(shutdown ? 0 : 1));
  connection.onShutdown(() => {
    shutdown = true;
  });

  const documents = new TextDocuments(TextDocument);
  const states = new Map<string, DocumentState>();
  const wholes = new Map<string, Whole>();
  let settings: Settings = {};
  let root = process.cwd();
  let markdownHover = false;
  let documentChanges = false;
  let relatedInformation = true;

  const budget = () => settings.timeBudget ?? DEFAULT_TIME_BUDGET;
  const say = (problems: string[]) => {
    for (const p of problems) void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message: `url-grammar: ${p}` });
  };

  // ---- the worker ------------------------------------------------------------------------------
  let worker: Worker;
  /** The lint running in the worker, if any: since when. */
  let busy: { uri: string; version: number; since: number } | null = null;
  /** A version the worker could not lint in time: not asked again. */
  const gaveUp = new Map<string, number>();

  const spawn = () => {
    worker = startWorker();
    worker.on('message', (m: FromWorker) => received(m));
    worker.on('error', (e) => connection.console.error(`url-grammar lsp: the lint worker failed: ${e.message}`));
    worker.unref();
  };
  const send = (m: ToWorker) => worker.postMessage(m);
  spawn();

  const watchdog = setInterval(() => {
    if (!busy || performance.now() - busy.since < budget() + GRACE) return;
    const stuck = busy;
    busy = null;
    void worker.terminate();
    spawn();
    gaveUp.set(stuck.uri, stuck.version);
    const doc = documents.get(stuck.uri);
    if (doc && doc.version === stuck.version) {
      publish(stuck.uri, { version: doc.version, findings: () => [], final: true, note: note(`url-grammar: not linted: a part of this document took longer than the time budget (${budget()} ms, the timeBudget setting) to read; it is linted again on the next change`) });
    }
    for (const d of documents.all()) if (d.uri !== stuck.uri && states.get(d.uri)?.final !== true) lint(d);
  }, 500);
  watchdog.unref();

  const diagnosticsOf = (uri: string, findings: readonly Finding[]) =>
    findings.map((f) => {
      const d = toDiagnostic(uri, f);
      if (!relatedInformation) delete d.relatedInformation;
      return d;
    });

  function publish(uri: string, state: DocumentState, made?: Diagnostic[]): void {
    const diagnostics = made ?? diagnosticsOf(uri, state.findings());
    states.set(uri, { ...state, diagnostics });
    void connection.sendDiagnostics({ uri, version: state.version, diagnostics: state.note ? [...diagnostics, state.note] : diagnostics });
  }

  function received(m: FromWorker): void {
    if (m.type === 'start') {
      busy = { uri: m.uri, version: m.version, since: performance.now() };
      return;
    }
    if (m.type === 'end') {
      if (busy && busy.uri === m.uri && busy.version === m.version) busy = null;
      return;
    }
    const doc = documents.get(m.uri);
    if (m.type === 'preview') {
      const whole = wholes.get(m.uri);
      // (a version the document has left behind is not shown)
      if (!doc || doc.version !== m.version || !whole || whole.version !== m.base) return;
      const kept = (whole.diagnostics ??= diagnosticsOf(m.uri, whole.findings));
      const diagnostics = [...Array.from(m.before, (i) => kept[i]), ...diagnosticsOf(m.uri, m.inside), ...Array.from(m.after, (i) => movedDiagnostic(kept[i], m.lines))];
      let findings: Finding[] | null = null;
      const made = () => (findings ??= [...Array.from(m.before, (i) => whole.findings[i]), ...m.inside, ...Array.from(m.after, (i) => moved(whole.findings[i], m.offset, m.lines))]);
      publish(m.uri, { version: m.version, findings: made, final: false, note: null }, diagnostics);
      return;
    }
    if (!m.stopped) wholes.set(m.uri, { version: m.version, findings: m.findings, diagnostics: null });
    if (!doc || doc.version !== m.version) return;
    const previous = states.get(m.uri);
    if (m.same && previous?.version === m.version) {
      // the whole lint found what the preview of this version showed: the preview's diagnostics are
      // the whole's too, and the next preview starts from them (made here, they would be made on
      // the next edit's way, for every finding of the document)
      states.set(m.uri, { ...previous, findings: () => m.findings, final: true });
      const whole = wholes.get(m.uri);
      if (whole && whole.version === m.version && previous.diagnostics) whole.diagnostics = previous.diagnostics;
      return;
    }
    const stop = m.stopped ? note(`url-grammar: linting stopped here: the document took longer than its time budget (${budget()} ms, the timeBudget setting); findings after this line are not shown`, m.stopped.line - 1, DiagnosticSeverity.Information) : null;
    const whole = wholes.get(m.uri);
    const diagnostics = whole && whole.version === m.version ? (whole.diagnostics = diagnosticsOf(m.uri, m.findings)) : undefined;
    publish(m.uri, { version: m.version, findings: () => m.findings, final: true, note: stop }, diagnostics);
  }

  function lint(doc: TextDocument): void {
    const text = doc.getText();
    const max = settings.maxDocumentSize ?? DEFAULT_MAX_DOCUMENT_SIZE;
    if (text.length > max) {
      send({ type: 'close', uri: doc.uri });
      publish(doc.uri, { version: doc.version, findings: () => [], final: true, note: note(`url-grammar: not linted: the document is ${text.length} code units long, over maxDocumentSize (${max})`) });
      return;
    }
    if (gaveUp.get(doc.uri) === doc.version) return;
    const path = doc.uri.startsWith('file:') ? fileURLToPath(doc.uri) : null;
    const found = documentOptions(path, root, settings);
    if ('error' in found) {
      send({ type: 'close', uri: doc.uri });
      publish(doc.uri, { version: doc.version, findings: () => [], final: true, note: note(`url-grammar: not linted: ${found.error}`, 0, DiagnosticSeverity.Error) });
      return;
    }
    send({ type: 'lint', uri: doc.uri, version: doc.version, text, kind: documentKind(doc.uri, doc.languageId), options: found.options, budget: budget() });
  }

  // ---- the protocol ----------------------------------------------------------------------------
  connection.onInitialize((params: InitializeParams) => {
    const folder = params.workspaceFolders?.[0]?.uri ?? params.rootUri;
    if (folder && folder.startsWith('file:')) root = fileURLToPath(folder);
    else if (params.rootPath) root = params.rootPath;
    const init = params.initializationOptions as Record<string, unknown> | undefined;
    const given = readSettings(init && typeof init === 'object' && 'url-grammar' in init ? init['url-grammar'] : init);
    settings = given.settings;
    const text = params.capabilities.textDocument;
    markdownHover = text?.hover?.contentFormat?.includes(MarkupKind.Markdown) ?? false;
    documentChanges = params.capabilities.workspace?.workspaceEdit?.documentChanges ?? false;
    relatedInformation = text?.publishDiagnostics?.relatedInformation ?? true;
    if (given.problems.length) setImmediate(() => say(given.problems));
    return {
      capabilities: {
        positionEncoding: 'utf-16',
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        hoverProvider: true,
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, `${CodeActionKind.SourceFixAll}.url-grammar`] },
      },
      serverInfo: { name: 'url-grammar', version: (require('../package.json') as { version: string }).version },
    };
  });

  connection.onDidChangeConfiguration((params) => {
    const all = params.settings as Record<string, unknown> | null | undefined;
    if (all && typeof all === 'object' && 'url-grammar' in all) {
      const given = readSettings(all['url-grammar']);
      settings = given.settings;
      say(given.problems);
    }
    for (const doc of documents.all()) lint(doc);
  });
  // a configuration file changed (for a client that watches files): every document again
  connection.onDidChangeWatchedFiles(() => {
    for (const doc of documents.all()) lint(doc);
  });

  documents.onDidChangeContent((e) => lint(e.document));
  documents.onDidClose((e) => {
    send({ type: 'close', uri: e.document.uri });
    states.delete(e.document.uri);
    wholes.delete(e.document.uri);
    gaveUp.delete(e.document.uri);
    void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
  });

  connection.onHover((params) => {
    const doc = documents.get(params.textDocument.uri);
    if (!doc) return null;
    const text = doc.getText();
    const kind = documentKind(doc.uri, doc.languageId);
    const f = urlAt(text, doc.offsetAt(params.position), kind);
    if (!f) return null;
    const found = documentOptions(doc.uri.startsWith('file:') ? fileURLToPath(doc.uri) : null, root, settings);
    const base = 'options' in found ? found.options.base : undefined;
    return {
      contents: { kind: markdownHover ? MarkupKind.Markdown : MarkupKind.PlainText, value: describeURL(f.url, base, markdownHover) },
      range: { start: doc.positionAt(f.start), end: doc.positionAt(f.end) },
    };
  });

  connection.onCodeAction((params) => {
    const doc = documents.get(params.textDocument.uri);
    const state = states.get(params.textDocument.uri);
    if (!doc || !state || state.version !== doc.version) return [];
    const edit = (edits: TextEdit[]): WorkspaceEdit =>
      documentChanges ? { documentChanges: [{ textDocument: { uri: doc.uri, version: doc.version }, edits }] } : { changes: { [doc.uri]: edits } };
    const { start, end } = params.range;
    const only = params.context.only;
    const wants = (kind: string) => !only || only.some((k) => kind === k || kind.startsWith(`${k}.`));
    const actions: CodeAction[] = [];
    const text = doc.getText();
    const kind = documentKind(doc.uri, doc.languageId);
    const findings = state.findings();
    findings.forEach((f) => {
      const lines = f.errors.map((e) => [e.line - 1, e.endLine - 1]);
      if (!lines.some(([a, b]) => a <= end.line && b >= start.line)) return;
      const diagnostic = toDiagnostic(doc.uri, f);
      if (f.fix && wants(CodeActionKind.QuickFix)) {
        actions.push({
          title: `Fix the URL: write its serialization ${shownURL(f.fix.text)}`,
          kind: CodeActionKind.QuickFix,
          diagnostics: [diagnostic],
          isPreferred: true,
          edit: edit([{ range: rangeOf(f.fix), newText: f.fix.text }]),
        });
      }
      if (wants(CodeActionKind.QuickFix)) {
        const types = [...new Set(f.errors.filter((e) => e.line === f.line).map((e) => e.type))];
        const lineStart = doc.offsetAt({ line: f.line - 1, character: 0 });
        const insert = disableInsertion(text, kind, lineStart, types);
        if (insert !== null) {
          actions.push({
            title: `Disable ${types.join(', ')} for this line`,
            kind: CodeActionKind.QuickFix,
            diagnostics: [diagnostic],
            edit: edit([{ range: { start: { line: f.line - 1, character: 0 }, end: { line: f.line - 1, character: 0 } }, newText: insert }]),
          });
        }
      }
    });
    const fixes = findings.filter((f) => f.fix).map((f) => f.fix!);
    const fixAll = `${CodeActionKind.SourceFixAll}.url-grammar`;
    if (fixes.length > 0 && (only ? wants(fixAll) : actions.length > 0)) {
      // what --fix writes (lint's applyFixes), as one edit of the whole text
      const edits: TextEdit[] = [{ range: { start: { line: 0, character: 0 }, end: doc.positionAt(text.length) }, newText: applyFixes(text, fixes) }];
      actions.push({ title: `Fix every URL url-grammar can fix in this file (${fixes.length})`, kind: fixAll, edit: edit(edits) });
    }
    return actions;
  });

  documents.listen(connection);
  connection.listen();
  return connection;
}
