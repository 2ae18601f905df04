import { availableParallelism } from 'node:os'
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'

// In CI a failed test is tried once more; npm test names one that then passes as flaky, and fails
// the run when it is flaky twice in a row (docs/reliability.md, "Flaky tests").
const retry = process.env.CI === 'true' || process.env.CI === '1' ? 1 : 0

// Integration suites run once per database: always SQLite, and PostgreSQL when a server is named.
// A file named `*.sqlite.test.ts` or `*.postgres.test.ts` is about one database and runs only there,
// so it is neither run nor counted as skipped on the other.
const integration = (dialect: 'sqlite' | 'postgres'): TestProjectInlineConfiguration => ({
  test: {
    name: `integration:${dialect}`,
    include: ['server/**/*.test.ts'],
    exclude: [
      'server/**/*.unit.test.ts',
      'server/scale/**',
      'server/wifi/lab/**',
      `server/**/*.${dialect === 'sqlite' ? 'postgres' : 'sqlite'}.test.ts`,
    ],
    env: { TEST_DIALECT: dialect },
    setupFiles: ['server/test/fail-on-console-error.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    retry,
  },
})

export default defineConfig({
  test: {
    // At least two files at once. Vitest's default leaves one core to its own process, which on a
    // two-core machine is one file at a time; the integration files spend much of their time
    // waiting on a database or a socket, so two at once took the suite from 660 s to 465 s there.
    // The projects that must run alone say so (fileParallelism: false).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'shared/**/*.test.ts',
            'client/**/*.test.ts',
            'server/**/*.unit.test.ts',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          setupFiles: ['server/test/fail-on-console-error.ts'],
          retry,
        },
      },
      // Screens' logic in React Testing Library on happy-dom: what a user sees and does, without
      // a browser or a server.
      {
        test: {
          name: 'components',
          include: ['client/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['server/test/fail-on-console-error.ts', 'client/test/component-setup.ts'],
          retry,
        },
      },
      integration('sqlite'),
      ...(process.env.TEST_DATABASE_URL ? [integration('postgres')] : []),
      // Several real server processes on a PostgreSQL server of the suite's own, which it stops and
      // starts. Heavy (it spawns servers and a cluster), so npm test runs it after the others.
      ...(process.env.TEST_DATABASE_URL && process.env.VITEST_SCALE === '1'
        ? [
            {
              test: {
                name: 'scale',
                include: ['server/scale/**/*.test.ts'],
                env: { TEST_DIALECT: 'postgres' },
                setupFiles: ['server/test/fail-on-console-error.ts'],
                testTimeout: 60_000,
                hookTimeout: 60_000,
                fileParallelism: false,
                retry,
              },
            },
          ]
        : []),
      // A real openNDS gateway in network namespaces, with the built server as its portal
      // (server/wifi/lab). Needs root and Debian packages; npm test runs it on its own.
      ...(process.env.VITEST_OPENNDS === '1'
        ? [
            {
              test: {
                name: 'opennds',
                include: ['server/wifi/lab/*.lab.test.ts'],
                setupFiles: ['server/test/fail-on-console-error.ts'],
                testTimeout: 120_000,
                hookTimeout: 180_000,
                fileParallelism: false,
                retry,
              },
            },
          ]
        : []),
    ],
  },
})
