/** One thing wrong with a lineup file, at the (1-based) line where the row starts. */
export interface LineupProblem {
  line: number
  message: string
}

/** A raw row of a lineup file before validation, with the line where it starts. */
export interface LineupFileRowAt {
  line: number
  value: unknown
}

/** What a reader made of a file: the rows it could read, and the problems it found. */
export interface ReadRows {
  rows: LineupFileRowAt[]
  problems: LineupProblem[]
}

/** "line 4: stage: is required", the way the import command prints a problem. */
export function describeProblem(problem: LineupProblem): string {
  return `line ${problem.line}: ${problem.message}`
}
