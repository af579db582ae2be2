// A save the disk refused, in words: a full disk named as such, and that what was saved before is whole.
import { serviceError, type ServiceError } from '../service/errors';

/** The error codes of a disk (or the person's quota on it) with no room left. */
export function isDiskFull(e: unknown): boolean {
  const code = (e as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

/**
 * The error for `what` ("The conversation “Trip”", "The folders") not saved. Every write is atomic
 * (a temp file renamed over the old one), so a refused write leaves the file as it was: say so.
 */
export function saveFailed(what: string, e: unknown): ServiceError {
  if (isDiskFull(e))
    return serviceError(
      'storage',
      `${what} could not be saved: the disk is full. Nothing saved before was lost; free some space and try again.`,
      null,
      { reason: 'disk_full' },
    );
  return serviceError(
    'storage',
    `${what} could not be saved (${e instanceof Error ? e.message : String(e)}). Nothing saved before was lost.`,
  );
}
