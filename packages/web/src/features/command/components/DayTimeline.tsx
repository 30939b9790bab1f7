import {
  AGILE_PRICE_SLOT_MINUTES,
  minutesOfClock,
  type PeriodMode,
  type PriceKind,
  type PricePeriod,
  type SchedulePeriod,
  type WorkMode,
} from '@sunstack/shared';
import { Flex, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

const DAY = 24 * 60;
/** One colour per mode, the same in every timeline and legend. */
export const MODE_COLOURS: Record<PeriodMode | 'PeakShaving', string> = {
  PeakShaving: '#87e8de',
  SelfUse: '#95de64',
  FeedInPriority: '#ffd666',
  Backup: '#b37feb',
  ForceCharge: '#4096ff',
  ForceDischarge: '#ff9c6e',
};
const PRICE_COLOURS: Record<PriceKind, string> = { peak: '#ff7875', valley: '#5cdbd3', flat: '#d9d9d9' };
const HOURS = [0, 6, 12, 18, 24];
const SELF_USE_GROUND = '#f6ffed';

/** A window's parts within one day, as [start, end) minutes (two when it wraps midnight; equal times are the whole day). */
function partsOf({ start, end }: { start: string; end: string }): [number, number][] {
  const from = minutesOfClock(start);
  const to = minutesOfClock(end);
  return from < to
    ? [[from, to]]
    : ([
        [from, DAY],
        [0, to],
      ].filter(([a, b]) => (b as number) > (a as number)) as [number, number][]);
}

/** A clock time's minutes of the day now, in the plant's zone. */
function minutesNow(timeZone: string, at: number): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return value('hour') * 60 + value('minute');
}

const bar: CSSProperties = { position: 'relative', height: 28, borderRadius: 4, background: '#f5f5f5', overflow: 'hidden' };
const segment = (from: number, to: number, colour: string): CSSProperties => ({
  position: 'absolute',
  insetBlock: 0,
  left: `${(from / DAY) * 100}%`,
  width: `${((to - from) / DAY) * 100}%`,
  background: colour,
  borderInlineEnd: '1px solid #fff',
  overflow: 'hidden',
  whiteSpace: 'nowrap',
  fontSize: 11,
  lineHeight: '28px',
  paddingInline: 4,
  color: 'rgba(0,0,0,0.88)',
});

/**
 * What runs when over the 24 hours of the plant's day (its time zone): the work mode, or the time
 * periods with self use between them; under it the electricity prices and the agile tariff's
 * cheapest slots when there are some, and a line at the plant's present time.
 */
export function DayTimeline({
  workMode,
  periods,
  prices = [],
  cheapSlots = [],
  timeZone,
  now,
}: {
  workMode: WorkMode | undefined;
  periods: SchedulePeriod[];
  prices?: PricePeriod[];
  cheapSlots?: number[];
  /** The plant's zone; none for a template, which runs on each plant's own clock. */
  timeZone?: string;
  now: number;
}) {
  const { t } = useTranslation();
  const modeName = (mode: PeriodMode | 'PeakShaving') => t(`remoteSetting.workModes.${mode}`);
  const scheduled = workMode === 'TimePeriods';
  const nowLeft = timeZone ? `${(minutesNow(timeZone, now) / DAY) * 100}%` : undefined;
  const row = (label: string, children: React.ReactNode, background?: string) => (
    <Flex gap={8} align="center">
      <Typography.Text type="secondary" style={{ width: 72, flex: 'none', fontSize: 12 }}>
        {label}
      </Typography.Text>
      <div style={{ ...bar, flex: 1, ...(background ? { background } : {}) }}>
        {children}
        {nowLeft && <div aria-hidden style={{ position: 'absolute', insetBlock: 0, left: nowLeft, width: 2, background: '#cf1322' }} />}
      </div>
    </Flex>
  );
  const shown = scheduled ? periods.filter((period) => period?.start && period.end && period.mode) : [];
  return (
    <Flex vertical gap={6} role="group" aria-label={t('workMode.timeline')}>
      <Typography.Text strong>{timeZone ? t('workMode.timelineTitle', { zone: timeZone }) : t('workMode.timelineLocal')}</Typography.Text>
      {row(
        t('workMode.timelineModes'),
        scheduled || !workMode ? (
          shown.flatMap((period) =>
            partsOf(period).map(([from, to]) => {
              const text = `${period.start}–${period.end} ${modeName(period.mode)}`;
              return (
                <div
                  key={`${period.start}-${period.end}-${from}`}
                  role="img"
                  title={text}
                  aria-label={text}
                  style={segment(from, to, MODE_COLOURS[period.mode])}
                >
                  {modeName(period.mode)}
                </div>
              );
            }),
          )
        ) : (
          <div
            title={modeName(workMode as PeriodMode | 'PeakShaving')}
            style={segment(0, DAY, MODE_COLOURS[workMode as PeriodMode | 'PeakShaving'])}
          >
            {t('workMode.allDay', { mode: modeName(workMode as PeriodMode | 'PeakShaving') })}
          </div>
        ),
        // Between the periods the battery runs self use: a pale self-use ground.
        scheduled ? SELF_USE_GROUND : undefined,
      )}
      {prices.length > 0 &&
        row(
          t('workMode.timelinePrices'),
          prices.flatMap((price) =>
            price?.start && price.end && price.kind
              ? partsOf(price).map(([from, to]) => (
                  <div
                    key={`${price.start}-${price.end}-${from}`}
                    title={`${price.start}–${price.end}`}
                    style={segment(from, to, PRICE_COLOURS[price.kind])}
                  >
                    {`${t(`workMode.priceKinds.${price.kind}`)} ${price.price ?? ''}`}
                  </div>
                ))
              : [],
          ),
        )}
      {cheapSlots.length > 0 &&
        row(
          t('workMode.timelineAgile'),
          cheapSlots.map((slot) => (
            <div key={slot} style={segment(slot * AGILE_PRICE_SLOT_MINUTES, (slot + 1) * AGILE_PRICE_SLOT_MINUTES, PRICE_COLOURS.valley)} />
          )),
        )}
      <Flex style={{ marginInlineStart: 80, position: 'relative', height: 16 }}>
        {HOURS.map((hour) => (
          <Typography.Text
            key={hour}
            type="secondary"
            style={{
              position: 'absolute',
              left: `${(hour / 24) * 100}%`,
              transform: hour === 0 ? undefined : hour === 24 ? 'translateX(-100%)' : 'translateX(-50%)',
              fontSize: 11,
              whiteSpace: 'nowrap',
            }}
          >
            {`${String(hour).padStart(2, '0')}:00`}
          </Typography.Text>
        ))}
      </Flex>
      {!scheduled && workMode && periods.length > 0 && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('workMode.periodsIdle')}
        </Typography.Text>
      )}
      <Flex wrap gap={12} style={{ fontSize: 12 }}>
        {(Object.keys(MODE_COLOURS) as PeriodMode[]).map((mode) => (
          <Flex key={mode} gap={4} align="center">
            <span style={{ width: 10, height: 10, borderRadius: 2, background: MODE_COLOURS[mode], display: 'inline-block' }} />
            {modeName(mode)}
          </Flex>
        ))}
      </Flex>
    </Flex>
  );
}
