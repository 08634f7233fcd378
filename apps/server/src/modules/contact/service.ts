import type { ContactFormRequest } from '@bank/contracts/contact/send-contact-form';
import type { Db } from '../../db';
import type { Mailer } from '../mail/mailer';

export interface StoredContactMessage {
  id: string;
  receivedAt: Date;
  request: ContactFormRequest;
}

/** Keeps the message first, so it survives a mail server that is down. */
export async function storeContactMessage(db: Db, request: ContactFormRequest, ip: string | null): Promise<StoredContactMessage> {
  const row = await db
    .insertInto('contact_messages')
    .values({ name: request.name, email: request.email, phone: request.phone, message: request.message || null, ip })
    .returning(['id', 'received_at'])
    .executeTakeFirstOrThrow();
  return { id: row.id, receivedAt: row.received_at, request };
}

/** The mail the bank's contact address receives for one message. */
export function contactMail(stored: StoredContactMessage, to: string): { to: string; subject: string; text: string } {
  const { name, email, phone, message } = stored.request;
  return {
    to,
    subject: `Contact form: ${name}`,
    text: [
      'A visitor sent a message through the contact form of the website.',
      '',
      `Name: ${name}`,
      `E-mail: ${email}`,
      `Phone: ${phone}`,
      `Received: ${stored.receivedAt.toISOString()}`,
      `Reference: ${stored.id}`,
      '',
      message ? `Message:\n${message}` : 'No message text: the visitor asks to be contacted.',
    ].join('\n'),
  };
}

/**
 * Hands the message to the mail server and records when. A failure leaves `mailed_at` empty, so the
 * stored message can still be read and forwarded later; the visitor's request is not lost.
 */
export async function forwardContactMessage(db: Db, mailer: Mailer, stored: StoredContactMessage, to: string): Promise<boolean> {
  try {
    await mailer.send(contactMail(stored, to));
  } catch {
    return false;
  }
  await db.updateTable('contact_messages').set({ mailed_at: new Date() }).where('id', '=', stored.id).execute();
  return true;
}
