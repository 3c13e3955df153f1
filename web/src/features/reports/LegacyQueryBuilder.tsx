import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { deviceTypes } from '@portal/contracts/inventory/inventory.codes';
import { LEGACY_MAX_RULES, LEGACY_OPERATORS, LEGACY_QUERY_FIELDS, type LegacyOperator, type LegacyQueryField } from '@portal/contracts/reports/reports.constants';
import { Button, Flex, Input, Radio, Select, Space } from 'antd';

/** One condition as the builder holds it; `id` only keys its row on screen. */
export interface BuilderRule {
  id: number;
  field: LegacyQueryField;
  operator: LegacyOperator;
  /** Text; a list for In; [from, to] for Between. */
  value: string | string[];
}

/** The advanced query of Legacy Data: one flat list of conditions, all (and) or any (or) of them (doc 1 §2.12). */
export interface BuilderQuery {
  combinator: 'and' | 'or';
  rules: BuilderRule[];
}

export const emptyQuery = (): BuilderQuery => ({ combinator: 'and', rules: [] });

let nextRuleId = 1;

/** The operators a field takes (Between only for Order ID and RMA ID; Device Type equals / not equals). */
export function operatorsFor(field: LegacyQueryField): readonly LegacyOperator[] {
  return LEGACY_QUERY_FIELDS.find((candidate) => candidate.name === field)!.operators;
}

const operatorLabel = (operator: LegacyOperator) => LEGACY_OPERATORS.find((candidate) => candidate.name === operator)!.label;

/** A value reshaped for another operator: a list for In, two for Between, text otherwise. */
function valueFor(operator: LegacyOperator, previous: string | string[]): string | string[] {
  const items = Array.isArray(previous) ? previous : previous.split(',').map((item) => item.trim()).filter(Boolean);
  if (operator === 'in') return items;
  if (operator === 'between') return [items[0] ?? '', items[1] ?? ''];
  return Array.isArray(previous) ? (previous[0] ?? '') : previous;
}

function newRule(): BuilderRule {
  return { id: nextRuleId++, field: 'imei', operator: '=', value: '' };
}

/**
 * The builder's query as Legacy Data sends it in `query_string` (JSON text): `{ combinator,
 * rules: [{ field, operator, value }] }`, value text, or a list for In and Between. Undefined
 * without conditions. Incomplete conditions are never sent: Legacy Data checks the query first
 * with the server's own schema (queryProblem).
 */
export function toQueryString(query: BuilderQuery | undefined): string | undefined {
  if (!query || query.rules.length === 0) return undefined;
  const rules = query.rules.map(({ field, operator, value }) => ({ field, operator, value: Array.isArray(value) ? value.map((item) => item.trim()) : value.trim() }));
  return JSON.stringify({ combinator: query.combinator, rules });
}

const FIELDS = LEGACY_QUERY_FIELDS.map((field) => ({ value: field.name, label: field.label }));
/** The codes are the query's values (doc 1 §2.12); people read the names. */
const DEVICE_TYPE_CODES = deviceTypes.map((type) => ({ value: type.code, label: type.name }));

/**
 * The value input a condition's field and operator call for. Every select of the builder has an
 * id of its own (the rule's): antd names a select's dropdown list after it.
 */
function RuleValue({ rule, n, onChange }: { rule: BuilderRule; n: number; onChange: (value: string | string[]) => void }) {
  if (rule.field === 'device_type') {
    return <Select id={`rule-${rule.id}-value`} aria-label={`Value ${n}`} placeholder="Device Type" style={{ width: 190 }} value={(rule.value as string) || undefined} options={DEVICE_TYPE_CODES} onChange={onChange} />;
  }
  if (rule.operator === 'between') {
    const [from = '', to = ''] = rule.value as string[];
    return (
      <Space.Compact>
        <Input aria-label={`From ${n}`} placeholder="From" style={{ width: 140 }} value={from} onChange={(event) => onChange([event.target.value, to])} />
        <Input aria-label={`To ${n}`} placeholder="To" style={{ width: 140 }} value={to} onChange={(event) => onChange([from, event.target.value])} />
      </Space.Compact>
    );
  }
  if (rule.operator === 'in') {
    return (
      <Select
        id={`rule-${rule.id}-values`}
        aria-label={`Values ${n}`}
        mode="tags"
        open={false}
        tokenSeparators={[',', ' ']}
        placeholder="Values, comma-separated"
        style={{ minWidth: 280 }}
        value={rule.value as string[]}
        onChange={(values: string[]) => onChange(values)}
      />
    );
  }
  return <Input aria-label={`Value ${n}`} placeholder="Value" style={{ width: 280 }} value={rule.value as string} onChange={(event) => onChange(event.target.value)} />;
}

/**
 * The advanced query builder of Legacy Data (doc 1 §2.12): conditions of a field (IMEI, Carton,
 * Order ID, ...), an operator that field takes, and a value (Device Type from its codes; two for
 * Between; a list for In); combined by Matches ALL or Matches ANY; no nested groups. A form control.
 */
export default function LegacyQueryBuilder({ value = emptyQuery(), onChange }: { value?: BuilderQuery; onChange?: (query: BuilderQuery) => void }) {
  const setRules = (rules: BuilderRule[]) => onChange?.({ ...value, rules });
  const change = (id: number, next: Partial<BuilderRule>) => setRules(value.rules.map((rule) => (rule.id === id ? { ...rule, ...next } : rule)));

  const changeField = (rule: BuilderRule, field: LegacyQueryField) => {
    const allowed = operatorsFor(field);
    const operator = allowed.includes(rule.operator) ? rule.operator : allowed[0]!;
    // Device Type takes one of its codes: the text typed for another field does not carry over.
    const value = field === 'device_type' || rule.field === 'device_type' ? valueFor(operator, '') : valueFor(operator, rule.value);
    change(rule.id, { field, operator, value });
  };

  return (
    <Flex vertical gap="small">
      <Space wrap>
        <Radio.Group
          optionType="button"
          value={value.combinator}
          onChange={(event) => onChange?.({ ...value, combinator: event.target.value as BuilderQuery['combinator'] })}
          options={[
            { value: 'and', label: 'Matches ALL' },
            { value: 'or', label: 'Matches ANY' },
          ]}
        />
        <Button icon={<PlusOutlined />} disabled={value.rules.length >= LEGACY_MAX_RULES} onClick={() => setRules([...value.rules, newRule()])}>
          Add Condition
        </Button>
      </Space>
      {value.rules.map((rule, index) => {
        const n = index + 1;
        return (
          <Space key={rule.id} wrap>
            <Select<LegacyQueryField> id={`rule-${rule.id}-field`} aria-label={`Field ${n}`} style={{ width: 190 }} value={rule.field} options={FIELDS} onChange={(field) => changeField(rule, field)} />
            <Select<LegacyOperator>
              id={`rule-${rule.id}-operator`}
              aria-label={`Operator ${n}`}
              style={{ width: 150 }}
              value={rule.operator}
              options={operatorsFor(rule.field).map((operator) => ({ value: operator, label: operatorLabel(operator) }))}
              onChange={(operator) => change(rule.id, { operator, value: valueFor(operator, rule.value) })}
            />
            <RuleValue rule={rule} n={n} onChange={(next) => change(rule.id, { value: next })} />
            <Button aria-label={`Remove condition ${n}`} icon={<DeleteOutlined />} onClick={() => setRules(value.rules.filter((other) => other.id !== rule.id))} />
          </Space>
        );
      })}
    </Flex>
  );
}
