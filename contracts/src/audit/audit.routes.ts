import { type ApiRoute } from '../platform/api-route';
import { ROLE, type RoleId } from '../platform/roles';
import { asOfQuery, auditDeviceParams, fleetAsOfQuery, verifyStreamQuery } from './audit.schemas';

const capability = 'audit';
/** Who replays history (issue 23; ours: the spec has no audit screens): the super role, retailer managers and auditors, each in their scope. */
export const AUDIT_ROLES: readonly RoleId[] = [ROLE.SUPER_ADMIN, ROLE.RETAILER_MANAGER, ROLE.AUDITOR];
const spec = 'doc 1 §2.11 device log; ours for auditors (docs/AUDIT.md)';

export const auditRoutes: readonly ApiRoute[] = [
  { method: 'GET', path: '/api/v1/audit/devices/:imei/history', access: AUDIT_ROLES, capability,
    summary: 'Every event of a device\'s stream with its full envelope, and the events of the jobs, transfers, RMAs and orders it took part in, in the store\'s order', spec,
    params: auditDeviceParams },
  { method: 'GET', path: '/api/v1/audit/devices/:imei', access: AUDIT_ROLES, capability,
    summary: 'A device\'s state as of an instant, a date or a position (default now): holder, office, agent, status, age then, folded from its stream with the projection\'s own evolve', spec,
    params: auditDeviceParams, query: asOfQuery },
  { method: 'GET', path: '/api/v1/audit/fleet', access: AUDIT_ROLES, capability,
    summary: 'The fleet reports\' read model as of a past date (or instant, or position): starts replaying the store into it when it is not there yet, and answers its progress; the detailed, by-X and aged inventory reports then accept the same as_of', spec,
    query: fleetAsOfQuery },
  { method: 'GET', path: '/api/v1/audit/verify', access: AUDIT_ROLES, capability,
    summary: 'Recompute one stream\'s hash chain (SHA-256 of the previous hash and each event\'s canonical envelope) and name the first event that does not follow; a device\'s stream in scope, any stream for the super role', spec,
    query: verifyStreamQuery },
  { method: 'GET', path: '/api/v1/audit/devices/:imei/proof', access: AUDIT_ROLES, capability,
    summary: 'An offline-verifiable proof of a device\'s history: its events up to the latest signed checkpoint that covers it (each envelope and hash), the stream head\'s leaf, its Merkle inclusion path and the signed checkpoint (scripts/verify-proof.mjs checks it)', spec,
    params: auditDeviceParams },
  { method: 'GET', path: '/api/v1/audit/checkpoints/key', access: AUDIT_ROLES, capability,
    summary: 'The Ed25519 public key the checkpoints are signed with, and its key id (the first 16 hex digits of SHA-256 of the raw key)', spec },
];
