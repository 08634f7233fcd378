/**
 * A card terminal to try the card network with (docs/cards.md#a-terminal-to-try-it): it signs and
 * sends the messages a card processor sends the bank, as the processor would, and prints each message
 * and the bank's answer. The card's number is never printed, only `•••• 1234`.
 *
 *   npm run card:terminal -- --card <number> --expiry MM/YY --cvc 123 --amount 12.50 --currency EUR [--clear | --reverse]
 *   npm run card:terminal -- --authorization <id> --clear --amount 12.50 --currency EUR
 *   npm run card:terminal -- --authorization <id> --reverse
 *   npm run card:terminal -- --card <number> --amount 5.00 --currency EUR --refund
 *
 * Exit code 0 when every answer is an approval or an acceptance; 1 for a decline, a refusal, an
 * answer other than 2xx or a server out of reach; 2 for options that do not make a message.
 */
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { signCardNetworkMessage, type AuthorizationResponse, type Merchant, type SettlementResponse } from '@bank/contracts/cards/network';
import { DEVELOPMENT_CARD_NETWORK_SECRET } from '../apps/server/src/config';

const OPTIONS = {
  card: { type: 'string' },
  expiry: { type: 'string' },
  cvc: { type: 'string' },
  amount: { type: 'string' },
  currency: { type: 'string', default: 'USD' },
  merchant: { type: 'string', default: 'Café Central' },
  mcc: { type: 'string', default: '5812' },
  country: { type: 'string', default: 'AT' },
  city: { type: 'string', default: 'Vienna' },
  channel: { type: 'string', default: 'pos' },
  url: { type: 'string' },
  secret: { type: 'string' },
  clear: { type: 'boolean', default: false },
  reverse: { type: 'boolean', default: false },
  refund: { type: 'boolean', default: false },
  authorization: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const satisfies ParseArgsConfig['options'];

const USAGE = `Usage: npm run card:terminal -- [options]
  a purchase:   --card <number> --expiry MM/YY [--cvc 123] --amount 12.50 [--currency USD] [--clear | --reverse]
  later:        --authorization <id> --clear --amount 12.50 [--currency USD]   or   --authorization <id> --reverse
  a refund:     --card <number> --amount 5.00 [--currency USD] --refund
  the merchant: [--merchant "Café Central"] [--mcc 5812] [--country AT] [--city Vienna] [--channel pos|online]
  the bank:     [--url http://localhost:$PORT] [--secret $CARD_NETWORK_SECRET]   (see docs/cards.md#a-terminal-to-try-it)`;

type Output = (line: string) => void;
type Path = 'authorizations' | 'clearings' | 'reversals' | 'refunds';

/** Where the messages go and what signs them, and how a line is printed with the card's number hidden. */
interface Terminal {
  url: string;
  secret: string;
  say: Output;
}

/** Runs the terminal with the command line's arguments (after `--`); answers the exit code. */
export async function runTerminal(argv: string[], output: Output = console.log, environment: NodeJS.ProcessEnv = process.env): Promise<number> {
  const values = parsed(argv);
  if (typeof values === 'string') {
    output(`${values}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    output(USAGE);
    return 0;
  }
  const problem = problemOf(values);
  if (problem) {
    output(`${problem}\n${USAGE}`);
    return 2;
  }

  const pan = values.card;
  // Whatever is printed, the answers included, shows the number masked.
  const say: Output = (line) => output(pan ? line.split(pan).join(masked(pan)) : line);
  const terminal: Terminal = {
    url: (values.url ?? `http://localhost:${environment.PORT || 3000}`).replace(/\/$/, ''),
    secret: values.secret ?? (environment.CARD_NETWORK_SECRET || DEVELOPMENT_CARD_NETWORK_SECRET),
    say,
  };
  const merchant: Merchant = { name: values.merchant, mcc: values.mcc, country: values.country, city: values.city };
  const amount = { amount: values.amount ?? '', currency: values.currency };

  if (values.authorization) {
    return values.clear ? clearing(terminal, values.authorization, amount) : reversal(terminal, values.authorization);
  }
  if (values.refund) return refund(terminal, pan!, amount, merchant);

  const message = {
    messageId: randomUUID(),
    pan: pan!,
    expiry: values.expiry!,
    ...(values.cvc === undefined ? {} : { cvc: values.cvc }),
    ...amount,
    merchant,
    channel: values.channel as 'pos' | 'online',
  };
  say(`→ authorization, message ${message.messageId}`);
  say(field('card', `${masked(pan!)}, expiry ${message.expiry}, ${values.cvc === undefined ? 'no CVC' : 'CVC •••'}`));
  say(field('amount', `${amount.amount} ${amount.currency}`));
  say(field('merchant', `${merchantLine(merchant)}, ${message.channel}`));
  const answer = await send<AuthorizationResponse>(terminal, 'authorizations', message);
  if (!answer) return 1;
  if (!answer.approved) {
    say(`← declined: ${answer.reason}`);
    return 1;
  }
  say(`← approved: authorization ${answer.authorizationId}, ${answer.amount} ${answer.currency} held on the account`);
  if (values.clear) return clearing(terminal, answer.authorizationId, amount);
  if (values.reverse) return reversal(terminal, answer.authorizationId);
  const again = `npm run card:terminal -- --authorization ${answer.authorizationId}${values.url ? ` --url ${terminal.url}` : ''}`;
  say(`  Pending. Clear it with:  ${again} --clear --amount ${amount.amount} --currency ${amount.currency}`);
  say(`  or reverse it with:      ${again} --reverse`);
  return 0;
}

/** The options, or why they do not parse. */
function parsed(argv: string[]) {
  try {
    return parseArgs({ args: argv, options: OPTIONS, strict: true, allowPositionals: false }).values;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** What is wrong with the options, or null when they make a message. */
function problemOf(values: { [Name in keyof typeof OPTIONS]?: string | boolean }): string | null {
  if (values.clear && values.reverse) return '--clear and --reverse exclude each other';
  if (values.channel !== 'pos' && values.channel !== 'online') return '--channel is pos or online';
  if (values.authorization !== undefined) {
    if (!values.clear && !values.reverse) return '--authorization needs --clear or --reverse';
    if (values.refund || values.card !== undefined) return '--authorization clears or reverses an earlier authorisation: no --card, no --refund';
    if (values.clear && values.amount === undefined) return '--clear needs the --amount (and --currency) to clear';
    return null;
  }
  if (values.card === undefined) return '--card is needed (or --authorization <id>)';
  if (values.amount === undefined) return '--amount is needed';
  if (values.refund) return values.clear || values.reverse ? '--refund is sent alone, without --clear or --reverse' : null;
  if (values.expiry === undefined) return '--expiry MM/YY is needed';
  return null;
}

async function clearing(terminal: Terminal, authorizationId: string, amount: { amount: string; currency: string }): Promise<number> {
  const message = { messageId: randomUUID(), authorizationId, ...amount };
  terminal.say(`→ clearing, message ${message.messageId}`);
  terminal.say(field('authorization', authorizationId));
  terminal.say(field('amount', `${amount.amount} ${amount.currency}`));
  return settled(terminal, 'clearings', message, 'booked');
}

async function reversal(terminal: Terminal, authorizationId: string): Promise<number> {
  const message = { messageId: randomUUID(), authorizationId };
  terminal.say(`→ reversal, message ${message.messageId}`);
  terminal.say(field('authorization', authorizationId));
  return settled(terminal, 'reversals', message, 'released');
}

async function refund(terminal: Terminal, pan: string, amount: { amount: string; currency: string }, merchant: Merchant): Promise<number> {
  const message = { messageId: randomUUID(), pan, ...amount, merchant };
  terminal.say(`→ refund, message ${message.messageId}`);
  terminal.say(field('card', masked(pan)));
  terminal.say(field('amount', `${amount.amount} ${amount.currency}`));
  terminal.say(field('merchant', merchantLine(merchant)));
  return settled(terminal, 'refunds', message, 'credited to the account');
}

/** Sends a clearing, reversal or refund and prints its answer. */
async function settled(terminal: Terminal, path: Exclude<Path, 'authorizations'>, message: object, done: string): Promise<number> {
  const answer = await send<SettlementResponse>(terminal, path, message);
  if (!answer) return 1;
  if (!answer.accepted) {
    terminal.say(`← refused: ${answer.reason}`);
    return 1;
  }
  terminal.say(`← accepted: transaction ${answer.transactionNumber}, ${answer.amount} ${answer.currency} ${done}`);
  return 0;
}

/** POSTs a signed message; answers the body of a 2xx, or prints what went wrong and answers null. */
async function send<Answer>(terminal: Terminal, path: Path, message: object): Promise<Answer | null> {
  const body = JSON.stringify(message);
  let response: Response;
  let text: string;
  try {
    response = await fetch(`${terminal.url}/api/card-network/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...signCardNetworkMessage(terminal.secret, body) },
      body,
      signal: AbortSignal.timeout(15_000),
    });
    text = await response.text();
  } catch (error) {
    terminal.say(`✗ ${terminal.url} is out of reach (is the server running? npm start): ${reasonOf(error)}`);
    return null;
  }
  if (response.ok) return JSON.parse(text) as Answer;
  let error = text.slice(0, 500);
  try {
    const parsed = JSON.parse(text) as { code?: string; message?: string; fields?: Record<string, string> };
    const fields = Object.entries(parsed.fields ?? {}).map(([field, code]) => `${field}: ${code}`);
    error = [`${parsed.code}: ${parsed.message}`, ...fields].join('; ');
  } catch {
    // Not the API's error body: printed as it came.
  }
  terminal.say(`← ${response.status} ${error}`);
  return null;
}

const masked = (pan: string): string => `•••• ${pan.slice(-4)}`;

/** A line of a message: its field's name, then its value. */
const field = (name: string, value: string): string => `    ${name.padEnd(15)}${value}`;

const merchantLine = (merchant: Merchant): string => `${merchant.name} (MCC ${merchant.mcc}), ${merchant.city}, ${merchant.country}`;

/** A failed fetch's reason: its cause's code (ECONNREFUSED) where it has one. */
function reasonOf(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined;
  return cause?.code ?? (error instanceof Error ? error.message : String(error));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await runTerminal(process.argv.slice(2));
}
