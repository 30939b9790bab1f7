import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../limits.ts';
import { emailSchema, mobileSchema, passwordSchema, usernameSchema } from './common.ts';
import { registerBody } from './user.ts';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('user name (spec section 5: 4-20 characters)', () => {
  it('accepts every length from 4 to 20 of allowed characters and nothing outside', () => {
    const allowed = fc.constantFrom(...'abcXYZ019._-'.split(''));
    fc.assert(
      fc.property(fc.array(allowed, { minLength: 0, maxLength: 30 }), (chars) => {
        const name = chars.join('');
        const ok = usernameSchema.safeParse(name).success;
        expect(ok).toBe(name.length >= LIMITS.username.min && name.length <= LIMITS.username.max);
      }),
    );
  });

  it('names the rule that failed', () => {
    expect(messageOf(usernameSchema.safeParse('abc'))).toBe('validation.usernameLength');
    expect(messageOf(usernameSchema.safeParse('bad name'))).toBe('validation.usernameInvalid');
  });
});

describe('password (6-20)', () => {
  it('accepts exactly lengths 6 to 20', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 0, maxLength: 30 }), (password) => {
        expect(passwordSchema.safeParse(password).success).toBe(password.length >= 6 && password.length <= 20);
      }),
    );
  });
});

describe('email and mobile', () => {
  it('accepts real addresses and numbers, rejects junk', () => {
    expect(emailSchema.safeParse('anna@example.com').success).toBe(true);
    expect(emailSchema.safeParse('anna@').success).toBe(false);
    expect(messageOf(emailSchema.safeParse('x'))).toBe('validation.emailInvalid');
    expect(mobileSchema.safeParse('+49 170 1234567').success).toBe(true);
    expect(mobileSchema.safeParse('0170-123456').success).toBe(true);
    expect(messageOf(mobileSchema.safeParse('call me'))).toBe('validation.mobileInvalid');
  });
});

describe('sign-up body', () => {
  const valid = {
    user: 'anna_1',
    password: 'secret1',
    email: 'anna@example.com',
    captcha: '123456',
    mobile: '+49 170 1234567',
    country: 'DE',
    accountType: 1,
    agreement: true,
  };

  it('accepts a complete form', () => {
    expect(registerBody.safeParse(valid).success).toBe(true);
  });

  it('requires the terms to be ticked', () => {
    expect(messageOf(registerBody.safeParse({ ...valid, agreement: false }))).toBe('validation.agreementRequired');
  });

  it('never takes keys it does not name', () => {
    expect(registerBody.safeParse({ ...valid, access: 255 }).success).toBe(false);
  });
});
