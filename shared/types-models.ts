// The service's model list: each model's kind, prices and media limits.

export type ModelKind =
  | 'chat'
  | 'vision'
  | 'image'
  | 'image-edit'
  | 'speech-to-text'
  | 'text-to-speech'
  | 'music'
  | 'text-to-video'
  | 'image-to-video'
  | 'embedding'
  | 'utility'
  | 'other';

export interface ModelInfo {
  id: string;
  name: string;
  kind: ModelKind;
  /** Prices exactly as the service gives them (decimal strings), never parsed into floats. */
  promptPrice: string | null;
  completionPrice: string | null;
  contextLength: number | null;
  /** Badges such as 'tools', 'structured-outputs', 'vision', 'reasoning', 'web-search'. */
  badges: string[];
  /** The service's description, when it gives one. */
  description: string | null;
  /** Media rules the list entry states (absent from older caches and from services that omit them). */
  limits?: ModelLimits;
  /** Input modalities, only when the list entry states them ('text', 'image', 'audio'...). */
  inputs?: string[];
  /** A fixed price per picture, second, minute, page or call, only when the list entry states it. */
  unitPrice?: UnitPrice;
}

/** What a fixed price is charged per, when the list states it. */
export type PriceUnit = 'image' | 'second' | 'minute' | 'page' | 'call';

/** A fixed price the list entry states beside the token prices (per picture, second, …). */
export interface UnitPrice {
  /** As the service gives it (a decimal string of credits). */
  price: string;
  unit: PriceUnit;
}

/** Fields some list entries add for media models. */
export interface ModelLimits {
  maxSourceImages?: number;
  requiresAspectRatio?: boolean;
  sizes?: string[];
  durations?: number[];
  endImage?: boolean;
  maxSeconds?: number;
}
