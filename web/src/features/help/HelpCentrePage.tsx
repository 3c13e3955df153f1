import { BookOutlined, MailOutlined, PhoneOutlined, PlayCircleOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { type SupportRequestBody, supportRequestBody } from '@portal/contracts/help/help.schemas';
import { Button, Card, Col, Form, Input, Row, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { holdsAny } from '../../app/access';
import { useCommand } from '../../app/command';
import { checkedBy } from '../../app/schema-rule';
import { useSession } from '../../app/session-context';
import { showRefusedFields } from '../../app/form-problems';
import { helpRoutes, useHelpContacts } from './help-queries';

const { shape } = supportRequestBody;

/** A phone number as a tel: link takes it: digits and a leading +. */
const telOf = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

function HelpCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card hoverable style={{ height: '100%' }}>
      <Card.Meta avatar={icon} title={title} description={children} />
    </Card>
  );
}

/** A card that opens another help screen. */
function PageCard({ to, icon, title, text }: { to: string; icon: ReactNode; title: string; text: string }) {
  return (
    <Link to={to} style={{ display: 'block', height: '100%' }}>
      <HelpCard icon={icon} title={title}>
        {text}
      </HelpCard>
    </Link>
  );
}

/** The request form (instead of the spec's chat widget), prefilled with the signed-in user's name and e-mail. */
function SupportRequestForm() {
  const { user } = useSession();
  const [form] = Form.useForm<SupportRequestBody>();
  const command = useCommand<SupportRequestBody>(helpRoutes.supportRequest, []);

  const send = (values: SupportRequestBody) => {
    const checked = supportRequestBody.safeParse(values);
    if (!checked.success) return;
    command.mutate(checked.data, {
      onSuccess: () => form.resetFields(['subject', 'message']),
      onError: (failure) => showRefusedFields(form, failure),
    });
  };

  return (
    <Card title="Contact support" style={{ marginTop: 16, maxWidth: 720 }}>
      <Form<SupportRequestBody> form={form} name="support-request" layout="vertical" initialValues={{ name: user?.displayName, email: user?.email }} onFinish={send}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="name" label="Name" required rules={[checkedBy(shape.name)]}>
              <Input placeholder="Name" maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="email" label="E-mail" required rules={[checkedBy(shape.email)]}>
              <Input placeholder="E-mail" maxLength={254} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="subject" label="Subject" required rules={[checkedBy(shape.subject)]}>
          <Input placeholder="Subject" maxLength={200} />
        </Form.Item>
        <Form.Item name="message" label="Message" required rules={[checkedBy(shape.message)]}>
          <Input.TextArea placeholder="How can we help?" maxLength={5000} autoSize={{ minRows: 4, maxRows: 12 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={command.isPending}>
          Send
        </Button>
      </Form>
    </Card>
  );
}

/**
 * Help centre (/support, doc 3 §2): Email Us and Call Us with the configured contacts, cards to
 * Training Documents, Training Videos and FAQ's, and a request form to support in place of the
 * spec's chat widget (its answer: HELP_MESSAGES.supportSent).
 */
export default function HelpCentrePage() {
  const contacts = useHelpContacts();
  const { user } = useSession();
  // A reader who may not write to support (the auditor changes nothing) gets the contacts, not the form.
  const access = helpRoutes.supportRequest.access;
  const writes = Array.isArray(access) && holdsAny(user?.role_id ?? [], access);
  const contact = (value: (found: { email: string; phone: string }) => ReactNode) =>
    contacts.data ? value(contacts.data) : contacts.isError ? <Typography.Text type="danger">{contacts.error.message}</Typography.Text> : <Skeleton.Input active size="small" />;

  return (
    <Card>
      <Typography.Title level={3}>Help centre</Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={12} lg={8}>
          <HelpCard icon={<MailOutlined aria-hidden />} title="Email Us">
            {contact(({ email }) => <a href={`mailto:${email}`}>{email}</a>)}
          </HelpCard>
        </Col>
        <Col xs={24} sm={12} lg={8}>
          <HelpCard icon={<PhoneOutlined aria-hidden />} title="Call Us">
            {contact(({ phone }) => <a href={telOf(phone)}>{phone}</a>)}
          </HelpCard>
        </Col>
        <Col xs={24} sm={12} lg={8}>
          <PageCard to="/trainingdocs" icon={<BookOutlined aria-hidden />} title="Training Documents" text="Guides and manuals to read or download" />
        </Col>
        <Col xs={24} sm={12} lg={8}>
          <PageCard to="/trainingvideos" icon={<PlayCircleOutlined aria-hidden />} title="Training Videos" text="Walk-throughs to watch" />
        </Col>
        <Col xs={24} sm={12} lg={8}>
          <PageCard to="/faq" icon={<QuestionCircleOutlined aria-hidden />} title="FAQ's" text="Answers to common questions" />
        </Col>
      </Row>
      {writes && <SupportRequestForm />}
    </Card>
  );
}
