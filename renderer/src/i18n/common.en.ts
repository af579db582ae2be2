// English strings of common.*: words many screens share (close, retry, copy, …).

export const commonEn = {
  'common.cancel': 'Cancel',
  'common.close': 'Close',
  'common.retry': 'Retry',
  'common.copy': 'Copy',
  'common.copied': 'Copied',
  'common.delete': 'Delete',
  'common.save': 'Save',
  'common.saved': 'Saved',
  'common.serviceSaid': 'The service said: {message}',
  'common.details': 'Details',
} as const;
