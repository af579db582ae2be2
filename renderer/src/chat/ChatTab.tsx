// The Chat tab: conversations on the left; model, messages and composer in the middle; the
// conversation's settings in a panel on the right when opened.
import { Icon } from '../common/Icon';
import { useState } from 'react';
import type { Conversation, UserError } from '../../../shared/types';
import { useAppStore } from '../store';
import { chatDefaultOf } from '../store/models-slice';
import { useT } from '../i18n/use-t';
import { ModelPicker } from '../models/ModelPicker';
import './chat.css';
import { ErrorNotice } from '../common/ErrorNotice';
import { ConversationSidebar } from './ConversationSidebar';
import { HistoryNotice } from './HistoryNotice';
import { Composer } from './Composer';
// Loaded after the first screen (and before a conversation opens): see bootstrap.ts.
import { ExportMenu, MessageList } from './deferred-parts';
import {
  ConversationPanel,
  useConversationPanel,
  type ConversationPanelState,
} from './ConversationPanel';
import { ToolsChoice } from './ToolsChoice';
import { ConversationCost } from './ConversationCost';

function ChatHeader({ panel }: { panel: ConversationPanelState }) {
  const t = useT();
  const activeId = useAppStore((s) => s.activeId);
  const conversation = useAppStore((s) => (s.activeId ? s.open[s.activeId] : undefined));
  // A long conversation still loading in full is named from its end already shown.
  const openingTitle = useAppStore((s) =>
    s.activeId && s.openingTail?.id === s.activeId ? s.openingTail.title : undefined,
  );
  const newChatModel = useAppStore((s) => s.newChatModel);
  const defaultModel = useAppStore(chatDefaultOf);
  const setNewChatModel = useAppStore((s) => s.setNewChatModel);
  const updateConversation = useAppStore((s) => s.updateConversation);
  const createConversation = useAppStore((s) => s.createConversation);
  const [error, setError] = useState<UserError | null>(null);
  const model = conversation?.model ?? newChatModel ?? defaultModel;

  async function toggleSettings() {
    if (panel.open) {
      panel.close();
      return;
    }
    // A new chat gets created here, so its system prompt can be set before the first message.
    const created = activeId ?? (await createConversation());
    if (typeof created !== 'string') {
      setError(created);
      return;
    }
    panel.show(created);
  }

  return (
    <div className="chat-header">
      <div className="chat-header-row">
        <h1 className="chat-title">{(conversation?.title ?? openingTitle) || t('chat.newChat')}</h1>
        {conversation && <ConversationCost conversationId={conversation.id} />}
        <button
          ref={panel.toggleRef}
          type="button"
          className="button ghost"
          aria-expanded={panel.open}
          aria-controls={panel.open ? 'conversation-panel' : undefined}
          onClick={() => void toggleSettings()}
        >
          <Icon name="settings" size={16} /> {t('chat.settings')}
        </button>
        {conversation && conversation.messages.length > 0 && (
          <ExportMenu conversationId={conversation.id} />
        )}
      </div>
      {conversation && <AssistantLine conversation={conversation} />}
      <ModelPicker
        task="chat"
        value={model}
        onChange={(next) => {
          if (conversation)
            void updateConversation(conversation.id, { model: next }).then(setError);
          else setNewChatModel(next);
        }}
      />
      <ToolsChoice conversation={conversation} model={model} onError={setError} />
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
    </div>
  );
}

/** Under the title: the assistant the chat was started from, and the instructions it sends. */
function AssistantLine({ conversation }: { conversation: Conversation }) {
  const t = useT();
  if (!conversation.assistant) return null;
  const instructions = conversation.systemPrompt.trim();
  return (
    <p className="chat-assistant">
      <span className="chat-assistant-name">
        {t('chat.fromAssistant', { name: conversation.assistant.name })}
      </span>
      {instructions && (
        <span
          className="chat-assistant-instructions"
          title={instructions}
          aria-label={t('chat.assistantInstructions', { name: conversation.assistant.name })}
        >
          {instructions}
        </span>
      )}
    </p>
  );
}

function TurnFailureBanner({ conversationKey }: { conversationKey: string }) {
  const failure = useAppStore((s) => s.turnFailures[conversationKey]);
  const sendTurn = useAppStore((s) => s.sendTurn);
  const dismiss = useAppStore((s) => s.dismissTurnFailure);
  if (!failure) return null;
  return (
    <div className="turn-failure">
      <ErrorNotice
        error={failure.error}
        onRetry={() => void sendTurn(failure.request)}
        onTrim={() => void sendTurn(failure.request, true)}
        onDismiss={() => dismiss(conversationKey)}
      />
    </div>
  );
}

function EmptyChat() {
  const t = useT();
  return (
    <div className="empty-chat">
      <h2>{t('chat.emptyTitle')}</h2>
      <p>{t('chat.emptyBody')}</p>
      <p className="hint">{t('shortcuts.hint')}</p>
    </div>
  );
}

export default function ChatTab() {
  const activeId = useAppStore((s) => s.activeId);
  // Until it is loaded in full, a long conversation opening for the first time shows its end.
  const conversation = useAppStore((s) =>
    s.activeId
      ? (s.open[s.activeId] ?? (s.openingTail?.id === s.activeId ? s.openingTail : undefined))
      : undefined,
  );
  const openingTail = useAppStore((s) => s.openingTail);
  const showingEnd = conversation !== undefined && conversation === openingTail;
  const conversationError = useAppStore((s) => s.conversationError);
  const hasMessages = (conversation?.messages.length ?? 0) > 0;
  const streaming = useAppStore((s) => (s.activeId ? s.streams[s.activeId] !== undefined : false));
  const whole = useAppStore((s) => (s.activeId ? s.open[s.activeId] : undefined));
  const panel = useConversationPanel(activeId);

  return (
    <div className="chat">
      <ConversationSidebar />
      <section className="chat-main">
        <ChatHeader panel={panel} />
        {conversationError && <ErrorNotice error={conversationError} />}
        {conversation && (hasMessages || streaming) ? (
          // The whole conversation replaces its end as a new list that opens at its end, rather
          // than the end's list growing upward (drawing, then leaving, rows where it was).
          <MessageList key={showingEnd ? 'end' : 'whole'} conversation={conversation} />
        ) : (
          <EmptyChat />
        )}
        <TurnFailureBanner conversationKey={activeId ?? ''} />
        {activeId && <HistoryNotice conversationId={activeId} />}
        <Composer conversationId={activeId} />
      </section>
      {panel.open && whole && <ConversationPanel conversation={whole} panel={panel} />}
    </div>
  );
}
