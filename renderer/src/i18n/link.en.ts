// English strings of link.*: the confirm before a link leaves the app, and pictures from other sites.

export const linkEn = {
  'link.confirmTitle': 'Open this link?',
  'link.confirmWeb': 'It opens outside Atelier, in your browser. Check where it goes:',
  'link.confirmMail': 'It opens a new message in your mail app. Check the address:',
  'link.address': 'Full address',
  'link.open': 'Open link',
  'link.alwaysOpen': 'Always open links to {host}',
  'link.remoteImage':
    'A picture on {host}, not loaded: Atelier fetches nothing from other sites. Click to open it in your browser.',
} as const;
