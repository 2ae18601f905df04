/** A full screen that says the app could not load, with a button to reload the page. */
export function ReloadMessage() {
  return (
    <main className="grid min-h-dvh place-items-center p-6 text-center">
      <div role="alert" className="flex flex-col items-center gap-4">
        <p className="text-lg font-semibold text-zinc-100">
          Couldn't load VibeConnect <span className="font-emoji">😔</span>
        </p>
        <p className="text-zinc-300">Check your connection, then reload the page.</p>
        <button type="button" className="btn-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    </main>
  )
}
