// The unified diff that `--fix-dry-run` prints, built from the fixes themselves.
//
// The `diff` package's createTwoFilesPatch finds what changed by Myers's algorithm, whose time grows
// with the file's length times the number of changed lines: a file whose every line has a fix
// takes minutes. The fixes already say which lines change, so the changes are known here without
// a search: the lines each fix touches are replaced, and everything else is common to both files.
// The patch is the same, byte for byte, as createTwoFilesPatch(name, name, old, new) writes (its
// 4 lines of context, hunks joined when the context between them is 8 lines or fewer, its
// `Index:`, `---`/`+++` and `@@ -a,b +c,d @@` lines and "\ No newline at end of file"), printed by
// the package's own formatPatch.
//
// Where Myers's algorithm could line the change up otherwise (a changed line equal to a line of
// the other side near it, as when a fix makes a line the same as the next one), the changed lines
// and the lines around them that take part are handed to the package's own diffArrays, which
// decides as createTwoFilesPatch would; that stretch is small, unless a document repeats the same
// changed line over and over (past MAX_WINDOW lines the change is written as it is: every old line
// removed, every new one added, a patch that is as correct but may differ from the package's).

import { diffArrays, formatPatch, type StructuredPatchHunk } from 'diff';

/** A replacement of text [start, end), as lint's fixes are. */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/** The lines of context createTwoFilesPatch writes around a change (its default). */
const CONTEXT = 4;

/** How far after a block a line equal to one of its lines is looked for (see `changes`). */
const HORIZON = 2 * CONTEXT;

/** The most lines handed to diffArrays at once (see above). */
const MAX_WINDOW = 2000;

/**
 * The lines of `text` as the diff package cuts them: each with its "\n" (a "\r" before it stays
 * in the line), the last one without when the text does not end with a line break.
 */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  // the text's end is where the last line stops; past a final "\n" there is no line
  if (starts[starts.length - 1] !== text.length) starts.push(text.length);
  return starts;
}

/** The line (0-based) that holds text offset `at`, by binary search in `starts`. */
function lineOf(starts: readonly number[], at: number): number {
  let lo = 0;
  let hi = starts.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** `text` cut into lines as lineStarts does. */
function splitLines(text: string): string[] {
  const starts = lineStarts(text);
  const out: string[] = [];
  for (let i = 0; i + 1 < starts.length; i++) out.push(text.slice(starts[i], starts[i + 1]));
  return out;
}

/** What changed, in order: lines common to both files (by their old line numbers), or lines removed and added. */
type Component = { common: true; from: number; count: number } | { common: false; added: boolean; lines: string[] };

/** A stretch of old lines [from, to) replaced by `lines`. */
interface Block {
  from: number;
  to: number;
  lines: string[];
}

/**
 * The unified diff between `oldText` and `oldText` with `edits` applied (overlapping or repeated
 * edits once, the first wins, as applyFixes does), as createTwoFilesPatch(oldName, newName,
 * oldText, newText) writes it. `shift` is added to each edit's offsets (a prefix the edits do not
 * count, such as a byte order mark).
 */
export function fixesPatch(oldName: string, newName: string, oldText: string, edits: readonly TextEdit[], shift = 0): string {
  const starts = lineStarts(oldText);
  const lineCount = starts.length - 1;
  const oldLine = (i: number) => oldText.slice(starts[i], starts[i + 1]);

  // the edits in order, as applyFixes takes them
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  const taken: TextEdit[] = [];
  let at = -Infinity;
  for (const e of sorted) {
    if (e.start + shift < at) continue;
    taken.push({ start: e.start + shift, end: e.end + shift, text: e.text });
    at = e.end + shift;
  }

  // the lines each edit touches, with the edits applied; a stretch whose new text does not end
  // with a line break (one was edited away) takes in the next line
  const blocks: Block[] = [];
  const lastLine = (e: TextEdit) => Math.min(lineCount, lineOf(starts, Math.max(e.start, e.end - 1)) + 1);
  for (let i = 0; i < taken.length; ) {
    const from = lineOf(starts, taken[i].start);
    // (an edit at the very end of a text that ends with a line break, or of an empty one, is on
    // the last line, or on none)
    let to = Math.min(from + 1, lineCount);
    const parts: string[] = [];
    let pos = starts[from];
    let joined: string;
    for (;;) {
      while (i < taken.length && (to >= lineCount || taken[i].start < starts[to])) {
        const e = taken[i++];
        parts.push(oldText.slice(pos, e.start), e.text);
        pos = e.end;
        to = Math.max(to, lastLine(e));
      }
      joined = parts.join('') + oldText.slice(pos, to >= lineCount ? oldText.length : starts[to]);
      if (to < lineCount && joined.length > 0 && !joined.endsWith('\n')) to++;
      else break;
    }
    pushBlock(blocks, { from, to, lines: splitLines(joined) }, oldLine);
  }

  const components = changes(blocks, lineCount, oldLine);
  return formatPatch({ oldFileName: oldName, newFileName: newName, oldHeader: undefined, newHeader: undefined, hunks: hunks(components, oldLine) });
}

/**
 * Adds `block` to `blocks` less the lines at its start and end that it leaves as they were, joined
 * to the block before when they meet.
 */
function pushBlock(blocks: Block[], block: Block, oldLine: (i: number) => string): void {
  let { from, to } = block;
  let lines = block.lines;
  let head = 0;
  while (from < to && head < lines.length && oldLine(from) === lines[head]) {
    from++;
    head++;
  }
  let tail = lines.length;
  while (to > from && tail > head && oldLine(to - 1) === lines[tail - 1]) {
    to--;
    tail--;
  }
  if (head > 0 || tail < lines.length) lines = lines.slice(head, tail);
  if (from === to && lines.length === 0) return;
  const last = blocks[blocks.length - 1];
  if (last && last.to === from) {
    last.to = to;
    for (const l of lines) last.lines.push(l);
  } else blocks.push({ from, to, lines });
}

/**
 * The changes between the files, as the diff package's diffLines gives them: common stretches,
 * and each block's old lines removed then its new lines added, unless Myers's algorithm could
 * line them up otherwise. It could where a line of one side equals a line of the other that the
 * blocks do not pair with it, near enough that pairing them costs no more edits: one of a block's
 * old lines equal to one of its new lines, or to a line of the other side within HORIZON lines
 * after it (a common line, which is on both sides, or a line of another block), or the other way
 * round ("x" changed to "y" above an "x" is written "+y x -x"). Then the window, from the block to
 * the last such line (and the blocks on the way, and what they meet in turn: once a window lines
 * up otherwise, its common lines may too, so a line equal to one of them goes in as well), and one
 * common line more, where the files are in step again, goes to diffArrays, which lines it up as
 * diffLines would.
 */
function changes(blocks: readonly Block[], lineCount: number, oldLine: (i: number) => string): Component[] {
  const out: Component[] = [];
  let line = 0;
  const common = (to: number) => {
    if (to > line) out.push({ common: true, from: line, count: to - line });
    line = to;
  };
  const replace = (block: Block) => {
    common(block.from);
    if (block.to > block.from) out.push({ common: false, added: false, lines: rangeLines(block.from, block.to, oldLine) });
    if (block.lines.length > 0) out.push({ common: false, added: true, lines: block.lines });
    line = block.to;
  };
  for (let b = 0; b < blocks.length; b++) {
    // the window's lines: the old and new lines of its blocks, and its common lines
    const old = new Set<string>();
    const added = new Set<string>();
    const commons = new Set<string>();
    let crossed = false;
    const take = (block: Block) => {
      const lines = rangeLines(block.from, block.to, oldLine);
      if (meets(added, lines) || meets(commons, lines) || meets(old, block.lines) || meets(commons, block.lines)) crossed = true;
      for (const l of lines) old.add(l);
      if (meets(old, block.lines)) crossed = true;
      for (const l of block.lines) added.add(l);
    };
    take(blocks[b]);
    let last = b;
    let to = blocks[b].to;
    // on to the last line within HORIZON that meets the window, and from there again
    const absorb = (k: number) => {
      while (last < k) {
        const next = blocks[++last];
        for (let i = to; i < next.from; i++) commons.add(oldLine(i));
        take(next);
        to = next.to;
      }
    };
    for (;;) {
      let k = last + 1;
      for (let scan = to; scan < Math.min(lineCount, to + HORIZON) && to - blocks[b].from <= MAX_WINDOW; ) {
        if (k < blocks.length && blocks[k].from === scan) {
          const next = blocks[k];
          const nextOld = rangeLines(next.from, next.to, oldLine);
          if (meets(added, nextOld) || meets(commons, nextOld) || meets(old, next.lines) || meets(commons, next.lines) || meets(new Set(nextOld), next.lines)) {
            absorb(k);
            crossed = true;
          }
          k++;
          scan = next.to;
          continue;
        }
        const text = oldLine(scan);
        if (old.has(text) || added.has(text) || commons.has(text)) {
          absorb(k - 1);
          for (let i = to; i <= scan; i++) commons.add(oldLine(i));
          crossed = true;
          to = scan + 1;
        }
        scan++;
      }
      // a block right after the window is taken in, and what it meets in turn
      if (!crossed || last + 1 >= blocks.length || blocks[last + 1].from !== to || to - blocks[b].from > MAX_WINDOW) break;
      absorb(last + 1);
    }
    if (!crossed) {
      replace(blocks[b]);
      continue;
    }
    // one common line more, where the files are in step again
    if (to < lineCount) to++;
    if (to - blocks[b].from > MAX_WINDOW) {
      for (let k = b; k <= last; k++) replace(blocks[k]);
      b = last;
      continue;
    }
    const before = rangeLines(blocks[b].from, to, oldLine);
    const after: string[] = [];
    let pos = blocks[b].from;
    for (let k = b; k <= last; k++) {
      for (let i = pos; i < blocks[k].from; i++) after.push(oldLine(i));
      for (const l of blocks[k].lines) after.push(l);
      pos = blocks[k].to;
    }
    for (let i = pos; i < to; i++) after.push(oldLine(i));
    common(blocks[b].from);
    let at = blocks[b].from;
    for (const c of diffArrays(before, after)) {
      if (c.added) out.push({ common: false, added: true, lines: c.value });
      else if (c.removed) {
        out.push({ common: false, added: false, lines: c.value });
        at += c.count;
      } else {
        out.push({ common: true, from: at, count: c.count });
        at += c.count;
      }
    }
    line = to;
    b = last;
  }
  common(lineCount);
  return merged(out);
}

/** Whether one of `lines` is in `set`. */
function meets(set: ReadonlySet<string>, lines: readonly string[]): boolean {
  for (const l of lines) if (set.has(l)) return true;
  return false;
}

/** The old lines [from, to). */
function rangeLines(from: number, to: number, oldLine: (i: number) => string): string[] {
  const out: string[] = [];
  for (let i = from; i < to; i++) out.push(oldLine(i));
  return out;
}

/** Neighbouring components of the same kind joined (as diffLines never gives two in a row). */
function merged(components: Component[]): Component[] {
  const out: Component[] = [];
  for (const c of components) {
    const last = out[out.length - 1];
    if (last && last.common && c.common) last.count += c.count;
    else if (last && !last.common && !c.common && last.added === c.added) for (const l of c.lines) last.lines.push(l);
    else out.push(c.common ? { ...c } : { common: false, added: c.added, lines: [...c.lines] });
  }
  return out;
}

/**
 * The hunks of a patch, as the diff package's structuredPatch makes them from diffLines's
 * changes: CONTEXT lines before and after each change, two changes in one hunk when the common
 * lines between them are 2 * CONTEXT or fewer; then each line less its "\n", and after a line
 * that has none (the file's last), "\ No newline at end of file".
 */
function hunks(components: readonly Component[], oldLine: (i: number) => string): StructuredPatchHunk[] {
  const out: StructuredPatchHunk[] = [];
  const commonLines = (c: { from: number }, from: number, to: number) => {
    const lines: string[] = [];
    for (let i = from; i < to; i++) lines.push(' ' + oldLine(c.from + i));
    return lines;
  };
  let oldStart = 0;
  let newStart = 0;
  let current: string[] = [];
  let oldAt = 1;
  let newAt = 1;
  for (let i = 0; i <= components.length; i++) {
    // past the last change, a common stretch of no lines closes the last hunk
    const c: Component = i < components.length ? components[i] : { common: true, from: 0, count: 0 };
    if (!c.common) {
      if (!oldStart) {
        const prev = components[i - 1];
        oldStart = oldAt;
        newStart = newAt;
        if (prev && prev.common) {
          const n = Math.min(CONTEXT, prev.count);
          current = commonLines(prev, prev.count - n, prev.count);
          oldStart -= n;
          newStart -= n;
        }
      }
      for (const line of c.lines) current.push((c.added ? '+' : '-') + line);
      if (c.added) newAt += c.lines.length;
      else oldAt += c.lines.length;
      continue;
    }
    if (oldStart) {
      if (c.count <= CONTEXT * 2 && i < components.length - 1) {
        for (const line of commonLines(c, 0, c.count)) current.push(line);
      } else {
        const n = Math.min(c.count, CONTEXT);
        for (const line of commonLines(c, 0, n)) current.push(line);
        out.push({ oldStart, oldLines: oldAt - oldStart + n, newStart, newLines: newAt - newStart + n, lines: current });
        oldStart = 0;
        newStart = 0;
        current = [];
      }
    }
    oldAt += c.count;
    newAt += c.count;
  }
  for (const hunk of out) {
    const lines: string[] = [];
    for (const line of hunk.lines) {
      if (line.endsWith('\n')) lines.push(line.slice(0, -1));
      else lines.push(line, '\\ No newline at end of file');
    }
    hunk.lines = lines;
  }
  return out;
}
