import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';

/**
 * A PDF read with pdf.js, as the compliance viewer needs it: its page count, and one page drawn
 * on a canvas at a given width. pdf.js (about 400 kB) and its worker are fetched only here, through
 * dynamic imports, the first time a document is opened: no route's bundle carries them. The
 * Content-Security-Policy refuses eval (`isEvalSupported: false`) and takes scripts and workers
 * from this origin only (the worker is a file of the build, `?url`).
 */
export interface PdfDocument {
  readonly pageCount: number;
  /** Draws page `pageNumber` (1-based) on `canvas`, `cssWidth` CSS pixels wide (sharp on dense screens). */
  renderPage(pageNumber: number, canvas: HTMLCanvasElement, cssWidth: number): PageRendering;
  /** Frees the document and its worker's memory. */
  close(): void;
}

/** A page being drawn: `done` settles when it is drawn (or fails); `cancel` stops it (then `done` resolves). */
export interface PageRendering {
  readonly done: Promise<void>;
  cancel(): void;
}

/** Why a document could not be shown, in words for the reader. */
export class PdfLoadFailure extends Error {}

type PdfJs = typeof import('pdfjs-dist');

let pdfJsLoading: Promise<PdfJs> | undefined;

/** pdf.js with its worker set, loaded once; a failed load (offline) is tried again next time. */
function loadPdfJs(): Promise<PdfJs> {
  pdfJsLoading ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')])
    .then(([pdfJs, worker]) => {
      pdfJs.GlobalWorkerOptions.workerSrc = worker.default;
      return pdfJs;
    })
    .catch((failure: unknown) => {
      pdfJsLoading = undefined;
      throw failure;
    });
  return pdfJsLoading;
}

/** The reader's words for a link that did not answer the file (an expired signed link says 403 or 410). */
async function refusalOf(response: Response): Promise<PdfLoadFailure> {
  let said: string | undefined;
  try {
    said = ((await response.json()) as { message?: unknown }).message as string | undefined;
  } catch {
    said = undefined;
  }
  if (typeof said === 'string' && said) return new PdfLoadFailure(said);
  if (response.status === 403 || response.status === 410) return new PdfLoadFailure('The link to this document has expired. Close the viewer and open the document again.');
  return new PdfLoadFailure(`The document could not be loaded (the server answered ${response.status}).`);
}

/**
 * Fetches the PDF behind a signed link (public, same origin: no bearer token) and opens it with
 * pdf.js. Rejects with a PdfLoadFailure saying why.
 */
export async function openPdf(url: string, signal?: AbortSignal): Promise<PdfDocument> {
  let response: Response;
  try {
    response = await fetch(url, { signal, headers: { accept: 'application/pdf' } });
  } catch (failure) {
    if (signal?.aborted) throw failure;
    throw new PdfLoadFailure('The document could not be loaded: the server did not answer.');
  }
  if (!response.ok) throw await refusalOf(response);
  const data = new Uint8Array(await response.arrayBuffer());
  let pdfJs: PdfJs;
  try {
    pdfJs = await loadPdfJs();
  } catch {
    throw new PdfLoadFailure('The PDF viewer could not be loaded. Check the connection and try again.');
  }
  let pdf: PDFDocumentProxy;
  try {
    pdf = await pdfJs.getDocument({ data, isEvalSupported: false }).promise;
  } catch {
    throw new PdfLoadFailure('This file could not be read as a PDF.');
  }
  return {
    pageCount: pdf.numPages,
    renderPage: (pageNumber, canvas, cssWidth) => renderOn(pdf, pageNumber, canvas, cssWidth),
    close: () => void pdf.destroy(),
  };
}

function renderOn(pdf: PDFDocumentProxy, pageNumber: number, canvas: HTMLCanvasElement, cssWidth: number): PageRendering {
  let cancelled = false;
  let task: RenderTask | undefined;
  const done = (async () => {
    const page = await pdf.getPage(pageNumber);
    if (cancelled) return;
    const natural = page.getViewport({ scale: 1 });
    const scale = cssWidth / natural.width;
    // The canvas holds the screen's pixels (2 or 3 per CSS pixel on a phone): else the text is blurred.
    const density = Math.min(Math.max(window.devicePixelRatio || 1, 1), 3);
    const viewport = page.getViewport({ scale: scale * density });
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    canvas.style.width = `${Math.floor(cssWidth)}px`;
    canvas.style.height = `${Math.floor(viewport.height / density)}px`;
    task = page.render({ canvas, viewport });
    try {
      await task.promise;
    } catch (failure) {
      if (!cancelled) throw failure;
    }
  })();
  return {
    done,
    cancel: () => {
      cancelled = true;
      task?.cancel();
    },
  };
}
