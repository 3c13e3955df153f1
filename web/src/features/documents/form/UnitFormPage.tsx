import { FORM_STATUS, formStatusName } from '@portal/contracts/documents/documents.codes';
import type { UnitFormPage as UnitFormView } from '@portal/contracts/documents/documents.views';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Result, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { call, failureMessage, queryKey } from '../../../app/api-client';
import FormStatusTag from '../../../app/widgets/FormStatusTag';
import { FORM_ROUTES, FORM_TEXTS, UNIT_KIND_NAMES, isDeadLink } from '../forms-api';
import FillFormCard from './FillFormCard';

/** One column, as wide as a phone allows and no wider than reads well on a desktop. */
const COLUMN = { maxWidth: 720, margin: '0 auto', padding: '16px 12px 48px' } as const;

/** What the form is, for whom, where it stands, and who signs it. */
function FormHeader({ view }: { view: UnitFormView }) {
  return (
    <Card>
      <Flex vertical gap={8}>
        <Typography.Title level={3} style={{ margin: 0, overflowWrap: 'anywhere' }}>
          {view.form_name}
        </Typography.Title>
        <Typography.Text>
          <Typography.Text type="secondary">{UNIT_KIND_NAMES[view.unit_kind]}: </Typography.Text>
          {view.unit_name}
        </Typography.Text>
        <div>
          <FormStatusTag status={view.status} />
        </div>
        {view.status === FORM_STATUS.REJECTED && view.reason && <Alert type="warning" showIcon title={`${formStatusName(FORM_STATUS.REJECTED)}: ${view.reason}`} />}
        <a href={view.template_url} target="_blank" rel="noopener noreferrer">
          {FORM_TEXTS.blankForm}
        </a>
        <Typography.Text>Signing as {view.signer_name}</Typography.Text>
      </Flex>
    </Card>
  );
}

/**
 * The form page (/form/:form_id/:token; bare layout, public, phone first; doc 3 §4 "Fill form
 * opens /form/{form_id}/{token}"): the token in the path is the credential. It shows the form, its
 * unit, status (a rejected form's reason), the blank form and the signer; while the form can be
 * filled, its fields and the signature, saved as 'Form updated successfully'; afterwards its
 * status, and that nothing is left to do once completed or accepted. A dead link says only so.
 */
export default function UnitFormPage() {
  const { form_id: formId = '', token = '' } = useParams();
  const client = useQueryClient();
  const options = { params: { form_id: formId, token } };
  const key = queryKey(FORM_ROUTES.page, options);
  const answer = useQuery({ queryKey: key, queryFn: () => call<UnitFormView>(FORM_ROUTES.page, options), enabled: formId !== '' && token !== '' });
  const [saved, setSaved] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const readAgain = () => void client.invalidateQueries({ queryKey: key });

  if (!formId || !token || isDeadLink(answer.error)) {
    return (
      <main style={COLUMN}>
        <Result status="warning" title={FORM_TEXTS.linkNotValid} />
      </main>
    );
  }
  const view = answer.data;
  if (!view) {
    return (
      <main style={COLUMN}>
        {answer.isError ? (
          <Result
            status="error"
            title={failureMessage(answer.error)}
            extra={
              <Button type="primary" onClick={() => void answer.refetch()}>
                Try Again!
              </Button>
            }
          />
        ) : (
          <Flex justify="center" style={{ padding: 48 }}>
            <Spin aria-label="Loading the form" />
          </Flex>
        )}
      </main>
    );
  }

  const nothingLeft = FORM_TEXTS.nothingLeft[view.status];
  return (
    <main style={COLUMN}>
      <Flex vertical gap={16}>
        {saved && <Result status="success" title={saved} style={{ padding: '16px 0' }} />}
        {refusal && <Alert type="error" showIcon title={refusal} />}
        <FormHeader view={view} />
        {view.can_fill && !saved ? (
          <FillFormCard
            view={view}
            token={token}
            onSaved={(message) => {
              setSaved(message);
              readAgain();
            }}
            onRefused={(message) => {
              setRefusal(message);
              readAgain();
            }}
          />
        ) : (
          nothingLeft && <Alert type="success" showIcon title={nothingLeft} />
        )}
      </Flex>
    </main>
  );
}
