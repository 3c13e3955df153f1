import { type CanActivate, type ExecutionContext, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { type RoleId, findRoute } from '@portal/contracts';
import type { Request } from 'express';
import type { IntegrationClient } from './api-keys.store';
import type { AuthenticatedUser } from './auth.service';
import { AUTH_SERVICE } from './auth.tokens';
import type { AuthService } from './auth.service';
import { DomainError } from '../platform/commands/command-errors';

export type AuthenticatedRequest = Request & { user?: AuthenticatedUser; integration?: IntegrationClient };

/**
 * Deny by default: every /api request must match a route of the table in `contracts`, and the
 * caller must hold one of its roles. No token (or a dead one) → 401; wrong role → 403.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(@Inject(AUTH_SERVICE) private readonly auth: AuthService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    if (!request.path.startsWith('/api/') || request.path === '/api/docs' || request.path.startsWith('/api/docs/')) return true;
    const route = findRoute(request.method, request.path);
    if (!route) throw new NotFoundException(`Cannot ${request.method} ${request.path}`);
    if (route.access === 'public') return true;
    if (route.access === 'integration') {
      const key = request.header('x-api-key');
      const client = key ? await this.auth.authenticateIntegration(key) : null;
      if (!client) throw new DomainError('A valid integration API key is required (x-api-key header)', 401);
      request.integration = client;
      return true;
    }
    const header = request.header('authorization');
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    const user = token ? await this.auth.authenticate(token) : null;
    if (!user) throw new DomainError('Your session has expired. Please try login', 401);
    request.user = user;
    const allowed = route.access;
    if (!Array.isArray(allowed)) return true; // 'signed-in'
    if (!user.roles.some((role) => (allowed as readonly RoleId[]).includes(role))) {
      throw new DomainError('You do not have permission to view this resource.', 403);
    }
    return true;
  }
}
