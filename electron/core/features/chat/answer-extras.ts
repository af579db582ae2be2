// What core adds to a finished answer beyond its text: the JSON check (Answer format) and the
// sources of a web-search answer. One call from the engine when a turn ends well.
import type { AnswerFormat } from '../../../../shared/tools';
import type { ChatMessage } from '../../../../shared/types';
import type { ChatResult } from '../../service/types';
import { checkJsonAnswer } from './answer-format';
import { answerSources } from './sources';

/** Badges (as the catalog names them) that change what is added. */
export const STRUCTURED_BADGE = 'structured-outputs';
export const WEB_SEARCH_BADGE = 'web-search';

/** Sets (or clears) `jsonCheck` and `sources` on a finished answer. */
export function finishAnswer(
  answer: ChatMessage,
  format: AnswerFormat | undefined,
  result: Pick<ChatResult, 'citations'> | null,
  badges: readonly string[],
): void {
  const jsonCheck = checkJsonAnswer(answer.content, format, badges.includes(STRUCTURED_BADGE));
  if (jsonCheck) answer.jsonCheck = jsonCheck;
  else delete answer.jsonCheck;
  const sources = answerSources(
    answer.content,
    result?.citations,
    badges.includes(WEB_SEARCH_BADGE),
  );
  if (sources) answer.sources = sources;
  else delete answer.sources;
}
