import type { FastifyBaseLogger } from 'fastify';
import type { ExchangeService } from './exchange.service';

/** Runs the expiry pass on a timer between start and stop (services lifecycle). */
export function createExpiryJob(
  exchange: Pick<ExchangeService, 'expire'>,
  everyMs: number,
  log: FastifyBaseLogger,
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const pass = () =>
    exchange
      .expire()
      .then((n) => {
        if (n > 0) log.info({ expired: n }, 'unpaid exchanges expired');
      })
      .catch((err) => log.warn({ err }, 'exchange expiry failed'));
  return {
    start() {
      timer = setInterval(() => {
        running ??= pass().finally(() => {
          running = undefined;
        });
      }, everyMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
