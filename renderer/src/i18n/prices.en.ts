// English strings of prices.*: model prices in every picker, the cost estimates before spending, the credits noun and the price basis.

export const pricesEn = {
  'prices.credits.one': 'credit',
  'prices.credits.few': 'credits',
  'prices.credits.many': 'credits',
  'prices.credits.other': 'credits',
  'prices.tokens': 'Credits per 1M tokens: input {input} · output {output}',
  'prices.unit.image': '{price} per picture',
  'prices.unit.second': '{price} per second',
  'prices.unit.minute': '{price} per minute',
  'prices.unit.page': '{price} per page',
  'prices.unit.call': '{price} per request',
  'prices.notListed': 'price not listed',
  'prices.estimate': 'Cost estimate',
  'prices.turn': 'About {tokens}: about {low}, at most {high}',
  'prices.turnNotListed':
    'About {tokens}. The model list gives no price for this model, so the cost cannot be told before sending.',
  'prices.exact': 'Cost: {cost}',
  'prices.range': 'Cost: about {low}, at most {high}',
  'prices.gap.notListed':
    'The model list gives no price for this model, so the cost cannot be told before.',
  'prices.gap.zeroTokens':
    'The list gives this model only token prices of 0 and no price per picture or second, so the cost cannot be told before.',
  'prices.gap.outputUnknown':
    'Priced by tokens: the prompt costs about {prompt}, and what the output takes is not known until it is made.',
  'prices.gap.otherUnit':
    'The list prices this model {price}, which this action does not count, so the cost cannot be told before.',
  'prices.gap.length': '{price}; the length is the model’s own, so the total is not known before.',
  'prices.gap.pages': '{price}; the pages are counted when the document is read.',
  'prices.gap.recording': '{price}; a recording is charged by its length.',
  'prices.basis.title': 'Prices',
  'prices.basis.label': 'Token prices in the model list are read as',
  'prices.basis.auto': 'guessed per price',
  'prices.basis.token': 'per token',
  'prices.basis.million': 'per 1M tokens',
  'prices.basis.hint':
    'Every price and estimate on every tab follows this. Change it when the figures look a million times off.',
  'prices.basis.guessToken': 'For the current list the guess reads every token price per token.',
  'prices.basis.guessMillion':
    'For the current list the guess reads every token price per 1M tokens.',
  'prices.basis.guessMixed':
    'For the current list the guess reads {token} prices per token and {million} per 1M tokens.',
  'prices.basis.guessNone': 'The current list has no token prices to guess from.',
} as const;
