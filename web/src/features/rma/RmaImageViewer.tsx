import { UploadOutlined } from '@ant-design/icons';
import type { ApiRoute } from '@portal/contracts/platform/api-route';
import { Alert, Button, Empty, Image, Modal, Space, Spin, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { callForBlob, failureMessage, route } from '../../app/api-client';
import { useCommand } from '../../app/command';
import { imageProblem } from '../../app/upload';

const rmaDeviceImage = route('GET', '/api/v1/manager/rma_device_image/:id');
const uploadRmaDeviceImage = route('POST', '/api/v1/manager/upload_rma_device_image');

/** The RMA device the modal is about: its id, its IMEI, and whether it came with a photo (the lists' `device_image_url`). */
export interface ViewedRmaDevice {
  readonly id: string;
  readonly imei: string;
  readonly device_image_url: string | null;
}

/** What the modal shows, for one attempt at one device's photo (another device or attempt shows loading until its answer). */
type Shown = { state: 'loading' } | { state: 'none' } | { state: 'shown'; url: string } | { state: 'failed'; message: string };

/**
 * The photo of an RMA device (Pending and Approved RMA Request, doc 2 §2), in a modal. The photo
 * is a guarded call (the bearer token), which an `<img src>` cannot send: it is fetched with the
 * session's token, shown through an object URL, and the URL is revoked when the modal closes or
 * shows another device. A failure shows 'Oops' and the server's words in the modal, with Try Again!.
 *
 * A device without a photo shows "no photo yet". Either way the manager can send one (Replace
 * image / Add image: one image, images only, at most 50,000,000 bytes, checked before sending) as
 * multipart `rma_device_id` and `device_image`; the server's message follows in a popup, the lists
 * `reload` are refetched, and the modal fetches the new photo.
 */
export default function RmaImageViewer({ device, onClose, reload = [] }: { device: ViewedRmaDevice | undefined; onClose: () => void; reload?: readonly ApiRoute[] }) {
  const id = device?.id;
  // Try Again! asks once more.
  const [attempt, setAttempt] = useState(0);
  // Photos sent from this modal, per device: a device given one has a photo (whatever its row said), and each new one is fetched.
  const [uploads, setUploads] = useState<Readonly<Record<string, number>>>({});
  const uploaded = id === undefined ? 0 : (uploads[id] ?? 0);
  const hasPhoto = device !== undefined && (device.device_image_url !== null || uploaded > 0);
  const asked = `${id ?? ''} ${attempt} ${uploaded}`;
  const [answer, setAnswer] = useState<{ asked: string; shown: Shown }>();
  const shown: Shown = !hasPhoto ? { state: 'none' } : answer?.asked === asked ? answer.shown : { state: 'loading' };
  // Why the chosen file cannot be sent, for the device it was chosen for.
  const [problem, setProblem] = useState<{ id: string; text: string }>();
  const command = useCommand<FormData>(uploadRmaDeviceImage, reload);

  useEffect(() => {
    if (id === undefined || !hasPhoto) return;
    let url: string | undefined;
    let current = true;
    const forThis = `${id} ${attempt} ${uploaded}`;
    callForBlob(rmaDeviceImage, { params: { id } }).then(
      (blob) => {
        if (!current) return;
        url = URL.createObjectURL(blob);
        setAnswer({ asked: forThis, shown: { state: 'shown', url } });
      },
      (failure: unknown) => {
        if (current) setAnswer({ asked: forThis, shown: { state: 'failed', message: failureMessage(failure) } });
      },
    );
    return () => {
      current = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [id, attempt, uploaded, hasPhoto]);

  /** Checks the chosen file and sends it; never lets antd upload it itself. */
  const send = (file: File): false => {
    if (id === undefined) return false;
    const why = imageProblem(file);
    setProblem(why === undefined ? undefined : { id, text: why });
    if (why !== undefined) return false;
    const body = new FormData();
    body.append('rma_device_id', id);
    body.append('device_image', file, file.name);
    command.mutate(body, { onSuccess: () => setUploads((count) => ({ ...count, [id]: (count[id] ?? 0) + 1 })) });
    return false;
  };

  return (
    <Modal open={device !== undefined} title={device && `Device image, IMEI ${device.imei}`} footer={null} onCancel={onClose} destroyOnHidden width={640}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        {shown.state === 'loading' && <Spin />}
        {shown.state === 'none' && <Empty description="No photo yet for this RMA device." />}
        {shown.state === 'failed' && (
          <Alert
            type="error"
            showIcon
            title="Oops"
            description={shown.message}
            action={
              <Button size="small" onClick={() => setAttempt((count) => count + 1)}>
                Try Again!
              </Button>
            }
          />
        )}
        {shown.state === 'shown' && device && <Image src={shown.url} alt={`Device image of IMEI ${device.imei}`} style={{ maxWidth: '100%' }} />}
        {device && (
          <Upload accept="image/*" maxCount={1} showUploadList={false} beforeUpload={send} disabled={command.isPending}>
            <Button icon={<UploadOutlined />} loading={command.isPending}>
              {hasPhoto ? 'Replace image' : 'Add image'}
            </Button>
          </Upload>
        )}
        {problem && problem.id === id && (
          <Typography.Text type="danger" role="alert">
            {problem.text}
          </Typography.Text>
        )}
      </Space>
    </Modal>
  );
}
