// English strings of prices.*: model prices in every picker, and the cost estimates before spending.

export const pricesEn = {
  'prices.tokens': 'Input {input} · output {output} credits per 1M tokens',
  'prices.unit.image': '{price} credits per picture',
  'prices.unit.second': '{price} credits per second',
  'prices.unit.minute': '{price} credits per minute',
  'prices.unit.page': '{price} credits per page',
  'prices.unit.call': '{price} credits per call',
  'prices.notListed': 'price not listed',
  'prices.estimate': 'Cost estimate',
  'prices.turn': 'About {tokens} tokens ≈ {cost} credits to send',
  'prices.turnNotListed': 'About {tokens} tokens to send; price not listed',
  'prices.images': '{count} × {price} ≈ {cost} credits',
  'prices.seconds': '{seconds} s × {price} ≈ {cost} credits',
  'prices.media': 'About {cost} credits',
  'prices.mediaNotListed': 'Cost: price not listed',
} as const;
