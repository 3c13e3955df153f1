import { CameraOutlined, CloseOutlined } from '@ant-design/icons';
import { luhnValid } from '@portal/contracts/inventory/inventory.schemas';
import { Button, Input, type InputRef, Space, Tag, Typography } from 'antd';
import { Fragment, memo, useCallback, useEffect, useRef, useState } from 'react';
import CameraScanner from './CameraScanner';

/**
 * What a scanned code stands for on the screen that asked: the IMEIs it adds (an IMEI itself, or
 * a carton's), or why it is refused, in words ('IMEI … is not in this job').
 */
export type ScanResolution = { readonly imeis: readonly string[] } | { readonly refused: string };

/** A code as scanners and pastes deliver it: control characters (a scanner's CR, GS) and spaces removed. */
export function normalizeScan(raw: string): string {
  return raw.replace(/[\s\p{Cc}]/gu, '');
}

/** An IMEI (15 digits) or a SIM's ICCID (19-20) by its shape: what the screens resolve as one device rather than a carton number. */
export const looksLikeDeviceId = (code: string): boolean => /^(\d{15}|\d{19,20})$/.test(code);

/**
 * An IMEI (15 digits) or ICCID (19-20) whose Luhn check digit does not match. Flagged, never
 * refused: some upstream data carries none (docs/SCANNING.md).
 */
export function checkDigitFlag(code: string): string | undefined {
  if (!looksLikeDeviceId(code) || luhnValid(code)) return undefined;
  return `${code.length === 15 ? 'IMEI' : 'ICCID'} ${code}: its check digit does not match`;
}

interface Entry {
  readonly code: string;
  /** Undefined while the screen resolves it. */
  readonly resolution?: ScanResolution;
  /** Times the same code came again (kept once). */
  readonly repeats: number;
}

const acceptedImeis = (entries: readonly Entry[]) => [
  ...new Set(entries.flatMap((entry) => (entry.resolution && 'imeis' in entry.resolution ? entry.resolution.imeis : []))),
];

/** What the screen asking does with the codes scanned into the box. */
type ScanInputProps = {
  label: string;
  placeholder?: string;
  /** The box takes the keyboard when it shows (a drawer opened by a scan: the scanner's next codes land here). */
  autoFocus?: boolean;
} & (
  | {
      /** What a code stands for on this screen (below). */
      resolve: (code: string) => ScanResolution | Promise<ScanResolution>;
      onChange: (imeis: string[]) => void;
      /** Codes scanned elsewhere for this box (the page's box, before this drawer opened): taken in as if scanned here, as the list grows. */
      incoming?: readonly string[];
      handOver?: never;
    }
  | {
      /**
       * A box that only starts a flow: each code is handed on at once, within the key press (so a
       * drawer it opens has the keyboard before the scanner's next code), and listed where it lands.
       */
      handOver: (codes: string[]) => void;
      resolve?: never;
      onChange?: never;
      incoming?: never;
    }
);

/**
 * The one scan input of every screen that picks devices or cartons (issue 27). A USB scanner types
 * a code and Enter, fast: each Enter takes the code typed so far, so scans land one per line with
 * nothing clicked between them; a pasted list is split into its lines; the camera button reads codes
 * from the phone's or laptop's camera into the same list. Each code is resolved at once
 * by the screen (`resolve`): accepted codes add their IMEIs, refused ones stay listed in red with
 * the reason (scanned again, checked again), an accepted code scanned again is kept once with a note. `onChange` gets the accepted IMEIs.
 * With `handOver` instead, the box resolves nothing: it hands each code to the screen (issue 42: a
 * scan on Assign Inventory's page opens the Assign drawer with it).
 */
export default function ScanInput({
  label,
  resolve,
  onChange,
  incoming,
  handOver,
  autoFocus,
  placeholder = 'Scan or type an IMEI or carton number, then Enter',
}: ScanInputProps) {
  const [typed, setTyped] = useState('');
  const [entries, setEntries] = useState<Entry[]>([]);
  const [camera, setCamera] = useState(false);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const handOverRef = useRef(handOver);
  handOverRef.current = handOver;
  const accepted = acceptedImeis(entries);
  // Told when the accepted IMEIs change, not on every keystroke's render.
  const acceptedKey = JSON.stringify(accepted);
  useEffect(() => {
    onChangeRef.current?.(JSON.parse(acceptedKey) as string[]);
  }, [acceptedKey]);

  // The codes on the list, known at once (state updates land later): a burst of scans must see its own repeats.
  const known = useRef(new Set<string>());
  // The refused ones among them: scanned again, they are checked again (what the screen allows may have changed).
  const refusedCodes = useRef(new Set<string>());
  const check = (code: string) => {
    const settle = (resolution: ScanResolution) => {
      if ('refused' in resolution) refusedCodes.current.add(code);
      setEntries((current) => current.map((entry) => (entry.code === code && !entry.resolution ? { ...entry, resolution } : entry)));
    };
    Promise.resolve()
      .then(() => resolve!(code))
      .then(settle, () => settle({ refused: `${code} could not be checked: try again` }));
  };
  const take = (text: string) => {
    if (handOverRef.current) {
      const codes = text.split(/[\r\n]+/).map(normalizeScan).filter((code) => code !== '');
      if (codes.length > 0) handOverRef.current(codes);
      return;
    }
    for (const code of text.split(/[\r\n]+/).map(normalizeScan)) {
      if (code === '') continue;
      if (refusedCodes.current.delete(code)) {
        setEntries((current) => current.map((entry) => (entry.code === code ? { code, repeats: entry.repeats } : entry)));
        check(code);
        continue;
      }
      if (known.current.has(code)) {
        setEntries((current) => current.map((entry) => (entry.code === code ? { ...entry, repeats: entry.repeats + 1 } : entry)));
        continue;
      }
      known.current.add(code);
      setEntries((current) => [...current, { code, repeats: 0 }]);
      check(code);
    }
  };
  const box = useRef<InputRef>(null);
  useEffect(() => {
    if (!autoFocus) return;
    // After this commit's effects: a drawer focuses its own panel once shown, and the scanner's next code is due.
    queueMicrotask(() => box.current?.focus({ preventScroll: true }));
    // On showing only.
  }, []);

  // Codes scanned elsewhere for this box: each taken once, as the list grows.
  const incomingTaken = useRef(0);
  const incomingKey = JSON.stringify(incoming ?? []);
  useEffect(() => {
    const codes = JSON.parse(incomingKey) as string[];
    if (codes.length <= incomingTaken.current) return;
    const fresh = codes.slice(incomingTaken.current);
    incomingTaken.current = codes.length;
    take(fresh.join('\n'));
    // take reads refs and sets state only; the codes are the trigger.
  }, [incomingKey]);
  const remove = useCallback((code: string) => {
    known.current.delete(code);
    refusedCodes.current.delete(code);
    setEntries((current) => current.filter((entry) => entry.code !== code));
  }, []);

  return (
    <div style={{ marginBottom: 16 }}>
      <Space.Compact block>
        <Input
          ref={box}
          aria-label={label}
          placeholder={placeholder}
          value={typed}
          autoComplete="off"
          onChange={(event) => setTyped(event.target.value)}
          // A pasted list (a one-line box drops its line breaks): every line is a code.
          onPaste={(event) => {
            const text = event.clipboardData.getData('text');
            if (!/[\r\n]/.test(text.trim())) return;
            event.preventDefault();
            take(text);
          }}
          // Not onPressEnter: it waits for each Enter's key-up, and a scanner's next code may come first.
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
            event.preventDefault();
            take(typed);
            setTyped('');
          }}
        />
        <Button icon={<CameraOutlined />} aria-label={`${label} with the camera`} onClick={() => setCamera(true)}>
          Camera
        </Button>
      </Space.Compact>
      {camera && (
        <CameraScanner
          onCode={(code) => {
            // Handed over, the code's flow goes on elsewhere (a drawer with a camera of its own).
            if (handOverRef.current) setCamera(false);
            take(code);
          }}
          onClose={() => setCamera(false)}
        />
      )}
      {!handOver && (
        <>
          <Typography.Text type="secondary" aria-live="polite">
            {entries.length === 0 ? 'Nothing scanned yet' : `${accepted.length} device${accepted.length === 1 ? '' : 's'} picked from ${entries.length} code${entries.length === 1 ? '' : 's'}`}
          </Typography.Text>
          <ScannedCodes label={label} entries={entries} onRemove={remove} />
        </>
      )}
    </div>
  );
}

/** The scanned codes and what became of each; apart so that a scanner's keystrokes do not redraw a long list. */
const ScannedCodes = memo(function ScannedCodes({ label, entries, onRemove }: { label: string; entries: readonly Entry[]; onRemove: (code: string) => void }) {
  return (
    <ul aria-label={`${label}: scanned codes`} style={{ listStyle: 'none', padding: 0, margin: '8px 0 0' }}>
      {entries.map((entry) => {
        const flag = checkDigitFlag(entry.code);
        const refused = entry.resolution && 'refused' in entry.resolution ? entry.resolution.refused : undefined;
        const imeis = entry.resolution && 'imeis' in entry.resolution ? entry.resolution.imeis : undefined;
        const said = [
          !entry.resolution && <Tag key="checking">Checking…</Tag>,
          imeis && (
            <Tag key="picked" color="green">
              {imeis.length === 1 && imeis[0] === entry.code ? 'Picked' : `${imeis.length} devices`}
            </Tag>
          ),
          refused && (
            <Typography.Text key="refused" type="danger">
              {refused}
            </Typography.Text>
          ),
          flag && (
            <Tag key="flag" color="warning" style={{ whiteSpace: 'normal' }} title="Flagged, not refused: some upstream data has no check digit">
              {flag}
            </Tag>
          ),
          entry.repeats > 0 && (
            <Typography.Text key="repeats" type="secondary">
              {`scanned ${entry.repeats + 1} times, kept once`}
            </Typography.Text>
          ),
        ].filter(Boolean);
        // The code and what became of it run as one text that wraps word by word right after the
        // chip (flex items wrapped whole onto lines of their own, away from their code on a phone),
        // and × keeps its place at the end of the chip's line (issue 42).
        return (
          <li key={entry.code} style={{ display: 'flex', gap: 4, alignItems: 'flex-start' }}>
            <div style={{ flex: '1 1 auto', minWidth: 0, lineHeight: '24px', overflowWrap: 'anywhere' }}>
              <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
                {entry.code}
              </Typography.Text>
              {said.map((part, index) => (
                <Fragment key={index}> {part}</Fragment>
              ))}
            </div>
            <Button size="small" type="text" icon={<CloseOutlined />} aria-label={`Remove ${entry.code}`} onClick={() => onRemove(entry.code)} style={{ flex: 'none' }} />
          </li>
        );
      })}
    </ul>
  );
});
