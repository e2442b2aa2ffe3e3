// Linting a stream of bytes: UTF-8 decoded as it arrives, linted by LintSession in pieces,
// each diagnostic handed on as soon as its piece is done (and its line read whole: a disable
// comment later on the same line still counts for it).

import { FindingFilter } from './disable';
import { LintSession, type LintDiagnostic, type LintOptions } from './lint';

export interface StreamResult {
  /** Whether the bytes were valid UTF-8 (else U+FFFD replaced what was not). */
  valid: boolean;
  diagnostics: number;
}

/**
 * Lints a document read as chunks of bytes. `onInvalidUTF8` is called once, when the first byte
 * that is not UTF-8 is met; a leading BOM is dropped.
 */
export async function lintBytes(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  options: LintOptions,
  onDiagnostic: (d: LintDiagnostic) => void,
  onInvalidUTF8?: () => void,
  /** Awaited after each chunk's diagnostics are handed on (the reader's backpressure). */
  afterChunk?: () => Promise<void>,
): Promise<StreamResult> {
  const session = new LintSession(options);
  const filter = new FindingFilter<LintDiagnostic>(options.kind, options);
  const decoder = new TextDecoder('utf-8');
  let checker: InstanceType<typeof TextDecoder> | null = new TextDecoder('utf-8', { fatal: true });
  let valid = true;
  let count = 0;
  const emit = (found: LintDiagnostic[]) => {
    for (const d of filter.take(found)) {
      count++;
      onDiagnostic(d);
    }
  };
  const check = (bytes: Uint8Array | undefined, last: boolean) => {
    if (!checker) return;
    try {
      checker.decode(bytes, { stream: !last });
    } catch {
      checker = null;
      valid = false;
      onInvalidUTF8?.();
    }
  };
  const feed = (text: string) => {
    filter.text(text);
    emit(session.push(text));
  };
  for await (const chunk of chunks) {
    check(chunk, false);
    feed(decoder.decode(chunk, { stream: true }));
    if (afterChunk) await afterChunk();
  }
  check(undefined, true);
  feed(decoder.decode());
  filter.end();
  emit(session.end());
  return { valid, diagnostics: count };
}
