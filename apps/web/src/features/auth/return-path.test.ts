import { describe, expect, it } from 'vitest';
import { returnPath } from './return-path';

describe('returnPath', () => {
  it('accepts a local path or a location', () => {
    expect(returnPath({ from: '/wallets' })).toBe('/wallets');
    expect(returnPath({ from: { pathname: '/buy-sell/history', search: '?page=2', hash: '' } })).toBe(
      '/buy-sell/history?page=2',
    );
  });
  it('refuses other origins and visitor-only pages', () => {
    expect(returnPath({ from: 'https://evil.example/x' })).toBeNull();
    expect(returnPath({ from: '//evil.example/x' })).toBeNull();
    expect(returnPath({ from: '/\\evil.example' })).toBeNull();
    expect(returnPath({ from: '/login' })).toBeNull();
    expect(returnPath({ from: '/logout?x=1' })).toBeNull();
    expect(returnPath(null)).toBeNull();
    expect(returnPath({ from: 42 })).toBeNull();
  });
});
