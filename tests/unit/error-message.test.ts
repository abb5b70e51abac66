// @vitest-environment jsdom
/** What a failed call says: the server's own message in English, the catalogue's words for its code in another language. */
import { afterEach, describe, expect, it } from 'vitest';
import { errorMessage } from '../../src/providers/http-client';
import { i18nProvider } from '../../src/providers/i18n-provider';

const locked = { code: 'ACCOUNT_LOCKED', message: 'Too many failed attempts. Try again in 15 minutes.', params: { minutes: 15 } };

afterEach(() => i18nProvider.changeLocale('en'));

describe('errorMessage', () => {
  it("shows the server's message in English, and the fallback when it gave none", () => {
    expect(errorMessage(locked, 'Request failed')).toBe('Too many failed attempts. Try again in 15 minutes.');
    expect(errorMessage({}, 'Request failed')).toBe('Request failed');
  });

  it("words the code in French and Arabic, with the answer's params; an unknown code keeps the server's message", async () => {
    await i18nProvider.changeLocale('fr');
    expect(errorMessage(locked, 'x')).toBe('Trop de tentatives échouées. Réessayez dans 15 min.');
    expect(errorMessage({ code: 'BAD_CREDENTIALS', message: 'Invalid email or password' }, 'x')).toBe('E-mail ou mot de passe incorrect');
    expect(errorMessage({ code: 'SOMETHING_NEW', message: 'A new refusal' }, 'x')).toBe('A new refusal');
    await i18nProvider.changeLocale('ar');
    expect(errorMessage(locked, 'x')).toBe('محاولات فاشلة كثيرة. حاول مجددًا بعد 15 دقيقة.');
  });
});
