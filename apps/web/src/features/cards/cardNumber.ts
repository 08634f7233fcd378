/** Digits per group when a card number is written out, as printed on the card. */
export const CARD_NUMBER_GROUP_DIGITS = 4;

/**
 * A revealed card number as the holder reads it off the screen: its digits in groups of four
 * ("5319 7200 1234 5678"), whatever separators it came with.
 */
export function formatCardNumber(number: string): string {
  const digits = number.replace(/\D/g, '');
  const groups: string[] = [];
  for (let start = 0; start < digits.length; start += CARD_NUMBER_GROUP_DIGITS) groups.push(digits.slice(start, start + CARD_NUMBER_GROUP_DIGITS));
  return groups.join(' ');
}
