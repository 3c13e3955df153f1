import { Alert, Button, Image, Modal, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { callForBlob, failureMessage, route } from '../../app/api-client';

const rmaDeviceImage = route('GET', '/api/v1/manager/rma_device_image/:id');

/** What the modal shows, for one attempt at one device's photo (another device or attempt shows loading until its answer). */
type Shown = { state: 'loading' } | { state: 'shown'; url: string } | { state: 'failed'; message: string };

/**
 * The photo of an RMA device (Pending and Approved RMA Request, doc 2 §2), in a modal. The photo
 * is a guarded call (the bearer token), which an `<img src>` cannot send: it is fetched with the
 * session's token, shown through an object URL, and the URL is revoked when the modal closes or
 * shows another device. A failure shows 'Oops' and the server's words in the modal, with Try Again!.
 */
export default function RmaImageViewer({ device, onClose }: { device: { id: string; imei: string } | undefined; onClose: () => void }) {
  const id = device?.id;
  // Try Again! asks once more.
  const [attempt, setAttempt] = useState(0);
  const asked = `${id ?? ''} ${attempt}`;
  const [answer, setAnswer] = useState<{ asked: string; shown: Shown }>();
  const shown: Shown = answer?.asked === asked ? answer.shown : { state: 'loading' };

  useEffect(() => {
    if (id === undefined) return;
    let url: string | undefined;
    let current = true;
    const forThis = `${id} ${attempt}`;
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
  }, [id, attempt]);

  return (
    <Modal open={device !== undefined} title={device && `Device image, IMEI ${device.imei}`} footer={null} onCancel={onClose} destroyOnHidden width={640}>
      {shown.state === 'loading' && <Spin />}
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
    </Modal>
  );
}
