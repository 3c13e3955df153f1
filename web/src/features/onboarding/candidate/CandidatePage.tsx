import { Button, Flex, Result, Spin } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { failureMessage } from '../../../app/api-client';
import AddressCard from './AddressCard';
import CandidateHeader from './CandidateHeader';
import { LINK_NOT_VALID, isDeadLink } from './candidate-api';
import ConsentsCard from './ConsentsCard';
import DocumentUploadsCard from './DocumentUploadsCard';
import PersonalDetailsCard from './PersonalDetailsCard';
import { useCandidateProfile } from './use-candidate-profile';

/** One column, as wide as a phone allows and no wider than reads well on a desktop. */
const COLUMN = { maxWidth: 720, margin: '0 auto', padding: '16px 12px 48px' } as const;

/** The whole page says only this: a wrong, replaced, expired or finished link (or none at all). */
const DeadLink = ({ message }: { message: string }) => (
  <main style={COLUMN}>
    <Result status="warning" title={message} />
  </main>
);

/**
 * The invited candidate's own page (/onboarding-page?token=…; bare layout, public, phone first;
 * doc 3 §3 candidate, §5 candidate edit, §9): the profile filled in a part at a time — personal
 * details, address, the two .jpg files, the two consents read and e-signed — with what is still
 * missing above. The link's token is the credential, sent in the x-candidate-token header.
 */
export default function CandidatePage() {
  const [search] = useSearchParams();
  const token = search.get('token')?.trim() ?? '';
  const query = useCandidateProfile(token);

  if (!token) return <DeadLink message={LINK_NOT_VALID} />;
  if (isDeadLink(query.error)) return <DeadLink message={query.error.message} />;
  const profile = query.data?.data;
  if (!profile) {
    if (query.isError) {
      return (
        <main style={COLUMN}>
          <Result
            status="error"
            title={failureMessage(query.error)}
            extra={
              <Button type="primary" onClick={() => void query.refetch()}>
                Try Again!
              </Button>
            }
          />
        </main>
      );
    }
    return (
      <main style={COLUMN}>
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin aria-label="Loading your profile" />
        </Flex>
      </main>
    );
  }

  return (
    <main style={COLUMN}>
      <Flex vertical gap={16}>
        <CandidateHeader profile={profile} />
        <PersonalDetailsCard token={token} profile={profile} />
        <AddressCard token={token} profile={profile} />
        <DocumentUploadsCard token={token} profile={profile} />
        <ConsentsCard token={token} profile={profile} />
      </Flex>
    </main>
  );
}
