// How the bytes of a document become text: by its byte order mark, else as UTF-8 (the Encoding
// Standard's "decode": https://encoding.spec.whatwg.org/#decode, whose BOM sniffing takes a
// UTF-8, UTF-16LE or UTF-16BE BOM over any other label). A file that Windows PowerShell 5's `>`
// wrote is UTF-16LE with its BOM: read as UTF-8 it held no URL, and lint passed it.
//
// What is not read as text is said, never passed over in silence: bytes that are not UTF-8 (each
// such sequence decoded as U+FFFD), or, in a file with no BOM, a NUL byte, which no text holds
// and which UTF-16 without a BOM (or a binary file) is full of. The caller reports either (lint:
// one line, exit status 2) and still lints what the decoding gave.

/** The encodings a document is read in. */
export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be';

/** The encoding a document's first bytes name by their BOM, and the BOM's length; null when there is none. */
export function encodingOfBOM(bytes: Uint8Array): { encoding: TextEncodingName; length: number } | null {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  return null;
}

/** Why a document's bytes are not all text: said once, at the first such byte. */
export type NotText = 'invalid' | 'nul';

/** The words for a NotText, as lint prints them after the file's name. */
export function notTextMessage(why: NotText, encoding: TextEncodingName): string {
  if (why === 'nul') return 'not text in UTF-8: it holds NUL bytes (UTF-16 without a BOM, or not text at all); read as UTF-8';
  return `not valid ${encoding === 'utf-8' ? 'UTF-8' : encoding === 'utf-16le' ? 'UTF-16LE' : 'UTF-16BE'} (decoded with U+FFFD)`;
}

/**
 * Decodes a document given in pieces: the encoding is decided by the first bytes (a BOM, which is
 * dropped), `onNotText` is called once at the first byte that is not text. Each `push` returns the
 * text decoded so far (a piece may end inside a character: it comes with the next).
 */
export class DocumentDecoder {
  /** The encoding, once the first bytes have decided it. */
  encoding: TextEncodingName | null = null;
  /** Whether every byte so far was text in the encoding. */
  valid = true;
  private decoder: InstanceType<typeof TextDecoder> | null = null;
  private checker: InstanceType<typeof TextDecoder> | null = null;
  /** The first bytes, until there are enough to tell a BOM (3). */
  private head: Uint8Array | null = new Uint8Array(0);

  constructor(private readonly onNotText?: (why: NotText, encoding: TextEncodingName) => void) {}

  push(bytes: Uint8Array): string {
    if (this.head !== null) {
      const joined = new Uint8Array(this.head.length + bytes.length);
      joined.set(this.head, 0);
      joined.set(bytes, this.head.length);
      if (joined.length < 3) {
        this.head = joined;
        return '';
      }
      this.head = null;
      return this.start(joined, false);
    }
    return this.decode(bytes, false);
  }

  /** The rest of the text, at the end of the document. */
  end(): string {
    if (this.head !== null) {
      const head = this.head;
      this.head = null;
      return this.start(head, true);
    }
    return this.decode(undefined, true);
  }

  private start(bytes: Uint8Array, last: boolean): string {
    const bom = encodingOfBOM(bytes);
    this.encoding = bom?.encoding ?? 'utf-8';
    this.bom = bom !== null;
    // (the BOM is dropped by the decoder itself)
    this.decoder = new TextDecoder(this.encoding);
    this.checker = new TextDecoder(this.encoding, { fatal: true });
    return this.decode(bytes, last);
  }

  /** Whether the document began with a BOM. */
  bom = false;

  private decode(bytes: Uint8Array | undefined, last: boolean): string {
    if (this.checker) {
      // a NUL byte in a document with no BOM: not text in UTF-8 (said first: it is what UTF-16
      // without a BOM looks like, whatever else is invalid in it)
      if (!this.bom && bytes !== undefined && bytes.indexOf(0) !== -1) this.notText('nul');
      else {
        try {
          this.checker.decode(bytes, { stream: !last });
        } catch {
          this.notText('invalid');
        }
      }
    }
    return this.decoder!.decode(bytes, { stream: !last });
  }

  private notText(why: NotText): void {
    this.checker = null;
    this.valid = false;
    this.onNotText?.(why, this.encoding ?? 'utf-8');
  }
}

/** A whole document's text (decoded as DocumentDecoder decodes it), its encoding, and why it is not all text (null when it is). */
export function decodeDocument(bytes: Uint8Array): { text: string; encoding: TextEncodingName; notText: NotText | null } {
  let why: NotText | null = null;
  const d = new DocumentDecoder((w) => (why = w));
  const text = d.push(bytes) + d.end();
  return { text, encoding: d.encoding ?? 'utf-8', notText: why };
}
