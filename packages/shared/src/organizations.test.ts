import { describe, expect, it } from 'vitest';
import { invitationBody, locationBody, membershipBody, TIME_ZONES } from './organizations.ts';

describe('locationBody (shared by the form and the API)', () => {
  const valid = { name: ' Store 1 ', timezone: 'America/Monterrey' };

  it('trims, fills the optional fields and accepts IANA zones', () => {
    expect(locationBody.parse(valid)).toMatchObject({ name: 'Store 1', address_line_1: '', zip: '', phone: '' });
    expect(TIME_ZONES).toContain('America/Chicago');
    expect(TIME_ZONES).toContain('UTC');
  });

  it('names every bad field', () => {
    const res = locationBody.safeParse({ name: '', zip: '$$', phone: 'call me', timezone: 'Mars/Olympus' });
    expect(res.success).toBe(false);
    const paths = res.error?.issues.map((i) => i.path.join('.')).sort();
    expect(paths).toEqual(['name', 'phone', 'timezone', 'zip']);
  });
});

describe('invitations and memberships', () => {
  it('normalizes the email and defaults the locations', () => {
    expect(
      invitationBody.parse({ email: ' Ana@Example.COM ', language: 'es-MX', role_id: 4, all_locations: true }),
    ).toEqual({ email: 'ana@example.com', language: 'es-MX', role_id: 4, all_locations: true, location_ids: [] });
  });

  it('refuses unknown languages and non-numeric locations', () => {
    expect(
      invitationBody.safeParse({ email: 'a@b.co', language: 'fr-FR', role_id: 4, all_locations: true }).success,
    ).toBe(false);
    expect(membershipBody.safeParse({ all_locations: false, location_ids: ['x'] }).success).toBe(false);
  });

  it('refuses a membership of no location at all, on the locations field', () => {
    const none = invitationBody.safeParse({ email: 'a@b.co', language: 'en-US', role_id: 4, all_locations: false });
    expect(none.success).toBe(false);
    expect(none.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['location_ids', 'locations_required'],
    ]);
    expect(membershipBody.safeParse({ all_locations: false, location_ids: [] }).success).toBe(false);
    expect(membershipBody.safeParse({ all_locations: false, location_ids: [3] }).success).toBe(true);
  });
});
