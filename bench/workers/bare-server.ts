// The calibration server: bare Fastify answering a tiny JSON body, no hooks, no database. What
// autocannon gets from it is the ceiling any endpoint of the app can reach on this machine.
import Fastify from 'fastify'

const app = Fastify({ logger: false })
app.get('/count', async () => ({ count: 100_000 }))
await app.listen({ port: Number(process.argv[2] ?? 0), host: '127.0.0.1' })
process.send?.({ type: 'listening' })
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)))
