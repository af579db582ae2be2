// The gallery: a virtualized grid of the library's pictures (thumbnails by media URL), loaded page by page.
import { observeElementOffset, useVirtualizer } from '@tanstack/react-virtual';
import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MutableRefObject,
} from 'react';
import type { MediaItem } from '../../../shared/types';
import { mediaUrl } from '../common/media';
import { useLanguage, useT } from '../i18n/use-t';
import { formatCount, localeOf } from '../i18n/translate';
import { useAppStore } from '../store';
import { GALLERY_PAGE } from '../store/images-gallery-slice';
import { OriginFilter } from '../common/OriginFilter';

const TILE_MIN = 150;
const GAP = 8;

export function itemAt(pages: Record<number, MediaItem[]>, index: number): MediaItem | undefined {
  return pages[Math.floor(index / GALLERY_PAGE)]?.[index % GALLERY_PAGE];
}

export interface RowProps {
  rowIndex: number;
  start: number;
  columns: number;
  tile: number;
  total: number;
  pages: Record<number, MediaItem[]>;
  /** The tab stop when it is in this row, else -1: the other rows need not render again. */
  activeInRow: number;
  tiles: MutableRefObject<Map<number, HTMLButtonElement>>;
  onActivate(index: number): void;
  onOpen(index: number): void;
  importedLabel: string;
  attachedLabel: string;
}

/** The row's props are the same, and so is each of its pictures (a page loaded elsewhere is not). */
export function sameRow(before: RowProps, after: RowProps): boolean {
  for (const key of Object.keys(after) as Array<keyof RowProps>)
    if (key !== 'pages' && before[key] !== after[key]) return false;
  if (before.pages === after.pages) return true;
  const first = after.rowIndex * after.columns;
  for (let index = first; index < first + after.columns; index++)
    if (itemAt(before.pages, index) !== itemAt(after.pages, index)) return false;
  return true;
}

/**
 * One row of tiles. Memoized: a scroll re-renders the list, but only the rows that come into view
 * render; the rest keep their elements (profile: React work and layout on every scroll frame), also
 * when a page of pictures arrives for other rows.
 */
const GalleryRow = memo(function GalleryRow({
  rowIndex,
  start,
  columns,
  tile,
  total,
  pages,
  activeInRow,
  tiles,
  onActivate,
  onOpen,
  importedLabel,
  attachedLabel,
}: RowProps) {
  return (
    <div
      role="none"
      className="gallery-row"
      style={{
        transform: `translateY(${start}px)`,
        height: tile,
        gridTemplateColumns: `repeat(${columns}, ${tile}px)`,
      }}
    >
      {Array.from({ length: columns }, (_, column) => {
        const index = rowIndex * columns + column;
        if (index >= total) return null;
        const item = itemAt(pages, index);
        return (
          <div key={column} role="listitem" className="gallery-cell">
            {item ? (
              <button
                ref={(el) => {
                  if (el) tiles.current.set(index, el);
                  else tiles.current.delete(index);
                }}
                type="button"
                className="gallery-tile"
                tabIndex={index === activeInRow ? 0 : -1}
                onFocus={() => onActivate(index)}
                onClick={() => {
                  onActivate(index);
                  onOpen(index);
                }}
              >
                <img
                  src={mediaUrl(item.id, item.hasThumb)}
                  alt={item.title}
                  width={tile}
                  height={tile}
                  decoding="async"
                  draggable={false}
                />
                {item.model === null && (
                  <span className="tile-badge">
                    {item.extra.attachedToChat === true ? attachedLabel : importedLabel}
                  </span>
                )}
              </button>
            ) : (
              <div className="gallery-tile placeholder" aria-hidden="true" />
            )}
          </div>
        );
      })}
    </div>
  );
}, sameRow);

export function Gallery({ onOpen }: { onOpen(index: number): void }) {
  const t = useT();
  const language = useLanguage();
  const total = useAppStore((s) => s.galleryTotal);
  const pages = useAppStore((s) => s.galleryPages);
  const error = useAppStore((s) => s.galleryError);
  const origin = useAppStore((s) => s.galleryOrigin);
  const setOrigin = useAppStore((s) => s.setGalleryOrigin);
  const loadPage = useAppStore((s) => s.loadGalleryPage);
  const scroller = useRef<HTMLDivElement>(null);
  const tiles = useRef(new Map<number, HTMLButtonElement>());
  const [width, setWidth] = useState(0);
  const [active, setActive] = useState(0);
  const [focusWanted, setFocusWanted] = useState(false);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const usable = Math.max(0, width - GAP);
  const columns = Math.max(1, Math.floor((usable + GAP) / (TILE_MIN + GAP)));
  const tile = Math.max(60, Math.floor((usable - GAP * (columns - 1)) / columns));
  const rows = Math.ceil(total / columns);

  const virtualizer = useVirtualizer({
    count: rows,
    getScrollElement: () => scroller.current,
    estimateSize: () => tile + GAP,
    overscan: 3,
    // A scroll event renders in React's next task instead of synchronously inside the event: the
    // overscan rows cover the frame in between (profile: long scroll events with flushSync).
    useFlushSync: false,
    // Only the range matters here: reporting "scrolling" would render the grid twice more for each
    // scroll (as it starts and once it has stopped), with nothing on screen changed.
    observeElementOffset: (instance, notify) =>
      observeElementOffset(instance, (offset) => notify(offset, false)),
  });
  const onActivate = useCallback((index: number) => setActive(index), []);
  const importedLabel = t('images.imported');
  const attachedLabel = t('images.attached');
  useEffect(() => virtualizer.measure(), [tile, virtualizer]);

  const virtualRows = virtualizer.getVirtualItems();
  const firstRow = virtualRows[0]?.index ?? 0;
  const lastRow = virtualRows[virtualRows.length - 1]?.index ?? 0;
  const firstPage = Math.floor((firstRow * columns) / GALLERY_PAGE);
  const lastPage = Math.floor(Math.min(total - 1, (lastRow + 1) * columns - 1) / GALLERY_PAGE);
  useEffect(() => {
    if (total === 0) return;
    // One page ahead each way, so a steady scroll finds its tiles loaded (the bench saw empty
    // tiles on screen whenever a page was asked for only once it was in view).
    const lastOfAll = Math.floor((total - 1) / GALLERY_PAGE);
    const from = Math.max(0, firstPage - 1);
    const to = Math.min(lastOfAll, lastPage + 1);
    for (let page = from; page <= to; page += 1) if (!pages[page]) void loadPage(page);
  }, [firstPage, lastPage, pages, total, loadPage]);

  const activeIndex = Math.min(active, Math.max(0, total - 1));
  // The tile may mount a frame later than the scroll that brings it in; try again on each render.
  useEffect(() => {
    if (!focusWanted) return;
    const element = tiles.current.get(activeIndex);
    if (element) {
      element.focus();
      setFocusWanted(false);
    }
  }, [focusWanted, activeIndex, virtualRows]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const steps: Record<string, number> = {
      ArrowRight: 1,
      ArrowLeft: -1,
      ArrowDown: columns,
      ArrowUp: -columns,
      PageDown: columns * 3,
      PageUp: -columns * 3,
    };
    let next: number | null = null;
    if (event.key in steps) next = activeIndex + steps[event.key]!;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = total - 1;
    if (next === null || total === 0) return;
    event.preventDefault();
    next = Math.min(total - 1, Math.max(0, next));
    setActive(next);
    setFocusWanted(true);
    virtualizer.scrollToIndex(Math.floor(next / columns));
  }

  const count = formatCount(total, localeOf(language));
  return (
    <section className="gallery" aria-label={t('images.gallery')}>
      <div className="gallery-head">
        <h2>{t('images.gallery')}</h2>
        <span className="hint">{t('images.galleryCount', { count })}</span>
        <OriginFilter value={origin} onChange={(next) => void setOrigin(next)} />
      </div>
      {error && <p className="hint warning">{error.message}</p>}
      {total === 0 && (
        <p className="hint gallery-empty">
          {origin === 'chats' ? t('studio.noneFromChats') : t('images.galleryEmpty')}
        </p>
      )}
      <div ref={scroller} className="gallery-scroller" onKeyDown={onKeyDown}>
        <div
          role="list"
          aria-label={t('images.gallery')}
          aria-describedby="gallery-keys"
          className="gallery-canvas"
          style={{ height: virtualizer.getTotalSize() }}
        >
          {virtualRows.map((row) => {
            const first = row.index * columns;
            const activeInRow =
              activeIndex >= first && activeIndex < first + columns ? activeIndex : -1;
            return (
              <GalleryRow
                key={row.key}
                rowIndex={row.index}
                start={row.start}
                columns={columns}
                tile={tile}
                total={total}
                pages={pages}
                activeInRow={activeInRow}
                tiles={tiles}
                onActivate={onActivate}
                onOpen={onOpen}
                importedLabel={importedLabel}
                attachedLabel={attachedLabel}
              />
            );
          })}
        </div>
      </div>
      <p id="gallery-keys" className="hint">
        {t('images.galleryKeys')}
      </p>
    </section>
  );
}
