/**
 * Every renderer checks its own input: media are produced from URL numbers, so a bad number must
 * fail as a client error (the route answers 400) instead of allocating a huge buffer or writing
 * an odd file name into the cache.
 */
export class MediaInputError extends RangeError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
    this.name = "MediaInputError";
  }
}

/** Postgres `integer` ids are at most 2^31 - 1. */
export const MAX_ID = 2_147_483_647;

export const MAX_IMAGE_SIDE = 2000;
export const MIN_IMAGE_SIDE = 16;

export function checkInt(field: string, value: unknown, min: number, max: number): number {
  if (typeof value !== "number" || !Number.isInteger(value)) {
    throw new MediaInputError(field, "must be an integer");
  }
  if (value < min || value > max) {
    throw new MediaInputError(field, `must be between ${min} and ${max}`);
  }
  return value;
}

export function checkId(field: string, value: unknown): number {
  return checkInt(field, value, 1, MAX_ID);
}

export function checkSide(field: string, value: unknown): number {
  return checkInt(field, value, MIN_IMAGE_SIDE, MAX_IMAGE_SIDE);
}

/** FNV-1a over a label: turns (kind, ids) into a seed so each item gets its own look or tune. */
export function seedOf(label: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < label.length; i++) {
    h ^= label.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
