import { HELP_MESSAGES } from '@portal/contracts/help/help.codes';
import type { FaqEntry } from '@portal/contracts/help/help.views';
import { Card, Collapse, Empty, Input, Spin, Typography } from 'antd';
import DOMPurify from 'dompurify';
import { useFaq, useSearchText } from './help-queries';

/** An answer: 'html' (the login answer, doc 3 §2) as sanitised HTML, 'text' as text with its line breaks. */
function FaqAnswer({ entry }: { entry: FaqEntry }) {
  if (entry.answer_format === 'html') return <div className="faq-answer" dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(entry.answer) }} />;
  return <div className="faq-answer" style={{ whiteSpace: 'pre-line' }}>{entry.answer}</div>;
}

/**
 * FAQ (/faq, doc 3 §2 FAQ and support): "What we can help you with?" asks the server for the
 * questions whose question or answer contains the text (as the user types, debounced; at once on
 * Enter); the questions form an accordion, one open at a time.
 */
export default function FaqPage() {
  const search = useSearchText();
  const faq = useFaq(search.searched);
  const entries = faq.data ?? [];

  return (
    <Card>
      <Typography.Title level={3}>FAQ</Typography.Title>
      <Input.Search
        placeholder={HELP_MESSAGES.faqSearch}
        aria-label={HELP_MESSAGES.faqSearch}
        allowClear
        maxLength={100}
        value={search.typed}
        onChange={(event) => search.type(event.target.value)}
        onSearch={search.searchNow}
        loading={faq.isFetching}
        style={{ maxWidth: 560, marginBottom: 16 }}
      />
      {faq.isError && <Typography.Paragraph type="danger">{faq.error.message}</Typography.Paragraph>}
      {faq.isPending ? (
        <Spin />
      ) : entries.length === 0 ? (
        <Empty description="No questions match your search" />
      ) : (
        <Collapse accordion items={entries.map((entry) => ({ key: entry.id, label: entry.question, children: <FaqAnswer entry={entry} /> }))} />
      )}
    </Card>
  );
}
