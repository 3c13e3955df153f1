import { type DocumentSigner, ROLE, ROLE_NAMES, type RoleId } from '@portal/contracts';
import { signerFacts } from '@portal/projections';
import type { SqlDb } from '@portal/projections';
import { DomainError } from '../platform/commands/command-errors';

/** The role a certificate names for a person with several: the highest they hold. */
const ROLE_PRECEDENCE: readonly RoleId[] = [ROLE.SUPER_ADMIN, ROLE.RETAILER_MANAGER, ROLE.IBO_MANAGER, ROLE.OFFICE_MANAGER, ROLE.OFFICE_SUPERVISOR, ROLE.AGENT];

/** The signer as the certificate prints them, from the organisation now. */
export async function documentSigner(db: SqlDb, userId: string): Promise<DocumentSigner & { readonly email: string }> {
  const facts = await signerFacts(db, userId);
  if (!facts) throw new DomainError('Your account was not found.', 404);
  const role = ROLE_PRECEDENCE.find((candidate) => facts.role_ids.includes(candidate));
  return { user_id: userId, name: facts.name || facts.email, email: facts.email, role_name: role ? ROLE_NAMES[role] : 'User', office_name: facts.unit_name };
}
