import { readFileSync } from 'node:fs'
import { atMost, type Metric, metric, round } from '../lib/metric'

interface BundleReport {
  firstScreenJsGzipBytes: number
  allJsGzipBytes: number
  cssGzipBytes: number
}

/** Gzipped bundle sizes, as scripts/report-bundle-size.mjs wrote them for this build. */
export function measureBundle(): Metric[] {
  const report = JSON.parse(readFileSync('dist/bundle-size.json', 'utf8')) as BundleReport
  const kb = (bytes: number) => round(bytes / 1024)
  return [
    metric({
      id: 'bundle.firstScreenJs',
      label: 'JavaScript the first screen (Auth) loads, gzipped',
      value: kb(report.firstScreenJsGzipBytes),
      unit: 'KB',
      target: atMost(110),
    }),
    metric({
      id: 'bundle.allJs',
      label: 'All JavaScript of the signed-in app, gzipped',
      value: kb(report.allJsGzipBytes),
      unit: 'KB',
      target: atMost(170),
    }),
    metric({
      id: 'bundle.css',
      label: 'CSS, gzipped',
      value: kb(report.cssGzipBytes),
      unit: 'KB',
      target: atMost(15),
    }),
  ]
}
