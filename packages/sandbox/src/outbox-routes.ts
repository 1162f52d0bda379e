import type { FastifyPluginAsync } from 'fastify';
import type { Outbox, OutboxMessage } from './outbox';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function page(messages: OutboxMessage[]): string {
  const rows = messages
    .map(
      (m) =>
        `<li><p><strong>${escape(m.channel === 'sms' ? 'SMS' : 'E-mail')}</strong> → ${escape(m.to)} · <time>${escape(m.sent_at)}</time>` +
        `${m.code ? ` · code <code>${escape(m.code)}</code>` : ''}</p>` +
        `${m.subject ? `<p>${escape(m.subject)}</p>` : ''}<pre>${escape(m.text)}</pre></li>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sandbox outbox</title>
<style>body{font:16px system-ui;margin:2rem;max-width:48rem}li{border-bottom:1px solid #ddd;padding:.5rem 0}pre{white-space:pre-wrap}</style>
</head><body><h1>Sandbox outbox</h1><p>The latest SMS and e-mail messages the sandbox received (newest first). JSON: <a href="?format=json">?format=json</a>.</p>
${messages.length ? `<ol>${rows}</ol>` : '<p>No messages yet.</p>'}</body></html>`;
}

/** `/dev/outbox`: what the sandbox SMS gateway and SMTP server received, for developers. */
export const outboxRoutes: FastifyPluginAsync<{ outbox: Outbox }> = async (app, { outbox }) => {
  app.get<{ Querystring: { format?: string; to?: string } }>(
    '/dev/outbox',
    { schema: { hide: true } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const messages = outbox.list({ to: request.query.to });
      const wantsJson = request.query.format === 'json' || /application\/json/.test(request.headers.accept ?? '');
      if (wantsJson) return { data: messages };
      return reply.type('text/html; charset=utf-8').send(page(messages));
    },
  );
};
