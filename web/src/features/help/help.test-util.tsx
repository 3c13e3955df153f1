import type { FaqEntry, TrainingCategoryNode, TrainingContentRow, TrainingItem } from '@portal/contracts/help/help.views';

/** The help screens' fixtures. */

export const FAQ = '/api/v1/faq';
export const CONTACTS = '/api/v1/help/contacts';
export const SUPPORT_REQUEST = '/api/v1/help/support_request';
export const DOCUMENTS = '/api/v1/training/documents';
export const VIDEOS = '/api/v1/training/videos';
export const CONTENT = '/api/v1/training/content';
export const ANNOUNCEMENTS = '/api/v1/announcements';

export const faqEntry = (id: string, question: string, answer: string, answer_format: FaqEntry['answer_format'] = 'text'): FaqEntry => ({ id, question, answer, answer_format });

export const FAQ_ENTRIES: FaqEntry[] = [
  faqEntry('faq-1', 'How do I log in?', '<p>Open the <b>login page</b> and sign in.</p><img src="x" onerror="window.hacked = true"><script>window.hacked = true</script>', 'html'),
  faqEntry('faq-2', 'How do I transfer devices?', 'Open Transfer Inventory.\nPick the cartons and the office.'),
  faqEntry('faq-3', 'How does an RMA work?', 'Initiate it, then submit it.'),
];

export const trainingItem = (id: string, title: string, change: Partial<TrainingItem> = {}): TrainingItem => ({
  id,
  title,
  content_kind: 'document',
  url: `/api/v1/training/files/${id}?expires=1&signature=s`,
  content_type: 'application/pdf',
  ...change,
});

export const DOCUMENT_TREE: TrainingCategoryNode[] = [
  { category: 'getting-started', name: 'Getting Started', items: [trainingItem('d-1', 'Console basics'), trainingItem('d-2', 'Your first sale')] },
  { category: 'office-manager', name: 'Office Manager', items: [trainingItem('d-3', 'Receiving inventory'), trainingItem('d-4', 'Carrier portal guide', { url: 'https://carrier.example/guide', content_type: null })] },
];

const video = (id: string, title: string, change: Partial<TrainingItem> = {}) => trainingItem(id, title, { content_kind: 'video', content_type: 'video/mp4', ...change });

export const VIDEO_TREE: TrainingCategoryNode[] = [
  { category: 'agent', name: 'Agent', items: [video('v-1', 'Activating a device'), video('v-2', 'Channel tour', { url: 'https://videos.example/watch?v=1', content_type: null })] },
];

export const contentRow = (id: string, change: Partial<TrainingContentRow> = {}): TrainingContentRow => ({
  id,
  content_kind: 'document',
  category: 'getting-started',
  category_name: 'Getting Started',
  title: 'Console basics',
  source_kind: 'file',
  url: `/api/v1/training/files/${id}?expires=1&signature=s`,
  size: 2_400_000,
  retailer_name: null,
  added_by_name: 'Sam Super',
  created_at: '2025-03-04T15:00:00.000Z',
  ...change,
});

/** A file as a user chooses it; `size` as said (jsdom would otherwise need the bytes). */
export function chosenFile(name: string, type: string, size = 1000): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}
