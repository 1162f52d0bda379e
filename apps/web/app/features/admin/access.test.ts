import { describe, expect, it } from 'vitest';
import { billingEndpoints } from '@nomsan/contracts/money.endpoints';
import { STAFF_ROLES } from '@nomsan/contracts/staff';
import { staffEndpoints } from '@nomsan/contracts/staff.endpoints';
import { backOfficePath, mayUse, sectionsFor, signInHref } from './access';

describe('back-office access', () => {
  it('opens each section to the roles its endpoint names, owners to all, and one’s account to everyone', () => {
    expect(sectionsFor(['owner']).map((s) => s.id)).toEqual([
      'catalog',
      'summaries',
      'collections',
      'people',
      'publishers',
      'categories',
      'podcasts',
      'bundles',
      'staff',
      'audit',
      'refunds',
      'account',
    ]);
    expect(sectionsFor(['editor']).map((s) => s.id)).toEqual([
      'catalog',
      'summaries',
      'collections',
      'people',
      'publishers',
      'categories',
      'podcasts',
      'bundles',
      'account',
    ]);
    expect(sectionsFor(['finance']).map((s) => s.id)).toEqual(['refunds', 'account']);
    expect(sectionsFor(['support', 'marketing']).map((s) => s.id)).toEqual(['refunds', 'account']);
    expect(sectionsFor(['marketing']).map((s) => s.id)).toEqual(['account']);
    for (const role of STAFF_ROLES) expect(mayUse([role], staffEndpoints.me)).toBe(true);
    expect(mayUse(['support'], billingEndpoints.retryRefund)).toBe(false);
    expect(mayUse(['finance'], billingEndpoints.retryRefund)).toBe(true);
  });

  it('comes back only to back-office pages behind the sign-in', () => {
    expect(backOfficePath('/admin/audit?staff_id=2')).toBe('/admin/audit?staff_id=2');
    expect(backOfficePath('/admin')).toBe('/admin');
    for (const elsewhere of [
      null,
      '',
      '/',
      '/book',
      '/administration',
      '//evil.example/admin',
      'https://evil.example/admin',
      '/\\evil.example',
      '/admin/../book',
      '/admin/sign-in?prev=/admin',
      '/admin/invite/abc',
    ]) {
      expect(backOfficePath(elsewhere), String(elsewhere)).toBe('/admin');
    }
    expect(signInHref('/admin/staff')).toBe('/admin/sign-in?prev=%2Fadmin%2Fstaff');
    expect(signInHref('/admin')).toBe('/admin/sign-in');
  });
});
