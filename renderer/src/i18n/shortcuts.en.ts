// English strings of shortcuts.*: the keyboard shortcut hint.

export const shortcutsEn = {
  'shortcuts.hint': 'Ctrl+N new chat · Ctrl+K search · Esc stop · Ctrl+, settings',
} as const;
