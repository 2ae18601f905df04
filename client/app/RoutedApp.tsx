import { Route, Switch } from 'wouter'
import { HomePage } from '../routes/HomePage'
import { NotFoundPage } from '../routes/NotFoundPage'
import { StaffRoute } from '../routes/StaffRoute'

// The moderators' and organisers' pages: their code loads only for those who open them.
const staff = (page: 'moderation' | 'organiser') => () => <StaffRoute page={page} />
const ModerationRoute = staff('moderation')
const OrganiserRoute = staff('organiser')

/** The routes, for a visit that did not start at / (loaded on demand by `App`). */
export default function RoutedApp() {
  return (
    <Switch>
      <Route path="/" component={HomePage} />
      <Route path="/moderation" component={ModerationRoute} />
      <Route path="/organiser" component={OrganiserRoute} />
      <Route component={NotFoundPage} />
    </Switch>
  )
}
