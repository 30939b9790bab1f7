/**
 * An example per Open API call: what a client sends and what FoxESS answers, shaped after the answers
 * recorded in FoxESS's document and its clients (../shared/reference/foxess-open-api.md: foxess-lib's
 * rendering of the official document, batpred's response samples, foxess-control's notes). The
 * OpenAPI document shows them; the contract tests check that each parses with its call's answer
 * schema, as every Sunstack answer must.
 */
export interface OpenApiExample {
  query?: Record<string, string>;
  body?: unknown;
  result: unknown;
}

const SN = '60KB10305AKA064';
const time = (hour: number, minute: number) => ({ hour, minute });
const group = (over: Record<string, unknown>) => ({
  enable: 0,
  startHour: 0,
  startMinute: 0,
  endHour: 0,
  endMinute: 0,
  workMode: 'Invalid',
  ...over,
});

const EXAMPLES: Record<string, OpenApiExample> = {
  '/op/v0/plant/list': {
    body: { currentPage: 1, pageSize: 100 },
    result: { currentPage: 1, pageSize: 100, total: 1, data: [{ stationID: '1743', name: 'Home', ianaTimezone: 'Europe/London' }] },
  },
  '/op/v0/plant/detail': {
    query: { id: '1743' },
    result: {
      stationName: 'Home',
      country: 'GB',
      city: 'Leeds',
      address: '1 High Street',
      postcode: 'LS1 1AA',
      capacity: 6.3,
      createDate: 1709280000000,
      timezone: 'Europe/London',
      currency: 'GBP',
      user: { name: 'Sam', email: 'sam@example.com', phone: '' },
      installer: { name: 'Solar Ltd', email: 'info@solar.example', phone: '+44 113 000000' },
    },
  },
  '/op/v0/device/list': {
    body: { currentPage: 1, pageSize: 100 },
    result: {
      currentPage: 1,
      pageSize: 100,
      total: 1,
      data: [
        {
          deviceSN: SN,
          moduleSN: '609W5EUF46MB005',
          stationID: '1743',
          stationName: 'Home',
          status: 1,
          hasPV: true,
          hasBattery: true,
          deviceType: 'KH8',
          productType: 'KH',
        },
      ],
    },
  },
  '/op/v1/device/detail': {
    query: { sn: SN },
    result: {
      deviceSN: SN,
      moduleSN: '609W5EUF46MB005',
      stationID: '1743',
      stationName: 'Home',
      status: 1,
      hasPV: true,
      hasBattery: true,
      deviceType: 'KH8',
      productType: 'KH',
      capacity: 8,
      function: { scheduler: true },
      masterVersion: '1.54',
      slaveVersion: '1.02',
      managerVersion: '1.66',
      afciVersion: '',
      hardwareVersion: '',
      batteryList: [{ batterySN: '60BBHV1234567', model: 'EP11', type: 'bmu', version: '1.017', capacity: 10360 }],
    },
  },
  '/op/v1/device/real/query': {
    body: { sns: [SN], variables: ['SoC', 'pvPower', 'loadsPower'] },
    result: [
      {
        deviceSN: SN,
        time: '2025-02-21 16:38:29 GMT+0000',
        datas: [
          { variable: 'SoC', unit: '%', name: 'SoC', value: 57 },
          { variable: 'pvPower', unit: 'kW', name: 'PVPower', value: 1.23 },
          { variable: 'loadsPower', unit: 'kW', name: 'Load Power', value: 0.456 },
        ],
      },
    ],
  },
  '/op/v0/device/real/query': {
    body: { sn: SN, variables: ['SoC'] },
    result: [{ deviceSN: SN, time: '2026-04-07 10:44:04 GMT+0100', datas: [{ variable: 'SoC', unit: '%', name: 'SoC', value: 99 }] }],
  },
  '/op/v0/device/history/query': {
    body: { sn: SN, variables: ['pvPower'], begin: 1740096000000, end: 1740182399999 },
    result: [
      {
        deviceSN: SN,
        datas: [
          {
            variable: 'pvPower',
            unit: 'kW',
            name: 'PVPower',
            data: [
              { time: '2025-02-21 12:00:12 GMT+0000', value: 2.1 },
              { time: '2025-02-21 12:05:12 GMT+0000', value: 2.3 },
            ],
          },
        ],
      },
    ],
  },
  '/op/v0/device/report/query': {
    body: { sn: SN, year: 2025, month: 2, dimension: 'month', variables: ['generation', 'feedin'] },
    result: [
      { variable: 'generation', unit: 'kWh', values: [5.2, 7.9, 3.1] },
      { variable: 'feedin', unit: 'kWh', values: [1.1, 2.4, 0.3] },
    ],
  },
  '/op/v0/device/generation': { query: { sn: SN }, result: { today: 7.9, month: 140.2, cumulative: 10234.5 } },
  '/op/v0/device/variable/get': {
    result: [
      {
        pvPower: {
          unit: 'kW',
          name: { en: 'PVPower', zh_CN: '光伏功率', de: 'PV-Leistung', pt: 'Potência PV', fr: 'Puissance PV', pl: 'Moc PV' },
        },
      },
    ],
  },
  '/op/v0/device/fault/get': { result: [{ '1001': { en: 'Grid lost', zh_CN: '电网丢失', pl: 'Utrata sieci' } }] },
  '/op/v0/module/list': {
    body: { currentPage: 1, pageSize: 100 },
    result: { currentPage: 1, pageSize: 100, total: 1, data: [{ moduleSN: '609W5EUF46MB005', stationID: '1743', status: 1, signal: -61 }] },
  },
  '/op/v0/module/getSignal': { body: { sn: '609W5EUF46MB005' }, result: { timestamp: 1740156000000, signal: -61 } },
  '/op/v0/device/battery/soc/get': { query: { sn: SN }, result: { minSoc: 10, minSocOnGrid: 15 } },
  '/op/v0/device/battery/soc/set': { body: { sn: SN, minSoc: 10, minSocOnGrid: 15 }, result: null },
  '/op/v0/device/peakShaving/get': {
    body: { sn: SN },
    result: {
      importLimit: { value: '4000', unit: 'W', precision: 1, range: { min: 0, max: 6000000 } },
      soc: { value: '50', unit: '%', precision: 1, range: { min: 10, max: 100 } },
    },
  },
  '/op/v0/device/peakShaving/set': { body: { sn: SN, importLimit: 4000, soc: 50 }, result: null },
  // FoxESS documents no answer of this call (foxesscloud calls it "for testing"): Sunstack's, shaped as the real query.
  '/op/v0/device/battery/real/query': {
    query: { sn: SN },
    result: [
      {
        deviceSN: '60BBHV1234567',
        time: '2025-02-21 16:38:29 GMT+0000',
        datas: [
          { variable: 'SoC', unit: '%', name: 'SoC', value: 57 },
          { variable: 'batVolt', unit: 'V', name: 'Battery voltage', value: 52.1 },
        ],
      },
    ],
  },
  '/op/v0/device/battery/forceChargeTime/get': {
    query: { sn: SN },
    result: { enable1: true, startTime1: time(2, 0), endTime1: time(4, 59), enable2: false, startTime2: time(0, 0), endTime2: time(0, 0) },
  },
  '/op/v0/device/battery/forceChargeTime/set': {
    body: {
      sn: SN,
      enable1: true,
      startTime1: time(2, 0),
      endTime1: time(4, 59),
      enable2: false,
      startTime2: time(0, 0),
      endTime2: time(0, 0),
    },
    result: null,
  },
  '/op/v0/device/setting/get': {
    body: { sn: SN, key: 'WorkMode' },
    result: { value: 'SelfUse', unit: '', precision: 1, enumList: ['PeakShaving', 'Feedin', 'SelfUse'] },
  },
  '/op/v0/device/setting/set': { body: { sn: SN, key: 'MinSoc', value: '15' }, result: null },
  '/op/v1/device/scheduler/get/flag': { body: { deviceSN: SN }, result: { support: 1, enable: 1 } },
  '/op/v1/device/scheduler/set/flag': { body: { deviceSN: SN, enable: 1 }, result: null },
  '/op/v1/device/scheduler/get': {
    body: { deviceSN: SN },
    result: {
      enable: 1,
      maxGroupCount: 8,
      groups: [
        group({
          enable: 1,
          startHour: 2,
          startMinute: 0,
          endHour: 4,
          endMinute: 59,
          workMode: 'ForceCharge',
          minSocOnGrid: 10,
          fdSoc: 100,
          fdPwr: 6000,
          maxSoc: 100,
        }),
        ...Array.from({ length: 7 }, () => group({ minSocOnGrid: 10, fdSoc: 10, fdPwr: 0, maxSoc: 100 })),
      ],
      properties: {
        starthour: { unit: '', precision: 1, range: { min: 0, max: 23 } },
        fdpwr: { unit: 'W', precision: 1, range: { min: 0, max: 10500 } },
        fdsoc: { unit: '%', precision: 1, range: { min: 10, max: 100 } },
        workmode: { unit: '', precision: 1, enumList: ['ForceDischarge', 'Feedin', 'SelfUse', 'ForceCharge'] },
      },
    },
  },
  '/op/v1/device/scheduler/enable': {
    body: {
      deviceSN: SN,
      groups: [
        {
          enable: 1,
          startHour: 2,
          startMinute: 0,
          endHour: 4,
          endMinute: 59,
          workMode: 'ForceCharge',
          minSocOnGrid: 10,
          fdSoc: 100,
          fdPwr: 6000,
          maxSoc: 100,
        },
      ],
    },
    result: null,
  },
  '/op/v3/device/scheduler/get': {
    body: { deviceSN: SN },
    result: {
      enable: 1,
      maxGroupCount: 8,
      groups: [
        {
          enable: 1,
          startHour: 2,
          startMinute: 0,
          endHour: 4,
          endMinute: 59,
          workMode: 'ForceCharge',
          extraParam: { minSocOnGrid: 10, fdSoc: 100, fdPwr: 6000, maxSoc: 100 },
        },
      ],
      properties: { importlimit: { unit: 'W', precision: 1, range: { min: 0, max: 100000 } } },
    },
  },
  '/op/v3/device/scheduler/enable': {
    body: {
      deviceSN: SN,
      isDefault: false,
      groups: [
        {
          startHour: 16,
          startMinute: 0,
          endHour: 18,
          endMinute: 59,
          workMode: 'ForceDischarge',
          extraParam: { minSocOnGrid: 10, fdSoc: 20, fdPwr: 3000 },
        },
      ],
    },
    result: null,
  },
  '/op/v0/user/getAccessCount': { result: { total: '1440', remaining: '1405' } },
};

/** The v0 device detail answers as v1 (FoxESS deprecated it). */
export const OPEN_API_EXAMPLES: Record<string, OpenApiExample> = {
  ...EXAMPLES,
  '/op/v0/device/detail': EXAMPLES['/op/v1/device/detail'] as OpenApiExample,
};
