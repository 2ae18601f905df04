import { HomePage } from '../routes/HomePage'
import { NotFoundPage } from '../routes/NotFoundPage'
import { StaffRoute } from '../routes/StaffRoute'

/**
 * The page for a visit that did not start at / (loaded on demand by `App`). Every page is its own
 * document load: links between them are plain `<a href>`, so the path is read once (ADR 033).
 */
export default function RoutedApp() {
  switch (window.location.pathname) {
    case '/':
      return <HomePage />
    case '/moderation':
      return <StaffRoute page="moderation" />
    case '/organiser':
      return <StaffRoute page="organiser" />
    default:
      return <NotFoundPage />
  }
}
