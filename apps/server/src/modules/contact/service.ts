import type { ContactMessage } from '@bank/contracts/backoffice/contact-messages';
import { BACKOFFICE_PAGE_SIZE, type Page } from '@bank/contracts/backoffice/paging';
import type { ContactFormRequest } from '@bank/contracts/contact/send-contact-form';
import type { Db } from '../../db';
import type { SecretRing } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit';
import type { MailMessage } from '../../lib/mailer';
import { composeMail, queueMail } from '../mail';

export interface StoredContactMessage {
  id: string;
  receivedAt: Date;
  request: ContactFormRequest;
}

/**
 * Stores the message and, in the same transaction, the mail that forwards it to the bank's contact
 * address (the outbox delivers it, retrying while the mail server is down): the visitor's request
 * is never lost, nor forwarded twice.
 */
export async function receiveContactMessage(db: Db, secret: SecretRing, request: ContactFormRequest, ip: string | null, to: string): Promise<StoredContactMessage> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('contact_messages')
      .values({ name: request.name, email: request.email, phone: request.phone, message: request.message || null, ip })
      .returning(['id', 'received_at'])
      .executeTakeFirstOrThrow();
    const stored = { id: row.id, receivedAt: row.received_at, request };
    await queueMail(trx, secret, contactMail(stored, to));
    return stored;
  });
}

/** The mail the bank's contact address receives for one message, in English, the language the bank reads them in. */
export function contactMail(stored: StoredContactMessage, to: string): MailMessage {
  const { name, email, phone, message } = stored.request;
  const kind = message ? 'message' : 'callBack';
  return composeMail('contactForm', 'en', { name, email, phone, received: stored.receivedAt.toISOString(), reference: stored.id, kind, message: message ?? '' }, to);
}

function toContactMessage(row: {
  id: string;
  received_at: Date;
  name: string;
  email: string;
  phone: string;
  message: string | null;
  handled_at: Date | null;
  handled_by_name: string | null;
}): ContactMessage {
  return {
    id: row.id,
    receivedAt: row.received_at.toISOString(),
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    handledAt: row.handled_at ? row.handled_at.toISOString() : null,
    handledBy: row.handled_by_name,
  };
}

function messagesQuery(db: Db) {
  return db
    .selectFrom('contact_messages as m')
    .leftJoin('operators as o', 'o.id', 'm.handled_by')
    .select(['m.id', 'm.received_at', 'm.name', 'm.email', 'm.phone', 'm.message', 'm.handled_at', 'o.full_name as handled_by_name']);
}

/** The back office reads the messages, newest first. */
export async function listContactMessages(db: Db, page: number): Promise<Page<ContactMessage>> {
  const [rows, count] = await Promise.all([
    messagesQuery(db).orderBy('m.received_at', 'desc').orderBy('m.id').limit(BACKOFFICE_PAGE_SIZE).offset((page - 1) * BACKOFFICE_PAGE_SIZE).execute(),
    db.selectFrom('contact_messages').select((select) => select.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toContactMessage), page, pageSize: BACKOFFICE_PAGE_SIZE, total: Number(count.total) };
}

export async function countUnhandledMessages(db: Db): Promise<number> {
  const row = await db.selectFrom('contact_messages').select((select) => select.fn.countAll<string>().as('total')).where('handled_at', 'is', null).executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Marks a message handled by the operator; a message already handled stays as it was. */
export async function markMessageHandled(db: Db, messageId: string, operatorId: string): Promise<ContactMessage> {
  await db.transaction().execute(async (trx) => {
    const marked = await trx
      .updateTable('contact_messages')
      .set({ handled_at: new Date(), handled_by: operatorId })
      .where('id', '=', messageId)
      .where('handled_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (marked) {
      await recordAudit(trx, { actorType: 'operator', actorId: operatorId, action: 'contact.handled', subjectType: 'contact_message', subjectId: messageId, before: { handled: false }, after: { handled: true } });
    }
  });
  const row = await messagesQuery(db).where('m.id', '=', messageId).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  return toContactMessage(row);
}
