import { Empty } from 'antd';
import type { ReactNode } from 'react';

/**
 * A table's own "nothing here" sentence, drawn as antd's empty state: a bare string would be drawn
 * in the disabled grey (1.6:1 on white), which nobody can read (axe-core's color-contrast).
 */
export function emptyNote(text: ReactNode): ReactNode {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} />;
}
