// Applying fixes to a file as a stream: the second pass of `lint --fix`. The first pass (lintBytes)
// gave the fixes, each a replacement of [start, end) in UTF-16 code units of the decoded text;
// this one reads the bytes again, decodes them the same way, and writes the text with the
// replacements, piece by piece, so a file of any size takes memory for its fixes only.

import type { LintFix } from './lint';

/** The UTF-8 byte order mark, which the decoder drops and a rewrite must keep. */
export function startsWithBOM(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
}

/**
 * Writes the document read from `chunks` with `fixes` applied (overlapping or repeated ones once,
 * the first wins, as applyFixes does), a leading BOM kept as it was. Resolves to the number of
 * replacements made.
 */
export async function rewriteWithFixes(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  fixes: ReadonlyArray<Pick<LintFix, 'start' | 'end' | 'text'>>,
  write: (text: string) => void | Promise<void>,
): Promise<number> {
  const sorted = [...fixes].sort((a, b) => a.start - b.start || a.end - b.end);
  const kept: typeof sorted = [];
  for (const f of sorted) if (kept.length === 0 || f.start >= kept[kept.length - 1].end) kept.push(f);
  const decoder = new TextDecoder('utf-8');
  let first = true;
  let offset = 0; // code units of decoded text before the current piece
  let next = 0; // the next fix, or the one whose replaced text is being skipped
  const emit = async (text: string) => {
    const pieceEnd = offset + text.length;
    let pos = offset;
    while (pos < pieceEnd) {
      const f = kept[next];
      if (f !== undefined && f.start < pos) {
        // inside the text a fix replaces (its replacement is written already): skip it
        pos = Math.min(f.end, pieceEnd);
        if (pos >= f.end) next++;
        continue;
      }
      if (f === undefined || f.start >= pieceEnd) {
        await write(text.slice(pos - offset));
        break;
      }
      if (f.start > pos) await write(text.slice(pos - offset, f.start - offset));
      await write(f.text);
      pos = Math.min(f.end, pieceEnd);
      if (pos >= f.end) next++;
    }
    offset = pieceEnd;
  };
  for await (const chunk of chunks) {
    if (first && startsWithBOM(chunk)) await write('\uFEFF');
    first = false;
    await emit(decoder.decode(chunk, { stream: true }));
  }
  await emit(decoder.decode());
  // a fix at the very end of the text (an insertion there) has had no text to be met in
  for (; next < kept.length; next++) if (kept[next].start >= offset) await write(kept[next].text);
  return kept.length;
}
