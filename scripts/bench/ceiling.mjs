// The benchmark's ceilings: the least a JSON API can do per request on the same PostgreSQL — bare
// Fastify routes, no logging, no hooks. `/ceiling` runs one indexed 20-row query and
// JSON.stringify; `/same-sql/<n>` replays what the product did for one path (REPLAYS, recorded by
// scripts/bench/api.ts): the same statements, prepared, with the same values, then the same bytes.
// Every path of the real server is measured against both in the same run.
import { readFileSync } from 'node:fs';
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
const replays = process.env.REPLAYS ? JSON.parse(readFileSync(process.env.REPLAYS, 'utf8')) : [];
for (const [index, replay] of replays.entries()) {
  const body = Buffer.from(replay.body, 'base64');
  const statements = replay.statements.map((statement, n) => ({
    name: `replay_${index}_${n}`,
    text: statement.text,
    values: statement.values,
  }));
  app.get(`/same-sql/${index}`, async (_request, reply) => {
    for (const statement of statements) await pool.query(statement);
    return reply.headers(replay.headers).send(body);
  });
}
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0));
});
