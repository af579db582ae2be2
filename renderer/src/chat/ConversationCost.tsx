// What the open conversation has cost so far, in its header; read once per conversation, then kept current by each ledger entry.
import { useEffect } from 'react';
import { moneyWords } from '../i18n/money';
import { useLanguage, useT } from '../i18n/use-t';
import { useAppStore } from '../store';

export function ConversationCost({ conversationId }: { conversationId: string }) {
  const t = useT();
  const language = useLanguage();
  const spent = useAppStore((s) => s.conversationSpent[conversationId]);
  const load = useAppStore((s) => s.loadConversationSpent);
  const known = spent !== undefined;
  useEffect(() => {
    if (!known) void load(conversationId);
  }, [conversationId, known, load]);
  if (!spent || spent.count === 0) return null;
  return (
    <span className="conversation-cost" aria-label={t('spending.conversation.costLabel')}>
      {t('spending.conversation.cost', { cost: moneyWords(spent.total, language) })}
    </span>
  );
}
