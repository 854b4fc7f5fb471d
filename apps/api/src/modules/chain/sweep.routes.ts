import {
  CHAIN_ERRORS,
  chainNetworkParamsSchema,
  createSweepSchema,
  envelopeOf,
  errorEnvelopeSchema,
  signedSweepSchema,
  sweepParamsSchema,
  sweepSchema,
  sweepsViewSchema,
} from '@vaultline/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { badRequest } from '../../lib/errors';
import { requireUser } from '../../plugins/auth-caller';

const errors = { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema };
const tags = ['admin', 'chains'];

/**
 * Back office, Networks: sweeping a UTXO network's deposit addresses to the operator's wallet by PSBT
 * (decision 0055). The server builds and checks; the operator's wallet signs.
 */
export async function adminSweepRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { chain, audit } = app.services;
  const watched = (network: string) => {
    const n = chain.networks().find((x) => x === network);
    if (!n) throw badRequest(CHAIN_ERRORS.notWatched, 'NOT_WATCHED');
    return n;
  };

  app.get('/Admin/chains/:network/sweeps', {
    config: { access: 'admin' },
    schema: {
      tags,
      summary:
        'Final deposits still held at the deposit addresses (asked of the node), and the latest sweeps',
      params: chainNetworkParamsSchema,
      response: { 200: envelopeOf(sweepsViewSchema), ...errors },
    },
    handler: async (req) => ok(await chain.sweeps.view(watched(req.params.network))),
  });

  app.post('/Admin/chains/:network/sweeps', {
    config: { access: 'admin', stepUp: 'required' },
    schema: {
      tags,
      summary:
        "Build a PSBT sweeping every deposit held to the operator's address, with each input's BIP 32 origin for their wallet to sign",
      params: chainNetworkParamsSchema,
      body: createSweepSchema,
      response: { 200: envelopeOf(sweepSchema), ...errors },
    },
    handler: async (req) =>
      ok(
        await chain.sweeps.create(
          requireUser(req).id,
          watched(req.params.network),
          req.body.destination,
          audit,
        ),
      ),
  });

  app.get('/Admin/chains/:network/sweeps/:id/psbt', {
    config: { access: 'admin' },
    schema: {
      tags,
      summary: "The sweep's unsigned PSBT as a file (BIP 174, binary), for the operator's wallet",
      params: sweepParamsSchema,
      response: {
        // Sent as bytes (reply.type below), never through the JSON serializer: documented only.
        200: {
          description: 'The PSBT file',
          content: { 'application/octet-stream': { schema: z.string() } },
        },
        ...errors,
      },
    },
    handler: async (req, reply) => {
      const { name, bytes } = await chain.sweeps.file(watched(req.params.network), req.params.id);
      return reply
        .type('application/octet-stream')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(bytes as never);
    },
  });

  app.post('/Admin/chains/:network/sweeps/:id/signed', {
    config: { access: 'admin', stepUp: 'required' },
    schema: {
      tags,
      summary:
        'The signed PSBT back: checked against the sweep (same inputs, one output to that address of that amount), finalized and broadcast',
      params: sweepParamsSchema,
      body: signedSweepSchema,
      response: { 200: envelopeOf(sweepSchema), ...errors },
    },
    handler: async (req) =>
      ok(
        await chain.sweeps.signed(
          requireUser(req).id,
          watched(req.params.network),
          req.params.id,
          req.body.psbt,
          audit,
        ),
      ),
  });

  // A sweep that can never be mined (dropped): broadcast as the same bytes again, or abandoned so
  // that its deposits can be swept by a new one.
  for (const action of ['rebroadcast', 'abandon'] as const)
    app.post(`/Admin/chains/:network/sweeps/:id/${action}`, {
      config: { access: 'admin', stepUp: 'required' },
      schema: {
        tags,
        summary:
          action === 'rebroadcast'
            ? 'A dropped sweep broadcast again as the same signed bytes; taken, it is booked as leaving again'
            : 'A dropped sweep abandoned: nothing booked, its deposits free to be swept again',
        params: sweepParamsSchema,
        response: { 200: envelopeOf(sweepSchema), ...errors },
      },
      handler: async (req) =>
        ok(
          await chain.sweeps.end(
            requireUser(req).id,
            watched(req.params.network),
            req.params.id,
            action,
            audit,
          ),
        ),
    });
}
