/**
 * UC 汇川 facts the public sources do not give (reference §0 / A4 / A9), in one table to correct when the
 * platform's documentation is at hand: the report's `unitOfTime` values (modelled on Baidu 凤巢 v4, which
 * UC's API copies: 5 day, 7 hour), the metric names asked in `performanceData`, the CSV columns of
 * `report/downloadFile` and the unit of its cost, and the conversion type numbers (failure codes: none are
 * documented, see envelope.ts).
 * Everything else (paths, the header/body wrapping, `header.status`, quota fields) is from the SDKs.
 */
export const UC_TABLE = {
  unitOfTime: { day: 5, hour: 7 },
  performanceData: ['impression', 'click', 'cost', 'conversion'],
  csv: {
    date: 'date',
    hour: 'hour',
    adGroupId: 'adGroupId',
    campaignId: 'campaignId',
    shows: 'impression',
    clicks: 'click',
    cost: 'cost',
    conversions: 'conversion',
  },
  costUnit: 'yuan' as 'yuan' | 'fen',
  /** Conversion `type` appended to the click's callback URL. */
  conversionType: { order: 27, pay: 28 },
  /** Report polling: wait between `report/getFile` polls, and how many polls before giving up. */
  pollMs: 2000,
  maxPolls: 60,
};
