import { ONBOARDING_MESSAGES } from '@portal/contracts';
import { businessDate } from '@portal/projections';
import { DomainError } from '../platform/commands/command-errors';

/** Created-from and created-to are never in the future (doc 3 §5 onboarding filter): the business's today decides. */
export function refuseFutureDates(query: { readonly date_range_start?: string; readonly date_range_end?: string }): void {
  const today = businessDate(new Date());
  for (const field of ['date_range_start', 'date_range_end'] as const) {
    const value = query[field];
    if (value !== undefined && value > today) throw new DomainError(ONBOARDING_MESSAGES.futureDate, 400, { [field]: ONBOARDING_MESSAGES.futureDate });
  }
}
