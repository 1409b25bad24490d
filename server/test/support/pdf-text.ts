import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text of every page of a PDF, its pieces joined by spaces. */
export async function pdfText(bytes: Buffer): Promise<string> {
  const document = await getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
  let text = '';
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    text += (await page.getTextContent()).items
      .map((item) => ('str' in item ? item.str : ''))
      .join(' ');
  }
  return text;
}
