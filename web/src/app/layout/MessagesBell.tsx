import { BellOutlined } from '@ant-design/icons';
import type { UnreadAnswer } from '@portal/contracts/messages/messages.views';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button } from 'antd';
import { useNavigate } from 'react-router-dom';
import { can } from '../access';
import { call, queryKey, route } from '../api-client';
import { canOpen, screenAt } from '../routes';
import { useSession } from '../session-context';

const unread = route('GET', '/api/v1/messages/unread');

/** A fallback for a socket that is down or a push that was missed: the count is asked again this often. */
export const UNREAD_POLL_MS = 60_000;
/** More than this shows as '99+'. */
const MOST_SHOWN = 99;

/**
 * The header bell (ours): how many of the user's messages are unread, and the way to the Message
 * History — /agent-Transaction for an agent-only user, /Transaction otherwise. Shown to those
 * who may open that screen. The count is asked again when the socket says the messages changed
 * (LiveConnection), every UNREAD_POLL_MS, and after the Message History marks them read.
 */
export default function MessagesBell() {
  const { user } = useSession();
  const navigate = useNavigate();
  const roles = user?.role_id ?? [];
  const target = can.landOnAgentDashboard(roles) ? '/agent-Transaction' : '/Transaction';
  const screen = screenAt(target);
  const shown = user !== null && screen !== undefined && canOpen(screen, roles);

  const answer = useQuery({
    queryKey: queryKey(unread),
    queryFn: () => call<UnreadAnswer>(unread),
    enabled: shown,
    refetchInterval: UNREAD_POLL_MS,
  });
  if (!shown) return null;
  const count = answer.data?.unread ?? 0;

  return (
    <Badge count={count} overflowCount={MOST_SHOWN} size="small" offset={[-4, 4]}>
      <Button type="text" icon={<BellOutlined style={{ fontSize: 18 }} />} aria-label={`Messages, ${count} unread`} title="Messages" data-testid="messages-bell" onClick={() => navigate(target)} />
    </Badge>
  );
}
