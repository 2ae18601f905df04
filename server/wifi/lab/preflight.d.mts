/** Each command the lab runs, and the Debian package that has it. */
export const LAB_PACKAGES: Readonly<Record<string, string>>
/** Why the lab cannot run here (empty when it can). */
export function labProblems(): string[]
