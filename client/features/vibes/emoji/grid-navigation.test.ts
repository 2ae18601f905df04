import { describe, expect, it } from 'vitest'
import { gridMove, gridRows } from './grid-navigation'

describe('gridRows', () => {
  it('lays each category out in rows of the columns, a category starting a new row', () => {
    expect(gridRows([8, 8], 4)).toEqual([
      [0, 1, 2, 3],
      [4, 5, 6, 7],
      [8, 9, 10, 11],
      [12, 13, 14, 15],
    ])
    expect(gridRows([3, 8], 8)).toEqual([
      [0, 1, 2],
      [3, 4, 5, 6, 7, 8, 9, 10],
    ])
  })
})

describe('gridMove', () => {
  // Two categories of 8 in four columns (a phone), then the same in eight (wider screens).
  const phone = gridRows([8, 8], 4)
  const wide = gridRows([8, 8], 8)
  const move = (rows: number[][], from: number, key: string, ctrlKey = false) =>
    gridMove(rows, from, { key, ctrlKey })

  it('moves Left and Right in reading order, across rows, and stops at the ends', () => {
    expect(move(phone, 0, 'ArrowRight')).toBe(1)
    expect(move(phone, 3, 'ArrowRight')).toBe(4)
    expect(move(phone, 4, 'ArrowLeft')).toBe(3)
    expect(move(phone, 0, 'ArrowLeft')).toBeUndefined()
    expect(move(phone, 15, 'ArrowRight')).toBeUndefined()
  })

  it('moves Up and Down by the columns the grid has, into the next category too', () => {
    expect(move(phone, 1, 'ArrowDown')).toBe(5)
    expect(move(phone, 5, 'ArrowDown')).toBe(9)
    expect(move(phone, 9, 'ArrowUp')).toBe(5)
    expect(move(wide, 1, 'ArrowDown')).toBe(9)
    expect(move(phone, 13, 'ArrowDown')).toBeUndefined()
    expect(move(phone, 2, 'ArrowUp')).toBeUndefined()
    // Into a shorter row: its last button.
    expect(move(gridRows([8, 3], 8), 6, 'ArrowDown')).toBe(10)
  })

  it('goes to the row’s ends with Home and End, and the grid’s with Ctrl', () => {
    expect(move(phone, 6, 'Home')).toBe(4)
    expect(move(phone, 5, 'End')).toBe(7)
    expect(move(phone, 6, 'Home', true)).toBe(0)
    expect(move(phone, 6, 'End', true)).toBe(15)
    expect(gridMove(phone, 6, { key: 'End', metaKey: true })).toBe(15)
  })

  it('leaves other keys alone', () => {
    expect(move(phone, 6, 'Enter')).toBeUndefined()
    expect(move(phone, 6, 'a')).toBeUndefined()
  })
})
