// Files of the data folder set aside at start (damaged, unreadable): what core records and the page tells the person.

/** The folder, inside the data folder, that holds what was set aside. */
export const RECOVERED_FOLDER = 'recovered';

/** Beside each file set aside, a text file of this suffix says why and where it came from. */
export const REASON_SUFFIX = '.why.txt';

export interface SetAsideFile {
  /** Where it was, relative to the data folder, with forward slashes (`conversations/abc.json`). */
  file: string;
  /** Why, in words a person reads ("not valid JSON (Unexpected end of JSON input)"). */
  reason: string;
  /**
   * Where it is now, relative to the data folder: under `recovered/`, or beside where it was
   * (`<name>.set-aside-<time>`) when `recovered/` could not be made; null when it could not be
   * moved at all (then it stayed where it was).
   */
  movedTo: string | null;
  /** When it was set aside (ISO). */
  at: string;
}

/** What `storage.recovered` answers: everything set aside since core started, and where it went. */
export interface RecoveredFiles {
  /** Absolute path of the `recovered/` folder. */
  folder: string;
  /** Oldest first. */
  items: SetAsideFile[];
}
