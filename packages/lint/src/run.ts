// Linting a stream of bytes: decoded as it arrives (by its BOM, else as UTF-8: ./encoding), linted by LintSession in pieces,
// each diagnostic handed on as soon as its piece is done (and its line read whole: a disable
// comment later on the same line still counts for it).

import { FindingFilter } from './disable';
import { LintSession, type LintDiagnostic, type LintOptions } from './lint';
import { DocumentDecoder, type NotText, type TextEncodingName } from './encoding';

export interface StreamResult {
  /** Whether the bytes were all text in their encoding (else U+FFFD replaced what was not, or a NUL byte was met). */
  valid: boolean;
  diagnostics: number;
  /** The encoding the document was read in: its BOM's, else UTF-8 (./encoding). */
  encoding: TextEncodingName;
  /** Why it is not all text, when it is not. */
  notText?: NotText;
  /** HTML: how many tags had more than 1,024 attributes, the rest of each not read (html.ts MAX_ATTRIBUTES); absent when none. */
  truncatedTags?: number;
}

/**
 * Lints a document read as chunks of bytes. Its BOM, if any, says its encoding (UTF-8, UTF-16LE
 * or UTF-16BE) and is dropped; with none it is UTF-8. `onInvalidUTF8` is called once, at the
 * first byte that is not text (not valid in the encoding, or a NUL byte with no BOM: ./encoding),
 * with why.
 */
export async function lintBytes(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  options: LintOptions,
  onDiagnostic: (d: LintDiagnostic) => void,
  onInvalidUTF8?: (why: NotText, encoding: TextEncodingName) => void,
  /** Awaited after each chunk's diagnostics are handed on (the reader's backpressure). */
  afterChunk?: () => Promise<void>,
): Promise<StreamResult> {
  const session = new LintSession(options);
  const filter = new FindingFilter<LintDiagnostic>(options.kind, options);
  let notText: NotText | undefined;
  const decoder = new DocumentDecoder((why, encoding) => {
    notText = why;
    onInvalidUTF8?.(why, encoding);
  });
  let count = 0;
  const emit = (found: LintDiagnostic[]) => {
    for (const d of filter.take(found)) {
      count++;
      onDiagnostic(d);
    }
  };
  const feed = (text: string) => {
    // (a piece that ends inside a character gives no text: nothing to feed, and a CR at the end
    // of the last text must still meet the LF that follows)
    if (text === '') return;
    filter.text(text);
    emit(session.push(text));
  };
  for await (const chunk of chunks) {
    feed(decoder.push(chunk));
    if (afterChunk) await afterChunk();
  }
  feed(decoder.end());
  filter.end();
  emit(session.end());
  const truncatedTags = session.truncatedTags;
  return { valid: decoder.valid, diagnostics: count, encoding: decoder.encoding ?? 'utf-8', ...(notText ? { notText } : {}), ...(truncatedTags > 0 ? { truncatedTags } : {}) };
}
