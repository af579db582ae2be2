// A conversation's own budget in its settings: typed in the person's locale, saved when the field is left.
import { useState } from 'react';
import type { Conversation, UserError } from '../../../shared/types';
import { ErrorNotice } from '../common/ErrorNotice';
import { creditsForInput, readCreditsInput } from '../common/credits-input';
import { Field } from '../common/Field';
import { localeOf } from '../i18n/translate';
import { useLanguage, useT } from '../i18n/use-t';
import { useAppStore } from '../store';

export function ConversationBudget({ conversation }: { conversation: Conversation }) {
  const t = useT();
  const locale = localeOf(useLanguage());
  const updateConversation = useAppStore((s) => s.updateConversation);
  const saved = conversation.budget ?? null;
  const [typed, setTyped] = useState(() => creditsForInput(saved, locale));
  const [error, setError] = useState<UserError | null>(null);
  const read = readCreditsInput(typed, locale);
  const invalid = read.kind === 'invalid';
  return (
    <>
      <Field
        label={t('spending.conversation.budget')}
        warning={invalid}
        hint={
          invalid
            ? t('spending.settings.invalid', { example: creditsForInput('0.5', locale) })
            : t('spending.conversation.budgetHint')
        }
      >
        {(id) => (
          <input
            id={id}
            className="input"
            inputMode="decimal"
            autoComplete="off"
            value={typed}
            aria-invalid={invalid}
            onChange={(event) => setTyped(event.target.value)}
            onBlur={() => {
              if (read.kind === 'invalid') return;
              const budget = read.kind === 'amount' ? read.value : null;
              if (budget !== saved)
                void updateConversation(conversation.id, { budget }).then(setError);
            }}
          />
        )}
      </Field>
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
    </>
  );
}
