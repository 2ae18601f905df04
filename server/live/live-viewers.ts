const NOBODY: ReadonlySet<string> = new Set()

/**
 * What one signed-in person's sockets on this instance must not be sent: shared by their
 * sockets, read when the first signs in and again on each block that involves them.
 */
interface Viewer {
  userId: string
  hidden: ReadonlySet<string>
  sockets: number
  /** Settles once `hidden` is current. */
  loading: Promise<void>
  generation: number
  /** The latest read failed (or none was made): `hidden` may be out of date. */
  stale: boolean
}

/**
 * Whom each signed-in socket hides (blocked either way, ADR 032): one entry per person with open
 * sockets here, which the fan-out reads for every socket of every pass, so most answer NOBODY.
 */
export class LiveViewers<Socket extends object> {
  private readonly byUser = new Map<string, Viewer>()
  private readonly bySocket = new WeakMap<Socket, Viewer>()

  constructor(private readonly hiddenFor?: (userId: string) => Promise<ReadonlySet<string>>) {}

  get size(): number {
    return this.byUser.size
  }

  hiddenFrom(socket: Socket): ReadonlySet<string> {
    return this.bySocket.get(socket)?.hidden ?? NOBODY
  }

  /** The socket signed in as `userId`: resolves once whom it hides is known (throws if unread). */
  attach(socket: Socket, userId: string): Promise<void> {
    const current = this.bySocket.get(socket)
    if (current?.userId === userId) return current.loading
    this.detach(socket)
    let viewer = this.byUser.get(userId)
    if (!viewer) {
      viewer = {
        userId,
        hidden: NOBODY,
        sockets: 0,
        loading: Promise.resolve(),
        generation: 0,
        stale: true,
      }
      this.byUser.set(userId, viewer)
    }
    if (viewer.stale) this.load(viewer)
    viewer.sockets += 1
    this.bySocket.set(socket, viewer)
    return viewer.loading
  }

  detach(socket: Socket): void {
    const viewer = this.bySocket.get(socket)
    if (!viewer) return
    this.bySocket.delete(socket)
    viewer.sockets -= 1
    if (viewer.sockets === 0 && this.byUser.get(viewer.userId) === viewer) {
      this.byUser.delete(viewer.userId)
    }
  }

  /** Reads again whom these people hide (a block changed); `done` once each is current. */
  reload(userIds: readonly string[], done: (userId: string, error?: unknown) => void): void {
    for (const userId of userIds) {
      const viewer = this.byUser.get(userId)
      if (!viewer) continue
      this.load(viewer)
      viewer.loading.then(
        () => done(userId),
        (error: unknown) => done(userId, error),
      )
    }
  }

  /** Reads whom the viewer hides; a read overtaken by a newer one is dropped. */
  private load(viewer: Viewer): void {
    viewer.stale = false
    if (!this.hiddenFor) return
    const generation = ++viewer.generation
    const read = this.hiddenFor(viewer.userId).then(
      (hidden) => {
        if (viewer.generation === generation) viewer.hidden = hidden
      },
      (error: unknown) => {
        // The sockets waiting fail (their clients retry), and the next to sign in reads again.
        if (viewer.generation === generation) viewer.stale = true
        throw error
      },
    )
    read.catch(() => {})
    viewer.loading = read
  }
}
