import { route } from '../../app/api-client';

/** The Onboarding Summary's calls (doc 3 §7 Onboarding), from the one route table. */
export const CANDIDATE_ROUTES = {
  summary: route('GET', '/api/v1/onboarding_summary_report'),
  summaryExport: route('GET', '/api/v1/onboarding_summary_export'),
  comments: route('GET', '/api/v1/candidate/candidate_comments_log/:id'),
  addComment: route('POST', '/api/v1/candidate/candidate_comments_log/:id'),
  log: route('GET', '/api/v1/candidate_onboarding_log/:id'),
  resendInvite: route('GET', '/api/v1/candidate/resend_invite/:id'),
  emailReminder: route('GET', '/api/v1/candidate/send_email_remainders/:id'),
  smsReminder: route('GET', '/api/v1/candidate/resent_remainders/:id'),
  customEmail: route('POST', '/api/v1/candidate/send_custom_email_to_candidate/:id'),
  remove: route('DELETE', '/api/v1/candidate/onboarding/:id'),
  moveStage: route('POST', '/api/v1/candidate/move_stage/:id'),
  offices: route('GET', '/api/v1/reference/offices'),
  iboMarkets: route('GET', '/api/v1/reference/ibo_marketers'),
};

/** What a candidate's commands change: the list (status, comments_exists, updated at) and the candidate's log. */
export const AFTER_CANDIDATE_COMMAND = [CANDIDATE_ROUTES.summary, CANDIDATE_ROUTES.log];

/** A candidate as a title names them. */
export const candidateName = (row: { first_name: string; middle_name?: string | null; last_name: string }) => [row.first_name, row.middle_name, row.last_name].filter(Boolean).join(' ');
