import type { ApiRoute } from '@portal/contracts/platform/api-route';
import { useQuery } from '@tanstack/react-query';
import { Select, Spin } from 'antd';
import { type CSSProperties, useEffect, useMemo, useState } from 'react';
import { type CallOptions, call, queryKey } from '../api-client';

export interface TypeaheadOption {
  value: string;
  label: string;
}

/** The spec's type-ahead minimum (doc 1 §5, §9): 2 characters (3 for RMA and some reassign filters). */
export const TYPEAHEAD_MIN_CHARS = 2;
/** Debounce of a type-ahead search; the aged reports use AGED_REPORT_DEBOUNCE_MS (doc 1 §2.13, §9). */
export const TYPEAHEAD_DEBOUNCE_MS = 300;
export const AGED_REPORT_DEBOUNCE_MS = 800;

export interface TypeaheadSelectProps<Item> {
  /** A route of the table answering `{ data: Item[] }`, e.g. GET /api/v1/reference/offices. */
  route: ApiRoute;
  params?: CallOptions['params'];
  /** Fixed query parameters sent with every search. */
  query?: CallOptions['query'];
  /**
   * 'server' (default): the route takes the typed text as `term`, called once at least `minChars`
   * characters are typed, after `debounceMs` without typing. 'client': the route takes no term;
   * its list is read once and filtered in the browser.
   */
  search?: 'server' | 'client';
  /** Characters to type before searching; default 2 for 'server', 0 for 'client'. */
  minChars?: number;
  debounceMs?: number;
  /** The query parameter of the typed text; default `term`. */
  termParam?: string;
  /** Item → option; default `{ value: id, label: name }`. */
  toOption?: (item: Item) => TypeaheadOption;
  /** Controlled by a Form.Item: the chosen option's value. */
  value?: string;
  onChange?: (value: string | undefined, option?: TypeaheadOption) => void;
  placeholder?: string;
  style?: CSSProperties;
  disabled?: boolean;
  /** The field's id: a Form.Item passes its own, which its label's `for` names. */
  id?: string;
  /** The accessible name where no label names the field (a filter bar's select). */
  'aria-label'?: string;
}

const byIdAndName = (item: unknown): TypeaheadOption => {
  const { id, name } = item as { id: string | number; name: string };
  return { value: String(id), label: name };
};

/** Its value after `delay` ms without change. */
function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/**
 * A searchable select fed by a route of the table (doc 1 §5 type-ahead rules): before `minChars`
 * characters it says "Type at least N characters" and calls nothing; then it calls the route with
 * `term`, debounced, through react-query (keys from `queryKey`, so one term is asked once).
 */
export default function TypeaheadSelect<Item = unknown>({
  route,
  params,
  query,
  search = 'server',
  minChars = search === 'server' ? TYPEAHEAD_MIN_CHARS : 0,
  debounceMs = TYPEAHEAD_DEBOUNCE_MS,
  termParam = 'term',
  toOption = byIdAndName,
  value,
  onChange,
  placeholder,
  style,
  disabled,
  id,
  'aria-label': ariaLabel,
}: TypeaheadSelectProps<Item>) {
  const [typed, setTyped] = useState('');
  const [chosen, setChosen] = useState<TypeaheadOption>();
  const text = typed.trim();
  const longEnough = text.length >= minChars;
  const debounced = useDebounced(text, debounceMs);
  // Below the minimum nothing is asked; a shorter text than the debounced one is taken at once.
  const term = longEnough && debounced.length >= minChars ? debounced : '';

  const callOptions: CallOptions = search === 'server' ? { params, query: { ...query, [termParam]: term } } : { params, query };
  const answer = useQuery({
    queryKey: queryKey(route, callOptions),
    queryFn: () => call<{ data: Item[] }>(route, callOptions),
    enabled: search === 'client' || term !== '',
    staleTime: 60_000,
  });

  const listed = useMemo(() => {
    const all = (answer.data?.data ?? []).map(toOption);
    if (search === 'server') return all;
    const needle = text.toLowerCase();
    return all.filter((option) => option.label.toLowerCase().includes(needle));
  }, [answer.data, toOption, search, text]);
  // Keep the chosen option's label on show while the list holds other matches.
  const shown = chosen && chosen.value === value && !listed.some((option) => option.value === value) ? [chosen, ...listed] : listed;

  const waiting = search === 'server' && longEnough && (term !== text || answer.isFetching);
  const notFound = !longEnough ? `Type at least ${minChars} characters` : waiting ? <Spin size="small" /> : undefined;

  return (
    <Select<string, TypeaheadOption>
      id={id}
      aria-label={ariaLabel}
      allowClear
      value={value}
      placeholder={placeholder}
      style={{ minWidth: 200, ...style }}
      disabled={disabled}
      options={longEnough ? shown : chosen && chosen.value === value ? [chosen] : []}
      showSearch={{ onSearch: setTyped, filterOption: false, searchValue: typed }}
      notFoundContent={notFound}
      loading={waiting}
      onChange={(next, option) => {
        const picked = Array.isArray(option) ? option[0] : option;
        setChosen(picked);
        setTyped('');
        onChange?.(next ?? undefined, picked);
      }}
      onOpenChange={(open) => {
        if (!open) setTyped('');
      }}
    />
  );
}
