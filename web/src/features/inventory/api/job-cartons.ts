import type { JobCartonRow } from '@portal/contracts/inventory/inventory.views';
import { call, route } from '../../../app/api-client';
import { type ListAnswer, rowsOf } from './lists';

const jobCartons = route('POST', '/api/v1/manager/managerdevicelist');

/** The carton numbers of a receive job (its Cartons List, managerdevicelist): what Print labels on the job's row labels. */
export async function jobCartonNumbers(jobId: string): Promise<string[]> {
  return rowsOf(await call<ListAnswer<JobCartonRow>>(jobCartons, { body: { job_id: jobId } })).map((carton) => carton.carton_number);
}
