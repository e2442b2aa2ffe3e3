// When lint may replace a URL by its serialization, and with what text. One function,
// `planFix`, decides for the CLI's --fix and for the ESLint rule example's fix and suggestion.
//
// A URL is replaced only when all of these hold, else the answer says which did not:
//   1. it is absolute (a relative reference would become absolute: it would no longer follow the
//      document's own base) and it parses;
//   2. its serialization differs from it, parses to the same URL (same serialization), and is a
//      valid URL string. The standard says that the serializer's output is not always a valid URL
//      string (url.bs, the list before the parsing examples; whatwg/url#379): `https://h/?}`
//      serializes to itself and stays invalid, and such a URL gets no fix;
//   3. the two differ only by normalisation the standard performs anyway: the case of the scheme
//      and the host, a default or empty port dropped, "\" read as "/", dot segments removed,
//      percent-encoding, and the "/" of an empty special path. Not: a host rewritten by IDNA or
//      written as an IPv4 number in another form, a port with leading zeros, slashes added or
//      removed after the scheme, a Windows drive letter's "|", file's "localhost" dropped, tabs,
//      newlines or leading and trailing spaces removed;
//   4. the new text, written where the old one stood, reads back as that URL: escaped as its
//      place needs (a Markdown destination: "\" before "(", ")", "\", "&" and "<" where they would
//      mean something else; an HTML attribute: "&quot;", "&#39;", "&amp;"; a JavaScript string:
//      its quote and "\"), or no fix when escaping cannot do it (white space in an unquoted HTML
//      attribute, a prose URL that would end in punctuation prose leaves out, ...); in prose, no
//      new percent-escape (where a prose URL ends is a guess, and what it would encode may be the
//      sentence after it).

import { isValidURLString, parseToRecord, parseURL, parseWithDiagnostics, serializeHost, serializeURL, type URLRecord } from 'url-grammar';
import { characterReference, DecodingMode, isRelative, type URLContext } from './found';
import { decodeAttributeValue } from './html';
import { decodeMarkdown } from './markdown';
import { proseURLs } from './text';

/** Where the replacement goes: a document context (found.ts) or a JavaScript string literal. */
export type FixContext = URLContext | 'js-single' | 'js-double' | 'js-template';

export type FixPlan =
  /** `text` replaces what the URL was written as; `url` is the serialization it means. */
  | { fix: true; url: string; text: string }
  | { fix: false; reason: string };

const no = (reason: string): FixPlan => ({ fix: false, reason });

const NOT_NORMALISATION = new Set<string>([
  'special-scheme-missing-following-solidus',
  'file-invalid-Windows-drive-letter',
  'file-invalid-Windows-drive-letter-host',
  'IPv4-empty-part',
  'IPv4-too-few-parts',
  'IPv4-non-decimal-part',
]);

/** Percent-decoding of ASCII bytes only (what a host's text may be written with). */
function decodeASCIIPercent(s: string): string {
  return s.replace(/%([0-7][0-9A-Fa-f])/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

/**
 * Whether `url` (as the document means it) may be replaced by its serialization, and by which
 * text in `context`. `base`: the base URL lint resolves relative references against (they are
 * never fixed; it only matters for the parse).
 */
export function planFix(url: string, context: FixContext = 'text', options: { srcset?: boolean } = {}): FixPlan {
  if (context === 'implied') return no('the document does not write this URL whole (an implied "http://" or "mailto:")');
  if (context === 'markdown-title') return no('the URL holds a character that ends its link title, which no escaping here can keep');
  if (isRelative(url)) return no('a relative reference: its serialization would be absolute');
  const parsed = parseWithDiagnostics(url);
  const record = parsed.url;
  if (!record) return no('the URL does not parse');
  const serialized = serializeURL(record);
  if (serialized === url) return no('the serialization is the same text: the parser does not normalise this error away');
  const again = parseURL(serialized);
  if (!again || serializeURL(again) !== serialized) return no('the serialization does not parse back to the same URL');
  if (!isValidURLString(serialized)) return no('the serialization is not a valid URL string either (the standard allows this: whatwg/url#379)');
  const why = notNormalisation(url, record, parsed.errors.map((e) => e.type));
  if (why) return no(why);
  // in prose, the end of a URL is a guess: a fix that percent-encodes what was written as it is
  // could be encoding the sentence after it ("...\docs’s", "?q=1's")
  if (context === 'text' && percentEscapes(serialized) > percentEscapes(url)) return no('the serialization percent-encodes characters written here as they are, which in prose may be the text after the URL');
  return writeIn(serialized, context, options.srcset === true);
}

/** How many percent-escapes `s` holds. */
function percentEscapes(s: string): number {
  return s.match(/%[0-9A-Fa-f]{2}/g)?.length ?? 0;
}

/** Why turning `url` into `record`'s serialization is more than normalisation, or null. */
function notNormalisation(url: string, record: URLRecord, errors: readonly string[]): string | null {
  if (/[\t\n\r]/.test(url) || /^[\u0000-\u0020]|[\u0000-\u0020]$/.test(url)) return 'the parser would remove tabs, newlines or surrounding spaces';
  const bad = errors.find((t) => NOT_NORMALISATION.has(t));
  if (bad) return `${bad} is not fixed by normalisation`;
  const rec = parseToRecord(url);
  if (!rec) return 'the URL does not parse';
  if (rec.slashes && record.host !== null) {
    if (rec.slashes.text.replace(/\\/g, '/') !== '//') return 'the slashes after the scheme would change';
  }
  if (record.scheme === 'file' && rec.host && rec.host.text.toLowerCase() === 'localhost') return 'file: "localhost" would be dropped';
  if (record.scheme === 'file' && [rec.host, ...rec.path].some((p) => p !== null && /^[A-Za-z]\|$/.test(p.text))) return 'a Windows drive letter\'s "|" would become ":"';
  if (rec.port && /^0\d/.test(rec.port.text)) return 'the port has leading zeros';
  if (rec.host && record.host !== null) {
    const written = decodeASCIIPercent(rec.host.text).toLowerCase();
    const host = serializeHost(record.host);
    if (host !== written && host !== rec.host.text) return /[^\u0000-\u007f]/.test(rec.host.text) ? 'the host would be rewritten in ASCII (IDNA)' : 'the host would be rewritten (an address in another form)';
  }
  return null;
}

/** The text that writes `url` in `context`, or why there is none. */
function writeIn(url: string, context: FixContext, srcset: boolean): FixPlan {
  const yes = (text: string): FixPlan => ({ fix: true, url, text });
  switch (context) {
    case 'text': {
      const again = proseURLs(url, 'markdown');
      const plainAgain = proseURLs(url, 'text');
      if (again.length !== 1 || again[0].url !== url || plainAgain.length !== 1 || plainAgain[0].url !== url) return no('in prose the new URL would not be read back whole');
      return yes(url);
    }
    case 'markdown-destination': {
      let depth = 0;
      let balanced = true;
      for (const c of url) {
        if (c === '(') depth++;
        else if (c === ')' && --depth < 0) balanced = false;
      }
      const escapeParens = !balanced || depth !== 0 || url.startsWith('<');
      let text = '';
      for (let i = 0; i < url.length; i++) {
        const c = url[i];
        if (c === '\\' || ((c === '(' || c === ')') && escapeParens) || (c === '<' && i === 0)) text += '\\' + c;
        else if (c === '&' && characterReference(url, i, url.length, DecodingMode.Strict)) text += '\\&';
        else text += c;
      }
      if (/[\u0000-\u0020\u007f]/.test(text)) return no('a Markdown link destination cannot hold white space or controls');
      return decodeMarkdown(text, 0, text.length).value === url ? yes(text) : no('the new URL cannot be escaped for a Markdown link destination');
    }
    case 'markdown-pointy': {
      let text = '';
      for (let i = 0; i < url.length; i++) {
        const c = url[i];
        if (c === '\\' || c === '<' || c === '>') text += '\\' + c;
        else if (c === '&' && characterReference(url, i, url.length, DecodingMode.Strict)) text += '\\&';
        else text += c;
      }
      if (/[\n\r]/.test(text)) return no('a Markdown link destination in <> cannot hold a line break');
      return decodeMarkdown(text, 0, text.length).value === url ? yes(text) : no('the new URL cannot be escaped for a Markdown link destination');
    }
    case 'markdown-autolink':
      // nothing is decoded in an autolink: the URL must stand as it is
      if (/[\u0000-\u0020<>]/.test(url)) return no('an autolink cannot hold white space, "<" or ">"');
      if (!/^[A-Za-z][A-Za-z0-9+.\-]{1,31}:/.test(url)) return no('the new URL is not an autolink');
      return yes(url);
    case 'html-double':
    case 'html-single':
    case 'html-unquoted': {
      if (srcset && (/[\t\n\f\r ]/.test(url) || url.startsWith(',') || url.endsWith(','))) return no('a srcset candidate cannot hold white space or start or end with ","');
      if (context === 'html-unquoted' && /[\t\n\f\r "'=<>`]/.test(url)) return no('an unquoted attribute value cannot hold this URL');
      const quote = context === 'html-double' ? /"/g : context === 'html-single' ? /'/g : null;
      let text = quote ? url.replace(quote, (q) => (q === '"' ? '&quot;' : '&#39;')) : url;
      if (decodeAttributeValue(text, 0, text.length).value !== url) text = url.replace(/&/g, '&amp;').replace(quote ?? /(?!)/g, (q) => (q === '"' ? '&quot;' : '&#39;'));
      return decodeAttributeValue(text, 0, text.length).value === url ? yes(text) : no('the new URL cannot be escaped for this attribute');
    }
    case 'js-single':
    case 'js-double':
    case 'js-template': {
      const q = context === 'js-single' ? "'" : context === 'js-double' ? '"' : '`';
      let text = '';
      for (let i = 0; i < url.length; i++) {
        const c = url[i];
        if (c === '\\' || c === q) text += '\\' + c;
        else if (q === '`' && c === '$' && url[i + 1] === '{') text += '\\$';
        else text += c;
      }
      return yes(text);
    }
    default:
      return no('no fix in this place');
  }
}

export type { URLRecord };
