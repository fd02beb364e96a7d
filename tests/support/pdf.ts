/**
 * The text of a PDF, read in JavaScript (unpdf's bundled PDF.js), so the suite needs no system
 * program: each page's text runs in the order pdfkit drew it, one line per drawn line, pages
 * joined by a newline, runs of spaces as one, accents as UTF-8.
 */
import { extractText } from 'unpdf';

export async function pdfText(pdf: Buffer): Promise<string> {
  // PDF.js takes (and detaches) the bytes it is given: hand it a copy, never the test's buffer
  const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
  return text;
}
