import type { TrainingCategoryNode, TrainingItem } from '@portal/contracts/help/help.views';
import { Alert, Button, Modal } from 'antd';
import { useState } from 'react';
import { call } from '../../app/api-client';
import { helpRoutes } from './help-queries';
import TrainingTree, { NewTabLink, isExternal } from './TrainingTree';

/** A link given instead of a file, to another site (a video platform's page): opened there, not in the player. */
const opensElsewhere = (item: TrainingItem) => item.content_type === null && isExternal(item.url);

/** The player's words when a video cannot be played (ours). */
export const VIDEO_TEXTS = {
  title: 'This video cannot be played',
  network: 'The video stopped loading: the connection to the server was lost.',
  decode: 'The video file is damaged: this browser could not decode it.',
  unavailable: 'The video could not be loaded: its file is missing, its link has expired, or this browser cannot play its format.',
  removed: 'This video is no longer among the training videos.',
  hint: 'Try again; if it still fails, tell your manager which video it is.',
  retry: 'Try again',
} as const;

/** Why the browser gave up on a video, from its MediaError code (2 network, 3 decode, 4 source not usable: a 404, an expired link or a format it cannot play). */
export function videoProblem(code: number | undefined): string {
  if (code === 2) return VIDEO_TEXTS.network;
  if (code === 3) return VIDEO_TEXTS.decode;
  return VIDEO_TEXTS.unavailable;
}

/** The item as the server lists it now (a fresh signed link), or undefined once it is gone. */
async function freshItem(id: string): Promise<TrainingItem | undefined> {
  const tree = await call<{ data: TrainingCategoryNode[] }>(helpRoutes.videos);
  return tree.data.flatMap((category) => category.items).find((item) => item.id === id);
}

/**
 * The player (the spec's embedded frame): plays the video at once; when the browser cannot load
 * or play it, says so in words — instead of a player sitting at 0:00 — with Try again, which asks
 * the server for a fresh link (a signed link expires after 12 hours) and loads it anew.
 */
function VideoPlayer({ item, onClose }: { item: TrainingItem; onClose: () => void }) {
  const [shown, setShown] = useState({ item, attempt: 0 });
  const [problem, setProblem] = useState<string>();
  const [retrying, setRetrying] = useState(false);

  const retry = async () => {
    setRetrying(true);
    try {
      const fresh = await freshItem(item.id);
      if (!fresh) return setProblem(VIDEO_TEXTS.removed);
      setProblem(undefined);
      setShown((previous) => ({ item: fresh, attempt: previous.attempt + 1 }));
    } catch {
      setProblem(VIDEO_TEXTS.network);
    } finally {
      setRetrying(false);
    }
  };

  return (
    <Modal open title={item.title} footer={null} width={800} destroyOnHidden onCancel={onClose}>
      {problem && (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginBottom: 12 }}
          title={VIDEO_TEXTS.title}
          description={`${problem} ${VIDEO_TEXTS.hint}`}
          action={
            <Button size="small" loading={retrying} onClick={() => void retry()}>
              {VIDEO_TEXTS.retry}
            </Button>
          }
        />
      )}
      <video
        key={`${shown.item.id}-${shown.attempt}`}
        controls
        autoPlay
        src={shown.item.url}
        style={{ width: '100%', display: problem ? 'none' : undefined }}
        onError={(event) => setProblem(videoProblem(event.currentTarget.error?.code))}
        onLoadedData={() => setProblem(undefined)}
      />
    </Modal>
  );
}

/**
 * Training Videos (/trainingvideos, doc 3 §2): the tree of the categories the caller sees; an item
 * plays in a closable player (the spec's embedded frame), which stops and goes away on close, and
 * says so when the video cannot be played. A link to another site opens in a new tab.
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
      {playing && <VideoPlayer key={playing.id} item={playing} onClose={() => setPlaying(undefined)} />}
    </TrainingTree>
  );
}
