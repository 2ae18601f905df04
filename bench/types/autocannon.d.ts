// The slice of autocannon's API the bench uses (the package ships no types).
declare module 'autocannon' {
  export interface Request {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request | undefined
    onResponse?: (status: number, body: string, context: Record<string, unknown>) => void
  }
  export interface Options {
    url: string
    connections?: number
    duration?: number
    overallRate?: number
    timeout?: number
    requests?: Request[]
  }
  export interface Histogram {
    mean: number
    max: number
    p50: number
    p90: number
    p99: number
  }
  export interface Result {
    duration: number
    errors: number
    timeouts: number
    latency: Histogram
    statusCodeStats: Record<string, { count: number }>
  }
  export default function autocannon(options: Options): Promise<Result>
}
