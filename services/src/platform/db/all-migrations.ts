import { asOfModelMigrations, projectionRunnerMigrations } from '@portal/projections';
import { apiKeyMigrations } from '../../auth/api-keys.store';
import { authMigrations } from '../../auth/credentials.store';
import { exportMigrations } from '../../exports/exports.store';
import { orderReminderMigrations } from '../../orders/order-reminders.store';
import { ssnVaultMigrations } from '../../onboarding/ssn-vault.store';
import { webhookMigrations } from '../../subscriptions/webhooks.store';
import { eventStoreMigrations } from '../event-store/postgres-event-store';
import type { Migration } from './migrations';

/** Every migration of the service, in the order they apply. */
export const allMigrations: readonly Migration[] = [...eventStoreMigrations, ...projectionRunnerMigrations, ...authMigrations, ...apiKeyMigrations, ...exportMigrations, ...orderReminderMigrations, ...ssnVaultMigrations, ...asOfModelMigrations, ...webhookMigrations];
