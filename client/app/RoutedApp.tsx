import { Route, Switch } from 'wouter'
import { HomePage } from '../routes/HomePage'
import { NotFoundPage } from '../routes/NotFoundPage'

/** The routes, for a visit that did not start at / (loaded on demand by `App`). */
export default function RoutedApp() {
  return (
    <Switch>
      <Route path="/" component={HomePage} />
      <Route component={NotFoundPage} />
    </Switch>
  )
}
