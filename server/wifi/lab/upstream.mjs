// "The internet" of the openNDS lab: answers every request with a line naming it, so a test can
// tell it apart from openNDS's redirect. Port 80 is captured by openNDS before sign-in; any other
// port is simply blocked. Usage: node upstream.mjs <address> <port>...
import http from 'node:http'

const [host = '198.51.100.2', ...ports] = process.argv.slice(2)

for (const port of ports.length > 0 ? ports : ['80']) {
  http
    .createServer((request, response) => {
      console.info(
        new Date().toISOString(),
        request.socket.remoteAddress,
        request.method,
        request.url,
      )
      response.writeHead(200, { 'content-type': 'text/plain' })
      response.end(`INTERNET ${request.method} ${request.url}\n`)
    })
    .listen(Number(port), host, () => console.info(`the internet listens on ${host}:${port}`))
}
