import { Controller, Inject } from '@nestjs/common';
import { agentCounts, managerCounts } from '@portal/projections';
import type { AuthenticatedUser } from '../auth/auth.service';
import { CurrentUser } from '../auth/current-user';
import { Serves } from '../platform/http/serves';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';

/** The dashboards' counts (doc 1 §2.4): the manager's cards and the agent's tiles. Live updates arrive over socket.io. */
@Controller()
export class DashboardController {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  @Serves('GET /api/v1/dashboard_count')
  async managerDashboard(@CurrentUser() user: AuthenticatedUser) {
    return { data: { data: await managerCounts(this.platform.database.db, user.scope) } };
  }

  @Serves('GET /api/v1/agent/agentdashboard')
  async agentDashboard(@CurrentUser() user: AuthenticatedUser) {
    return { data: await agentCounts(this.platform.database.db, user.user_id) };
  }
}
