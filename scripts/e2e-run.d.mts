/** The shared servers' ports: E2E_PORT_BASE pins them, otherwise free ones (kept in E2E_PORTS). */
export function e2ePorts(env?: NodeJS.ProcessEnv): number[]
/** The run's folder for databases and outboxes; its report is `<folder>-playwright.json`. */
export function e2eTmpDir(env?: NodeJS.ProcessEnv): string
/** Playwright's output folder (traces, screenshots of failures). */
export function e2eOutputDir(env?: NodeJS.ProcessEnv): string
