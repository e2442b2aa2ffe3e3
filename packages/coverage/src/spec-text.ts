// The URL Standard's own words, for the reports: where url.bs defines each validation error type
// and which steps report it, and the paragraph that defines each writing rule. They are taken
// from url.bs at build time (scripts/copy-data.js, from the core's test/spec/url.bs: whatwg/url
// at 6ae8486, license CC BY 4.0) into dist/spec-passages.json, so the package ships the passages
// it cites rather than the whole standard.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One passage of url.bs: its first line (1-based) and its text without markup. */
export interface Passage {
  line: number;
  text: string;
}

export interface SpecPassages {
  /** Where the passages come from (the attribution CC BY 4.0 asks for). */
  source: string;
  /** Per validation error type: its row of the validation-error table, and the steps that report it. */
  errors: Record<string, { definition: Passage | null; steps: Passage[] }>;
  /** Per anchor (a writing rule's `spec`): the paragraph that defines it. */
  anchors: Record<string, Passage>;
}

export const SPEC_SOURCE = 'URL Living Standard, whatwg/url commit 6ae8486 (url.bs), https://url.spec.whatwg.org/, CC BY 4.0';

/** Markup out, character references that url.bs uses decoded, whitespace collapsed. */
export function plainText(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&nbsp;/g, ' ')
    .replace(/&minus;/g, '\u2212')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

const indentOf = (line: string) => line.length - line.trimStart().length;
const startsItem = (line: string) => /^\s*<li\b/.test(line);
/** A line that ends the step it follows (another step, the end of a list, a new state). */
const endsStep = (line: string) => line.trim() === '' || /^\s*(<li\b|<\/ol>|<\/ul>|<ol\b|<ul\b|<dt\b|<\/dl>|<h\d)/.test(line);

/** The step (a list item's first paragraph) that holds line `at`, from its `<li>` to where the next begins. */
function stepAround(lines: readonly string[], at: number): Passage {
  let start = at;
  while (start > 0 && !startsItem(lines[start])) start--;
  let end = at + 1;
  while (end < lines.length && !endsStep(lines[end])) end++;
  return { line: start + 1, text: plainText(lines.slice(start, end).join('\n')) };
}

/** The list item that contains the step starting at line `start` (the condition it is under), or null. */
function parentStep(lines: readonly string[], start: number): Passage | null {
  const indent = indentOf(lines[start]);
  for (let i = start - 1; i >= 0; i--) {
    const line = lines[i];
    if (line.trim() === '') continue;
    if (/^\s*<dt\b|^\s*<h\d/.test(line)) return null;
    if (startsItem(line) && indentOf(line) < indent) {
      // the item's own paragraph: its first non-empty lines, up to its nested list
      let end = i + 1;
      while (end < lines.length && !/^\s*(<ol\b|<ul\b|<li\b)/.test(lines[end]) && lines[end].trim() !== '') end++;
      if (end < lines.length && lines[end].trim() === '') {
        // "<li>" then "<p>If ...:" on the next lines
        let more = end + 1;
        while (more < lines.length && lines[more].trim() !== '' && !/^\s*(<ol\b|<ul\b|<li\b)/.test(lines[more])) more++;
        end = more;
      }
      return { line: i + 1, text: plainText(lines.slice(i, end).join('\n')) };
    }
  }
  return null;
}

/** The algorithm or state a line is in: the nearest `<dt><dfn>` or heading above it. */
function placeOf(lines: readonly string[], at: number): string {
  for (let i = at; i >= 0; i--) {
    const dt = /^\s*<dt><dfn[^>]*>([\s\S]*?)<\/dfn>/.exec(lines[i]);
    if (dt) return plainText(dt[1]);
    const h = /^<h\d[^>]*>([\s\S]*?)<\/h\d>/.exec(lines[i]);
    if (h) return plainText(h[1]);
    const algorithm = /^<p>The <dfn[^>]*>([\s\S]*?)<\/dfn>/.exec(lines[i]);
    if (algorithm && i < at) return plainText(algorithm[1]);
  }
  return 'url.bs';
}

/** Bikeshed's id for a dfn without one: its text, lower-cased, runs of other characters as "-". */
function dfnId(text: string): string {
  return plainText(text).toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

/** The ids a dfn tag answers to: its id, its old ids, or the one its text gives it. */
function idsOf(attributes: string, text: string): string[] {
  const ids: string[] = [];
  const id = /\bid=["']?([^\s"'>]+)/.exec(attributes);
  ids.push(id ? id[1] : dfnId(text));
  const old = /\boldids=["']?([^"'>]+)/.exec(attributes);
  if (old) for (const o of old[1].split(',')) ids.push(o.trim());
  return ids;
}

/** The paragraph that defines an anchor: from its dfn's line to a blank line, with the list after a closing ":". */
function definitionAt(lines: readonly string[], at: number): Passage {
  let start = at;
  while (start > 0 && lines[start - 1].trim() !== '' && !/^\s*<(p|li|dt|dd)\b/.test(lines[start])) start--;
  let end = at + 1;
  while (end < lines.length && lines[end].trim() !== '') end++;
  let text = plainText(lines.slice(start, end).join('\n'));
  if (text.endsWith(':')) {
    // "must be one of the following:" and its list, to the list's end
    let more = end;
    while (more < lines.length && lines[more].trim() === '') more++;
    if (/^\s*<(ul|ol)\b/.test(lines[more] ?? '')) {
      while (more < lines.length && !/^\s*<\/(ul|ol)>/.test(lines[more])) more++;
      text = plainText(lines.slice(start, more + 1).join('\n'));
    }
  }
  return { line: start + 1, text: text.length > 900 ? `${text.slice(0, 897)}...` : text };
}

/**
 * The passages of `bs` (url.bs) for the error types `errorTypes` and the anchors `anchors`: each
 * type's table row and the steps that report it (with the condition each is under and the
 * algorithm or state it is in), and each anchor's defining paragraph.
 */
export function extractPassages(bs: string, errorTypes: readonly string[], anchors: readonly string[]): SpecPassages {
  const lines = bs.split('\n');
  const errors: SpecPassages['errors'] = {};
  for (const type of errorTypes) {
    let definition: Passage | null = null;
    const steps: Passage[] = [];
    const row = lines.findIndex((l) => new RegExp(`<td><dfn[^>]*>${type}</dfn>`).test(l));
    if (row >= 0) {
      let end = row + 1;
      while (end < lines.length && !/^\s*(<tr>|<\/table>)/.test(lines[end])) end++;
      const cells = lines.slice(row, end).join('\n').split(/<td[^>]*>/).map(plainText).filter(Boolean);
      definition = { line: row + 1, text: `${type}: ${cells.slice(1).join(' Failure: ')}` };
    }
    // a step that reports it: "<a>type</a> <a>validation error</a>" (on this line or across the
    // next), the type capitalised when it starts a sentence
    const capital = type[0].toUpperCase() + type.slice(1);
    const reported = new RegExp(`<a>(?:${type}|${capital})</a>\\s+<a>validation\\s+error</a>`);
    for (let i = 0; i < lines.length; i++) {
      if (!lines[i].includes(`<a>${type}</a>`) && !lines[i].includes(`<a>${capital}</a>`)) continue;
      if (!reported.test(lines[i] + '\n' + (lines[i + 1] ?? ''))) continue;
      const step = stepAround(lines, i);
      if (steps.some((s) => s.line === step.line)) continue;
      const parent = parentStep(lines, step.line - 1);
      const under = parent && !/^(If|Otherwise)\b/.test(step.text) ? `${parent.text} ` : '';
      steps.push({ line: step.line, text: `${placeOf(lines, i)}: ${under}${step.text}` });
    }
    errors[type] = { definition, steps };
  }
  const wanted = new Set(anchors);
  const found: SpecPassages['anchors'] = {};
  for (let i = 0; i < lines.length; i++) {
    for (const m of lines[i].matchAll(/<dfn([^>]*)>([\s\S]*?)<\/dfn>/g)) {
      for (const id of idsOf(m[1], m[2])) {
        if (wanted.has(id) && !found[id]) found[id] = definitionAt(lines, i);
      }
    }
  }
  return { source: SPEC_SOURCE, errors, anchors: found };
}

let loaded: SpecPassages | undefined;

/** The passages the build extracted (dist/spec-passages.json), or, from the sources, extracted now from the core's url.bs. */
export function specPassages(): SpecPassages {
  if (loaded) return loaded;
  const built = join(__dirname, 'spec-passages.json');
  const fallback = join(__dirname, '..', 'dist', 'spec-passages.json');
  const file = [built, fallback].find((f) => existsSync(f));
  if (!file) throw new Error('the url.bs passages are not built (dist/spec-passages.json of @url-grammar/coverage): run npm run build');
  loaded = JSON.parse(readFileSync(file, 'utf8')) as SpecPassages;
  return loaded;
}
