import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Outbox } from './outbox';

export const SANDBOX_SMS_PATH = '/sandbox/sms/messages';

const message = z.object({
  from: z.string().max(32),
  to: z.string().regex(/^\+976\d{8}$/),
  text: z.string().max(1000),
});

/**
 * The sandbox SMS gateway: the same protocol as the HTTP gateway adapter (`POST` JSON
 * `{ from, to, text }`, bearer token); each message lands in the outbox.
 */
export const sandboxSmsGateway: FastifyPluginAsync<{ outbox: Outbox; token: string }> = async (app, options) => {
  app.post(SANDBOX_SMS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (request.headers.authorization !== `Bearer ${options.token}`) return reply.status(401).send({ error: 'token' });
    const parsed = message.safeParse(request.body);
    if (!parsed.success) return reply.status(400).send({ error: 'message' });
    const entry = options.outbox.add({
      channel: 'sms',
      to: parsed.data.to.slice(-8),
      subject: null,
      text: parsed.data.text,
    });
    return reply.status(202).send({ id: entry.id });
  });
};
