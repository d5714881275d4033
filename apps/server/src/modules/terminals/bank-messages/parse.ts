/**
 * Bank messages (DESIGN §11): the SMS and push notifications a trader's Android terminal forwards are read here into
 * an operation (income or outcome, amount, card or account tail, counterparty) or a block notice. The registry of
 * banks lives in banks.ts and the helpers every bank's parser shares in parser-kit.ts; this file recognises the bank.
 */

import { normalizeText } from '../../../lib/rouble-text';
import { BANK_PARSERS } from './banks';
import type { BankParser, IncomingBankMessage, ParsedBankMessage } from './parser-kit';

export type { BankSlug, IncomingBankMessage, ParsedBankMessage } from './parser-kit';

/**
 * Chat apps in which anyone can pick the title of a notification, '900' or 'VTB' included, and paste a real bank
 * text. Nothing they post is a bank message, whatever its sender or text says.
 */
const CHAT_PACKAGES = new Set([
  'org.telegram.messenger',
  'org.thunderdog.challegram',
  'com.whatsapp',
  'com.whatsapp.w4b',
  'com.viber.voip',
  'ru.oneme.app',
  'com.vkontakte.android',
  'com.discord',
]);

/**
 * Reads a forwarded message. The bank is recognised by the sender, then by the app package, then by the text.
 *
 * The text is trusted least, so a message recognised only by its text is accepted when all of these hold:
 * - the sender is not a personal phone number (banks write from short codes such as 900 or from names; anybody can
 *   send an SMS from a phone number),
 * - the text names the bank as its signature, or names SBP (then the bank is 'sbp'),
 * - the message names the card or account it is about (a tail): a real notice always does, a made-up one rarely
 *   bothers, and without a tail it could not be matched to a requisite anyway.
 */
export function parseBankMessage(message: IncomingBankMessage): ParsedBankMessage | null {
  if (message.package !== null && CHAT_PACKAGES.has(message.package)) return null;
  const body = normalizeText(message.body);
  const sender = message.sender === null ? '' : normalizeText(message.sender);
  const known = recognizeBySender(sender) ?? recognizeByPackage(message.package);
  if (known !== undefined) return known.parse(body);
  if (isPersonalPhoneNumber(sender)) return null;
  const byText = BANK_PARSERS.find((bank) => bank.matchesText(body));
  if (byText === undefined) return null;
  const parsed = byText.parse(body);
  return parsed !== null && parsed.tail !== null ? parsed : null;
}

function recognizeBySender(sender: string): BankParser | undefined {
  if (sender === '') return undefined;
  return BANK_PARSERS.find((bank) => bank.senders.some((pattern) => pattern.test(sender)));
}

function recognizeByPackage(packageName: string | null): BankParser | undefined {
  if (packageName === null) return undefined;
  return BANK_PARSERS.find((bank) => bank.packages.includes(packageName));
}

function isPersonalPhoneNumber(sender: string): boolean {
  return /^\+?[\d ()-]+$/.test(sender) && sender.replace(/\D/g, '').length >= 10;
}
