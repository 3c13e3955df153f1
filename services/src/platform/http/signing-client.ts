import type { Request } from 'express';

/**
 * Who signed, as the signing record names them (docs/DOCUMENTS.md, docs/ONBOARDING.md): the
 * client's address (behind a balancer, as TRUST_PROXY allows) and its user agent, cut to 500.
 */
export const signingClientOf = (request: Request): { ip: string | null; userAgent: string | null } => ({
  ip: request.ip ?? null,
  userAgent: request.header('user-agent')?.slice(0, 500) ?? null,
});
