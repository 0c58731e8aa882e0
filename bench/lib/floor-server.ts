/**
 * The floor of bench:api: the least any API call can cost on this machine. A bare node:http server in
 * its own process that answers each request with one named PostgreSQL statement returning a body of
 * `?bytes=` bytes, through the same driver and pool size as the product's hot reads; no framework,
 * no authentication, no JSON building. Prints `listening <port>` when ready; SIGTERM closes it.
 * Env: DATABASE_URL.
 */
import http from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

const server = http.createServer(async (request, response) => {
  const bytes = Number(new URL(request.url ?? '/', 'http://floor').searchParams.get('bytes') ?? 100);
  try {
    const result = await pool.query<{ body: string }>({
      name: 'floor',
      text: `select '"' || repeat('x', $1::int - 2) || '"' as body`,
      values: [Number.isInteger(bytes) ? Math.max(2, bytes) : 100],
    });
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    response.end(result.rows[0]?.body);
  } catch (err) {
    // Counted as an error by the load generator (non-2xx), not a crash of the floor.
    response.writeHead(500).end(String(err));
  }
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
});
process.on('SIGTERM', async () => {
  server.close();
  await pool.end();
  process.exit(0);
});
