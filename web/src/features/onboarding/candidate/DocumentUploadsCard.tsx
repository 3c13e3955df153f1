import { CheckCircleFilled, InboxOutlined } from '@ant-design/icons';
import { CANDIDATE_MESSAGES, type CandidateUploadArea } from '@portal/contracts/onboarding/onboarding.schemas';
import type { CandidateSelfView } from '@portal/contracts/onboarding/onboarding.views';
import { Card, Flex, Typography, Upload } from 'antd';
import { useState } from 'react';
import { ApiFailure } from '../../../app/api-client';
import { notice } from '../../../app/notice';
import { IMAGE_MESSAGES, MAX_IMAGE_BYTES } from '../../../app/upload';
import { CANDIDATE_PAGE_ROUTES } from './candidate-api';
import { useCandidateStep } from './use-candidate-profile';

/** The two areas (doc 3 §2 Edit Candidate, §9): .jpg/.jpeg only, one file each. */
type AreaFlag = 'has_photo_copy' | 'has_government_document';
const AREAS: readonly { area: CandidateUploadArea; title: string; has: AreaFlag }[] = [
  { area: 'photo_copy', title: 'Photo copy', has: 'has_photo_copy' },
  { area: 'government_document', title: 'Government document', has: 'has_government_document' },
];

/** Why a chosen file cannot be sent (the server's words); undefined when it can. */
function fileProblem(file: File): string | undefined {
  if (!/\.jpe?g$/i.test(file.name)) return CANDIDATE_MESSAGES.jpegOnly;
  if (file.size > MAX_IMAGE_BYTES) return IMAGE_MESSAGES.tooLarge;
  return undefined;
}

/** One area: a file chosen (or dropped) is sent at once; a check mark once the server has it. */
function UploadArea({ token, area, title, has, received }: { token: string; area: CandidateUploadArea; title: string; has: AreaFlag; received: boolean }) {
  const step = useCandidateStep<FormData>(CANDIDATE_PAGE_ROUTES.upload, token, { [has]: true });
  const [problem, setProblem] = useState<string>();
  const labelId = `candidate-upload-${area}`;

  const send = (file: File) => {
    const refused = fileProblem(file);
    setProblem(refused);
    if (refused) {
      notice.toastError(refused);
      return;
    }
    const body = new FormData();
    body.append('area', area);
    body.append('file', file, file.name);
    step.mutate(body, { onError: (failure) => setProblem(failure instanceof ApiFailure ? (failure.body.fields?.file ?? failure.message) : undefined) });
  };

  return (
    <div role="group" aria-labelledby={labelId}>
      <Flex align="center" gap={8} style={{ marginBottom: 8 }}>
        <Typography.Text strong id={labelId}>
          {title}
        </Typography.Text>
        {received && (
          <Typography.Text type="success">
            <CheckCircleFilled aria-hidden /> Received
          </Typography.Text>
        )}
      </Flex>
      <Upload.Dragger
        name="file"
        accept=".jpg,.jpeg"
        maxCount={1}
        multiple={false}
        showUploadList={false}
        disabled={step.isPending}
        aria-labelledby={labelId}
        beforeUpload={(file) => {
          send(file);
          return Upload.LIST_IGNORE;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined aria-hidden />
        </p>
        <p className="ant-upload-text">{step.isPending ? 'Uploading…' : received ? `Replace the ${title.toLowerCase()}` : 'Tap to choose a .jpg file, or drop it here'}</p>
        <p className="ant-upload-hint">.jpg or .jpeg only, one file</p>
      </Upload.Dragger>
      {problem && (
        <Typography.Text type="danger" role="alert">
          {problem}
        </Typography.Text>
      )}
    </div>
  );
}

/** 3. Documents: the photo copy and the government document, uploaded as soon as they are chosen. */
export default function DocumentUploadsCard({ token, profile }: { token: string; profile: CandidateSelfView }) {
  return (
    <Card title="3. Documents">
      <Flex vertical gap={16}>
        {AREAS.map(({ area, title, has }) => (
          <UploadArea key={area} token={token} area={area} title={title} has={has} received={profile[has]} />
        ))}
      </Flex>
    </Card>
  );
}
