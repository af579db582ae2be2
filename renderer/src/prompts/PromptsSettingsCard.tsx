// Settings, Chat: the saved prompts "/" offers in the Message box, and the way to the manager.
import { lazy, Suspense } from 'react';
import { useT } from '../i18n/use-t';
import { useAppStore } from '../store';

const PromptManager = lazy(() =>
  import('./PromptManager').then((m) => ({ default: m.PromptManager })),
);

export function PromptsSettingsCard() {
  const t = useT();
  // One flag for the whole window, so this card and the Message box never open two managers.
  const open = useAppStore((s) => s.promptManagerOpen);
  const setOpen = useAppStore((s) => s.setPromptManagerOpen);
  return (
    <section className="card" aria-label={t('prompts.manager')}>
      <h2>{t('prompts.manager')}</h2>
      <p className="hint">{t('prompts.managerHint')}</p>
      <button type="button" className="button" onClick={() => setOpen(true)}>
        {t('prompts.manage')}
      </button>
      <Suspense fallback={null}>
        {open && <PromptManager onClose={() => setOpen(false)} />}
      </Suspense>
    </section>
  );
}
