// The start watched from outside the app: see docs/architecture.md ("When the app's code does
// not arrive"). Plain JavaScript, served as it is.
;(() => {
  const SLOW_MS = 20_000
  let failed = false

  const loadingBox = () => document.querySelector('#boot-loading [role="status"]')

  const paragraph = (text, className) => {
    const element = document.createElement('p')
    element.className = className
    element.textContent = text
    return element
  }

  const reloadButton = (className) => {
    const button = document.createElement('button')
    button.type = 'button'
    button.className = className
    button.textContent = 'Reload'
    button.addEventListener('click', () => window.location.reload())
    return button
  }

  const couldNotLoad = () => {
    const box = loadingBox()
    if (!box || failed) return
    failed = true
    box.setAttribute('role', 'alert')
    box.replaceChildren(
      paragraph("Couldn't load VibeConnect 😔", 'text-lg font-semibold text-zinc-100'),
      paragraph('Check your connection, then reload the page.', 'text-zinc-300'),
      reloadButton('btn-primary'),
    )
  }

  const stillLoading = () => {
    const box = loadingBox()
    if (!box || failed) return
    box.append(
      paragraph('Still loading: the network is slow here.', 'text-zinc-300'),
      reloadButton('btn-secondary'),
    )
  }

  // Load errors do not bubble: caught on their way to the script that failed.
  window.addEventListener(
    'error',
    (event) => {
      if (event.target instanceof HTMLScriptElement) couldNotLoad()
    },
    true,
  )
  setTimeout(stillLoading, SLOW_MS)
})()
