import { inventoryStatusName } from '@portal/contracts/inventory/device-custody';
import { AGGREGATE_IN_STOCK, IN_STOCK_GROUP } from '@portal/contracts/inventory/inventory.codes';
import { STATUS_GROUPS } from '@portal/contracts/reports/reports.constants';
import { Checkbox, Flex, Typography } from 'antd';

/** Every status of the three groups, in the groups' order: the order the ids are sent in. */
const GROUPED: readonly number[] = STATUS_GROUPS.flatMap((group) => group.statuses);
const inGroupOrder = (ids: readonly number[]) => GROUPED.filter((id) => ids.includes(id));

/**
 * The statuses a link asks for (`?status=13`, `?status=4`, `?status=10,11`): 13 stands for the
 * whole in-stock group (doc 1 §2.4, §4); ids in no group are dropped.
 */
export function statusesFromLink(param: string | null): number[] {
  const asked = (param ?? '')
    .split(',')
    .map((item) => Number(item.trim()))
    .flatMap((id) => (id === AGGREGATE_IN_STOCK ? [...IN_STOCK_GROUP] : [id]));
  return inGroupOrder(asked);
}

/**
 * The three status checkbox groups of the detailed report and Legacy Data (doc 1 §2.11, §2.12,
 * §4): INSTOCK, LOST/DEFECTIVE and OTHERS, each with a select-all box. A form control: its value
 * is the chosen status ids (sent comma-joined as `status`).
 */
export default function StatusGroups({ value = [], onChange }: { value?: readonly number[]; onChange?: (ids: number[]) => void }) {
  return (
    <Flex wrap gap="large">
      {STATUS_GROUPS.map((group) => {
        const chosen = group.statuses.filter((id) => value.includes(id));
        const elsewhere = value.filter((id) => !group.statuses.includes(id));
        const all = chosen.length === group.statuses.length;
        return (
          <Flex key={group.key} vertical gap={4} role="group" aria-label={group.label}>
            <Checkbox
              checked={all}
              indeterminate={chosen.length > 0 && !all}
              onChange={(event) => onChange?.(inGroupOrder(event.target.checked ? [...elsewhere, ...group.statuses] : elsewhere))}
            >
              <Typography.Text strong>{group.label}</Typography.Text>
            </Checkbox>
            <Checkbox.Group
              value={chosen}
              options={group.statuses.map((id) => ({ value: id, label: inventoryStatusName(id) }))}
              onChange={(ids) => onChange?.(inGroupOrder([...elsewhere, ...ids]))}
            />
          </Flex>
        );
      })}
    </Flex>
  );
}
