/**
 * Tells when a route's handlers have finished, not only answered: an async handler may go on
 * after its answer is sent (and log then), while `inject` resolves with the answer. Fastify
 * publishes `asyncEnd` on its diagnostics channel once a handler's promise has settled and
 * anything Fastify logs about it has been logged.
 */
import diagnostics from 'node:diagnostics_channel';

const HANDLER_SETTLED = 'tracing:fastify.request.handler:asyncEnd';

interface HandlerStore {
  route: { method: string; url: string };
}

export interface HandlerWatch {
  /** Resolves once `count` more handlers of the route have finished, counted from this call. */
  finished(count: number): Promise<void>;
  stop(): void;
}

export function watchHandlers(method: string, url: string): HandlerWatch {
  let settled = 0;
  const waiting: Array<{ at: number; resolve: () => void }> = [];
  const onSettled = (message: unknown) => {
    const { route } = message as HandlerStore;
    if (route.method !== method || route.url !== url) return;
    settled++;
    for (const waiter of waiting.filter((w) => w.at <= settled)) {
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve();
    }
  };
  diagnostics.subscribe(HANDLER_SETTLED, onSettled);
  return {
    finished: (count) => new Promise((resolve) => waiting.push({ at: settled + count, resolve })),
    stop: () => diagnostics.unsubscribe(HANDLER_SETTLED, onSettled),
  };
}
