// POST /chat/completions: the request planned and priced, answered whole or streamed (SSE), with the trigger words' failures.
import { requireAccount, type Call, type Route } from './context';
import { parseJsonObject, sendBytes, sendJson } from './http';
import { ERROR_200_BODY, errorTrigger, hasTrigger } from './triggers';
import { annotationsFor, buildAnswer } from './chat/answer';
import { modelFailure } from './chat/model-failure';
import { actualCost, expectedCost, planChat } from './chat/plan';
import { streamEvents, wholeResponse, writeStream } from './chat/stream';

const SLOW_CHUNK_DELAY_MS = 200;

async function sendChatCompletion(call: Call): Promise<void> {
  const account = requireAccount(call);
  const body = parseJsonObject(call.body);
  const plan = planChat(body, account, call);
  call.state.accounts.assertCanPay(account, expectedCost(plan));
  const text = plan.lastUserText;
  const failure =
    errorTrigger(text, plan.model.id) ?? modelFailure(call.state, text, plan.model.id);
  if (failure) throw failure;

  const id = call.state.nextId('gen');
  const created = Math.floor(call.state.now() / 1000);
  if (hasTrigger(text, 'error200')) {
    if (!plan.stream) return sendJson(call.res, 200, ERROR_200_BODY);
    return writeStream(
      call,
      [': keepalive\n\n', `data: ${JSON.stringify(ERROR_200_BODY)}\n\n`],
      0,
      false,
    ).then(() => void call.res.end());
  }

  const answer = buildAnswer(plan, call.state.nextId);
  // Only the rich profile sends annotations and citations; the minimal one gives the least the
  // document states (links in the text).
  if (answer.citations) {
    if (call.state.settings.modelsProfile === 'rich') answer.annotations = annotationsFor(answer);
    else answer.citations = null;
  }
  const costMicro = actualCost(plan, answer.completionTokens);
  call.state.accounts.charge(account, costMicro);

  if (!plan.stream) {
    const whole = JSON.stringify(wholeResponse(id, created, plan, answer, costMicro));
    if (hasTrigger(text, 'cut'))
      return sendBytes(
        call.res,
        200,
        'application/json',
        whole.slice(0, Math.floor(whole.length / 2)),
      );
    if (hasTrigger(text, 'badjson'))
      return sendBytes(call.res, 200, 'application/json', `${whole.slice(0, -1)},}`);
    return sendBytes(call.res, 200, 'application/json; charset=utf-8', whole);
  }

  // The plain simulator streams usage only when asked, as the convention does; the rich profile
  // always ends a stream with it, as some gateways do.
  const withUsage = plan.includeUsage || call.state.settings.modelsProfile === 'rich';
  let events = streamEvents(id, created, plan, answer, costMicro, withUsage);
  if (hasTrigger(text, 'badjson'))
    events.splice(3, 0, `data: {"id":"${id}","choices":[{"index":0,"delta":{"content":"bro\n\n`);
  if (hasTrigger(text, 'cut')) {
    const half = Math.max(3, Math.floor(events.length / 2));
    const partial = events[half] ?? 'data: {"id":"x"}\n\n';
    events = [...events.slice(0, half), partial.slice(0, Math.floor(partial.length / 2))];
  }
  if (hasTrigger(text, 'crlf'))
    events = events.map((event, index) =>
      (index % 5 === 2 ? ': sim comment\n' : '').concat(event).replace(/\n/g, '\r\n'),
    );
  // Some services end the stream after finish_reason and never send [DONE].
  if (hasTrigger(text, 'nodone')) events = events.filter((event) => event !== 'data: [DONE]\n\n');
  const slow = hasTrigger(text, 'slow');
  await writeStream(
    call,
    events,
    slow ? SLOW_CHUNK_DELAY_MS : call.state.settings.chunkDelayMs,
    !slow,
  );
  call.res.end();
}

export function chatRoutes(): Route[] {
  return [
    {
      method: 'POST',
      path: '/chat/completions',
      api: true,
      auth: 'bearer',
      errorStyle: 'openai',
      run: sendChatCompletion,
    },
  ];
}
