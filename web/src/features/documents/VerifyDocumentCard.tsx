import { SafetyCertificateOutlined } from '@ant-design/icons';
import { DOCUMENT_MESSAGES } from '@portal/contracts/documents/documents.codes';
import type { VerifyAnswer } from '@portal/contracts/documents/documents.views';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Flex, Typography, Upload } from 'antd';
import { useState } from 'react';
import { call, failureMessage } from '../../app/api-client';
import { notice } from '../../app/notice';
import { shownDateTime, shownText } from '../../app/format';
import { complianceRoutes, isPdf } from './compliance-api';

/** What a signed file is, as the result names it. */
const KIND_NAMES: Record<NonNullable<VerifyAnswer['record']>['kind'], string> = {
  compliance_document: 'Compliance document',
  unit_form: 'Market or office form',
  candidate_consent: 'Candidate consent',
};

/** A SHA-256 in full, breakable on a phone, copyable. */
const Digest = ({ value }: { value: string }) => (
  <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
    {value}
  </Typography.Text>
);

/** The answer for one file: who signed what and when, or the server's reason it is not ours (with the file's SHA-256 either way). */
function Verdict({ fileName, answer }: { fileName: string; answer: VerifyAnswer }) {
  const record = answer.record;
  if (!answer.valid || !record) {
    return (
      <Alert
        type="warning"
        showIcon
        title={answer.message}
        description={
          <Flex vertical gap={4}>
            <span>{fileName}</span>
            <span>
              SHA-256: <Digest value={answer.sha256} />
            </span>
          </Flex>
        }
      />
    );
  }
  const signedAt = shownDateTime(record.signed_at);
  return (
    <Alert
      type="success"
      showIcon
      // Said from the record, so the headline's time reads exactly as the details' below it (the spec's MM-DD-YYYY hh:mm A).
      title={`Signed by ${record.signer_name} on ${signedAt}; unchanged since it was signed.`}
      description={
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'file', label: 'File', children: fileName },
            { key: 'document', label: 'Document', children: `${record.document_name} (${KIND_NAMES[record.kind]})` },
            { key: 'signer', label: 'Signed by', children: record.signer_name },
            { key: 'role', label: 'Role', children: shownText(record.signer_role) },
            { key: 'office', label: 'Office', children: shownText(record.office_name) },
            { key: 'signed', label: 'Signed at', children: signedAt },
            { key: 'sha256', label: 'SHA-256', children: <Digest value={answer.sha256} /> },
          ]}
        />
      }
    />
  );
}

/**
 * Verify a signed document (ours): choose a PDF, the server says whether it is a document signed
 * here — whose, when, unaltered since — or why not; the file's SHA-256 either way.
 */
export default function VerifyDocumentCard() {
  const [chosen, setChosen] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const verify = useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file, file.name);
      return call<VerifyAnswer>(complianceRoutes.verify, { body });
    },
    onError: (failure) => notice.failure(failureMessage(failure)),
  });

  const check = (file: File) => {
    verify.reset();
    setChosen(file.name);
    if (!isPdf(file)) {
      setProblem(DOCUMENT_MESSAGES.file);
      return;
    }
    setProblem(undefined);
    verify.mutate(file);
  };

  return (
    <Card title="Verify a signed document" styles={{ body: { padding: 16 } }}>
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">Choose a signed PDF to check that it was signed here, by whom and when, and that it has not been changed since.</Typography.Text>
        <Upload
          accept=".pdf,application/pdf"
          maxCount={1}
          showUploadList={false}
          beforeUpload={(file) => {
            check(file);
            return false;
          }}
        >
          <Button icon={<SafetyCertificateOutlined />} loading={verify.isPending}>
            Choose a PDF to verify
          </Button>
        </Upload>
        {problem && (
          <Typography.Text type="danger" role="alert">
            {problem}
          </Typography.Text>
        )}
        {verify.data && chosen && <Verdict fileName={chosen} answer={verify.data} />}
      </Flex>
    </Card>
  );
}
