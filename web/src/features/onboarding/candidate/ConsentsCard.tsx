import { CheckCircleFilled } from '@ant-design/icons';
import type { CandidateSelfView } from '@portal/contracts/onboarding/onboarding.views';
import { Button, Card, Checkbox, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ApiFailure } from '../../../app/api-client';
import SignatureField, { useSignaturePad } from '../../../app/widgets/SignatureField';
import { CANDIDATE_PAGE_ROUTES } from './candidate-api';
import { useCandidateStep } from './use-candidate-profile';

type ConsentDocument = CandidateSelfView['documents'][number];
type SignProblems = { consent?: string; signature_image?: string };

/**
 * One consent: its title, the PDF to read (a new tab), the box to tick with the server's words,
 * the signature to draw, 'Clear' and 'Sign' (disabled until the box is ticked and something is
 * drawn). Signing sends the drawing as a PNG; once signed, 'Signed' and the signed copy.
 */
function ConsentBlock({ token, document }: { token: string; document: ConsentDocument }) {
  const step = useCandidateStep<FormData>(CANDIDATE_PAGE_ROUTES.sign, token);
  const [agreed, setAgreed] = useState(false);
  const { padRef, drawn, setDrawn, clear, drawing } = useSignaturePad();
  const [problems, setProblems] = useState<SignProblems>({});
  const consentId = `consent-${document.document}`;

  const sign = () => {
    const png = drawing();
    if (!png) return;
    const body = new FormData();
    body.append('document', document.document);
    body.append('consent', '1');
    body.append('signature_image', png, 'signature.png');
    setProblems({});
    step.mutate(body, {
      onSuccess: () => {
        setAgreed(false);
        clear();
      },
      onError: (failure) => setProblems(failure instanceof ApiFailure ? (failure.body.fields ?? {}) : {}),
    });
  };

  return (
    <section aria-labelledby={`${consentId}-title`}>
      <Flex align="center" gap={8} wrap style={{ marginBottom: 8 }}>
        <Typography.Title level={5} id={`${consentId}-title`} style={{ margin: 0 }}>
          {document.title}
        </Typography.Title>
        {document.signed_url && (
          <Tag color="success" icon={<CheckCircleFilled />}>
            Signed
          </Tag>
        )}
      </Flex>
      <Typography.Paragraph>
        <a href={document.form_url} target="_blank" rel="noopener noreferrer">
          Read the document
        </a>
        {document.signed_url && (
          <>
            {' · '}
            <a href={document.signed_url} target="_blank" rel="noopener noreferrer">
              Open the signed copy
            </a>
          </>
        )}
      </Typography.Paragraph>
      {!document.signed_url && (
        <Flex vertical gap={8}>
          <Checkbox id={consentId} checked={agreed} onChange={(event) => setAgreed(event.target.checked)}>
            {document.consent_text}
          </Checkbox>
          {problems.consent && (
            <Typography.Text type="danger" role="alert">
              {problems.consent}
            </Typography.Text>
          )}
          <SignatureField label={`Signature for ${document.title}`} padRef={padRef} onDrawnChange={setDrawn} />
          {problems.signature_image && (
            <Typography.Text type="danger" role="alert">
              {problems.signature_image}
            </Typography.Text>
          )}
          <Flex gap={8}>
            <Button onClick={clear} disabled={step.isPending} style={{ flex: 1 }}>
              Clear
            </Button>
            <Button type="primary" onClick={sign} disabled={!agreed || !drawn} loading={step.isPending} style={{ flex: 2 }}>
              Sign
            </Button>
          </Flex>
        </Flex>
      )}
    </section>
  );
}

/** 4. Consents: the background check consent and the retailer agent agreement, each read and e-signed. */
export default function ConsentsCard({ token, profile }: { token: string; profile: CandidateSelfView }) {
  return (
    <Card title="4. Consents">
      <Flex vertical gap={24}>
        {profile.documents.map((document) => (
          <ConsentBlock key={document.document} token={token} document={document} />
        ))}
      </Flex>
    </Card>
  );
}
