// The gallery's reference: the barest virtualized grid of the same thumbnails (@tanstack/react-virtual), same tile size, same URLs from the same host.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { WEB_MEDIA_KEY_ITEM } from '../../shared/web-session';

const TILE_MIN = 150;
const GAP = 8;
const params = new URLSearchParams(location.search);
/** The app's scroller size, passed by the bench, so both grids show the same tiles. */
const WIDTH = Number(params.get('width') ?? 800);
const HEIGHT = Number(params.get('height') ?? 600);
/** The web host serves media under the key it told this tab, as the app's media.ts names them. */
const MEDIA = `/media/${encodeURIComponent(sessionStorage.getItem(WEB_MEDIA_KEY_ITEM) ?? '')}/`;

interface Item {
  id: string;
  hasThumb: boolean;
}

function BareGrid({ items }: { items: Item[] }) {
  const scroller = useRef<HTMLDivElement>(null);
  // The app's own formula for columns and tile size.
  const usable = Math.max(0, WIDTH - GAP);
  const columns = Math.max(1, Math.floor((usable + GAP) / (TILE_MIN + GAP)));
  const tile = Math.max(60, Math.floor((usable - GAP * (columns - 1)) / columns));
  const virtualizer = useVirtualizer({
    count: Math.ceil(items.length / columns),
    getScrollElement: () => scroller.current,
    estimateSize: () => tile + GAP,
    overscan: 3,
  });
  return (
    <div
      ref={scroller}
      className="gallery-scroller"
      style={{ width: WIDTH, height: HEIGHT, overflowY: 'auto', contain: 'strict' }}
    >
      <div style={{ position: 'relative', height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((row) => (
          <div
            key={row.key}
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              transform: `translateY(${row.start}px)`,
              display: 'grid',
              gap: GAP,
              height: tile,
              gridTemplateColumns: `repeat(${columns}, ${tile}px)`,
            }}
          >
            {items.slice(row.index * columns, row.index * columns + columns).map((item) => (
              <img
                key={item.id}
                src={`${MEDIA}${encodeURIComponent(item.id)}${item.hasThumb ? '?thumb=1' : ''}`}
                alt=""
                width={tile}
                height={tile}
                style={{ objectFit: 'cover', display: 'block' }}
              />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}

interface Bridge {
  invoke(
    channel: 'media.list',
    input: { kind: 'image'; offset: number; limit: number },
  ): Promise<{ ok: boolean; data: { items: Item[]; total: number } }>;
}

async function start(): Promise<void> {
  // The bridge script of the web host defines window.atelier; the list comes through it once.
  const bridge = (window as unknown as { atelier: Bridge }).atelier;
  const items: Item[] = [];
  for (;;) {
    const answer = await bridge.invoke('media.list', {
      kind: 'image',
      offset: items.length,
      limit: 500,
    });
    if (!answer.ok) throw new Error('media.list failed');
    items.push(...answer.data.items);
    if (answer.data.items.length === 0 || items.length >= answer.data.total) break;
  }
  const container = document.getElementById('root');
  if (container) createRoot(container).render(<BareGrid items={items} />);
  document.body.dataset.ready = String(items.length);
}

void start();
