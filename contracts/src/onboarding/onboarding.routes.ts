import { type ApiRoute, screenRoles } from '../platform/api-route';
import { ROLE } from '../platform/roles';
import {
  candidateCommentBody,
  candidateEditBody,
  candidateFileParams,
  candidateIdParams,
  candidateProfileBody,
  candidateSignBody,
  candidateUploadBody,
  agentIdParams,
  agentSummaryReportQuery,
  customEmailBody,
  manualStageMoveBody,
  onboardingStageBody,
  onboardingSummaryQuery,
  sendInviteBody,
} from './onboarding.schemas';
import { exportDownloadQuery, exportQuery } from '../platform/export';
import { MANUAL_STAGE_MOVE_ROLES } from './onboarding.stages';

const capability = 'onboarding';
/** sendinvite, onboardingreport, agentreport: roles 3, 11, 12 (doc 3 §2). */
const managerScreens = screenRoles(ROLE.OFFICE_MANAGER, ROLE.IBO_MANAGER, ROLE.RETAILER_MANAGER);
/** editagent (Edit Candidate): roles 11 and 12 only (doc 3 §2). */
const candidateEditScreens = screenRoles(ROLE.IBO_MANAGER, ROLE.RETAILER_MANAGER);

const onboarding = 'doc 3 §7 Onboarding';
const agentSummary = 'doc 3 §7 Agent summary';

export const onboardingRoutes: readonly ApiRoute[] = [
  // Send Invite
  { method: 'POST', path: '/api/v1/candidate/send_invite', access: managerScreens, capability,
    summary: 'Invite a candidate agent to onboard', spec: `${onboarding}; doc 3 §5 Send Invite`, success: 201, body: sendInviteBody },

  // Onboarding Summary and its row actions
  { method: 'GET', path: '/api/v1/onboarding_summary_report', access: managerScreens, capability,
    summary: 'Onboarding Summary: candidates and their onboarding stage', spec: `${onboarding}; doc 1 §7 report targets`, query: onboardingSummaryQuery },
  { method: 'GET', path: '/api/v1/onboarding_summary_export', access: managerScreens, capability,
    summary: 'Export the Onboarding Summary', spec: onboarding, query: exportQuery(onboardingSummaryQuery) },
  { method: 'GET', path: '/api/v1/candidate/resend_invite/:id', effect: true, access: managerScreens, capability,
    summary: 'Resend the invite to a candidate still at status 1 (invited)', spec: `${onboarding}; doc 3 §4`, params: candidateIdParams },
  { method: 'GET', path: '/api/v1/candidate/send_email_remainders/:id', effect: true, access: managerScreens, capability,
    summary: 'Send a candidate an e-mail reminder', spec: onboarding, params: candidateIdParams },
  { method: 'GET', path: '/api/v1/candidate/resent_remainders/:id', effect: true, access: managerScreens, capability,
    summary: 'Send a candidate an SMS reminder', spec: onboarding, params: candidateIdParams },
  { method: 'POST', path: '/api/v1/candidate/send_custom_email_to_candidate/:id', access: managerScreens, capability,
    summary: 'Send a candidate a custom e-mail for an onboarding status', spec: `${onboarding}; doc 3 §5 Custom e-mail`, params: candidateIdParams, body: customEmailBody },
  { method: 'GET', path: '/api/v1/candidate/candidate_comments_log/:id', access: managerScreens, capability,
    summary: 'Comments on a candidate', spec: onboarding, params: candidateIdParams },
  { method: 'POST', path: '/api/v1/candidate/candidate_comments_log/:id', success: 201, access: managerScreens, capability,
    summary: 'Add a comment on a candidate (ours: the comments modal\'s Add comment box)', spec: `${onboarding}; doc 3 §3 Comment`, params: candidateIdParams, body: candidateCommentBody },
  { method: 'GET', path: '/api/v1/candidate_onboarding_log/:id', access: managerScreens, capability,
    summary: 'Onboarding history of a candidate (log drawer)', spec: onboarding, params: candidateIdParams },
  { method: 'POST', path: '/api/v1/candidate/move_stage/:id', access: MANUAL_STAGE_MOVE_ROLES, capability,
    summary: 'Record a candidate\'s stage move by hand, with a reason, while the upstream integration is down (ours: roles 12 and 1; the integration\'s moves only)',
    spec: `${onboarding}; doc 3 §4 Onboarding stages`, params: candidateIdParams, body: manualStageMoveBody },
  { method: 'DELETE', path: '/api/v1/candidate/onboarding/:id', access: managerScreens, capability,
    summary: 'Delete a candidate still at status 1 (invited)', spec: `${onboarding}; doc 3 §4`, params: candidateIdParams },

  // Edit Candidate
  { method: 'POST', path: '/api/v1/candidate/update_candidate_info/:id', access: candidateEditScreens, capability,
    summary: 'Update a candidate\'s details and upload their photo copy and government document (Edit Candidate)', spec: `${onboarding}; doc 3 §5 Candidate edit`, params: candidateIdParams, body: candidateEditBody, uploads: ['photo_copy', 'government_document'] },

  // Agent Summary
  { method: 'GET', path: '/api/v1/agent_summary_report', access: managerScreens, capability,
    summary: 'Agent Summary: agents and their status', spec: `${agentSummary}; doc 1 §7 report targets`, query: agentSummaryReportQuery },
  { method: 'GET', path: '/api/v1/agent_export', access: managerScreens, capability,
    summary: 'Export the Agent Summary', spec: agentSummary, query: exportQuery(agentSummaryReportQuery) },
  { method: 'GET', path: '/api/v1/agent_comments_log/:id', access: managerScreens, capability,
    summary: 'Comments on an agent', spec: agentSummary, params: agentIdParams },

  // The candidate's own page: public, the invite link's token (header x-candidate-token) is the credential (ours; docs/ONBOARDING.md)
  { method: 'GET', path: '/api/v1/candidate_profile', access: 'public', candidateToken: true, capability,
    summary: 'The candidate\'s profile as it stands, what it lacks, and the consents to read and sign (header x-candidate-token)', spec: `${onboarding}; doc 3 §3 candidate` },
  { method: 'POST', path: '/api/v1/candidate_profile', access: 'public', candidateToken: true, capability,
    summary: 'Save (part of) the candidate\'s profile; complete → Profile Completed (3), later edits → Profile Updated (25)', spec: `${onboarding}; doc 3 §5 candidate edit`, body: candidateProfileBody },
  { method: 'POST', path: '/api/v1/candidate_profile/upload', access: 'public', candidateToken: true, capability,
    summary: 'Upload the photo copy or the government document (.jpg/.jpeg, one file per area)', spec: `${onboarding}; doc 3 §9 candidate uploads`, body: candidateUploadBody, upload: 'file' },
  { method: 'POST', path: '/api/v1/candidate_profile/sign', access: 'public', candidateToken: true, capability,
    summary: 'E-sign a consent: the drawn signature (PNG) and the consent stamped onto the PDF shown, with a certificate page and SHA-256 digests', spec: `${onboarding}; doc 3 §3 candidate_signed_bgc_url, retailer_agent_agreement_url`, body: candidateSignBody, upload: 'signature_image' },
  { method: 'GET', path: '/api/v1/candidate_files/:id/:file', access: 'public', capability,
    summary: 'A candidate\'s file (photo copy, government document, a consent form or its signed copy) through a signed, expiring link', spec: `${onboarding}; doc 3 §3 candidate row urls`,
    params: candidateFileParams, query: exportDownloadQuery, file: ['application/pdf', 'image/jpeg'], ranges: true },

  // The sales dashboard's onboarding parts (doc 1 §2.4, §7 Dashboards)
  { method: 'GET', path: '/api/v1/agent_onboarding_summary_dashboard', access: managerScreens, capability,
    summary: 'Onboarding Summary list on the sales dashboard: candidates per onboarding stage',
    spec: 'doc 1 §7 Dashboards; §2.4 Onboarding Summary' },
  { method: 'GET', path: '/api/v1/expired_candidates_summary', access: managerScreens, capability,
    summary: 'Expired Status Distribution donut: candidates created in the last 90 days by Expired (20), Onboarded (13), In Progress (every stage under way) and Denied or Rejected (22, 27)',
    spec: 'doc 1 §7 Dashboards; §2.4 Expired Status Distribution' },
  { method: 'GET', path: '/api/v1/agent_summary_count', access: managerScreens, capability,
    summary: 'Agents Summary chart: agents by activity band (dynamic, passive, dormant, onboarded)',
    spec: 'doc 1 §7 Dashboards; §2.4 Agents Summary' },

  // Upstream
  { method: 'POST', path: '/api/integration/v1/onboarding_stages', access: 'integration', capability,
    summary: 'Receive a candidate\'s onboarding stage change (background check, training, Telgoo ID) from upstream', spec: 'doc 3 §4 Onboarding stages (upstream call not shown; path is ours)', body: onboardingStageBody },
];
