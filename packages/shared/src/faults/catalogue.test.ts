import { describe, expect, it } from 'vitest';
import { DEVICE_TYPES, type DeviceType } from '../contracts/device.ts';
import { LANGUAGES } from '../languages.ts';
import { FAULT_CATALOGUE, FAULT_SEVERITIES, type FaultDefinition, faultOf } from './catalogue.ts';
import { FAULT_MESSAGES, faultText } from './messages.ts';
import { ALARM_RULES, type AlarmRuleName, ruleOf } from './rules.ts';

const entries = (Object.entries(FAULT_CATALOGUE) as [DeviceType, readonly FaultDefinition[]][]).flatMap(([deviceType, faults]) =>
  faults.map((fault) => ({ ...fault, deviceType })),
);
const codes = entries.map((entry) => entry.code);
const rules = Object.entries(ALARM_RULES) as [AlarmRuleName, (typeof ALARM_RULES)[AlarmRuleName]][];
const ruleCodes: number[] = rules.map(([, rule]) => rule.code);
/** Every code that has texts in `messages/`: the device codes and the alarm rules' codes. */
const textCodes = [...codes, ...ruleCodes];

/** The thousands of each type's codes. */
const RANGE: Record<DeviceType, number | undefined> = {
  inverter: 1,
  battery: 2,
  meter: 3,
  evCharger: 4,
  heatPump: 5,
  ems: 6,
  gateway: 7,
  module: undefined,
};

describe('fault catalogue', () => {
  it('covers every device type, 5 to 10 codes each (none for modules), in its own range', () => {
    expect(Object.keys(FAULT_CATALOGUE).sort()).toEqual([...DEVICE_TYPES].sort());
    for (const type of DEVICE_TYPES) {
      const faults: readonly FaultDefinition[] = FAULT_CATALOGUE[type];
      if (type === 'module') continue;
      expect(faults.length, type).toBeGreaterThanOrEqual(5);
      expect(faults.length, type).toBeLessThanOrEqual(10);
      for (const fault of faults) expect(Math.floor(fault.code / 1000), `${type} ${fault.code}`).toBe(RANGE[type]);
    }
  });

  it('has unique integer codes with a known severity', () => {
    expect(new Set(codes).size).toBe(codes.length);
    for (const entry of entries) {
      expect(Number.isInteger(entry.code)).toBe(true);
      expect(FAULT_SEVERITIES).toContain(entry.severity);
    }
  });

  it('faultOf answers the entry with its device type, and undefined for an unknown code', () => {
    for (const entry of entries) expect(faultOf(entry.code)).toEqual(entry);
    expect(faultOf(1001)).toEqual({ code: 1001, severity: 'fault', deviceType: 'inverter' });
    for (const unknown of [0, -1, 999, 1999, 8001, 1001.5, Number.NaN]) expect(faultOf(unknown)).toBeUndefined();
  });
});

describe('alarm rules', () => {
  it('have unique integer codes with a known severity that collide with no device code', () => {
    expect(new Set(ruleCodes).size).toBe(ruleCodes.length);
    for (const [name, rule] of rules) {
      expect(Number.isInteger(rule.code), name).toBe(true);
      expect(FAULT_SEVERITIES, name).toContain(rule.severity);
      expect(faultOf(rule.code), `${name} ${rule.code}`).toBeUndefined();
      expect(codes, `${name} ${rule.code}`).not.toContain(rule.code);
    }
  });

  it('ruleOf answers the rule of its code, and undefined for a device or unknown code', () => {
    for (const [name, rule] of rules) expect(ruleOf(rule.code)).toBe(name);
    expect(ruleOf(9001)).toBe('dataloggerOffline');
    for (const other of [...codes, 0, 9999, 9001.5, Number.NaN]) expect(ruleOf(other), String(other)).toBeUndefined();
  });

  it('faultText answers a rule code in the language asked', () => {
    expect(faultText(9001, 'de')?.name).toBe('Datenlogger offline');
    expect(faultText(9001, 'de')?.action).toContain('Alarmschwellen der Anlage');
    expect(faultText(9001, 'en')?.name).toBe('Datalogger offline');
    for (const code of ruleCodes) expect(faultText(code, 'fr'), String(code)).toEqual(FAULT_MESSAGES.fr[String(code)]);
  });
});

describe('fault messages', () => {
  it.each(LANGUAGES)('%s: every catalogue code and rule code has a non-empty name, cause and action', (language) => {
    const messages = FAULT_MESSAGES[language];
    for (const code of textCodes) {
      const text = messages[String(code)];
      expect(text, `${language} ${code}`).toBeDefined();
      for (const field of ['name', 'cause', 'action'] as const) {
        expect(typeof text?.[field], `${language} ${code} ${field}`).toBe('string');
        expect(text?.[field].trim(), `${language} ${code} ${field}`).not.toBe('');
      }
    }
  });

  it.each(LANGUAGES)('%s: holds no code outside the catalogue and the rules, and no other fields', (language) => {
    for (const [key, text] of Object.entries(FAULT_MESSAGES[language])) {
      expect(faultOf(Number(key)) ?? ruleOf(Number(key)), `${language} ${key}`).toBeDefined();
      expect(String(Number(key)), `${language} ${key}`).toBe(key);
      expect(Object.keys(text).sort(), `${language} ${key}`).toEqual(['action', 'cause', 'name']);
    }
  });

  it.each(LANGUAGES.filter((language) => language !== 'en'))('%s: is translated, not copied from English', (language) => {
    for (const code of textCodes) {
      const key = String(code);
      expect(FAULT_MESSAGES[language][key]?.cause, `${language} ${code}`).not.toBe(FAULT_MESSAGES.en[key]?.cause);
      expect(FAULT_MESSAGES[language][key]?.action, `${language} ${code}`).not.toBe(FAULT_MESSAGES.en[key]?.action);
    }
  });

  it('faultText answers the language, falls back to English, and is undefined for an unknown code', () => {
    expect(faultText(1001, 'de')?.name).toBe('Netzüberspannung');
    expect(faultText(1001, 'en')?.name).toBe('Grid overvoltage');

    const german = FAULT_MESSAGES.de;
    const { '1001': _dropped, ...withoutOne } = german;
    FAULT_MESSAGES.de = withoutOne;
    try {
      expect(faultText(1001, 'de')).toEqual(FAULT_MESSAGES.en['1001']);
      expect(faultText(1002, 'de')).toEqual(german['1002']);
    } finally {
      FAULT_MESSAGES.de = german;
    }
    expect(faultText(1001, 'xx' as never)).toEqual(FAULT_MESSAGES.en['1001']);

    expect(faultText(9999, 'en')).toBeUndefined();
    expect(faultText(9999, 'fr')).toBeUndefined();
  });
});
