// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { changeLanguage, i18next } from '../../../lib/i18n.ts';
import { setUpScreenTests } from '../../../test/screen.tsx';
import { firmwareText } from './firmwareText.ts';

setUpScreenTests();

describe('firmware text', () => {
  it("lists a device's firmware parts in one order, named in the user's language, unknown parts by their own name", async () => {
    // Reported in another order than the spec's, with a part no catalogue knows.
    const firmware = { afci: '1.0', bootloader: '0.9', battery: '2.10', master: '1.42', slave: '1.05' };
    expect(firmwareText(firmware, i18next.t)).toBe('Master 1.42 · Slave 1.05 · AFCI 1.0 · Battery 2.10 · bootloader 0.9');
    await changeLanguage('de');
    expect(firmwareText(firmware, i18next.t)).toBe('Master 1.42 · Slave 1.05 · AFCI 1.0 · Batterie 2.10 · bootloader 0.9');
    await changeLanguage('zh_CN');
    expect(firmwareText({ slave: '1.05', master: '1.42' }, i18next.t)).toBe('主控 1.42 · 从控 1.05');
    await changeLanguage('en');
    expect(firmwareText({}, i18next.t)).toBe('—');
  });
});
