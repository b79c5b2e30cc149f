import { describe, expect, it } from 'vitest';
import { changePasswordSchema, type ChangePasswordValues } from './change-password-schema';

function errorsOf(values: ChangePasswordValues): Record<string, string[]> {
  const result = changePasswordSchema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

const valid: ChangePasswordValues = {
  oldPassword: 'old-secret',
  newPassword: 'abcdef',
  confirmPassword: 'abcdef',
};

describe('change-password validation', () => {
  it('accepts a valid form', () => {
    expect(changePasswordSchema.safeParse(valid).success).toBe(true);
  });

  it('requires each field with its own message', () => {
    expect(errorsOf({ oldPassword: '', newPassword: '', confirmPassword: '' })).toEqual({
      oldPassword: ['Nhập mật khẩu cũ'],
      newPassword: ['Nhập mật khẩu mới'],
      confirmPassword: ['Nhập lại mật khẩu mới'],
    });
  });

  const tooShortOrLong = {
    newPassword: ['Mật khẩu từ 6 đến 30 ký tự'],
    confirmPassword: ['Mật khẩu từ 6 đến 30 ký tự'],
  };
  it.each([
    [5, tooShortOrLong],
    [6, {}],
    [30, {}],
    [31, tooShortOrLong],
  ])('new and confirm password of %i characters: problems %j', (length, expected) => {
    const password = 'a'.repeat(length);
    expect(errorsOf({ ...valid, newPassword: password, confirmPassword: password })).toEqual(
      expected,
    );
  });

  it('counts Unicode characters, not UTF-16 units', () => {
    const password = '😀'.repeat(6);
    expect(errorsOf({ ...valid, newPassword: password, confirmPassword: password })).toEqual({});
  });

  it('reports a mismatch under the confirm field', () => {
    expect(errorsOf({ ...valid, confirmPassword: 'abcdeg' })).toEqual({
      confirmPassword: ['Mật khẩu mới không khớp'],
    });
  });

  it('reports a mismatch even while the old password is missing', () => {
    expect(errorsOf({ oldPassword: '', newPassword: 'abcdef', confirmPassword: 'abcdeg' })).toEqual(
      {
        oldPassword: ['Nhập mật khẩu cũ'],
        confirmPassword: ['Mật khẩu mới không khớp'],
      },
    );
  });
});
