// A throwaway PostgreSQL database for one browser-suite run.
import { randomBytes } from 'node:crypto'
import pg from 'pg'

async function admin(serverUrl, sql) {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

export async function createE2eDatabase(serverUrl) {
  const name = `vc_e2e_${randomBytes(5).toString('hex')}`
  await admin(serverUrl, `create database ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return { name, url: url.toString() }
}

export async function dropE2eDatabase(serverUrl, name) {
  await admin(serverUrl, `drop database if exists ${name} with (force)`)
}
