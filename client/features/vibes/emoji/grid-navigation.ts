/**
 * Arrow-key moves in a grid of emoji buttons made of several titled categories, each laid out in
 * rows of `columns`. The buttons are numbered in reading order across all categories; `rows`
 * holds each row's numbers, so Up and Down step between categories as the eye does.
 */
export type GridRows = readonly (readonly number[])[]

/** The rows of categories of `sizes` buttons, `columns` a row (each category starts a row). */
export function gridRows(sizes: readonly number[], columns: number): number[][] {
  const rows: number[][] = []
  let next = 0
  for (const size of sizes) {
    for (let start = 0; start < size; start += columns) {
      const length = Math.min(columns, size - start)
      rows.push(Array.from({ length }, (_, offset) => next + start + offset))
    }
    next += size
  }
  return rows
}

export interface GridKey {
  key: string
  ctrlKey?: boolean
  metaKey?: boolean
}

/**
 * The button a key moves to from `current`, or undefined when the key is not a grid move (or
 * would leave the grid: the edges do not wrap). As WAI-ARIA's grid pattern: Left and Right by one
 * in reading order, Up and Down by a row in the same column (or the row's last, if shorter), Home
 * and End to the row's ends, and with Ctrl (or Cmd) to the grid's.
 */
export function gridMove(rows: GridRows, current: number, { key, ctrlKey, metaKey }: GridKey) {
  const rowIndex = rows.findIndex((row) => row.includes(current))
  const row = rows[rowIndex]
  if (!row) return undefined
  const column = row.indexOf(current)
  const last = rows.at(-1)?.at(-1) ?? 0
  const toRow = (index: number) => {
    const target = rows[index]
    return target ? target[Math.min(column, target.length - 1)] : undefined
  }
  const wholeGrid = ctrlKey || metaKey
  switch (key) {
    case 'ArrowRight':
      return current < last ? current + 1 : undefined
    case 'ArrowLeft':
      return current > 0 ? current - 1 : undefined
    case 'ArrowDown':
      return toRow(rowIndex + 1)
    case 'ArrowUp':
      return toRow(rowIndex - 1)
    case 'Home':
      return wholeGrid ? 0 : row[0]
    case 'End':
      return wholeGrid ? last : row.at(-1)
    default:
      return undefined
  }
}

/** The keys a grid takes for itself (even at an edge, where they move nowhere). */
export const GRID_KEYS: ReadonlySet<string> = new Set([
  'ArrowRight',
  'ArrowLeft',
  'ArrowDown',
  'ArrowUp',
  'Home',
  'End',
])
