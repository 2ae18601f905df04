/** `count` distinct free TCP ports on 127.0.0.1: all held at once, then released. */
export function freePorts(count: number): Promise<number[]>
/** One free TCP port on 127.0.0.1. */
export function freePort(): Promise<number>
/** `freePorts` for code that cannot wait, such as a config file: asks a short-lived child process. */
export function freePortsSync(count: number): number[]
/** Of `ports`, those on which 127.0.0.1 cannot listen now (someone else holds them). */
export function portsInUse(ports: number[]): Promise<number[]>
/** `portsInUse` for code that cannot wait. */
export function portsInUseSync(ports: number[]): number[]
