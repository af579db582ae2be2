// The shell: left navigation, the balance, the service's wait notice, and the open tab (features load lazily).
import { Icon, type IconName } from '../common/Icon';
import { LinkConfirmDialog } from '../common/LinkConfirmDialog';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useAppStore, type Tab } from '../store';
import { useLanguage, useT } from '../i18n/use-t';
import type { MessageKey } from '../i18n/en';
import { translateDynamic } from '../i18n/translate';
import { useDocumentTheme } from '../theme';
import { lookAtStart, rememberLook } from '../common/look-hint';
import { pageStorage } from '../common/page-storage';
import { BalanceStatus } from './BalanceStatus';
import { FirstRun } from './FirstRun';
import { showsWelcome } from '../store/firstrun-slice';
import { ErrorBoundary } from './ErrorBoundary';
import { HoldNotice } from './HoldNotice';
import { RecoveredNotice } from './RecoveredNotice';
import { SpendAskDialog } from '../money/SpendAskDialog';
import { BudgetNotice } from '../money/BudgetNotice';
import { SpendingView } from '../money/deferred-view';
import { useShortcuts } from './shortcuts';
import { ShortcutsDialog } from './ShortcutsDialog';
import './shell.css';
// Chat is the first screen: loaded with the shell, not behind a second round trip and a fallback.
import ChatTab from '../chat/ChatTab';

const SettingsTab = lazy(() => import('../settings/SettingsTab'));
const ImagesTab = lazy(() => import('../images/ImagesTab'));
const DocumentsTab = lazy(() => import('../documents/DocumentsTab'));
const AudioTab = lazy(() => import('../audio/AudioTab'));
const VideoTab = lazy(() => import('../video/VideoTab'));

const TABS: ReadonlyArray<{ tab: Tab; label: MessageKey; icon: IconName }> = [
  { tab: 'chat', label: 'nav.chat', icon: 'chat' },
  { tab: 'images', label: 'nav.images', icon: 'image' },
  { tab: 'audio', label: 'nav.audio', icon: 'audio' },
  { tab: 'video', label: 'nav.video', icon: 'video' },
  { tab: 'documents', label: 'nav.documents', icon: 'document' },
  { tab: 'settings', label: 'nav.settings', icon: 'settings' },
];

function Navigation() {
  const t = useT();
  const tab = useAppStore((s) => s.tab);
  const setTab = useAppStore((s) => s.setTab);
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);

  function focusTab(index: number) {
    buttons.current[index]?.focus();
    setTab(TABS[index]!.tab);
  }

  return (
    <nav className="nav" aria-label={t('nav.label')}>
      <div className="brand">
        <span className="brand-mark">
          <Icon name="logo" size={16} />
        </span>
        {t('app.title')}
      </div>
      <div role="tablist" aria-orientation="vertical" aria-label={t('nav.label')} className="tabs">
        {TABS.map((item, index) => (
          <button
            key={item.tab}
            ref={(el) => {
              buttons.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${item.tab}`}
            aria-selected={tab === item.tab}
            aria-controls={`panel-${item.tab}`}
            tabIndex={tab === item.tab ? 0 : -1}
            className="tab"
            onClick={() => setTab(item.tab)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowDown') focusTab((index + 1) % TABS.length);
              else if (event.key === 'ArrowUp') focusTab((index - 1 + TABS.length) % TABS.length);
              else if (event.key === 'Home') focusTab(0);
              else if (event.key === 'End') focusTab(TABS.length - 1);
              else return;
              event.preventDefault();
            }}
          >
            <Icon name={item.icon} />
            <span>{translateDynamic(t, item.label)}</span>
          </button>
        ))}
      </div>
      <div className="nav-footer">
        <ErrorBoundary title={t('balance.error')} retryLabel={t('common.retry')}>
          <BalanceStatus />
        </ErrorBoundary>
      </div>
    </nav>
  );
}

function Loading() {
  const t = useT();
  return <div className="loading">{t('app.loading')}</div>;
}

export function App() {
  const t = useT();
  const language = useLanguage();
  const tab = useAppStore((s) => s.tab);
  const spendingViewOpen = useAppStore((s) => s.spendingViewOpen);
  const savedTheme = useAppStore((s) => s.settings?.theme);
  const savedLanguage = useAppStore((s) => s.settings?.language);
  const demo = useAppStore((s) => s.settings?.demo === true);
  const theme = savedTheme ?? lookAtStart()?.theme ?? 'system';
  // With nothing set up, the Chat panel welcomes the person instead (the navigation stays).
  const welcome = useAppStore((s) => showsWelcome(s.settings, s.welcome));
  // The chat stays mounted once opened, so its scroll position and editors survive tab switches.
  const [chatVisited, setChatVisited] = useState(tab === 'chat');
  if (tab === 'chat' && !chatVisited) setChatVisited(true);

  useDocumentTheme(theme);
  useEffect(() => {
    if (savedTheme && savedLanguage)
      rememberLook(pageStorage(), { theme: savedTheme, language: savedLanguage });
  }, [savedTheme, savedLanguage]);
  const [shortcutsShown, setShortcutsShown] = useState(false);
  useShortcuts(useCallback(() => setShortcutsShown(true), []));
  useEffect(() => {
    document.documentElement.lang = language;
    // The window's title follows the page's: the demo says so there too.
    document.title = demo ? t('app.titleDemo') : t('app.title');
  }, [language, t, demo]);

  return (
    <div className="app">
      <Navigation />
      <main className="content">
        <HoldNotice />
        <RecoveredNotice />
        <BudgetNotice />
        {chatVisited && (
          <div
            role="tabpanel"
            id="panel-chat"
            aria-labelledby="tab-chat"
            className="panel"
            hidden={tab !== 'chat'}
          >
            <ErrorBoundary title={t('error.unknown')} retryLabel={t('common.retry')}>
              <Suspense fallback={<Loading />}>{welcome ? <FirstRun /> : <ChatTab />}</Suspense>
            </ErrorBoundary>
          </div>
        )}
        {tab !== 'chat' && (
          <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="panel">
            <ErrorBoundary key={tab} title={t('error.unknown')} retryLabel={t('common.retry')}>
              <Suspense fallback={<Loading />}>
                {tab === 'settings' ? (
                  <SettingsTab />
                ) : tab === 'images' ? (
                  <ImagesTab />
                ) : tab === 'documents' ? (
                  <DocumentsTab />
                ) : tab === 'audio' ? (
                  <AudioTab />
                ) : (
                  tab === 'video' && <VideoTab />
                )}
              </Suspense>
            </ErrorBoundary>
          </div>
        )}
      </main>
      <LinkConfirmDialog />
      {shortcutsShown && <ShortcutsDialog onClose={() => setShortcutsShown(false)} />}
      <SpendAskDialog />
      {spendingViewOpen && (
        <ErrorBoundary title={t('spending.view.error')} retryLabel={t('common.retry')}>
          <SpendingView />
        </ErrorBoundary>
      )}
    </div>
  );
}
