import { type Config, ConfigError, loadConfig } from '../config/config'
import { loadEnvFile } from '../config/env-file'

/** Exits with the usage line and code 2 (a command called wrongly). */
export function exitWithUsage(usage: string): never {
  console.error(usage)
  process.exit(2)
}

/** The configuration of a command-line tool (`.env` included), or exit 1 naming what is wrong. */
export function configOrExit(): Config {
  loadEnvFile()
  try {
    return loadConfig()
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error)
    process.exit(1)
  }
}
