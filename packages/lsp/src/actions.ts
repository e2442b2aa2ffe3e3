// Code actions: lint's safe fixes only (each finding's `fix`, which lint's planFix decided: the URL
// replaced by its serialization, escaped for its place, nothing outside the URL touched), all of a
// document's at once (what `url-grammar lint --fix` writes), and "disable for this line": a
// `url-grammar-disable-next-line <types>` comment on a line of its own above the finding's line,
// in the document's own comment syntax, with the line's indentation (and, in Markdown, its
// block-quote markers).
//
// The comment is offered only where it changes nothing else: the URLs lint finds in the block
// around it are the same with it as without it; in JavaScript it must read as a comment of its
// own (not inside a template literal or a block comment); in HTML it must not fall inside a tag;
// in Markdown not in a table (a line of its own there would end the table). In the middle of a
// Markdown paragraph the comment, an HTML block, splits the paragraph in two, as markdownlint's
// disable comments do.

import jsTokens from 'js-tokens';
import { findURLs, type SourceKind } from '@url-grammar/lint';
import { blockAround } from './hover';

/** The comment that disables `types` on the next line, in a document of `kind`. */
export function directive(kind: SourceKind, types: readonly string[]): string {
  const words = `url-grammar-disable-next-line ${types.join(' ')}`;
  if (kind === 'markdown' || kind === 'html') return `<!-- ${words} -->`;
  if (kind === 'js') return `// ${words}`;
  return words;
}

/** The longest JavaScript source read from its start to check where a comment goes. */
const JS_CHECKED = 2 * 1024 * 1024;

/**
 * The text to insert at `lineStart` (the start of the finding's line in `text`) to disable `types`
 * there, or null where the comment would change more than that (see the top of this file).
 */
export function disableInsertion(text: string, kind: SourceKind, lineStart: number, types: readonly string[]): string | null {
  const lineEnd = text.slice(lineStart).search(/\r\n|\r|\n|$/) + lineStart;
  const line = text.slice(lineStart, lineEnd);
  const newline = /\r\n|\r|\n/.exec(text)?.[0] ?? '\n';
  const prefix = (kind === 'markdown' ? /^[ \t>]*/ : /^[ \t]*/).exec(line)![0];
  const comment = directive(kind, types);
  const insert = prefix + comment + newline;
  const edited = text.slice(0, lineStart) + insert + text.slice(lineStart);
  if (kind === 'markdown') {
    const previous = text.slice(0, Math.max(0, lineStart - 1)).split(/\r\n|\r|\n/).pop() ?? '';
    if (/^[ \t>]*\|/.test(line) || (lineStart > 0 && /^[ \t>]*\|/.test(previous))) return null;
  }
  if (kind === 'html') {
    const before = text.slice(0, lineStart);
    if (before.lastIndexOf('<') > before.lastIndexOf('>')) return null;
  }
  if (kind === 'js') {
    if (lineStart > JS_CHECKED) return null;
    // the token that starts where the comment is written must be that comment, whole
    const at = lineStart + prefix.length;
    let offset = 0;
    let ok = false;
    for (const t of jsTokens(edited.slice(0, at + comment.length + newline.length))) {
      if (offset === at) {
        ok = t.type === 'SingleLineComment' && t.value === comment;
        break;
      }
      offset += t.value.length;
      if (offset > at) break;
    }
    if (!ok) return null;
  }
  // the URLs found around it, with it and without it
  const block = blockAround(text, lineStart);
  const shownBefore = findURLs(text.slice(block.start, block.end), { kind }).map((f) => `${f.url}\n${f.context ?? ''}\n${f.start + block.start}`);
  const after = findURLs(edited.slice(block.start, block.end + insert.length), { kind }).map((f) => {
    const start = f.start + block.start;
    return `${f.url}\n${f.context ?? ''}\n${start >= lineStart + insert.length ? start - insert.length : start}`;
  });
  if (shownBefore.join('\n\n') !== after.join('\n\n')) return null;
  return insert;
}
