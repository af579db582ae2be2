// Per-model failures for a compare: [[fail:<model id>]] fails that model's every request, [[failonce:<model id>]] only its first with this text, so one column fails and its retry succeeds.
import { SimHttpError } from '../http';
import type { SimState } from '../context';

/** Texts whose one failure each model has had, per simulator. */
const failedOnce = new WeakMap<SimState, Set<string>>();

function failure(modelId: string): SimHttpError {
  return new SimHttpError(
    500,
    `Internal server error: the provider of ${modelId} could not process the request.`,
    {
      code: 500,
      ru: `Внутренняя ошибка сервера: провайдер модели ${modelId} не смог обработать запрос.`,
    },
  );
}

/** The failure a prompt asks of this model alone, if any (other models answer as usual). */
export function modelFailure(state: SimState, text: string, modelId: string): SimHttpError | null {
  if (text.includes(`[[fail:${modelId}]]`)) return failure(modelId);
  if (!text.includes(`[[failonce:${modelId}]]`)) return null;
  const seen = failedOnce.get(state) ?? new Set<string>();
  failedOnce.set(state, seen);
  const key = `${modelId}\n${text}`;
  if (seen.has(key)) return null;
  seen.add(key);
  return failure(modelId);
}
