import { PrinterOutlined } from '@ant-design/icons';
import { LABEL_LAYOUTS, LABEL_LAYOUT_NAMES, type LabelLayout, MAX_LABELS } from '@portal/contracts/inventory/labels.codes';
import { Alert, type ButtonProps, Modal, Radio, Space, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { can } from '../access';
import { callForBlob, failureMessage, route } from '../api-client';
import { notice } from '../notice';
import { useSession } from '../session-context';
import ActionButton from './ActionButton';

const ROUTES = {
  carton: route('POST', '/api/v1/manager/carton_labels'),
  device: route('POST', '/api/v1/manager/device_labels'),
};

/** Where the layout last chosen is kept (this browser): the printer at hand rarely changes. */
const LAYOUT_KEY = 'labels-layout';

/** What each layout prints, said where it is chosen. */
const LAYOUT_HINTS: Record<'carton' | 'device', Record<LabelLayout, string>> = {
  carton: { a4: '8 labels a sheet (105 × 74 mm)', '4x6': 'one label a page, for a label printer', '62mm': 'one 62 × 100 mm label a page, for a roll printer' },
  device: { a4: '24 labels a sheet (70 × 37 mm)', '4x6': 'one label a page, for a label printer', '62mm': 'one 62 × 32 mm label a page, for a roll printer' },
};

function rememberedLayout(): LabelLayout {
  const stored = localStorage.getItem(LAYOUT_KEY);
  return (LABEL_LAYOUTS as readonly string[]).includes(stored ?? '') ? (stored as LabelLayout) : 'a4';
}

/** Saves the PDF under `fileName` through a link the page clicks (a tab opened after the call's wait would be a blocked popup). */
function save(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL by then; freeing it at once cancels it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export interface PrintLabelsButtonProps {
  /** Carton labels (carton number as Code 128 and QR, office, devices, type, received date) or device labels (IMEI as Code 128, model, carton). */
  kind: 'carton' | 'device';
  /** The carton numbers or IMEIs to label, in order; or how to find them when asked (the cartons of a receive job). */
  items: readonly string[] | (() => Promise<readonly string[]>);
  /** Why nothing can be printed while `items` is empty ("Select the devices to label."). */
  emptyReason?: string;
  size?: ButtonProps['size'];
  type?: ButtonProps['type'];
  /** The button's words (default "Print labels"). */
  children?: ReactNode;
  /** Its name for screen readers where the words alone do not say whose labels (a row's button). */
  'aria-label'?: string;
}

/**
 * Print labels (issue 27, docs/SCANNING.md "Labels"): asks the layout — an A4 sheet of labels, a
 * 4 × 6 in label printer or a 62 mm roll — and downloads the PDF the server renders for it
 * (fetched with the session's token, as the console fetches its other guarded files, then saved
 * through an object URL). Shown to the roles that may print labels only.
 */
export default function PrintLabelsButton({ kind, items, emptyReason, size, type, children = 'Print labels', 'aria-label': ariaLabel }: PrintLabelsButtonProps) {
  const roles = useSession().user?.role_id ?? [];
  const [open, setOpen] = useState(false);
  const [layout, setLayout] = useState<LabelLayout>(rememberedLayout);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  if (!can.printLabels(roles)) return null;

  const known = typeof items === 'function' ? undefined : items;
  const noun = kind === 'carton' ? 'carton' : 'device';
  const blockedBecause =
    known === undefined ? undefined : known.length === 0 ? (emptyReason ?? `Select the ${noun}s to label.`) : known.length > MAX_LABELS ? `At most ${MAX_LABELS.toLocaleString('en-US')} labels at once: select fewer ${noun}s.` : undefined;

  const close = () => {
    setOpen(false);
    setFailure(undefined);
  };
  const print = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      const list = typeof items === 'function' ? await items() : items;
      if (list.length === 0) {
        setFailure(`There are no ${noun}s to label.`);
        return;
      }
      const body = kind === 'carton' ? { carton_numbers: list, layout } : { imeis: list, layout };
      save(await callForBlob(ROUTES[kind], { body }), `${noun}-labels-${layout}.pdf`);
      localStorage.setItem(LAYOUT_KEY, layout);
      close();
      notice.toastSuccess(`${list.length === 1 ? 'Label' : `${list.length.toLocaleString('en-US')} labels`} downloaded`);
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <ActionButton icon={<PrinterOutlined />} size={size} type={type} blockedBecause={blockedBecause} onClick={() => setOpen(true)} aria-label={ariaLabel}>
        {children}
      </ActionButton>
      <Modal
        open={open}
        title={kind === 'carton' ? 'Print carton labels' : 'Print device labels'}
        okText="Download PDF"
        onOk={() => void print()}
        confirmLoading={busy}
        onCancel={close}
        destroyOnHidden
      >
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Text>
            {known === undefined ? `A label for every ${noun} of this job.` : `${known.length === 1 ? `1 ${noun} label` : `${known.length.toLocaleString('en-US')} ${noun} labels`}.`} Which labels are in the printer?
          </Typography.Text>
          <Radio.Group
            aria-label="Label layout"
            value={layout}
            onChange={(event) => setLayout(event.target.value as LabelLayout)}
            options={LABEL_LAYOUTS.map((value) => ({ value, label: `${LABEL_LAYOUT_NAMES[value]}: ${LAYOUT_HINTS[kind][value]}` }))}
            style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
          />
          {failure && <Alert type="error" showIcon title="Oops" description={failure} />}
        </Space>
      </Modal>
    </>
  );
}
