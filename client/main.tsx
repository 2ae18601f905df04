import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App'
import { hasStoredSession } from './features/auth/auth-client'
import { loadSignedInRoute } from './routes/HomePage'
import './styles.css'

// Someone signed in before will most likely land in the app: fetch its code now, alongside the
// session check, rather than after it (a wrong guess only costs a download).
if (window.location.pathname === '/' && hasStoredSession()) void loadSignedInRoute()

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
