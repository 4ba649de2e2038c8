import { ConnectorError } from './errors.ts';

/** The union selects orders by update time only (拼多多 increment API, UD cursor pull). */
export const onlyUpdate = (union: string, label: string): ConnectorError =>
  new ConnectorError(union, 'refused', `${label}订单只能按更新时间查询`, 'time_field');
