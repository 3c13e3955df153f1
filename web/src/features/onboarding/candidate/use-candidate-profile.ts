import type { CandidateSelfView, CandidateStepAnswer } from '@portal/contracts/onboarding/onboarding.views';
import type { ApiRoute } from '@portal/contracts/platform/api-route';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { failureMessage } from '../../../app/api-client';
import { reloadWhileBehind } from '../../../app/command';
import { notice } from '../../../app/notice';
import { CANDIDATE_PAGE_ROUTES, callWithToken, isDeadLink } from './candidate-api';

type ProfileAnswer = { data: CandidateSelfView };

const profileKey = (token: string) => [CANDIDATE_PAGE_ROUTES.profile.method, CANDIDATE_PAGE_ROUTES.profile.path, token];

/** The candidate's profile as it stands (GET candidate_profile with the link's token); not asked without a token. */
export function useCandidateProfile(token: string) {
  return useQuery({
    queryKey: profileKey(token),
    queryFn: () => callWithToken<ProfileAnswer>(CANDIDATE_PAGE_ROUTES.profile, token),
    enabled: token !== '',
  });
}

/**
 * One step of the page (a save, an upload, a signature): sends the body with the link's token; on
 * success shows the server's message, takes its status and `missing` at once (plus `known`: what
 * the step tells of the profile, e.g. that the photo copy is there), then reads the profile again
 * (the masked SSN, the signed copy's link) — again as the read models catch up when the server
 * said they were behind its answer. On failure the server's words; a dead link (404) reads
 * the profile again, so that the page says the link no longer works.
 */
export function useCandidateStep<Body extends Record<string, unknown> | FormData>(api: ApiRoute, token: string, known: Partial<CandidateSelfView> = {}) {
  const client = useQueryClient();
  const key = profileKey(token);
  return useMutation({
    mutationFn: (body: Body) => callWithToken<CandidateStepAnswer>(api, token, body),
    onSuccess: (answer) => {
      client.setQueryData<ProfileAnswer>(key, (old) => old && { data: { ...old.data, ...known, status: answer.status, status_name: answer.status_name, missing: answer.missing } });
      notice.toastSuccess(answer.message);
      // Read again, and again as the read models catch up when the answer came ahead of them (a
      // busy server): a read that comes too soon would put back the profile as it was.
      reloadWhileBehind(answer, () => void client.invalidateQueries({ queryKey: key }));
    },
    onError: (failure) => {
      notice.toastError(failureMessage(failure));
      if (isDeadLink(failure)) void client.invalidateQueries({ queryKey: key });
    },
  });
}
