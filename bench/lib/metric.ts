/** One measured figure, with its budget when the issue sets one. */
export interface Metric {
  id: string
  label: string
  /** The database the server ran on; absent for figures that don't depend on it (bundle sizes). */
  database?: string
  /** null when the measurement could not be taken (the note says why). */
  value: number | null
  unit: string
  target?: Target
  pass?: boolean
  note?: string
}

export interface Target {
  op: '<=' | '>=' | '<'
  value: number
}

/** Builds a metric and decides pass/fail from the measured value; never from a constant. */
export function metric(
  fields: Omit<Metric, 'pass' | 'value'> & { value: number | null | undefined },
): Metric {
  const value = fields.value === undefined || Number.isNaN(fields.value) ? null : fields.value
  const result: Metric = { ...fields, value }
  if (fields.target) result.pass = value !== null && meets(value, fields.target)
  return result
}

function meets(value: number, target: Target): boolean {
  if (target.op === '<=') return value <= target.value
  if (target.op === '<') return value < target.value
  return value >= target.value
}

export const atMost = (value: number): Target => ({ op: '<=', value })
export const atLeast = (value: number): Target => ({ op: '>=', value })
export const below = (value: number): Target => ({ op: '<', value })

/** Rounds for display and storage: whole numbers above 100, a few decimals below. */
export function round(value: number): number {
  if (Math.abs(value) >= 100) return Math.round(value)
  if (Math.abs(value) >= 1) return Math.round(value * 10) / 10
  return Math.round(value * 1000) / 1000
}
