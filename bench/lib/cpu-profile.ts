/** A V8 CPU profile (`.cpuprofile`, or the DevTools protocol's `Profiler.stop`), as the tools read it. */
export interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}

export interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
  /** Microseconds on the same clock as a trace's events. */
  startTime?: number
}
