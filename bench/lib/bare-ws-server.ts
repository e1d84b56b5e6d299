/**
 * The reference for the fan-out benchmark: a bare `ws` server with no framework,
 * no database and no hub. POST /publish broadcasts the request body, as is, to
 * every connected socket, then answers 204. Run as a child process: PORT env.
 */
import http from 'node:http';
import { WebSocketServer } from 'ws';

const server = http.createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '/publish') {
    res.writeHead(404).end();
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const payload = Buffer.concat(chunks).toString('utf8');
    for (const client of wss.clients) if (client.readyState === client.OPEN) client.send(payload);
    res.writeHead(204).end();
  });
});
const wss = new WebSocketServer({ server, path: '/ws' });
wss.on('connection', (socket) => socket.send('{"type":"init","data":{}}'));
server.listen(Number(process.env.PORT), '127.0.0.1', () => {
  process.stdout.write('listening\n');
});
