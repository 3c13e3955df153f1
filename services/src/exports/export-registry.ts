import { ADMIN_EXPORTS } from '../admin/admin-exports';
import { ONBOARDING_EXPORTS } from '../onboarding/onboarding-exports';
import { HELP_EXPORTS } from '../help/announcement-export';
import { INVENTORY_EXPORTS } from '../inventory/inventory-exports';
import { REPORT_EXPORTS } from '../reports/reports-exports';
import { RMA_EXPORTS } from '../rma/rma-exports';
import { ORDER_EXPORTS } from '../orders/orders-exports';
import { SALES_EXPORTS } from '../sales/sales-exports';
import type { ExportDefinition } from './export-definition';

/** Every capability's export definitions, one line each: a new capability adds its list here. */
const CAPABILITY_EXPORTS = [ADMIN_EXPORTS, HELP_EXPORTS, ONBOARDING_EXPORTS, INVENTORY_EXPORTS, REPORT_EXPORTS, RMA_EXPORTS, ORDER_EXPORTS, SALES_EXPORTS];

/** Every export the processor can run, by name. */
export const EXPORT_DEFINITIONS: Readonly<Record<string, ExportDefinition<never, never>>> = Object.fromEntries(
  CAPABILITY_EXPORTS.flat().map((definition) => [definition.name, definition as unknown as ExportDefinition<never, never>]),
);
