// The Images tab: the form on the left, the gallery on the right, the viewer on top; paste adds sources.
import { useCallback, useEffect, useState, type ClipboardEvent } from 'react';
import { subscribe } from '../platform';
import { useT } from '../i18n/use-t';
import { useAppStore } from '../store';
import { imageFiles } from './EditSources';
import { Gallery } from './Gallery';
import { ImageForm } from './ImageForm';
import { ImageViewer } from './ImageViewer';
import './images.css';

export default function ImagesTab() {
  const t = useT();
  const reloadGallery = useAppStore((s) => s.reloadGallery);
  const applyImageProgress = useAppStore((s) => s.applyImageProgress);
  const addSourceFiles = useAppStore((s) => s.addSourceFiles);
  const setMode = useAppStore((s) => s.setImagesMode);
  const [open, setOpen] = useState<number | null>(null);

  useEffect(() => {
    void reloadGallery();
    const unsubscribers = [
      subscribe('media.changed', ({ kind }) => {
        if (kind === 'image') void useAppStore.getState().reloadGallery();
      }),
      subscribe('images.progress', (progress) => applyImageProgress(progress)),
    ];
    return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
  }, [reloadGallery, applyImageProgress]);

  // Pasting a picture anywhere in the tab (outside text fields' own text) makes it a source.
  function onPaste(event: ClipboardEvent) {
    const files = imageFiles(event.clipboardData);
    if (files.length === 0) return;
    event.preventDefault();
    setMode('edit');
    void addSourceFiles(files);
  }

  const close = useCallback(() => setOpen(null), []);
  return (
    <div className="images-tab" onPaste={onPaste}>
      <div className="images-form-column scroll-area">
        <h1>{t('images.title')}</h1>
        <ImageForm />
      </div>
      <Gallery onOpen={setOpen} />
      {open !== null && <ImageViewer index={open} onIndex={setOpen} onClose={close} />}
    </div>
  );
}
