// A gallery row renders again only when something it shows changes: a page of pictures arriving
// for other rows (a new pages object) leaves it as it is.
import { describe, expect, it } from 'vitest';
import { sameRow, type RowProps } from '../../../../renderer/src/images/Gallery';
import type { MediaItem } from '../../../../shared/types';
import { GALLERY_PAGE } from '../../../../renderer/src/store/images-gallery-slice';

function picture(id: string): MediaItem {
  return {
    id,
    kind: 'image',
    mime: 'image/png',
    size: 1,
    title: id,
    createdAt: '2026-11-27T00:00:00Z',
    model: 'm',
    cost: null,
    params: {},
    sources: [],
    extra: {},
    width: 1,
    height: 1,
    hasThumb: true,
  };
}

const firstPage = Array.from({ length: GALLERY_PAGE }, (_, i) => picture(`p${i}`));
const noop = () => {};
const row: RowProps = {
  rowIndex: 1,
  start: 200,
  columns: 3,
  tile: 190,
  total: GALLERY_PAGE * 2,
  pages: { 0: firstPage },
  activeInRow: -1,
  tiles: { current: new Map() },
  onActivate: noop,
  onOpen: noop,
  importedLabel: 'Imported',
  attachedLabel: 'Attached',
};

describe('sameRow', () => {
  it('keeps a row when a page for other rows arrives', () => {
    const second = Array.from({ length: GALLERY_PAGE }, (_, i) => picture(`q${i}`));
    expect(sameRow(row, { ...row, pages: { 0: firstPage, 1: second } })).toBe(true);
  });

  it('renders a row again when one of its own pictures changes or arrives', () => {
    const changed = [...firstPage];
    changed[4] = picture('other');
    expect(sameRow(row, { ...row, pages: { 0: changed } })).toBe(false);
    expect(sameRow({ ...row, pages: {} }, row)).toBe(false);
  });

  it('renders a row again when any other prop changes', () => {
    expect(sameRow(row, { ...row, activeInRow: 4 })).toBe(false);
    expect(sameRow(row, { ...row, tile: 180 })).toBe(false);
    expect(sameRow(row, { ...row, importedLabel: 'Импортировано' })).toBe(false);
    expect(sameRow(row, { ...row, attachedLabel: 'Вложение' })).toBe(false);
  });
});
