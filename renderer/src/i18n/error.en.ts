// English strings of error.*: error codes in words: what happened and what to do.

export const errorEn = {
  'error.no_key': 'No API key is set. Add your key in Settings, or use the demo service.',
  'error.key_unknown':
    'The service does not know this key. Check the key in Settings (copy it again from your account).',
  'error.foreign_key':
    'This key belongs to another provider. Use a key issued by this service, in Settings.',
  'error.no_funds': 'Your balance is too low for this request. Top up the balance, then retry.',
  'error.per_request_limit':
    'This request would cost more than your per-request limit. Raise the per-request limit in your account settings, or pick a cheaper model.',
  'error.not_in_plan': 'This model is not in your plan. Pick a model included in your plan.',
  'error.no_subscription':
    'Your subscription is not active. Renew the subscription in your account on the service’s site, then retry.',
  'error.context_exceeded':
    'The conversation is too long for this model’s context. Shorten the history (trim the oldest messages) or pick a model with a larger context.',
  'error.max_tokens_too_large':
    'The answer length (max tokens) is too large for this model. Lower “Max tokens” in the conversation settings.',
  'error.too_large':
    'The request is too large for the service. Send a smaller file: files travel as base64, which adds a third to their size.',
  'error.moderation':
    'The model’s moderation refused this request. Edit the request or choose another model.',
  'error.rate_limited': 'Too many requests right now. Wait a moment, then retry.',
  'error.refused':
    'The service refused this request in words Atelier does not recognise; they are below. Do what they say (for example top up the balance, renew the subscription or check the key), then retry.',
  'error.upstream_timeout': 'The service timed out while busy. Wait a moment, then retry.',
  'error.model_unavailable':
    'This model is unavailable right now. Retry later or pick another model.',
  'error.bad_request': 'The service rejected the request. Check the chosen model and its settings.',
  'error.server_error':
    'The service failed on this request. That often means the request is malformed or names a model the service does not know: check the model id (and any attachments), or try another model. You can also retry.',
  'error.bad_gateway':
    'The call to the model failed. That often means it is malformed or names a model the service does not know: check the model id (and any attachments), or try another model. You can also retry.',
  'error.malformed_response':
    'The service sent an answer Atelier could not read. Retry, or pick another model.',
  'error.network':
    'The service could not be reached. Check your connection and the Base URL in Settings.',
  'error.bad_base_url':
    'The Base URL does not point at the service. Check it in Settings (it ends with /v1), or use the demo service.',
  'error.picture_address_unreadable':
    'The service could not read the picture’s address: it found no picture there, or the site would not give it. Check that the address opens the picture itself in a browser without signing in, or attach the picture as a file.',
  'error.tools_refused':
    'This model does not take tools: turn off "Use tools" for this conversation, or choose a model with tools.',
  'error.answer_cap_text':
    'The answer was longer than Atelier keeps, so it was cut at Atelier’s limit; what arrived before the cut is kept. Ask for a shorter answer.',
  'error.answer_cap_bytes':
    'The service’s answer was larger than Atelier takes for this kind of result, so Atelier stopped reading it. Ask for a shorter or smaller result.',
  'error.key_character':
    'The key has a character ({code}, at position {position}) that no service key holds: a look-alike of a Latin letter or an invisible character. Type or paste the key again from the service.',
  'error.insecure_http':
    'Plain http:// would send your key unencrypted. Use the https:// address of the service.',
  'error.cancelled': 'Stopped.',
  'error.demo_in_use':
    'The demo service is in use, and its conversations are kept apart from yours: leave the demo in Settings to back up or restore your own library.',
  'error.invalid_input': 'Atelier sent something invalid. Check what you entered and try again.',
  'error.not_found': 'It no longer exists. It may have been deleted.',
  'error.disk_full':
    'The disk is full, so this was not saved. Nothing saved before was lost: free some space and try again.',
  'error.storage':
    'Atelier could not read or write its data folder. Check free disk space and permissions.',
  'error.encryption_unavailable':
    'This system cannot encrypt the key, so it was not saved. Enable the system keychain, then try again.',
  'error.unknown': 'Something went wrong. Retry; if it persists, check Settings.',
} as const;
