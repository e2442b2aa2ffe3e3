// Punycode (RFC 3492), the encoding of IDNA's A-labels, in O(n log n) for a label of n code points.
// https://www.rfc-editor.org/rfc/rfc3492
//
// The RFC's algorithms are quadratic as written: the encoder scans the whole label once per
// distinct code point, and the decoder inserts each code point into the middle of a list. Here
// the encoder finds, for each non-basic code point, how many code points before it are smaller
// (what the RFC's scan counts) in one pass over the label with a Fenwick tree over the ranks of
// the distinct values, and the decoder records every insertion first and then finds each one's
// final place by walking the insertions backwards over a Fenwick tree of free places. Both give
// exactly what the RFC's algorithms give, including their overflow failures with the 32-bit limit
// that the `punycode` package (and therefore tr46) uses: test/punycode.test.ts checks both
// against it. (A short label is encoded as the RFC writes it: see encodeShort.)

const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;
const INITIAL_BIAS = 72;
const INITIAL_N = 0x80;
/** The largest value a delta or a code point may reach (as in the `punycode` package). */
const MAX_INT = 0x7fffffff;

/** The largest delta that adapt's loop leaves: ((BASE - T_MIN) * T_MAX) / 2. */
const ADAPT_LIMIT = ((BASE - T_MIN) * T_MAX) >> 1;
/** adapt's last step for each delta it can be given, ((BASE - T_MIN + 1) * delta) / (delta + SKEW). */
const ADAPT_TAIL = Uint8Array.from({ length: ADAPT_LIMIT + 1 }, (_, d) => (((BASE - T_MIN + 1) * d) / (d + SKEW)) | 0);

/**
 * https://www.rfc-editor.org/rfc/rfc3492#section-6.1. A delta is at most MAX_INT and numPoints
 * is positive, so every quotient is a non-negative int32 and `| 0` floors it. It runs once per
 * non-basic code point: the divisions it can do without (by a numPoints larger than delta, and
 * the last one, looked up) were a tenth of the encoding time of a long label.
 */
function adapt(delta: number, numPoints: number, firstTime: boolean): number {
  delta = firstTime ? (delta / DAMP) | 0 : delta >>> 1;
  if (delta >= numPoints) delta += (delta / numPoints) | 0;
  let k = 0;
  while (delta > ADAPT_LIMIT) {
    delta = (delta / (BASE - T_MIN)) | 0;
    k += BASE;
  }
  return k + ADAPT_TAIL[delta];
}

/** The threshold t for the digit at k (a multiple of BASE). */
function threshold(k: number, bias: number): number {
  return k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
}

/** A digit's basic code point: 0-25 are "a"-"z", 26-35 are "0"-"9". */
function digitChar(d: number): number {
  return d < 26 ? d + 0x61 : d + 22;
}

/** A basic code point's digit value, or BASE when it is not a digit. */
function digitValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 22;
  if (c >= 0x41 && c <= 0x5a) return c - 0x41;
  if (c >= 0x61 && c <= 0x7a) return c - 0x61;
  return BASE;
}

/** A Fenwick (binary indexed) tree of counts over positions 0 .. size-1. */
class Fenwick {
  private readonly tree: Int32Array;
  constructor(readonly size: number) {
    this.tree = new Int32Array(size + 1);
  }
  add(position: number, amount: number): void {
    for (let i = position + 1; i <= this.size; i += i & -i) this.tree[i] += amount;
  }
  /** The sum over positions [0, end). */
  prefix(end: number): number {
    let sum = 0;
    for (let i = end; i > 0; i -= i & -i) sum += this.tree[i];
    return sum;
  }
  /** The smallest position p whose prefix sum through p reaches `rank` (1-based); counts are 0 or 1. */
  select(rank: number): number {
    let position = 0;
    let step = 1;
    while (step * 2 <= this.size) step *= 2;
    for (; step > 0; step >>= 1) {
      const next = position + step;
      if (next <= this.size && this.tree[next] < rank) {
        position = next;
        rank -= this.tree[next];
      }
    }
    return position; // 0-based: the tree's index position+1
  }
}

/** Labels of at least this many code units count their BMP values in a table (see punycodeEncode). */
const LONG_LABEL = 2048;

/**
 * Turns the counts of a label's non-basic values (`bmpRank` for the BMP values of a long label,
 * `rankOf` for the others) into their ranks among the distinct values, in place; returns the
 * distinct values in increasing order (`distinct`, indexed by rank), and `bucketStart[r]`, how
 * many non-basic code points have a value of rank below r. Every BMP value is below every other,
 * so only the values in `rankOf` are sorted.
 */
function rankValues(
  bmpRank: Int32Array | null,
  rankOf: Map<number, number>,
): { distinct: Int32Array; bucketStart: Int32Array } {
  const bmpValues: number[] = [];
  if (bmpRank !== null) for (let v = INITIAL_N; v <= 0xffff; v++) if (bmpRank[v] !== 0) bmpValues.push(v);
  const others = Int32Array.from(rankOf.keys()).sort();
  const distinct = new Int32Array(bmpValues.length + others.length);
  const bucketStart = new Int32Array(distinct.length + 1);
  let r = 0;
  for (const v of bmpValues) {
    distinct[r] = v;
    bucketStart[r + 1] = bucketStart[r] + bmpRank![v];
    bmpRank![v] = r++;
  }
  for (const v of others) {
    distinct[r] = v;
    bucketStart[r + 1] = bucketStart[r] + rankOf.get(v)!;
    rankOf.set(v, r++);
  }
  return { distinct, bucketStart };
}

/**
 * The string of the first `length` bytes of `bytes`, which are ASCII (so that UTF-8 decoding
 * gives them as they are). String.fromCharCode takes its arguments on the stack: only a short
 * output goes that way.
 */
function asciiString(bytes: Uint8Array, length: number): string {
  if (length <= 1024) return String.fromCharCode.apply(null, bytes.subarray(0, length) as unknown as number[]);
  return asciiDecoder.decode(bytes.subarray(0, length));
}
const asciiDecoder = new TextDecoder('utf-8');

/** The most digits a delta (at most MAX_INT) takes: each digit but the last divides by at least 10. */
const MAX_DIGITS = 11;

/**
 * Writes `delta` (at most MAX_INT, so `| 0` floors its quotients) at `at` in `out` as a
 * generalized variable-length integer; returns where it ends.
 */
function writeDelta(out: Uint8Array, at: number, delta: number, bias: number): number {
  let q = delta;
  for (let k = BASE; ; k += BASE) {
    const t = threshold(k, bias);
    if (q < t) break;
    const rest = ((q - t) / (BASE - t)) | 0;
    out[at++] = digitChar(t + (q - t - rest * (BASE - t)));
    q = rest;
  }
  out[at++] = digitChar(q);
  return at;
}

/** Labels shorter than this (in UTF-16 code units) are encoded as the RFC writes it (see encodeShort). */
const SHORT_LABEL = 64;
const shortDigits = new Uint8Array(MAX_DIGITS);

/**
 * The RFC's encoder as written, for a short label (most labels are a few code points): a scan of
 * the label per distinct value costs less there than setting up the general encoder (its typed
 * arrays and Map made short labels several times slower), and with fewer than SHORT_LABEL code
 * points the scans stay bounded.
 */
function encodeShort(input: string): string | null {
  const cps: number[] = [];
  let out = '';
  for (let i = 0; i < input.length; i++) {
    // (codePointAt takes a lone surrogate as itself, as the `punycode` package counts it)
    const c = input.codePointAt(i)!;
    if (c > 0xffff) i++;
    cps.push(c);
    if (c < INITIAL_N) out += input[i];
  }
  const basicCount = out.length;
  if (basicCount > 0) out += '-';
  let n = INITIAL_N;
  let delta = 0;
  let bias = INITIAL_BIAS;
  let handled = basicCount;
  while (handled < cps.length) {
    let m = MAX_INT;
    for (const c of cps) if (c >= n && c < m) m = c;
    if (m - n > Math.floor((MAX_INT - delta) / (handled + 1))) return null;
    delta += (m - n) * (handled + 1);
    n = m;
    for (const c of cps) {
      if (c < n && ++delta > MAX_INT) return null;
      if (c !== n) continue;
      const end = writeDelta(shortDigits, 0, delta, bias);
      for (let j = 0; j < end; j++) out += String.fromCharCode(shortDigits[j]);
      bias = adapt(delta, handled + 1, handled === basicCount);
      delta = 0;
      handled++;
    }
    delta++;
    n++;
  }
  return out;
}

/**
 * https://www.rfc-editor.org/rfc/rfc3492#section-6.3: the Punycode encoding of `input` (without
 * "xn--"), or null on overflow.
 */
export function punycodeEncode(input: string): string | null {
  if (input.length < SHORT_LABEL) return encodeShort(input);
  // One pass over the label: its code points (a lone surrogate counts as one, as the `punycode`
  // package counts), the basic ones written out (the output is ASCII, written as bytes and made
  // a string once), the others counted by value. A long label counts its BMP values in a table
  // indexed by value (256 KiB, made per call, so that only a long label pays for it): a Map
  // lookup per code point was most of the time of a label of a million code points.
  const bmpRank = input.length >= LONG_LABEL ? new Int32Array(0x10000) : null;
  const rankOf = new Map<number, number>();
  // (a non-basic code point takes two or three digits in most labels: room for three each)
  let out = new Uint8Array(3 * input.length + MAX_DIGITS);
  let length = 0;
  let at = 0;
  for (let i = 0; i < input.length; i++) {
    const c = input.codePointAt(i)!;
    if (c < INITIAL_N) {
      out[at++] = c;
    } else {
      if (c > 0xffff) i++;
      if (bmpRank !== null && c <= 0xffff) bmpRank[c]++;
      else rankOf.set(c, (rankOf.get(c) ?? 0) + 1);
    }
    length++;
  }
  const basicCount = at;
  if (basicCount > 0) out[at++] = 0x2d; // "-"
  if (basicCount === length) return asciiString(out, at);

  // The non-basic code points in the order the encoder handles them: by value (by rank), then
  // by position. For each of them, in that order: how many code points before it are smaller,
  // which is what the RFC's scan counts. One pass in position order finds it, with a Fenwick tree
  // over the ranks of the values met so far, and puts it in its value's bucket (so each bucket is
  // in position order). The tree has an entry per distinct value: it stays in the processor's
  // cache when a long label has few, and is log n deep when all differ.
  const { distinct, bucketStart } = rankValues(bmpRank, rankOf);
  const ranks = distinct.length;
  const smallerBefore = new Int32Array(length - basicCount);
  const fill = bucketStart.slice(0, ranks);
  const seen = new Int32Array(ranks + 1); // the Fenwick tree, written out: this is the hot loop
  let basicSeen = 0;
  // (the label is read again rather than kept as code points: an array of them cost more to
  // write and read than the code units do to read twice)
  for (let i = 0; i < input.length; i++) {
    const v = input.codePointAt(i)!;
    if (v < INITIAL_N) {
      basicSeen++;
      continue;
    }
    if (v > 0xffff) i++;
    const r = bmpRank !== null && v <= 0xffff ? bmpRank[v] : rankOf.get(v)!;
    let smaller = basicSeen;
    for (let i = r; i > 0; i &= i - 1) smaller += seen[i];
    for (let i = r + 1; i <= ranks; i += i & -i) seen[i]++;
    smallerBefore[fill[r]++] = smaller;
  }

  let n = INITIAL_N;
  let delta = 0;
  let bias = INITIAL_BIAS;
  let handled = basicCount;
  for (let r = 0; r < ranks; r++) {
    const m = distinct[r];
    const groupStart = bucketStart[r];
    const groupEnd = bucketStart[r + 1];
    // Skip to m: every handled code point counts once per value in between, at each insertion place.
    if (m - n > Math.floor((MAX_INT - delta) / (handled + 1))) return null;
    delta += (m - n) * (handled + 1);
    n = m;
    // The RFC's scan over the whole label: each handled code point (smaller than n) adds one to
    // delta; each code point equal to n emits delta. Counted between occurrences of n.
    // (The count before the previous occurrence is kept: that occurrence is not yet handled, so
    // the count before the position after it is the same.)
    let before = 0;
    for (let j = groupStart; j < groupEnd; j++) {
      const upTo = smallerBefore[j];
      delta += upTo - before;
      before = upTo;
      if (delta > MAX_INT) return null;
      if (out.length - at < MAX_DIGITS) {
        const grown = new Uint8Array(2 * out.length);
        grown.set(out);
        out = grown;
      }
      at = writeDelta(out, at, delta, bias);
      bias = adapt(delta, handled + 1, handled === basicCount);
      delta = 0;
      handled++;
    }
    // The handled code points after the last occurrence: all that were handled when this value's
    // round began, less those before it.
    delta += handled - (groupEnd - groupStart) - before;
    if (delta > MAX_INT) return null;
    delta++;
    n++;
  }
  return asciiString(out, at);
}

/**
 * https://www.rfc-editor.org/rfc/rfc3492#section-6.2: the code points that the Punycode string
 * `input` (without "xn--") encodes, or null when it is not valid Punycode (a non-basic code
 * point before the last delimiter, a character that is not a digit, a truncated number,
 * overflow, or a result beyond U+10FFFF).
 */
export function punycodeDecode(input: string): string | null {
  const length = input.length;
  let basic = input.lastIndexOf('-');
  if (basic < 0) basic = 0;
  for (let j = 0; j < basic; j++) if (input.charCodeAt(j) >= 0x80) return null;

  // Pass 1: run the RFC's decoder, recording for each inserted code point where it went in the
  // list as it was then (its index), without building the list.
  const values: number[] = [];
  const indices: number[] = [];
  let n = INITIAL_N;
  let i = 0;
  let bias = INITIAL_BIAS;
  let outLength = basic;
  for (let index = basic > 0 ? basic + 1 : 0; index < length; ) {
    const oldi = i;
    for (let w = 1, kk = BASE; ; kk += BASE) {
      if (index >= length) return null;
      const digit = digitValue(input.charCodeAt(index++));
      if (digit >= BASE) return null;
      if (digit > Math.floor((MAX_INT - i) / w)) return null;
      i += digit * w;
      const t = threshold(kk, bias);
      if (digit < t) break;
      if (w > Math.floor(MAX_INT / (BASE - t))) return null;
      w *= BASE - t;
    }
    const count = outLength + 1;
    bias = adapt(i - oldi, count, oldi === 0);
    if (Math.floor(i / count) > MAX_INT - n) return null;
    n += Math.floor(i / count);
    i %= count;
    if (n > 0x10ffff) return null;
    values.push(n);
    indices.push(i);
    outLength = count;
    i++;
  }

  // Pass 2: the last insertion took the place it asked for among all places; walking backwards,
  // each earlier one takes its index among the places still free.
  const result = new Int32Array(outLength);
  const free = new Fenwick(outLength);
  const taken = new Uint8Array(outLength);
  for (let p = 0; p < outLength; p++) free.add(p, 1);
  for (let k = values.length - 1; k >= 0; k--) {
    const place = free.select(indices[k] + 1);
    result[place] = values[k];
    taken[place] = 1;
    free.add(place, -1);
  }
  // The basic code points fill the places left, in order.
  let j = 0;
  for (let p = 0; p < outLength && j < basic; p++) if (!taken[p]) result[p] = input.charCodeAt(j++);
  return fromCodePoints(result);
}

/** The string of a list of code points (surrogate code points stay lone code units). */
function fromCodePoints(cps: Int32Array): string {
  let out = '';
  const units: number[] = [];
  for (let k = 0; k < cps.length; k++) {
    const c = cps[k];
    if (c < 0x10000) units.push(c);
    else units.push(0xd800 + ((c - 0x10000) >> 10), 0xdc00 + ((c - 0x10000) & 0x3ff));
    if (units.length >= 4096) {
      out += String.fromCharCode.apply(null, units);
      units.length = 0;
    }
  }
  if (units.length > 0) out += String.fromCharCode.apply(null, units);
  return out;
}
