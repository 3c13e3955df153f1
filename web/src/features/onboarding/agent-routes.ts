import { route } from '../../app/api-client';

/** The Agent Summary's calls (doc 3 §7 Agent summary), from the one route table. */
export const AGENT_ROUTES = {
  report: route('GET', '/api/v1/agent_summary_report'),
  export: route('GET', '/api/v1/agent_export'),
  comments: route('GET', '/api/v1/agent_comments_log/:id'),
  offices: route('GET', '/api/v1/reference/offices'),
  iboMarkets: route('GET', '/api/v1/reference/ibo_marketers'),
};

/**
 * The pie's slices as the Agent Summary names a link's `redirect_key` (doc 1 §2.4: the legend's
 * day bands; `onboarded`: from onboarding, no activation yet).
 */
export const AGENT_BAND_NAMES = {
  active_agent: 'Dynamic Agent (1-14 days)',
  passive_agent: 'Passive Agent (15-30 days)',
  inactive_agent: 'Dormant Agent (31-60 days)',
  onboarded: 'Onboarded',
} as const;

