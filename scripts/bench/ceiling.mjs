// The benchmark's ceiling: the least a JSON API can do per request on the same PostgreSQL — a bare
// Fastify route, no logging, no hooks, one indexed 20-row query, JSON.stringify. Every path of
// the real server is measured against it in the same run (scripts/bench/api.ts).
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });
app.get('/ceiling', async () => {
  const { rows } = await pool.query(
    'select id, business_name, cnpj, municipality from properties order by id limit 20',
  );
  return rows;
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0));
});
