// Guessable passwords beyond the bundled list (issue 27): a common base word
// with digits, symbols or a year around it ('Password1!', 'Summer2026!',
// 'P@ssw0rd2024'), runs of the alphabet, the digits or a keyboard row
// ('123456789012', 'qwertyuiop', 'abcdefgh'), and a short unit repeated
// ('abcabcabc', '20262026'). No network: the words are listed here and the
// rules are plain code, so the API, the storefront and the back office agree.

import { WEEKDAYS } from '../settings/settings';

/** Words people build passwords on (compared without case, after undoing l33t spelling). */
export const BASE_WORDS: readonly string[] = [
  // the classics
  'password',
  'passwort',
  'passcode',
  'pass',
  'welcome',
  'admin',
  'administrator',
  'root',
  'login',
  'letmein',
  'changeme',
  'default',
  'guest',
  'user',
  'test',
  'tester',
  'testing',
  'qwerty',
  'qwertz',
  'azerty',
  'asdf',
  'zxcv',
  'iloveyou',
  'love',
  'lovely',
  'hello',
  'monkey',
  'dragon',
  'master',
  'shadow',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'basketball',
  'soccer',
  'hockey',
  'superman',
  'batman',
  'freedom',
  'trustno',
  'starwars',
  'pokemon',
  'minecraft',
  'computer',
  'internet',
  'michael',
  'jordan',
  'jennifer',
  'charlie',
  'thomas',
  'daniel',
  'jessica',
  'ashley',
  'summer',
  'winter',
  'spring',
  'autumn',
  'fall',
  'flower',
  'butterfly',
  'angel',
  'baby',
  'family',
  'blessed',
  'jesus',
  'heaven',
  'happy',
  'lucky',
  'killer',
  'cheese',
  'pepper',
  'ginger',
  'coffee',
  'chocolate',
  'cookie',
  'cookies',
  'cupcake',
  'cake',
  'cakes',
  'bread',
  'bakery',
  'baker',
  'pastry',
  'muffin',
  'vanilla',
  'lemon',
  'sugar',
  'honey',
  'sweet',
  'sweetie',
  'sweetheart',
  'glutenfree',
  'tallahassee',
  'florida',
  'seminoles',
  'gators',
  'noles',
  'company',
  'office',
  'account',
  'shop',
  'store',
  'orange',
  'apple',
  'banana',
  'mustang',
  'harley',
  'ferrari',
  'tigger',
  'snoopy',
  'buster',
  'maggie',
  'bailey',
  'cookie',
  'hunter',
  'ranger',
  'soccer',
  // months, days and seasons
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
  ...WEEKDAYS,
  'christmas',
  'easter',
  'halloween',
  'thanksgiving',
];

const WORDS = new Set(BASE_WORDS);

// Keyboard rows and the alphabet, each also shifted (US layout) and backwards.
const RUNS = [
  'abcdefghijklmnopqrstuvwxyz',
  '12345678901234567890',
  'qwertyuiopasdfghjklzxcvbnm',
  'qwertyuiop',
  'asdfghjkl',
  'zxcvbnm',
  '1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik9ol0p',
  '!@#$%^&*()_+',
];

const LEET: Record<string, string> = {
  '@': 'a',
  '4': 'a',
  '8': 'b',
  '(': 'c',
  '3': 'e',
  '6': 'g',
  '#': 'h',
  '1': 'i',
  '!': 'i',
  '|': 'l',
  '0': 'o',
  '9': 'g',
  '5': 's',
  $: 's',
  '7': 't',
  '+': 't',
  '2': 'z',
};
const unleet = (text: string) => [...text].map((c) => LEET[c] ?? c).join('');

/** True when the text (at least 4 characters) is a run of the alphabet, the digits or a keyboard row. */
function isRun(text: string): boolean {
  if (text.length < 4) return false;
  const reversed = [...text].reverse().join('');
  return RUNS.some((run) => run.includes(text) || run.includes(reversed));
}

/** True when the text is one shorter unit said again and again ('abab', 'passpass'). */
function isRepeated(text: string): boolean {
  for (let size = 1; size <= text.length / 2; size++) {
    if (text.length % size !== 0) continue;
    if (text.slice(0, size).repeat(text.length / size) === text) return true;
  }
  return false;
}

/** The guessable pattern a password follows, for passwords the bundled list does not hold. */
export function isGuessablePassword(password: string, common: ReadonlySet<string>): boolean {
  const lower = password.toLowerCase();
  if (isRepeated(lower) || isRun(lower)) return true;
  // The letters between the digits and symbols at the ends: 'Summer2026!' -> 'summer'.
  const base = lower.replace(/^[^a-z]+/, '').replace(/[^a-z]+$/, '');
  const candidates = [base, unleet(base), unleet(lower.replace(/[^a-z0-9@$!|+(#]+$/, ''))];
  for (const word of candidates) {
    if (word.length < 3) continue;
    if (WORDS.has(word) || common.has(word) || isRepeated(word) || isRun(word)) return true;
    // A year or digits stuck on after l33t spelling: 'p@ssw0rd2024' -> 'password'.
    const letters = word.replace(/[^a-z]+$/, '');
    if (letters.length >= 3 && (WORDS.has(letters) || common.has(letters))) return true;
  }
  // Nothing but digits and symbols around a short stem: a date or a PIN made longer.
  return base === '' && /^[0-9]{4}([0-9]{2}){0,2}[^a-z0-9]*$/.test(lower);
}
