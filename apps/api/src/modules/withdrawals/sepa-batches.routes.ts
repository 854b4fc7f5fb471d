import {
  adminSepaBatchParamsSchema,
  envelopeOf,
  errorEnvelopeSchema,
  sepaBatchListSchema,
  sepaBatchSchema,
} from '@vaultline/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { requireUser } from '../../plugins/auth-caller';
import { createSepaBatches } from './sepa-batches';

const errors = { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema };
const tags = ['admin', 'withdrawals'];

/**
 * Back office: SEPA credit-transfer batches of EUR withdrawals (issue 31 point 6). Without
 * SEPA_DEBTOR_NAME, _IBAN and _BIC a new batch answers 503 SEPA_NOT_CONFIGURED; the batches made
 * before stay listed, downloadable and payable.
 */
export async function sepaBatchRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, ledger, catalog, audit, withdrawalEvents: events } = app.services;
  const sepa = createSepaBatches({
    db,
    ledger,
    catalog,
    audit,
    events,
    debtor: app.config.sepa,
    log: app.log,
  });

  app.get('/Admin/withdrawals/sepa-batches', {
    config: { access: 'admin' },
    schema: {
      tags,
      summary: 'SEPA batches, newest first',
      response: { 200: envelopeOf(sepaBatchListSchema), ...errors },
    },
    handler: async () => ok({ items: await sepa.list() }),
  });

  app.post('/Admin/withdrawals/sepa-batches', {
    config: { access: 'admin', stepUp: 'required' },
    schema: {
      tags,
      summary:
        'Gather every queued EUR bank withdrawal not in a batch into a new SEPA batch (pain.001.001.03); they become sending (503 SEPA_NOT_CONFIGURED without the debtor settings)',
      response: { 200: envelopeOf(sepaBatchSchema), ...errors },
    },
    handler: async (req) => ok(await sepa.create(requireUser(req).id)),
  });

  app.get('/Admin/withdrawals/sepa-batches/:id/file', {
    config: { access: 'admin' },
    schema: {
      tags,
      summary: "The batch's pain.001.001.03 file, as a download",
      params: adminSepaBatchParamsSchema,
      response: {
        // Sent as XML (reply.type below), never through the JSON serializer: documented only.
        200: { description: 'The XML file', content: { 'application/xml': { schema: z.string() } } },
        ...errors,
      },
    },
    handler: async (req, reply) => {
      const { name, xml } = await sepa.file(req.params.id);
      return reply
        .type('application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(xml as never);
    },
  });

  app.post('/Admin/withdrawals/sepa-batches/:id/paid', {
    config: { access: 'admin', stepUp: 'required' },
    schema: {
      tags,
      summary: 'The bank paid the batch: its withdrawals still sending complete',
      params: adminSepaBatchParamsSchema,
      response: { 200: envelopeOf(sepaBatchSchema), ...errors },
    },
    handler: async (req) => ok(await sepa.paid(requireUser(req).id, req.params.id)),
  });
}
