/**
 * Where the list route's time goes, printed after the list benchmark's figure: per-request phases
 * on a second, instrumented instance of the auth server (its timing hooks are kept off the one
 * measured), the queries a request runs, the share of each field in the answer's bytes, and a
 * CPU profile of the servers' thread for each contender, summed by package or project file.
 */
import type { FastifyInstance } from 'fastify';
import { projectRoot } from '../../server/config.ts';
import type { LoadClient } from './load-client.ts';
import { instrument } from './request-phases.ts';
import { answerShares } from './answer-shares.ts';
import { profileMainThread } from './cpu-usage.ts';

export interface ListDiagnostics {
  client: LoadClient;
  token: string;
  concurrency: number;
  /** A fresh auth server, not listening yet: the hooks must be installed first. */
  timed: FastifyInstance;
  timedPort: number;
  pageQuery: string;
  /** The real server's answer body, as text. */
  answer: string;
  contenders: Array<{ name: string; url: string }>;
  profileSeconds: number;
}

export async function printListDiagnostics(d: ListDiagnostics): Promise<void> {
  const slice = (url: string, ms: number) => d.client.run({ urls: [url], token: d.token, concurrency: d.concurrency, ms });

  const phases = instrument(d.timed);
  await d.timed.listen({ host: '127.0.0.1', port: d.timedPort });
  const timedUrl = `http://127.0.0.1:${(d.timed.server.address() as { port: number }).port}/user?${d.pageQuery}`;
  await slice(timedUrl, 500);
  phases.start();
  const timedRun = await slice(timedUrl, 2000);
  const report = phases.stop();
  console.log(`\nreal server, per request (instrumented instance, ${timedRun.done} requests; wall time, ${d.concurrency} at once):`);
  for (const [phase, ms] of report.phases) console.log(`  ${phase.padEnd(58)}${ms.toFixed(3).padStart(8)} ms`);
  console.log(
    `  queries per request: ${report.queriesPerRequest.toFixed(2)}, their wall time ${report.queryMsPerRequest.toFixed(3)} ms per request`,
  );
  for (const [statement, perRequest] of report.statements) console.log(`    ${perRequest.toFixed(2)} x ${statement}`);

  const rows = JSON.parse(d.answer) as Array<Record<string, unknown>>;
  console.log(`\nanswer: ${Buffer.byteLength(d.answer)} bytes for ${rows.length} rows; share of the bytes by field:`);
  for (const { field, bytes, share } of answerShares(rows).slice(0, 8)) {
    console.log(`  ${field.padEnd(32)}${String(bytes).padStart(8)} bytes ${(share * 100).toFixed(1).padStart(6)} %`);
  }

  // The same profile of each contender: what the real server spends beyond the yardstick, by package or file.
  const profiles = new Map<string, Map<string, number>>();
  for (const contender of d.contenders) {
    let requests = 0;
    const profile = await profileMainThread(async () => {
      requests = (await slice(contender.url, d.profileSeconds * 1000)).done;
    }, projectRoot);
    profiles.set(contender.name, new Map(profile.map(({ category, ms }) => [category, (ms * 1000) / requests])));
  }
  const [base, real] = d.contenders.map((c) => profiles.get(c.name)!) as [Map<string, number>, Map<string, number>];
  const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  console.log(`\nCPU profile of the servers' thread (${d.profileSeconds} s each), µs of busy time per request by package or file:`);
  console.log(`  ${'where'.padEnd(58)}${'auth server'.padStart(12)}${'minimal'.padStart(10)}${'extra'.padStart(8)}`);
  console.log(
    `  ${'all'.padEnd(58)}${sum(real).toFixed(0).padStart(12)}${sum(base).toFixed(0).padStart(10)}${(sum(real) - sum(base)).toFixed(0).padStart(8)}`,
  );
  const categories = [...new Set([...real.keys(), ...base.keys()])].sort((a, b) => (real.get(b) ?? 0) - (real.get(a) ?? 0));
  for (const category of categories.slice(0, 18)) {
    const r = real.get(category) ?? 0;
    const m = base.get(category) ?? 0;
    console.log(`  ${category.padEnd(58)}${r.toFixed(0).padStart(12)}${m.toFixed(0).padStart(10)}${(r - m).toFixed(0).padStart(8)}`);
  }
}
