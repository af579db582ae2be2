// Filing a conversation by dragging its row onto a folder or onto the rest's heading.
import { useState, type DragEvent } from 'react';
import type { UserError } from '../../../shared/types';
import { useAppStore } from '../store';

const DRAG_TYPE = 'application/x-atelier-conversation';

/** Rows are links to #conversation/<id>: the conversation a row's element belongs to. */
export function rowIdOf(target: EventTarget): string | null {
  const link = (target as HTMLElement).closest?.('a[href^="#conversation/"]');
  const href = link?.getAttribute('href');
  return href ? decodeURIComponent(href.slice('#conversation/'.length)) : null;
}

/** A dragged link says which conversation it is. */
export function onRowDragStart(event: DragEvent<HTMLElement>) {
  const id = rowIdOf(event.target);
  if (!id) return;
  event.dataTransfer.setData(DRAG_TYPE, id);
  event.dataTransfer.effectAllowed = 'move';
}

/** Where a dragged conversation may be dropped to be filed (folderId null: no folder). */
export function useDropTarget(folderId: string | null, onError: (e: UserError | null) => void) {
  const moveToFolder = useAppStore((s) => s.moveToFolder);
  const [over, setOver] = useState(false);
  return {
    over,
    handlers: {
      onDragOver(event: DragEvent<HTMLElement>) {
        if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        setOver(true);
      },
      onDragLeave() {
        setOver(false);
      },
      onDrop(event: DragEvent<HTMLElement>) {
        setOver(false);
        const id = event.dataTransfer.getData(DRAG_TYPE);
        if (!id) return;
        event.preventDefault();
        void moveToFolder([id], folderId).then(onError);
      },
    },
  };
}
