/**
 * Reading barcodes from a camera's frames (issue 27): the browser's own BarcodeDetector where it
 * reads every format we need (Chromium on Android, macOS, ChromeOS), otherwise the same API from
 * `barcode-detector` (ZXing-C++ compiled to WebAssembly). Loaded on the first camera scan only, so
 * no other screen pays for it; the WebAssembly file is one of the build's own files (this origin,
 * the Content-Security-Policy's `'wasm-unsafe-eval'`), never fetched from a CDN.
 */

/** What labels and boxes carry: carton and device labels (Code 128, QR), makers' boxes (EAN/UPC, Code 39, DataMatrix). */
export const SCAN_FORMATS = ['code_128', 'code_39', 'ean_13', 'ean_8', 'upc_a', 'upc_e', 'qr_code', 'data_matrix'] as const;

/** Reads the codes visible in a frame. */
export interface BarcodeReader {
  read(frame: HTMLVideoElement | HTMLCanvasElement | ImageBitmap): Promise<string[]>;
}

interface DetectorLike {
  detect(source: HTMLVideoElement | HTMLCanvasElement | ImageBitmap): Promise<readonly { rawValue: string }[]>;
}
interface DetectorClass {
  new (options: { formats: string[] }): DetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

const readerOf = (detector: DetectorLike): BarcodeReader => ({
  read: async (frame) => (await detector.detect(frame)).map((found) => found.rawValue),
});

async function nativeDetector(): Promise<DetectorLike | undefined> {
  const native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!native) return undefined;
  try {
    const supported = await native.getSupportedFormats();
    return SCAN_FORMATS.every((format) => supported.includes(format)) ? new native({ formats: [...SCAN_FORMATS] }) : undefined;
  } catch {
    return undefined;
  }
}

async function wasmDetector(): Promise<DetectorLike> {
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  // The module's own file, served by the portal (the library's default would fetch it from a CDN).
  await prepareZXingModule({
    overrides: { locateFile: (file: string, prefix: string) => (file.endsWith('.wasm') ? wasmUrl : prefix + file) },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: [...SCAN_FORMATS] });
}

let opening: Promise<BarcodeReader> | undefined;

/** The page's one reader, made on first use; a failed load is tried again next time. */
export function openBarcodeReader(): Promise<BarcodeReader> {
  opening ??= (async () => readerOf((await nativeDetector()) ?? (await wasmDetector())))().catch((error: unknown) => {
    opening = undefined;
    throw error;
  });
  return opening;
}
