import { BrowserRouter, Route, Routes } from 'react-router'
import { HomePage } from '../routes/HomePage'
import { NotFoundPage } from '../routes/NotFoundPage'

/** The routes, for a visit that did not start at / (loaded on demand by `App`). */
export default function RoutedApp() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </BrowserRouter>
  )
}
