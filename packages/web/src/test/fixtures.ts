import type { PlantSummary, UserInfo } from '@sunstack/shared';

/** Whole answers for the fake server (it checks them against the declarations): the fields a test cares about, the rest plain. */

export function userInfoOf(fields: Partial<UserInfo> = {}): UserInfo {
  return {
    user: 'demo_admin',
    name: 'Demo Admin',
    phone: '',
    email: 'admin@example.com',
    country: 'DE',
    countryName: 'Germany',
    city: '',
    address: '',
    postcode: '',
    introduction: '',
    note: '',
    clientID: 'client',
    apiMqttEnable: false,
    access: 255,
    language: 'en',
    ...fields,
  };
}

export function plantSummaryOf(fields: Partial<PlantSummary> & Pick<PlantSummary, 'id' | 'name'>): PlantSummary {
  return {
    type: 'residential',
    country: 'DE',
    city: 'Freiburg',
    timeZone: 'Europe/Berlin',
    systemSizeKw: 10,
    status: 'normal',
    installer: '',
    owner: '',
    dataloggers: 1,
    createdAt: Date.UTC(2026, 0, 1),
    writable: true,
    ...fields,
  };
}
