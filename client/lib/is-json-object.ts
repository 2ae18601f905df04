/** A parsed JSON object (not an array or null): the outline every answer and message of ours has. */
export const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
