import { addLocale, locale } from 'primereact/api';
import './clock.ts'; // dayjs in zh-CN, weeks from Monday

/** zh-CN throughout (PrimeReact here, dayjs in clock.ts); weeks start on Monday. */
let done = false;

/** Idempotent; called by the modules that render PrimeReact components (layout, dialogs, pickers). */
export function setupLocale(): void {
  if (done) return;
  done = true;
  addLocale('zh-CN', {
    firstDayOfWeek: 1,
    dayNames: ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'],
    dayNamesShort: ['周日', '周一', '周二', '周三', '周四', '周五', '周六'],
    dayNamesMin: ['日', '一', '二', '三', '四', '五', '六'],
    monthNames: ['一月', '二月', '三月', '四月', '五月', '六月', '七月', '八月', '九月', '十月', '十一月', '十二月'],
    monthNamesShort: ['1月', '2月', '3月', '4月', '5月', '6月', '7月', '8月', '9月', '10月', '11月', '12月'],
    today: '今天',
    clear: '清空',
    weekHeader: '周',
    dateFormat: 'yy-mm-dd',
    accept: '确定',
    reject: '取消',
    choose: '选择',
    upload: '上传',
    cancel: '取消',
    close: '关闭',
    apply: '确定',
    emptyMessage: '暂无数据',
    emptyFilterMessage: '没有匹配的结果',
    passwordPrompt: '请输入密码',
    weak: '弱',
    medium: '中',
    strong: '强',
    chooseDate: '选择日期',
    chooseMonth: '选择月份',
    chooseYear: '选择年份',
    prevMonth: '上个月',
    nextMonth: '下个月',
    prevYear: '上一年',
    nextYear: '下一年',
  });
  locale('zh-CN');
}
