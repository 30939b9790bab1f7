// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { useClientStore } from '../../../lib/clientStore.ts';
import { button, fakeServer, mount, setUpScreenTests, type, until } from '../../../test/screen.tsx';
import { JournalForm } from './JournalForm.tsx';

const field = (language: string, kind: 'input' | 'textarea') =>
  document.querySelector<HTMLInputElement>(`.ant-drawer ${kind}[lang="${language}"]`) as HTMLInputElement;
const tags = () => [...document.querySelectorAll('.ant-collapse-header')].map((header) => header.textContent);

describe('journal note form (issue 23)', () => {
  setUpScreenTests();

  it('sends only the languages written, refuses a note without English in words, and says which languages are written', async () => {
    const server = fakeServer({ '/c/v0/journal/create': () => ({ id: 7 }) });
    useClientStore.setState({ token: 'token', access: 255, language: 'en' });
    let closed = false;
    mount(<JournalForm note="new" onClose={() => (closed = true)} />);
    await until(() => field('de', 'input') != null);
    expect(tags()).toEqual(expect.arrayContaining(['EnglishRequired', 'DeutschNot written']));

    type(field('de', 'input'), 'Schnellere Berichte');
    type(field('de', 'textarea'), 'Monatsberichte dauern Sekunden.');
    await until(() => tags().includes('DeutschWritten'));
    act(() => button('Save')?.click());
    await until(() => document.body.textContent?.includes('Write the note in English too') === true);
    expect(server.bodies('/c/v0/journal/create')).toEqual([]);

    // The message goes as English is typed; the ten languages left blank are not sent; text is trimmed.
    type(field('en', 'input'), '  Faster reports ');
    await until(() => !document.body.textContent?.includes('Write the note in English too'));
    type(field('en', 'textarea'), 'Monthly reports take seconds.\n\nTry them.');
    act(() => button('Save')?.click());
    await until(() => closed);
    expect(server.bodies('/c/v0/journal/create')).toEqual([
      {
        version: '',
        texts: {
          en: { title: 'Faster reports', body: 'Monthly reports take seconds.\n\nTry them.' },
          de: { title: 'Schnellere Berichte', body: 'Monatsberichte dauern Sekunden.' },
        },
      },
    ]);
  });
});
