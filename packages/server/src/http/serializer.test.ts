import { envelope, userInfo } from '@sunstack/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileSerializer } from './serializer.ts';

describe('answer serializer', () => {
  it('writes only what the success shape declares: a stray field never leaks', () => {
    const serialize = compileSerializer({ schema: envelope(z.object({ name: z.string(), tags: z.array(z.string()) })) });
    const json = serialize({ errno: 0, result: { name: 'a', tags: ['x'], passwordHash: 'secret' } });
    expect(JSON.parse(json)).toEqual({ errno: 0, result: { name: 'a', tags: ['x'] } });
  });

  it('serialises the user info shape', () => {
    const serialize = compileSerializer({ schema: envelope(userInfo) });
    const info = {
      user: 'anna',
      name: 'Anna',
      phone: '',
      email: 'a@b.c',
      country: 'DE',
      countryName: 'Germany',
      city: '',
      address: '',
      postcode: '',
      introduction: '',
      note: '',
      clientID: 'abc',
      apiMqttEnable: false,
      access: 1,
      language: 'de',
    };
    expect(JSON.parse(serialize({ errno: 0, result: { ...info, organisationId: 7 } }))).toEqual({ errno: 0, result: info });
  });
});
