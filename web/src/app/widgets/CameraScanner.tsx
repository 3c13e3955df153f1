import { Alert, Button, Modal, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { type BarcodeReader, openBarcodeReader } from './barcode-reader';

/** Time between two looks at the camera's picture: quick enough to feel instant, light on a phone's CPU. */
const LOOK_EVERY_MS = 150;
/** How many of the codes read are listed in the camera window (the scan list holds them all). */
const SHOWN_CODES = 5;

/** The camera failure in words, with what to do instead. */
export function cameraProblem(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'The camera was not allowed: allow it in the browser for this site, or use a USB scanner.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'No camera was found on this device: use a USB scanner or type the codes.';
  if (name === 'NotReadableError') return 'The camera is in use by another application: close it and try again.';
  return `The camera could not be opened: ${error instanceof Error ? error.message : String(error)}`;
}

/** A short beep and a buzz: a new code was read (the phone is often held away from the screen). */
function signalNewCode(audio: AudioContext | undefined): void {
  navigator.vibrate?.(60);
  if (!audio) return;
  const tone = audio.createOscillator();
  const volume = audio.createGain();
  tone.frequency.value = 1_200;
  volume.gain.value = 0.15;
  tone.connect(volume).connect(audio.destination);
  tone.start();
  tone.stop(audio.currentTime + 0.08);
}

/**
 * The camera window of the scan input: shows the camera's picture, reads every code in view
 * continuously and hands each new one to `onCode` once (a code held in view is not read again),
 * with a beep and a buzz. Closing it turns the camera off. `note` is the caller's word on the last
 * code (why it could not be used), shown under the picture.
 */
export default function CameraScanner({ onCode, onClose, note }: { onCode: (code: string) => void; onClose: () => void; note?: string }) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string>();
  const [watching, setWatching] = useState(false);
  const [read, setRead] = useState<string[]>([]);
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const seen = new Set<string>();
    const AudioContextClass = globalThis.AudioContext as typeof AudioContext | undefined;
    const audio = AudioContextClass ? new AudioContextClass() : undefined;

    const look = async (reader: BarcodeReader) => {
      if (stopped) return;
      const frame = video.current;
      if (frame && frame.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
        try {
          for (const code of await reader.read(frame)) {
            if (stopped || code === '' || seen.has(code)) continue;
            seen.add(code);
            signalNewCode(audio);
            setRead((current) => [code, ...current].slice(0, SHOWN_CODES));
            onCodeRef.current(code);
          }
        } catch {
          // A frame that cannot be read (the stream is still starting) is skipped; the next one is read.
        }
      }
      if (!stopped) timer = setTimeout(() => void look(reader), LOOK_EVERY_MS);
    };

    (async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setProblem('This browser cannot open a camera here (the portal must be opened over https): use a USB scanner or type the codes.');
        return;
      }
      try {
        const [opened, reader] = await Promise.all([
          navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false }),
          openBarcodeReader().catch((error: unknown) => {
            throw new Error(`the barcode reader could not be loaded (${error instanceof Error ? error.message : String(error)})`);
          }),
        ]);
        stream = opened;
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        setWatching(true);
        void look(reader);
      } catch (error) {
        if (!stopped) setProblem(cameraProblem(error));
      }
    })();

    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
      void audio?.close();
    };
  }, []);

  return (
    <Modal open title="Scan with the camera" onCancel={onClose} destroyOnHidden footer={<Button type="primary" onClick={onClose}>Done</Button>}>
      {problem ? (
        <Alert type="error" showIcon title={problem} />
      ) : (
        <Typography.Paragraph>{watching ? 'Hold a barcode in the frame. Each new code beeps and joins the list.' : 'Opening the camera…'}</Typography.Paragraph>
      )}
      {note && <Alert type="warning" showIcon title={note} style={{ marginBottom: 8 }} />}
      <video ref={video} muted playsInline aria-label="Camera picture" style={{ width: '100%', maxHeight: 360, background: '#000', display: problem ? 'none' : 'block' }} />
      <ul aria-label="Codes read by the camera" style={{ listStyle: 'none', padding: 0, margin: '8px 0 0' }}>
        {read.map((code) => (
          <li key={code}>
            <Typography.Text code>{code}</Typography.Text>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
