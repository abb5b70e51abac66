/** `npm run field-client -- …`: the field client's command line (client.ts says what it does). */
import { parseArgs } from 'node:util';
import { runFieldClient } from './client.ts';

const { values: args } = parseArgs({
  options: {
    user: { type: 'string' },
    password: { type: 'string' },
    program: { type: 'string' },
    count: { type: 'string', default: '5' },
    step: { type: 'string', default: 'all' },
    db: { type: 'string', default: './field-client.json' },
    auth: { type: 'string', default: process.env.FIELDBASE_AUTH_URL ?? 'http://localhost:8081' },
    api: { type: 'string', default: process.env.FIELDBASE_API_URL ?? 'http://localhost:8082' },
    seed: { type: 'string', default: String(Date.now() % 2 ** 31) },
  },
});

runFieldClient({ ...args, count: Number(args.count), seed: Number(args.seed) } as Parameters<typeof runFieldClient>[0]).catch(
  (err: unknown) => {
    console.error(`field-client: ${(err as Error).message}`);
    process.exitCode = 1;
  },
);
