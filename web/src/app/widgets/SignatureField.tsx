import type { RefObject } from 'react';
import { useEffect, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';

/** The drawing area's height in CSS pixels: room for a finger's signature on a phone. */
const SIGNATURE_HEIGHT = 160;

/**
 * A signature drawn with a finger, a pen or a mouse (signature_pad), full width and 160 px tall.
 * The page does not scroll while drawing on it (`touch-action: none`). The pad is given to
 * `padRef` (to clear it, to read the PNG); `onDrawnChange` says after each stroke whether
 * something is drawn. A change of width (a phone turned) keeps the strokes drawn.
 */
export default function SignatureField({ label, padRef, onDrawnChange }: { label: string; padRef: RefObject<SignaturePad | null>; onDrawnChange: (drawn: boolean) => void }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  // The latest callback, read by the pad's listener (set up once).
  const drawnChange = useRef(onDrawnChange);
  useEffect(() => {
    drawnChange.current = onDrawnChange;
  }, [onDrawnChange]);

  useEffect(() => {
    const canvas = canvasRef.current!;
    const pad = new SignaturePad(canvas, { penColor: 'rgb(0, 0, 80)', minWidth: 1, maxWidth: 3 });
    padRef.current = pad;
    let width = 0;
    /** The canvas's pixels follow its shown size (and the screen's density), the strokes redrawn: else a phone draws blurred and offset. */
    const fit = () => {
      const shown = canvas.clientWidth;
      if (!shown || shown === width) return;
      width = shown;
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const strokes = pad.toData();
      canvas.width = shown * ratio;
      // The border is inside the shown size (border-box: the pad never runs past its container), so the pixels follow the inner height too.
      canvas.height = (canvas.clientHeight || SIGNATURE_HEIGHT) * ratio;
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.clear();
      pad.fromData(strokes);
    };
    const stroked = () => drawnChange.current(!pad.isEmpty());
    fit();
    pad.addEventListener('endStroke', stroked);
    window.addEventListener('resize', fit);
    return () => {
      window.removeEventListener('resize', fit);
      pad.removeEventListener('endStroke', stroked);
      pad.off();
      padRef.current = null;
    };
  }, [padRef]);

  return (
    <canvas
      ref={canvasRef}
      aria-label={label}
      style={{ display: 'block', boxSizing: 'border-box', width: '100%', height: SIGNATURE_HEIGHT, touchAction: 'none', border: '1px dashed #bfbfbf', borderRadius: 8, background: '#fff', cursor: 'crosshair' }}
    />
  );
}

/** The pad's drawing as the PNG file the signing routes take (`signature_image`). */
export function pngOf(dataUrl: string): Blob {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
  return new Blob([bytes], { type: 'image/png' });
}

/**
 * A signature pad's state for a form that signs: the ref to give SignatureField, whether something
 * is drawn, Clear, and the drawing as the PNG to send — undefined (and `drawn` false) when nothing is.
 */
export function useSignaturePad() {
  const padRef = useRef<SignaturePad | null>(null);
  const [drawn, setDrawn] = useState(false);
  const clear = () => {
    padRef.current?.clear();
    setDrawn(false);
  };
  const drawing = (): Blob | undefined => {
    const pad = padRef.current;
    if (!pad || pad.isEmpty()) {
      setDrawn(false);
      return undefined;
    }
    return pngOf(pad.toDataURL('image/png'));
  };
  return { padRef, drawn, setDrawn, clear, drawing };
}
