// The bench's whole-tail splitter: the app's own, except that the growing block is never cut into pieces.
export * from '../../renderer/src/chat/markdown-blocks';

/** Stands in for the real one: every growing block is parsed whole on every update, as before pieces. */
export function advanceTailPieces(): null {
  return null;
}
