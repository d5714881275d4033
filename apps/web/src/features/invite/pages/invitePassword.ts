/**
 * The invite page's own checks (SPEC §5 Invite password), written out rather than taken from the contract's zod
 * schema: the page is a first visit, and its messages differ from the password-change form's.
 */

/**
 * SPEC §9 password minimum, the contract's `minPasswordLength`; repeated here because importing it would bring the
 * contract's zod schemas into this page's chunk.
 */
const minPasswordLength = 6;

export interface InvitePasswords {
  new_password: string;
  confirm_password: string;
}

export type InviteErrors = Partial<Record<keyof InvitePasswords, 'fill' | 'equal'>>;

/** Each field needs six characters after trimming; filled fields must then be equal. */
export function checkInvitePasswords(values: InvitePasswords): InviteErrors {
  const errors: InviteErrors = {};
  if (values.new_password.trim().length < minPasswordLength) errors.new_password = 'fill';
  if (values.confirm_password.trim().length < minPasswordLength) errors.confirm_password = 'fill';
  if (
    !errors.new_password &&
    !errors.confirm_password &&
    values.new_password.trim() !== values.confirm_password.trim()
  ) {
    errors.confirm_password = 'equal';
  }
  return errors;
}

const lower = 'abcdefghijkmnopqrstuvwxyz';
const upper = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const digits = '23456789';
const symbols = '!@#$%^&*-_=+?';
const generatedLength = 16;

/** A uniformly random index below `size`, from the browser's cryptographic generator (no modulo bias). */
function randomIndex(size: number): number {
  const limit = Math.floor(0x1_0000_0000 / size) * size;
  const buffer = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buffer);
    const value = buffer[0] ?? 0;
    if (value < limit) return value % size;
  }
}

const pick = (alphabet: string) => alphabet.charAt(randomIndex(alphabet.length));

/**
 * A strong password: 16 characters with at least one lowercase letter, uppercase letter, digit and symbol, mixed
 * in random order. Look-alike characters (l, I, O, 0, 1) are left out since the user may copy it by hand.
 */
export function generatePassword(): string {
  const all = lower + upper + digits + symbols;
  const characters = [pick(lower), pick(upper), pick(digits), pick(symbols)];
  while (characters.length < generatedLength) characters.push(pick(all));
  for (let i = characters.length - 1; i > 0; i--) {
    const j = randomIndex(i + 1);
    [characters[i], characters[j]] = [characters[j] ?? '', characters[i] ?? ''];
  }
  return characters.join('');
}
