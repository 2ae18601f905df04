// Types for node-version.mjs, which stays plain JavaScript so any old Node can run it.
export declare const SUPPORTED: ReadonlyArray<{ major: number; minor: number }>
export declare function isSupported(version: string): boolean
export declare function unsupportedMessage(version: string): string | null
export declare function exitUnlessSupported(): void
