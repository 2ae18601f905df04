// The calibration server: bare Fastify answering a tiny JSON body, no hooks. What autocannon gets
// from it is the ceiling any endpoint of the app can reach on this machine. Given a PostgreSQL
// URL, every answer first makes one `select 1` round trip through a pool as large as the app's:
// the ceiling of any endpoint that must ask the database once per request.
import Fastify from 'fastify'
import pg from 'pg'

const [, , port, postgresUrl, poolMax] = process.argv
const pool = postgresUrl
  ? new pg.Pool({ connectionString: postgresUrl, max: Number(poolMax ?? 10) })
  : undefined

const app = Fastify({ logger: false })
app.get('/count', async () => {
  if (pool) await pool.query('select 1')
  return { count: 100_000 }
})
await app.listen({ port: Number(port ?? 0), host: '127.0.0.1' })
process.send?.({ type: 'listening' })
process.on('SIGTERM', async () => {
  await app.close()
  await pool?.end()
  process.exit(0)
})
