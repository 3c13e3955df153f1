import type { ApiRoute } from '@portal/contracts/platform/api-route';
import type { Listed } from '@portal/contracts/platform/page';
import { MAX_PAGE_SIZE } from '@portal/contracts/reference/reference-lists';
import type { RmaCandidateRow } from '@portal/contracts/rma/rma.views';
import { call } from '../../app/api-client';
import { type ScanResolution, looksLikeDeviceId } from '../../app/widgets/ScanInput';

/** What the RMA screens say of a scanned code that is not theirs (issue 27, docs/SCANNING.md). */
export const RMA_SCAN_MESSAGES = {
  imei: (imei: string) => `IMEI ${imei} cannot be returned from here: it is not in your inventory, or it is sold, returned or already in an RMA`,
  carton: (code: string) => `${code}: no device here can be returned under that IMEI or carton number`,
  oneImei: (imei: string) => `Create RMA takes one IMEI: take ${imei} off the list first`,
  cartonOfMany: (carton: string, count: number) => `Carton ${carton} holds ${count} devices that can be returned: Create RMA takes one IMEI (Initiate RMA takes a whole carton)`,
} as const;

/** What the candidates' `imei` filter takes (contracts' rmaCandidatesQuery); a carton is at most 64 characters. */
const DIGITS = /^\d{1,20}$/;
const CARTON_MAX = 64;
/** A carton is read a page of 100 at a time; no carton holds more than this many pages. */
const CARTON_PAGES_MAX = 50;

/**
 * The RMA candidates a scanned code stands for, asked of the list the screen shows (manager
 * get_device_list_to_initiate_rma_v2, agent get_device_list_to_initiate_rma; no route of its own):
 * the IMEI itself when it is one of them (the `imei` filter holds a part, so the exact one is
 * looked for), or else every candidate of the carton of that number. Empty when neither.
 */
export async function rmaCandidatesOf(list: ApiRoute, code: string): Promise<string[]> {
  if (DIGITS.test(code)) {
    const answer = await call<Listed<RmaCandidateRow>>(list, { query: { imei: code, page: 1, results: MAX_PAGE_SIZE } });
    if (answer.items.data.some((row) => row.imei === code)) return [code];
  }
  if (code.length > CARTON_MAX) return [];
  const imeis: string[] = [];
  for (let page = 1; page <= CARTON_PAGES_MAX; page++) {
    const answer = await call<Listed<RmaCandidateRow>>(list, { query: { carton: code, page, results: MAX_PAGE_SIZE } });
    imeis.push(...answer.items.data.map((row) => row.imei));
    if (answer.items.data.length < MAX_PAGE_SIZE) break;
  }
  return [...new Set(imeis)];
}


/** Initiate RMA's scan (manager and agent): a candidate IMEI, or every candidate of a carton; refused in words otherwise. */
export async function resolveRmaScan(list: ApiRoute, code: string): Promise<ScanResolution> {
  const imeis = await rmaCandidatesOf(list, code);
  if (imeis.length > 0) return { imeis };
  return { refused: looksLikeDeviceId(code) ? RMA_SCAN_MESSAGES.imei(code) : RMA_SCAN_MESSAGES.carton(code) };
}

/**
 * The scan of a one-IMEI RMA form (Create RMA, the agent's RMA Request): one candidate device, a
 * carton only when it holds one; refused while another scanned IMEI (`kept`) is on the list.
 */
export async function resolveOneRmaScan(list: ApiRoute, code: string, kept: string | undefined): Promise<ScanResolution> {
  const resolution = await resolveRmaScan(list, code);
  if (!('imeis' in resolution)) return resolution;
  const [imei, ...others] = resolution.imeis;
  if (others.length > 0) return { refused: RMA_SCAN_MESSAGES.cartonOfMany(code, resolution.imeis.length) };
  if (kept !== undefined && kept !== imei) return { refused: RMA_SCAN_MESSAGES.oneImei(kept) };
  return resolution;
}
