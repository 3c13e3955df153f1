import type { CandidateRow } from '@portal/contracts/onboarding/onboarding.views';
import { STAGE, customEmailBlockedBecause } from '@portal/contracts/onboarding/onboarding.stages';
import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps, Typography } from 'antd';
import { candidateName } from './candidate-routes';
import { rowActions } from './onboarding-choices';

/** What a row's menu can do: open something over the table, or run a command on the candidate. */
export type CandidateAction = 'comments' | 'log' | 'resendInvite' | 'emailReminder' | 'smsReminder' | 'customEmail' | 'moveStage' | 'edit' | 'delete';

/** Why an action is not offered now; the menu shows it under the action's name. */
interface Entry {
  readonly action: CandidateAction;
  readonly label: string;
  readonly blockedBecause?: string | false | null;
  readonly danger?: boolean;
}

/** Why an onboarded candidate has no Edit (the server refuses it with 409: they are a user now). */
export const EDIT_ONBOARDED_REASON = 'The candidate is onboarded: edit them as a user (Administration > Users).';

/**
 * The row's actions as the candidate's status and the viewer's roles allow them (doc 3 §2, §4;
 * contracts' candidateActions): View Comments, View Log, Resend Invite (invited or expired) or
 * Email Reminder (otherwise), SMS Reminder (with its reason when not offered), Custom E-mail (when
 * an e-mail type fits the stage), Move Stage (roles 12 and 1, ours), Edit (roles 11 and 12) and
 * Delete Candidate (invited).
 */
export function candidateEntries(candidate: CandidateRow, viewer: { readonly edits: boolean; readonly movesStages: boolean }): Entry[] {
  const allowed = rowActions(candidate.status);
  return [
    { action: 'comments', label: 'View Comments' },
    { action: 'log', label: 'View Log' },
    ...(allowed.resendInvite ? [{ action: 'resendInvite', label: 'Resend Invite' } as const] : []),
    ...(allowed.emailReminder ? [{ action: 'emailReminder', label: 'Email Reminder' } as const] : []),
    { action: 'smsReminder', label: 'SMS Reminder', blockedBecause: allowed.smsBlocked },
    { action: 'customEmail', label: 'Custom E-mail', blockedBecause: customEmailBlockedBecause(candidate.status) },
    ...(viewer.movesStages ? [{ action: 'moveStage', label: 'Move Stage', blockedBecause: allowed.moveBlocked } as const] : []),
    ...(viewer.edits ? [{ action: 'edit', label: 'Edit', blockedBecause: candidate.status === STAGE.ONBOARDED && EDIT_ONBOARDED_REASON } as const] : []),
    ...(allowed.deleteCandidate ? [{ action: 'delete', label: 'Delete Candidate', danger: true } as const] : []),
  ];
}

/**
 * One compact Actions menu per row (the pinned column stays narrow and rows one line high at
 * 1366 px, where nine buttons wrapped to ~330 px and ~110 px rows). An action not offered now is
 * listed disabled with its reason under it, so nobody wonders where it went.
 */
export default function CandidateActions({
  candidate,
  viewer,
  busy,
  onAction,
}: {
  candidate: CandidateRow;
  viewer: { readonly edits: boolean; readonly movesStages: boolean };
  /** A command on this candidate is on its way. */
  busy: boolean;
  onAction: (action: CandidateAction, candidate: CandidateRow) => void;
}) {
  const name = candidateName(candidate);
  const items: MenuProps['items'] = candidateEntries(candidate, viewer).map((entry) => ({
    key: entry.action,
    danger: entry.danger,
    disabled: Boolean(entry.blockedBecause),
    'aria-label': `${entry.label} ${name}`,
    label: entry.blockedBecause ? (
      <span style={{ display: 'block', maxWidth: 260 }}>
        {entry.label}
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, whiteSpace: 'normal' }}>
          {entry.blockedBecause}
        </Typography.Text>
      </span>
    ) : (
      entry.label
    ),
  }));
  return (
    <Dropdown trigger={['click']} menu={{ items, onClick: ({ key }) => onAction(key as CandidateAction, candidate) }}>
      <Button size="small" loading={busy} aria-label={`Actions ${name}`} icon={<DownOutlined />} iconPlacement="end">
        Actions
      </Button>
    </Dropdown>
  );
}
