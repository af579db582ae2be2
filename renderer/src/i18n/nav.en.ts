// English strings of nav.*: the section navigation.

export const navEn = {
  'nav.label': 'Sections',
  'nav.chat': 'Chat',
  'nav.images': 'Images',
  'nav.audio': 'Audio',
  'nav.video': 'Video',
  'nav.documents': 'Documents',
  'nav.settings': 'Settings',
} as const;
