import { CheckCircleFilled } from '@ant-design/icons';
import { COMPLIANCE_STATUS, DOCUMENT_MESSAGES, complianceStatusName } from '@portal/contracts/documents/documents.codes';
import type { ComplianceDocumentRow } from '@portal/contracts/documents/documents.views';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Flex, Modal, Tag, Typography } from 'antd';
import { useState } from 'react';
import { call, failureMessage } from '../../app/api-client';
import { reloadAfter } from '../../app/command';
import { notice } from '../../app/notice';
import ActionButton from '../../app/widgets/ActionButton';
import SignatureField, { useSignaturePad } from '../../app/widgets/SignatureField';
import { type SaveDocumentAnswer, complianceRoutes, isCompleted, refusedFields, signatureBody } from './compliance-api';
import { shownDateTime } from '../../app/format';
import PdfViewer from './PdfViewer';

/** The signing controls' own width on a wide screen: under the page, as wide as it at most. */
const CONTROLS_MAX_WIDTH = 960;

/** The refusals the signing call names per field (doc 2 §5 "a drawn signature and the consent checkbox are required"). */
interface SignProblems {
  consent?: string;
  signature_image?: string;
}

/** Why Save cannot be pressed yet, in the spec's words; undefined once it can. */
function saveBlockedBecause(lastPageShown: boolean, agreed: boolean, drawn: boolean): string | undefined {
  if (!lastPageShown) return DOCUMENT_MESSAGES.lastPage;
  if (!agreed) return DOCUMENT_MESSAGES.consentRequired;
  if (!drawn) return DOCUMENT_MESSAGES.signatureRequired;
  return undefined;
}

/**
 * One compliance document full screen (doc 2 §2): the PDF a page at a time, then — while it is
 * pending — the consent box (enabled once the last page has been shown), the signature pad, Clear
 * and Save. Save sends the signature (doc 2 §7 "Signing"); the server's message follows, the list
 * reloads, and the signed copy takes the original's place, read-only. A completed document opens
 * on its signed copy (with its certificate page).
 */
export default function SignDocumentModal({ document, onClose }: { document: ComplianceDocumentRow; onClose: () => void }) {
  const client = useQueryClient();
  const [signedUrl, setSignedUrl] = useState<string | null>(isCompleted(document) ? document.signed_document_url : null);
  const [lastPageShown, setLastPageShown] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const { padRef, drawn, setDrawn, clear, drawing } = useSignaturePad();
  const [problems, setProblems] = useState<SignProblems>({});
  const signed = isCompleted(document) || signedUrl !== null;
  // A completed row without its copy (not expected) still shows the document it is about.
  const url = signedUrl ?? document.document_url;

  const save = useMutation({
    mutationFn: (body: FormData) => call<SaveDocumentAnswer>(complianceRoutes.save, { body }),
    onSuccess: (answer) => {
      notice.success(answer.message || DOCUMENT_MESSAGES.signed);
      reloadAfter(client, answer, [complianceRoutes.list]);
      setSignedUrl(answer.signed_document_url);
    },
    onError: (failure) => {
      const { consent, signature_image } = refusedFields(failure);
      if (consent || signature_image) setProblems({ consent, signature_image });
      else notice.failure(failureMessage(failure));
    },
  });

  const sign = () => {
    const png = drawing();
    if (!png) return;
    setProblems({});
    save.mutate(signatureBody(document.id, png));
  };

  const title = (
    <Flex align="center" gap={8} wrap style={{ paddingRight: 32 }}>
      <span style={{ overflowWrap: 'anywhere' }}>{document.document_name}</span>
      {signed ? (
        <Tag color="green" icon={<CheckCircleFilled />}>
          {complianceStatusName(COMPLIANCE_STATUS.COMPLETED)}
        </Tag>
      ) : (
        <Tag color="orange">{complianceStatusName(document.status)}</Tag>
      )}
    </Flex>
  );

  return (
    <Modal
      open
      title={title}
      footer={null}
      onCancel={onClose}
      width="100vw"
      // Full screen on a phone and a desktop alike: the page gets every pixel of width.
      style={{ top: 0, maxWidth: '100vw', margin: 0, paddingBottom: 0 }}
      styles={{
        container: { height: '100dvh', borderRadius: 0, display: 'flex', flexDirection: 'column', padding: '12px 12px 0' },
        body: { flex: 1, minHeight: 0, overflowY: 'auto', paddingBottom: 24 },
      }}
    >
      <PdfViewer key={url} url={url} title={document.document_name} onLastPageShown={() => setLastPageShown(true)} />
      <Flex vertical gap={8} style={{ maxWidth: CONTROLS_MAX_WIDTH, margin: '0 auto' }}>
        {signed ? (
          <Typography.Paragraph style={{ textAlign: 'center', margin: 0 }}>
            {document.signed_at && <>Signed {shownDateTime(document.signed_at)} · </>}
            <a href={url} target="_blank" rel="noopener noreferrer">
              Open the signed copy in a new tab
            </a>
          </Typography.Paragraph>
        ) : (
          <>
            <Checkbox
              checked={agreed}
              disabled={!lastPageShown}
              onChange={(event) => {
                setAgreed(event.target.checked);
                setProblems((now) => ({ ...now, consent: undefined }));
              }}
            >
              {DOCUMENT_MESSAGES.consent}
            </Checkbox>
            {!lastPageShown && <Typography.Text type="secondary">{DOCUMENT_MESSAGES.lastPage}</Typography.Text>}
            {problems.consent && (
              <Typography.Text type="danger" role="alert">
                {problems.consent}
              </Typography.Text>
            )}
            <Typography.Text strong>Signature</Typography.Text>
            <SignatureField
              label={`Signature for ${document.document_name}`}
              padRef={padRef}
              onDrawnChange={(now) => {
                setDrawn(now);
                if (now) setProblems((shown) => ({ ...shown, signature_image: undefined }));
              }}
            />
            {problems.signature_image && (
              <Typography.Text type="danger" role="alert">
                {problems.signature_image}
              </Typography.Text>
            )}
            <Flex gap={8} justify="flex-end">
              <Button onClick={clear} disabled={save.isPending}>
                Clear
              </Button>
              <ActionButton type="primary" onClick={sign} loading={save.isPending} blockedBecause={saveBlockedBecause(lastPageShown, agreed, drawn)}>
                Save
              </ActionButton>
            </Flex>
          </>
        )}
      </Flex>
    </Modal>
  );
}
