import { readFileSync } from 'node:fs'
import { atMost, type Metric, metric, round } from '../lib/metric'

interface BundleReport {
  firstScreenJsGzipBytes: number
  allJsGzipBytes: number
  staffPagesOnlyJsGzipBytes: number
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
    // What a festival-goer's phone can ever fetch: every chunk but the staff pages (ADR 035).
    metric({
      id: 'bundle.fanAppJs',
      label: "All JavaScript a festival-goer's app can load, gzipped (staff pages apart)",
      value: kb(report.allJsGzipBytes - report.staffPagesOnlyJsGzipBytes),
      unit: 'KB',
      target: atMost(170),
    }),
    metric({
      id: 'bundle.staffPagesJs',
      label: "The moderators' and organisers' pages' own JavaScript, gzipped",
      value: kb(report.staffPagesOnlyJsGzipBytes),
      unit: 'KB',
      target: atMost(10),
    }),
    metric({
      id: 'bundle.allJs',
      label: 'All JavaScript of the client build, gzipped',
      value: kb(report.allJsGzipBytes),
      unit: 'KB',
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
