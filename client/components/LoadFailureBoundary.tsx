import { Component, type ReactNode } from 'react'

interface LoadFailureBoundaryProps {
  /** What the failure was doing, for the log: "the signed-in screens". */
  what: string
  /** Shown instead of the children once they have failed. */
  fallback: ReactNode
  children: ReactNode
}

/**
 * Around code loaded on demand: a download that fails on a bad network (or a render that throws)
 * shows `fallback` with a way on, instead of leaving the screen blank, and the error is logged.
 */
export class LoadFailureBoundary extends Component<LoadFailureBoundaryProps, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  override componentDidCatch(error: unknown) {
    console.error(`Could not show ${this.props.what}:`, error)
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children
  }
}
