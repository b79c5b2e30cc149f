import { describe, expect, it } from 'vitest';
import { editDistance, suggestEmail } from './email-typo';

describe('suggestEmail', () => {
  it.each([
    ['an@gmail.con', 'an@gmail.com'],
    ['an@gmail.cm', 'an@gmail.com'],
    ['an@gmail.co', 'an@gmail.com'],
    ['an@gmial.com', 'an@gmail.com'],
    ['an@gmai.com', 'an@gmail.com'],
    ['an@gnail.com', 'an@gmail.com'],
    ['an@gamil.com', 'an@gmail.com'],
    ['an@gmial.con', 'an@gmail.com'],
    ['an@gmail.com.vn', 'an@gmail.com'],
    ['an@gmail.vn', 'an@gmail.com'],
    ['an@gmail', 'an@gmail.com'],
    ['an@gmailcom', 'an@gmail.com'],
    ['An.Nguyen@GMAIL.CON', 'An.Nguyen@gmail.com'],
    ['  an@gmail.con  ', 'an@gmail.com'],
    ['an@yaho.com', 'an@yahoo.com'],
    ['an@yahoo.con', 'an@yahoo.com'],
    ['an@yahoo.vn', 'an@yahoo.com.vn'],
    ['an@yahoo.con.vn', 'an@yahoo.com.vn'],
    ['an@outlok.com', 'an@outlook.com'],
    ['an@hotmial.com', 'an@hotmail.com'],
    ['an@hotmail.cm', 'an@hotmail.com'],
    ['an@iclod.com', 'an@icloud.com'],
    ['an@icloud.con', 'an@icloud.com'],
    ['an@congty.con', 'an@congty.com'],
    ['an@congty.con.vn', 'an@congty.com.vn'],
    ['an@congty.com.vm', 'an@congty.com.vn'],
  ])('%s → %s', (input, expected) => {
    expect(suggestEmail(input)).toBe(expected);
  });

  it.each([
    'an@gmail.com',
    'an@yahoo.com',
    'an@yahoo.com.vn',
    'an@outlook.com',
    'an@outlook.com.vn',
    'an@hotmail.com',
    'an@icloud.com',
    'an@hotmail.co.uk',
    'an@mail.com',
    'an@ymail.com',
    'an@congty.vn',
    'an@congty.com.vn',
    'an@fpt.edu.vn',
    'an@gmail.com.',
    '',
    'an',
    '@gmail.con',
    'an@',
  ])('leaves %s alone', (input) => {
    expect(suggestEmail(input)).toBeNull();
  });
});

describe('editDistance', () => {
  it('counts a swap of neighbours as one edit', () => {
    expect(editDistance('gmial', 'gmail')).toBe(1);
    expect(editDistance('gmai', 'gmail')).toBe(1);
    expect(editDistance('gmail', 'gmail')).toBe(0);
    expect(editDistance('abc', '')).toBe(3);
  });
});
