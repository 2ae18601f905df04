// The feed's two forms, as one chunk loaded on first use (and preloaded on the first input): the
// report dialog shares the update form's checks (zod), and a chunk of its own split them off the
// forms' shared chunk, a kilobyte more for the whole app.
export { default as ReportDialog } from './ReportDialog'
export { UpdateVibeForm } from './UpdateVibeForm'
