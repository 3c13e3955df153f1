import type { TrainingCategoryNode, TrainingItem } from '@portal/contracts/help/help.views';
import { Card, Empty, Input, Spin, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { type ReactNode, useMemo, useState } from 'react';
import { type TrainingShelf, useSearchText, useTrainingTree } from './help-queries';

/** The categories with only the items whose titles contain `text` (the server's rule, applied at once while it answers). */
function filtered(categories: readonly TrainingCategoryNode[], text: string): TrainingCategoryNode[] {
  const wanted = text.trim().toLowerCase();
  if (!wanted) return [...categories];
  return categories.map((category) => ({ ...category, items: category.items.filter((item) => item.title.toLowerCase().includes(wanted)) })).filter((category) => category.items.length > 0);
}

/** Whether a link leaves the console (a link given instead of a file): it opens in a new tab. */
export function isExternal(url: string): boolean {
  try {
    return new URL(url, window.location.href).origin !== window.location.origin;
  } catch {
    return true;
  }
}

/** A leaf that opens its item in a new tab. */
export function NewTabLink({ item }: { item: TrainingItem }) {
  return (
    <a href={item.url} target="_blank" rel="noopener noreferrer">
      {item.title}
    </a>
  );
}

/**
 * A training tree (doc 3 §2 Training documents, Training videos): a search box (sent to the
 * server as `search_text`, debounced) over the categories the caller sees, each expanded with its
 * items as leaves; `leaf` draws an item (a new-tab link, a player's opener).
 */
export default function TrainingTree({ shelf, title, noun, leaf, children }: { shelf: TrainingShelf; title: string; noun: string; leaf: (item: TrainingItem) => ReactNode; children?: ReactNode }) {
  const search = useSearchText();
  const tree = useTrainingTree(shelf, search.searched);
  const categories = useMemo(() => filtered(tree.data ?? [], search.typed), [tree.data, search.typed]);
  /** Categories the user closed; every other one is open (also those a new answer brings). */
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());

  const treeData: DataNode[] = categories.map((category) => ({
    key: category.category,
    title: category.name,
    selectable: false,
    children: category.items.map((item) => ({ key: item.id, title: leaf(item), isLeaf: true, selectable: false })),
  }));

  return (
    <Card>
      <Typography.Title level={3}>{title}</Typography.Title>
      <Input.Search
        placeholder="Search by title"
        aria-label={`Search ${noun}`}
        allowClear
        maxLength={100}
        value={search.typed}
        onChange={(event) => search.type(event.target.value)}
        onSearch={search.searchNow}
        loading={tree.isFetching}
        style={{ maxWidth: 420, marginBottom: 16 }}
      />
      {tree.isError && <Typography.Paragraph type="danger">{tree.error.message}</Typography.Paragraph>}
      {tree.isPending ? (
        <Spin />
      ) : treeData.length === 0 ? (
        <Empty description={search.typed.trim() ? `No ${noun} match your search` : `No ${noun} yet`} />
      ) : (
        <Tree
          showLine
          blockNode
          treeData={treeData}
          expandedKeys={categories.map((category) => category.category).filter((key) => !collapsed.has(key))}
          onExpand={(keys) => setCollapsed(new Set(categories.map((category) => category.category).filter((key) => !keys.includes(key))))}
        />
      )}
      {children}
    </Card>
  );
}
