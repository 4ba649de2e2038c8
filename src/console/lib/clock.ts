import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/zh-cn';
import utc from 'dayjs/plugin/utc';
import { CHINA_OFFSET_SECONDS } from '../../shared/time.ts';

dayjs.extend(utc);
dayjs.locale('zh-cn'); // weekStart: 1 (Monday)

/**
 * The console's one time setting: every date and time is shown and queried in business time, China time
 * (UTC+8, no daylight saving, `shared/time.ts`), whatever zone the browser runs in. Daily and hourly
 * rollups are China days, so a browser in UTC or Los Angeles must still ask for China dates.
 */
export const BUSINESS_OFFSET_MINUTES = CHINA_OFFSET_SECONDS / 60;

/** The current instant, in business time. */
export const businessNow = (): Dayjs => dayjs().utcOffset(BUSINESS_OFFSET_MINUTES);

/** An instant (Date or epoch milliseconds), in business time. */
export const inBusinessTime = (instant: Date | number): Dayjs => dayjs(instant).utcOffset(BUSINESS_OFFSET_MINUTES);

/** A business date 'YYYY-MM-DD' (or 'YYYY-MM-DD HH:mm') read as that wall time in business time. */
export const businessDay = (date: string): Dayjs =>
  dayjs.utc(date).subtract(BUSINESS_OFFSET_MINUTES, 'minute').utcOffset(BUSINESS_OFFSET_MINUTES);
