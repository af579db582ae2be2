// English strings of storage.*: files of the data folder set aside at start, and how to get one back.

export const storageEn = {
  'storage.recoveredTitle':
    'Atelier set aside {files} of its data that it could not use. Everything else has loaded.',
  'storage.recoveredWhich': 'Which files, and why',
  'storage.recoveredStayed': 'It could not be moved, and stayed where it was.',
  'storage.recoveredWhere': 'Nothing was deleted: they are kept in this folder:',
  'storage.recoveredHowBack':
    'To get one back: quit Atelier, move the file back to where it was (the {note} file beside it says where), then start Atelier again.',
  'storage.recoveredLabel': 'Files set aside',
  'storage.dismiss': 'Dismiss',
} as const;
