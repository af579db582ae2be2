// What a damaged JSON file of one list still holds: the entries that are whole before the damage.

/**
 * The entries of the list under `key` in the file's top-level object (`{"key": [{…}, {…}]}`) that
 * are whole objects, in order, read from text that is not JSON as a whole (truncated, garbled).
 * The scan follows strings and brackets and stops at the first bracket that does not match, so
 * an entry is taken only when it closes where it opened and parses on its own; what comes after
 * such damage is left to the file set aside.
 */
export function wholeEntriesOf(text: string, key: string): unknown[] {
  const entries: unknown[] = [];
  const open: string[] = [];
  let inString = false;
  let escaped = false;
  let stringStart = -1;
  /** The last string closed directly in the top-level object: the key of what follows. */
  let lastKey = '';
  let inList = false;
  let entryStart = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (c === '\\') escaped = true;
      else if (c === '"') {
        inString = false;
        if (open.length === 1) lastKey = text.slice(stringStart, i + 1);
      }
      continue;
    }
    if (c === '"') {
      inString = true;
      stringStart = i;
    } else if (c === '{' || c === '[') {
      if (c === '[' && open.length === 1 && open[0] === '{') inList = lastKey === `"${key}"`;
      if (c === '{' && inList && open.length === 2) entryStart = i;
      open.push(c);
    } else if (c === '}' || c === ']') {
      if (open.pop() !== (c === '}' ? '{' : '[')) break;
      if (c === '}' && inList && open.length === 2 && entryStart >= 0) {
        try {
          entries.push(JSON.parse(text.slice(entryStart, i + 1)));
        } catch {
          // Brackets that match around bytes that do not parse: this entry is lost here, kept aside.
        }
        entryStart = -1;
      }
      if (open.length === 1) inList = false;
    }
  }
  return entries;
}
