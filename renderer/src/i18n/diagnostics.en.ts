// English strings of diagnostics.*: the diagnostics card in Settings.

export const diagnosticsEn = {
  'diagnostics.title': 'Diagnostics',
  'diagnostics.body':
    'The service’s debug address records the last request it received, so you can see exactly what Atelier sent. It may be read once every {seconds} s.',
  'diagnostics.debugAddress': 'Debug address',
  'diagnostics.debugDefault': 'Default: {address}',
  'diagnostics.saveAddress': 'Save addresses',
  'diagnostics.sendTest': 'Send test request',
  'diagnostics.testSent': 'Test request sent: HTTP {status}.',
  'diagnostics.fetch': 'Fetch what the service received',
  'diagnostics.fetchIn': 'Fetch again in {seconds} s',
  'diagnostics.received': 'What the service received (key masked)',
  'diagnostics.legacyAddress': 'Legacy address',
  'diagnostics.legacyHint': 'The older address of the same service, on port 6070.',
  'diagnostics.addressInUse': 'Address in use',
  'diagnostics.useMain': 'Main address',
  'diagnostics.useLegacy': 'Legacy address (port 6070)',
  'diagnostics.saved': 'Addresses saved.',
} as const;
