// English strings of prompts.*: saved prompts offered after "/" in the Message box, their form and manager.

export const promptsEn = {
  'prompts.menu': 'Saved prompts',
  'prompts.none': 'No saved prompt matches “{query}”.',
  'prompts.manage': 'Manage prompts…',
  'prompts.menuHint': '↑ ↓ choose · Enter or Tab insert · Esc close',
  'prompts.fillTitle': 'Fill in “{name}”',
  'prompts.fillHint': 'The filled text goes into the Message box; nothing is sent yet.',
  'prompts.insert': 'Insert',
  'prompts.manager': 'Prompts',
  'prompts.managerHint': 'Type / in the Message box to insert one.',
  'prompts.new': 'New prompt',
  'prompts.form': 'Prompt',
  'prompts.name': 'Name',
  'prompts.text': 'Text',
  'prompts.textHint':
    'Write {example} where a value should go: the Message box asks for it when you insert the prompt.',
  'prompts.exampleName': 'name',
  'prompts.shipped': 'Shipped with Atelier',
  'prompts.asks': 'Asks for: {names}',
  'prompts.actions': 'Actions for the prompt “{name}”',
  'prompts.edit': 'Edit',
  'prompts.deleteConfirm': 'Delete the prompt “{name}”?',
  'prompts.empty': 'No prompts yet: add one with New prompt.',
  'prompts.loading': 'Loading prompts…',
} as const;
