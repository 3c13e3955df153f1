import type { FaqEntry, HelpContacts, TrainingCategoryNode } from '@portal/contracts/help/help.views';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call, queryKey, route } from '../../app/api-client';

/** The Help centre's reads (doc 3 §2; ours: the spec shows none of its calls). */
export const helpRoutes = {
  contacts: route('GET', '/api/v1/help/contacts'),
  supportRequest: route('POST', '/api/v1/help/support_request'),
  faq: route('GET', '/api/v1/faq'),
  documents: route('GET', '/api/v1/training/documents'),
  videos: route('GET', '/api/v1/training/videos'),
  content: route('GET', '/api/v1/training/content'),
  addContent: route('POST', '/api/v1/training/content'),
  removeContent: route('POST', '/api/v1/training/content/remove/:id'),
  announcements: route('GET', '/api/v1/announcements'),
  publishAnnouncement: route('POST', '/api/v1/announcements'),
} as const;

/** How long the search boxes wait after the last key before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A search box's text as the server is asked it: `typed` once the user has stopped typing for
 * SEARCH_DEBOUNCE_MS, or at once on `searchNow` (Enter, the search button).
 */
export function useSearchText() {
  const [typed, setTyped] = useState('');
  const [searched, setSearched] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearched(typed.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  return {
    typed,
    searched,
    type: setTyped,
    searchNow: (text: string) => {
      setTyped(text);
      setSearched(text.trim());
    },
  };
}

/** The Email Us and Call Us values. */
export function useHelpContacts() {
  return useQuery({
    queryKey: queryKey(helpRoutes.contacts),
    queryFn: async () => (await call<{ data: HelpContacts }>(helpRoutes.contacts)).data,
    staleTime: 5 * 60_000,
  });
}

/** The FAQ entries whose question or answer contains `searchText` (every entry without it). */
export function useFaq(searchText: string) {
  const query = { search_text: searchText || undefined };
  return useQuery({
    queryKey: queryKey(helpRoutes.faq, { query }),
    queryFn: async () => (await call<{ data: FaqEntry[] }>(helpRoutes.faq, { query })).data,
    placeholderData: keepPreviousData,
  });
}

export type TrainingShelf = 'documents' | 'videos';

/** A training tree: the categories the caller sees, with their items whose titles contain `searchText`. */
export function useTrainingTree(shelf: TrainingShelf, searchText: string) {
  const api = helpRoutes[shelf];
  const query = { search_text: searchText || undefined };
  return useQuery({
    queryKey: queryKey(api, { query }),
    queryFn: async () => (await call<{ data: TrainingCategoryNode[] }>(api, { query })).data,
    placeholderData: keepPreviousData,
  });
}
