import { CopyOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { notice } from '../../app/notice';

/** Copies text to the clipboard and says so; where the browser refuses (no clipboard, no permission), says to copy by hand. */
export async function copyToClipboard(text: string): Promise<void> {
  try {
    if (!navigator.clipboard) throw new Error('no clipboard');
    await navigator.clipboard.writeText(text);
    notice.toastSuccess('Copied');
  } catch {
    notice.toastError('The browser did not allow copying: select the text and copy it');
  }
}

/** A Copy button for `text`; `what` names it for screen readers ("Copy the schema"). */
export function CopyButton({ text, what }: { text: string; what: string }) {
  return (
    <Button size="small" icon={<CopyOutlined aria-hidden />} aria-label={`Copy ${what}`} onClick={() => void copyToClipboard(text)}>
      Copy
    </Button>
  );
}

/** Long JSON wraps inside its block instead of pushing the page sideways (a phone is 390 px wide), and scrolls past a screenful. */
const PRE: CSSProperties = { margin: 0, fontSize: 12, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', wordBreak: 'break-word', maxHeight: 360, overflowY: 'auto' };

/** A JSON value pretty-printed in a `<pre>`, titled, with its Copy button. */
export function JsonBlock({ title, value }: { title: string; value: unknown }) {
  const text = JSON.stringify(value, null, 2);
  return (
    <section aria-label={title} style={{ minWidth: 0 }}>
      <Flex justify="space-between" align="center" gap={8} style={{ marginBottom: 4 }}>
        <Typography.Text strong>{title}</Typography.Text>
        <CopyButton text={text} what={title.toLowerCase()} />
      </Flex>
      <pre style={PRE}>{text}</pre>
    </section>
  );
}

/** The `<pre>` style of a receiver's response excerpt in the delivery log. */
export const EXCERPT_STYLE: CSSProperties = { ...PRE, maxHeight: 160 };
