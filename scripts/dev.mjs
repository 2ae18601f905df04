// `npm run dev`: the API server with reload on change, and Vite with hot reload proxying to it.
import concurrently from 'concurrently'

const { result } = concurrently(
  [
    { command: 'tsx watch server/main.ts', name: 'server', prefixColor: 'magenta' },
    { command: 'vite', name: 'client', prefixColor: 'cyan' },
  ],
  { killOthersOn: ['failure', 'success'] },
)
console.log('Open http://localhost:5173 (Vite, hot reload; the API runs on :3000).')
await result.catch(() => process.exit(1))
