import type { TrainingItem } from '@portal/contracts/help/help.views';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import TrainingTree, { NewTabLink, isExternal } from './TrainingTree';

/** A link given instead of a file, to another site (a video platform's page): opened there, not in the player. */
const opensElsewhere = (item: TrainingItem) => item.content_type === null && isExternal(item.url);

/**
 * Training Videos (/trainingvideos, doc 3 §2): the tree of the categories the caller sees; an item
 * plays in a closable player (the spec's embedded frame), which stops and goes away on close. A
 * link to another site opens in a new tab.
 */
export default function TrainingVideosPage() {
  const [playing, setPlaying] = useState<TrainingItem>();

  return (
    <TrainingTree
      shelf="videos"
      title="Training Videos"
      noun="training videos"
      leaf={(item) =>
        opensElsewhere(item) ? (
          <NewTabLink item={item} />
        ) : (
          <Button type="link" size="small" style={{ padding: 0, height: 'auto' }} onClick={() => setPlaying(item)}>
            {item.title}
          </Button>
        )
      }
    >
      {/* Unmounted on close, the player with it (also destroyOnHidden): the video stops at once. */}
      {playing && (
        <Modal open title={playing.title} footer={null} width={800} destroyOnHidden onCancel={() => setPlaying(undefined)}>
          <video key={playing.id} controls autoPlay src={playing.url} style={{ width: '100%' }} />
        </Modal>
      )}
    </TrainingTree>
  );
}
