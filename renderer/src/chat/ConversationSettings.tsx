// Per-conversation settings: system prompt, temperature and max tokens (or none, left to the account), saved when a field is left.
import { useMemo, useState } from 'react';
import {
  effectiveMaxTokens,
  maxTokensWarnings,
  TEMPERATURE_RANGE,
  type MaxTokensWarning,
} from '../../../shared/models';
import { estimatePromptTokens } from '../../../shared/tokens';
import type { Conversation, Language, UserError } from '../../../shared/types';
import { useAppStore } from '../store';
import { useLanguage, useT } from '../i18n/use-t';
import { countWords } from '../i18n/counts';
import type { Translate } from '../i18n/translate';
import { ErrorNotice } from '../common/ErrorNotice';
import { Field } from '../common/Field';
import { ConversationBudget } from './ConversationBudget';
import { useTokenizerLoaded } from '../common/useTokenizer';
import { AnswerFormatSettings } from './AnswerFormatSettings';

function parseOptionalNumber(text: string): number | null | 'invalid' {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : 'invalid';
}

function warningText(t: Translate, language: Language, warning: MaxTokensWarning): string {
  const tokens = (count: number) => countWords(language, 'units.tokens', count);
  switch (warning.kind) {
    case 'over-most-models':
      return t('chat.maxTokensOverMost', { limit: tokens(warning.limit) });
    case 'over-context':
      return t('chat.maxTokensOverContext', {
        room: tokens(warning.room),
        context: tokens(warning.contextLength),
        prompt: tokens(warning.promptTokens),
      });
  }
}

/** A typed temperature the request could not carry: not a number, or outside the service's range. */
function temperatureRefused(value: number | null | 'invalid'): boolean {
  if (value === 'invalid') return true;
  return value !== null && (value < TEMPERATURE_RANGE.min || value > TEMPERATURE_RANGE.max);
}

export function ConversationSettings({ conversation }: { conversation: Conversation }) {
  const t = useT();
  const language = useLanguage();
  const updateConversation = useAppStore((s) => s.updateConversation);
  const contextLength = useAppStore(
    (s) => s.models.find((m) => m.id === conversation.model)?.contextLength ?? null,
  );
  const [systemPrompt, setSystemPrompt] = useState(conversation.systemPrompt);
  const [temperature, setTemperature] = useState(conversation.temperature?.toString() ?? '');
  const [maxTokens, setMaxTokens] = useState(conversation.maxTokens?.toString() ?? '');
  const [byAccount, setByAccount] = useState(conversation.maxTokensByAccount === true);
  const [error, setError] = useState<UserError | null>(null);
  const tokenizerLoaded = useTokenizerLoaded();
  const promptTokens = useMemo(
    () =>
      estimatePromptTokens({
        systemPrompt,
        contextStart: conversation.contextStart,
        messages: conversation.messages,
      }),
    // Counted again once the tokenizer replaces the guess.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [systemPrompt, conversation.contextStart, conversation.messages, tokenizerLoaded],
  );
  const temperatureOut = temperatureRefused(parseOptionalNumber(temperature));
  const chosenMaxTokens = parseOptionalNumber(maxTokens);
  const warnings = maxTokensWarnings(
    typeof chosenMaxTokens === 'number' && !byAccount ? Math.round(chosenMaxTokens) : null,
    contextLength,
    promptTokens,
  );
  async function save(patch: Parameters<typeof updateConversation>[1]) {
    setError(await updateConversation(conversation.id, patch));
  }

  return (
    <section className="conversation-settings" aria-label={t('chat.settings')}>
      <Field label={t('chat.systemPrompt')}>
        {(id) => (
          <textarea
            id={id}
            className="input"
            rows={3}
            placeholder={t('chat.systemPromptPlaceholder')}
            value={systemPrompt}
            onChange={(event) => setSystemPrompt(event.target.value)}
            onBlur={() => {
              if (systemPrompt !== conversation.systemPrompt) void save({ systemPrompt });
            }}
          />
        )}
      </Field>
      <div className="field-row">
        <Field
          label={t('chat.temperature')}
          warning={temperatureOut}
          hint={temperatureOut ? t('chat.temperatureRange', TEMPERATURE_RANGE) : undefined}
        >
          {(id) => (
            <input
              id={id}
              className="input"
              type="number"
              min={TEMPERATURE_RANGE.min}
              max={TEMPERATURE_RANGE.max}
              step={0.1}
              placeholder={t('chat.temperaturePlaceholder')}
              value={temperature}
              onChange={(event) => setTemperature(event.target.value)}
              onBlur={() => {
                const value = parseOptionalNumber(temperature);
                if (temperatureRefused(value) || value === conversation.temperature) return;
                void save({ temperature: value as number | null });
              }}
            />
          )}
        </Field>
        <Field
          label={t('chat.maxTokens')}
          warning={warnings.length > 0}
          hint={
            warnings.length > 0
              ? warnings.map((w) => warningText(t, language, w)).join(' ')
              : undefined
          }
        >
          {(id) => (
            <input
              id={id}
              className="input"
              type="number"
              min={1}
              step={1}
              disabled={byAccount}
              placeholder={t('chat.maxTokensPlaceholder', {
                tokens: effectiveMaxTokens(null, contextLength),
              })}
              value={maxTokens}
              onChange={(event) => setMaxTokens(event.target.value)}
              onBlur={() => {
                const value = parseOptionalNumber(maxTokens);
                if (value === 'invalid' || value === conversation.maxTokens) return;
                void save({ maxTokens: value === null ? null : Math.max(1, Math.round(value)) });
              }}
            />
          )}
        </Field>
      </div>
      <div className="field checkbox-field">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={byAccount}
            onChange={(event) => {
              setByAccount(event.target.checked);
              void save({ maxTokensByAccount: event.target.checked });
            }}
          />
          {t('chat.maxTokensByAccount')}
        </label>
        {byAccount && <p className="hint warning">{t('chat.maxTokensByAccountNote')}</p>}
      </div>
      <ConversationBudget conversation={conversation} />
      <AnswerFormatSettings conversation={conversation} />
      <p className="hint">{t('chat.settingsHint')}</p>
      {conversation.contextStart > 0 && (
        <p className="hint">
          {t('chat.trimmedNote', {
            messages: countWords(language, 'units.messages', conversation.contextStart),
          })}
        </p>
      )}
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
    </section>
  );
}
