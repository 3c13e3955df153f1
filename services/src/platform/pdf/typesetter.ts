import { type PDFDocument, type PDFFont, StandardFonts } from 'pdf-lib';

/**
 * Text for the PDFs the service renders (RMA documents, labels), set in the PDF standard fonts
 * (Helvetica), which encode WinAnsi only: whatever falls outside it is folded to its base letter
 * where one exists (Ł → L) and shown as '?' otherwise, never thrown. Measured and fitted.
 */

const ELLIPSIS = '\u2026';
/** Letters with no canonical decomposition to a WinAnsi base letter. */
const FOLDS: Readonly<Record<string, string>> = {
  Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i', Ŀ: 'L', ŀ: 'l', Ŧ: 'T', ŧ: 't',
  '\u2010': '-', '\u2011': '-', '\u2012': '-', '\u2212': '-', '\u2032': "'", '\u2033': '"',
};
/** Marks, joiners, variation selectors, skin-tone modifiers: dropped, they belong to the character before. */
const INVISIBLE = /[\p{M}\u200b-\u200f\u2060\ufeff\p{Emoji_Modifier}]/u;
const CONTROL = /[\p{Cc}\u2028\u2029]/u;

export class Typesetter {
  private readonly charset: ReadonlySet<number>;

  constructor(
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.charset = new Set(regular.getCharacterSet());
  }

  /** Embeds the two fonts once per document: every text of the document reuses them. */
  static async embed(doc: PDFDocument): Promise<Typesetter> {
    return new Typesetter(await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold));
  }

  private encodable(text: string): boolean {
    for (const ch of text) if (!this.charset.has(ch.codePointAt(0)!)) return false;
    return true;
  }

  /** The text as the font can show it, on one line with single spaces. */
  clean(value: string | null | undefined): string {
    let out = '';
    for (const ch of (value ?? '').normalize('NFC')) {
      if (CONTROL.test(ch)) out += ' ';
      else if (this.encodable(ch)) out += ch;
      else if (INVISIBLE.test(ch)) continue;
      else {
        const folded = FOLDS[ch] ?? ch.normalize('NFKD').replace(/\p{M}/gu, '');
        out += folded && this.encodable(folded) ? folded : '?';
      }
    }
    return out.replace(/\s+/g, ' ').trim();
  }

  width(text: string, font: PDFFont, size: number): number {
    return font.widthOfTextAtSize(text, size);
  }

  /** Cut to fit maxWidth, ending in an ellipsis when cut. */
  fit(text: string, font: PDFFont, size: number, maxWidth: number): string {
    if (this.width(text, font, size) <= maxWidth) return text;
    let low = 0;
    let high = text.length;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (this.width(text.slice(0, mid).trimEnd() + ELLIPSIS, font, size) <= maxWidth) low = mid;
      else high = mid - 1;
    }
    return text.slice(0, low).trimEnd() + ELLIPSIS;
  }

  /** The largest size from `size` down to `min` at which the text fits maxWidth (`min` when none does). */
  sizeToFit(text: string, font: PDFFont, size: number, min: number, maxWidth: number): number {
    const natural = this.width(text, font, size);
    if (natural <= maxWidth) return size;
    return Math.max(min, Math.floor((size * maxWidth) / natural * 4) / 4);
  }

  /** Word-wrap to at most maxLines lines of maxWidth; the last line is cut with an ellipsis if need be. */
  wrap(text: string, font: PDFFont, size: number, maxWidth: number, maxLines: number): string[] {
    if (!text) return [];
    const lines: string[] = [];
    let line = '';
    const words = text.split(' ');
    for (let i = 0; i < words.length; i++) {
      let word = words[i];
      const candidate = line ? `${line} ${word}` : word;
      if (this.width(candidate, font, size) <= maxWidth) {
        line = candidate;
        continue;
      }
      if (line) {
        lines.push(line);
        line = '';
      }
      // A word wider than the column is broken where it must be.
      while (this.width(word, font, size) > maxWidth && lines.length < maxLines) {
        let cut = word.length - 1;
        while (cut > 1 && this.width(word.slice(0, cut), font, size) > maxWidth) cut--;
        lines.push(word.slice(0, cut));
        word = word.slice(cut);
      }
      line = word;
      if (lines.length >= maxLines) {
        const rest = [lines.pop()!, line, ...words.slice(i + 1)].filter(Boolean).join(' ');
        lines.push(this.fit(rest, font, size, maxWidth));
        return lines;
      }
    }
    if (line) lines.push(line);
    if (lines.length > maxLines) {
      const rest = lines.splice(maxLines - 1).join(' ');
      lines.push(this.fit(rest, font, size, maxWidth));
    }
    return lines;
  }
}
