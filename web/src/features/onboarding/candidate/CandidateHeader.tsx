import { ExclamationCircleOutlined } from '@ant-design/icons';
import { CANDIDATE_MESSAGES } from '@portal/contracts/onboarding/onboarding.schemas';
import type { CandidateSelfView } from '@portal/contracts/onboarding/onboarding.views';
import { Card, Flex, Result, Tag, Typography } from 'antd';
import { shownDate } from '../../../app/format';

/**
 * The page's head: 'Complete your profile', the office and role, the stage, and while the profile
 * is incomplete how long the link works and what is still missing (the server's words, updated
 * after every step); once nothing is missing, the success panel.
 */
export default function CandidateHeader({ profile }: { profile: CandidateSelfView }) {
  const complete = profile.missing.length === 0;
  return (
    <Card>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Complete your profile
      </Typography.Title>
      <Flex vertical gap={4}>
        <Typography.Text strong>{`${profile.office_name} · ${profile.role_name}`}</Typography.Text>
        <div>
          <Typography.Text type="secondary">Status: </Typography.Text>
          <Tag color={complete ? 'success' : 'processing'}>{profile.status_name}</Tag>
        </div>
        {!complete && profile.expires_at && <Typography.Text type="secondary">{`This link works until ${shownDate(profile.expires_at)}`}</Typography.Text>}
      </Flex>
      {complete ? (
        <Result status="success" title={CANDIDATE_MESSAGES.completed} style={{ padding: '24px 0 0' }} />
      ) : (
        <section aria-labelledby="candidate-missing" style={{ marginTop: 16 }}>
          <Typography.Text strong id="candidate-missing">
            Still missing
          </Typography.Text>
          <ul style={{ listStyle: 'none', padding: 0, margin: '8px 0 0' }}>
            {profile.missing.map((item) => (
              <li key={item} style={{ padding: '2px 0' }}>
                <ExclamationCircleOutlined aria-hidden style={{ color: '#faad14', marginRight: 8 }} />
                {item}
              </li>
            ))}
          </ul>
        </section>
      )}
    </Card>
  );
}
