import { useEffect } from 'react'

export function NotFoundPage() {
  const { pathname } = window.location
  useEffect(() => {
    console.warn('404: no page at', pathname)
    document.title = 'Page not found · VibeConnect'
  }, [pathname])
  return (
    <main className="grid min-h-dvh place-items-center p-6 text-center">
      <div>
        <h1 className="bg-gradient-to-r from-fuchsia-400 to-cyan-300 bg-clip-text text-7xl font-black text-transparent">
          404
        </h1>
        <p className="mt-4 text-xl text-zinc-200">Oops! Page not found</p>
        <a href="/" className="btn-primary mt-8">
          Return to Home
        </a>
      </div>
    </main>
  )
}
