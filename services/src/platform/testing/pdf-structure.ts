import { PDFArray, PDFDict, PDFDocument, type PDFObject, PDFRef, PDFStream } from 'pdf-lib';

/**
 * References in a PDF that lead nowhere: `N G R` with no object N in the file. Readers differ on
 * these (poppler prints "Invalid XRef entry N" and may drop what they stood for; pdf.js stays
 * quiet), so a test parsing with pdf.js alone would not see them. Walks every object from the
 * trailer (Root, Info) and names each missing one with the path that reached it.
 */
export async function danglingReferences(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const context = doc.context;
  const seen = new Set<string>();
  const missing: string[] = [];
  const visit = (value: PDFObject | undefined, path: string): void => {
    if (value instanceof PDFRef) {
      const key = value.toString();
      if (seen.has(key)) return;
      seen.add(key);
      const target = context.lookup(value);
      if (target === undefined) missing.push(`${path} -> ${key}`);
      else visit(target, `${path} ${key}`);
    } else if (value instanceof PDFStream) {
      visit(value.dict, path);
    } else if (value instanceof PDFDict) {
      for (const [name, entry] of value.entries()) visit(entry, `${path}${name.toString()}`);
    } else if (value instanceof PDFArray) {
      value.asArray().forEach((entry, index) => visit(entry, `${path}[${index}]`));
    }
  };
  visit(context.trailerInfo.Root, 'Root');
  visit(context.trailerInfo.Info, 'Info');
  return missing;
}
