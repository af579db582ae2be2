// Limits of folders and assistants, shared by the schemas, core and the UI.

export const FOLDER_NAME_MAX = 80;
export const ASSISTANT_NAME_MAX = 80;
/** Ids of built-in assistants start with this; the person's own never do. */
export const BUILT_IN_ASSISTANT_PREFIX = 'builtin-';
/** A model-made title is cut to about this many characters. */
export const MODEL_TITLE_MAX = 60;
