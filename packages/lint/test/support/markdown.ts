// A Markdown document read in pieces, as LintSession reads it: split by MarkdownSplitter, each
// piece parsed in turn by one MarkdownParser (the tests compare this with a whole-document read).

import { MarkdownParser, MarkdownSplitter } from '../../src/markdown';
import type { FoundURL } from '../../src/found';

/** The findings of `text` pushed in chunks of `chunk` code units, split with the given target piece size. */
export function streamed(text: string, chunk = 4096, target?: number): FoundURL[] {
  const splitter = new MarkdownSplitter(target);
  const parser = new MarkdownParser();
  const found: FoundURL[] = [];
  for (let i = 0; i < text.length; i += chunk) for (const p of splitter.push(text.slice(i, i + chunk))) found.push(...parser.push(p.text, p.offset));
  for (const p of splitter.end()) found.push(...parser.push(p.text, p.offset));
  found.push(...parser.end());
  return found;
}
