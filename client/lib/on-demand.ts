import { useEffect, useState } from 'react'

/** Code loaded on demand, remembered once it is in, so a later render uses it at once. */
export interface OnDemand<M> {
  /** Starts the download (again after a failure); resolves with the module. */
  load(): Promise<M>
  /** The module, if it has loaded. */
  loaded(): M | undefined
}

export function onDemand<M>(importer: () => Promise<M>): OnDemand<M> {
  let module: M | undefined
  return {
    load: () =>
      importer().then((loaded) => {
        module = loaded
        return loaded
      }),
    loaded: () => module,
  }
}

/**
 * The module once loaded (undefined until then, for the caller to show its loading state); a
 * failed download is thrown from the render, for the nearest error boundary to show.
 *
 * Not `React.lazy` and Suspense: once a Suspense fallback has shown, React holds the content that
 * replaces it until 300 ms after the fallback appeared (its throttle against flashing loading
 * states), even when the code and the data are already in. At a signed-in start that was 270 ms
 * of waiting with nothing to do (ADR 037). A state update is drawn as soon as it is rendered.
 */
export function useOnDemand<M>(code: OnDemand<M>): M | undefined {
  const [state, setState] = useState<{ module?: M; error?: unknown }>(() => ({
    module: code.loaded(),
  }))
  useEffect(() => {
    if (state.module !== undefined) return
    let current = true
    code.load().then(
      (module) => current && setState({ module }),
      (error: unknown) => current && setState({ error }),
    )
    return () => {
      current = false
    }
  }, [code, state.module])
  if ('error' in state) throw state.error
  return state.module
}
