import { inflateSync } from 'node:zlib';

/**
 * The text a PDF made with the standard fonts shows: its content streams inflated, and the hex
 * strings of their text operators decoded (PDFKit writes text that way).
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const texts: string[] = [];
  const streams = /stream\r?\n([\s\S]*?)\r?\nendstream/g;
  for (let match = streams.exec(source); match; match = streams.exec(source)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    } catch {
      content = match[1]!;
    }
    for (const hex of content.matchAll(/<([0-9a-fA-F]+)>/g)) texts.push(Buffer.from(hex[1]!, 'hex').toString('latin1'));
  }
  return texts.join('');
}
