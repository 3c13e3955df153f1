import { CameraOutlined, CloseOutlined } from '@ant-design/icons';
import { luhnValid } from '@portal/contracts/inventory/inventory.schemas';
import { Button, Input, Space, Tag, Typography } from 'antd';
import { memo, useCallback, useEffect, useRef, useState } from 'react';
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

/**
 * The one scan input of every screen that picks devices or cartons (issue 27). A USB scanner types
 * a code and Enter, fast: each Enter takes the code typed so far, so scans land one per line with
 * nothing clicked between them; a pasted list is split into its lines; the camera button reads codes
 * from the phone's or laptop's camera into the same list. Each code is resolved at once
 * by the screen (`resolve`): accepted codes add their IMEIs, refused ones stay listed in red with
 * the reason (scanned again, checked again), an accepted code scanned again is kept once with a note. `onChange` gets the accepted IMEIs.
 */
export default function ScanInput({
  label,
  resolve,
  onChange,
  placeholder = 'Scan or type an IMEI or carton number, then Enter',
}: {
  label: string;
  resolve: (code: string) => ScanResolution | Promise<ScanResolution>;
  onChange: (imeis: string[]) => void;
  placeholder?: string;
}) {
  const [typed, setTyped] = useState('');
  const [entries, setEntries] = useState<Entry[]>([]);
  const [camera, setCamera] = useState(false);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const accepted = acceptedImeis(entries);
  // Told when the accepted IMEIs change, not on every keystroke's render.
  const acceptedKey = JSON.stringify(accepted);
  useEffect(() => {
    onChangeRef.current(JSON.parse(acceptedKey) as string[]);
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
      .then(() => resolve(code))
      .then(settle, () => settle({ refused: `${code} could not be checked: try again` }));
  };
  const take = (text: string) => {
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
  const remove = useCallback((code: string) => {
    known.current.delete(code);
    refusedCodes.current.delete(code);
    setEntries((current) => current.filter((entry) => entry.code !== code));
  }, []);

  return (
    <div style={{ marginBottom: 16 }}>
      <Space.Compact block>
        <Input
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
      {camera && <CameraScanner onCode={take} onClose={() => setCamera(false)} />}
      <Typography.Text type="secondary" aria-live="polite">
        {entries.length === 0 ? 'Nothing scanned yet' : `${accepted.length} device${accepted.length === 1 ? '' : 's'} picked from ${entries.length} code${entries.length === 1 ? '' : 's'}`}
      </Typography.Text>
      <ScannedCodes label={label} entries={entries} onRemove={remove} />
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
        return (
          <li key={entry.code} style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography.Text code>{entry.code}</Typography.Text>
            {!entry.resolution && <Tag>Checking…</Tag>}
            {imeis && <Tag color="green">{imeis.length === 1 && imeis[0] === entry.code ? 'Picked' : `${imeis.length} devices`}</Tag>}
            {refused && <Typography.Text type="danger">{refused}</Typography.Text>}
            {flag && <Tag color="warning" title="Flagged, not refused: some upstream data has no check digit">{flag}</Tag>}
            {entry.repeats > 0 && <Typography.Text type="secondary">{`scanned ${entry.repeats + 1} times, kept once`}</Typography.Text>}
            <Button size="small" type="text" icon={<CloseOutlined />} aria-label={`Remove ${entry.code}`} onClick={() => onRemove(entry.code)} />
          </li>
        );
      })}
    </ul>
  );
});
