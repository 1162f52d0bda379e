export interface OutboxMessage {
  id: number;
  channel: 'sms' | 'email';
  to: string;
  subject: string | null;
  text: string;
  /** the first 6-digit number in the text: what a developer is looking for */
  code: string | null;
  sent_at: string;
}

const KEEP = 200;

/** The latest messages the sandbox SMS gateway and SMTP server received, newest first. */
export class Outbox {
  private messages: OutboxMessage[] = [];
  private nextId = 1;

  add(message: Pick<OutboxMessage, 'channel' | 'to' | 'subject' | 'text'>): OutboxMessage {
    const entry: OutboxMessage = {
      id: this.nextId++,
      ...message,
      code: /\b(\d{6})\b/.exec(message.text)?.[1] ?? null,
      sent_at: new Date().toISOString(),
    };
    this.messages = [entry, ...this.messages].slice(0, KEEP);
    return entry;
  }

  /** newest first; `to` keeps only the messages sent to that phone number or address */
  list(filter: { to?: string } = {}): OutboxMessage[] {
    return filter.to
      ? this.messages.filter((m) => m.to === filter.to || m.to.endsWith(filter.to ?? ''))
      : this.messages;
  }

  clear(): void {
    this.messages = [];
  }
}
